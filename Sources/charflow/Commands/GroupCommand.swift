import CharflowApp
import CharflowCore

/// `charflow group add NAME | list | archive NAME | restore NAME` (also as `charflow habit group ...`):
/// the first word names the subcommand; none lists the groups.
enum GroupCommand: CommandGroup {
    static let name = "group"
    static let usage = "charflow group list | add NAME | archive NAME | restore NAME"
    static let summary = "Habit groups: a ring for today, \"4/5 today\", and a 14-day strip"

    /// Each subcommand by the word that names it.
    static var subcommands: [String: any Command.Type] { [
        "add": GroupAddCommand.self, "archive": GroupArchiveCommand.self, "restore": GroupRestoreCommand.self,
        "list": GroupListCommand.self,
    ] }

    static func run(_ context: Context) throws {
        guard let verb = context.args.words.first else { return try GroupListCommand.run(context) }
        guard let command = subcommands[verb] else { throw UsageError(message: "Usage: \(usage)") }
        try run(command, context)
    }
}
