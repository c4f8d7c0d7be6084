import CharflowApp
import CharflowCore

/// `charflow conflicts | conflicts restore ID | conflicts dismiss ID|--all`: the values of this
/// device's that a sync replaced (rule Y-24), listed, put back or cleared.
enum ConflictsCommand: Command {
    static let name = "conflicts"
    static let usage = "charflow conflicts | conflicts restore ID | conflicts dismiss ID|--all"
    static let summary = "Changes of yours a sync replaced: list, put one back, or clear them"
    static let options: Set<String> = ["all"]
    static let maxWords = 2

    static func run(_ context: Context) throws {
        let words = context.args.words
        switch words.first {
        case nil:
            guard !context.args.has("all") else { throw UsageError(message: "Usage: \(usage)") }
            let report = try context.app().conflicts()
            let text = report.conflicts.isEmpty
                ? SyncMessages.noConflicts
                : (report.conflicts.map { "\($0.id)  \($0.sentence)" } + [SyncMessages.conflictsHint]).joined(separator: "\n")
            context.output.emit(text: text, json: report.json)
        case "restore" where words.count == 2 && !context.args.has("all"):
            let restored = try context.app().restoreConflict(RestoreConflict.Input(id: words[1]))
            context.output.emit(text: SyncMessages.conflictRestored(changed: restored.changed), json: restored.json)
        case "dismiss" where (words.count == 2) != context.args.has("all"):
            let dismissed = try context.app().dismissConflicts(DismissConflicts.Input(id: words.count == 2 ? words[1] : nil))
            context.output.emit(text: SyncMessages.conflictsDismissed(dismissed.dismissed), json: dismissed.json)
        default:
            throw UsageError(message: "Usage: \(usage)")
        }
    }
}
