import CharflowApp
import CharflowCore

/// `charflow conflicts | conflicts restore ID | conflicts dismiss ID|--all`: the values of this
/// device's that a sync replaced (rule Y-24), listed, put back or cleared.
enum ConflictsCommand: CommandGroup {
    static let name = "conflicts"
    static let usage = "charflow conflicts | conflicts restore ID | conflicts dismiss ID|--all"
    static let summary = "Changes of yours a sync replaced: list, put one back, or clear them"
    static var subcommands: [any Command.Type] { [Restore.self, Dismiss.self] }
    static var bare: (any Command.Type)? { List.self }

    /// `conflicts`: the ones waiting, in words.
    enum List: TypedCommand {
        static let name = "conflicts"
        typealias Input = NoInput
        static let usage = ConflictsCommand.usage
        static let summary = ConflictsCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let report = try context.app().conflicts()
            let text = report.conflicts.isEmpty
                ? SyncMessages.noConflicts
                : (report.conflicts.map { "\($0.id)  \($0.sentence)" } + [SyncMessages.conflictsHint]).joinedText(separator: "\n")
            context.output.emit(text: text, json: report.json)
        }
    }

    /// `conflicts restore ID`.
    enum Restore: TypedCommand {
        static let name = "restore"
        typealias Input = RestoreConflict.Input
        static let positions = ["conflict"]
        static let usage = ConflictsCommand.usage
        static let summary = ConflictsCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let restored = try context.app().restoreConflict(input)
            context.output.emit(text: SyncMessages.conflictRestored(changed: restored.changed), json: restored.json)
        }
    }

    /// `conflicts dismiss ID|--all`.
    enum Dismiss: TypedCommand {
        static let name = "dismiss"
        typealias Input = DismissConflicts.Input
        static let positions = ["conflict"]
        static let usage = ConflictsCommand.usage
        static let summary = ConflictsCommand.summary

        static func run(_ input: Input, _ context: Context) throws {
            let dismissed = try context.app().dismissConflicts(input)
            context.output.emit(text: SyncMessages.conflictsDismissed(dismissed.dismissed), json: dismissed.json)
        }
    }
}
