import CharflowApp
import CharflowCore

/// `charflow group add NAME | list | archive NAME | restore NAME` (also as `charflow habit group ...`):
/// the first word names the subcommand; none lists the groups.
enum GroupCommand: CommandGroup {
    static let name = "group"
    static let usage = "charflow group list | add NAME | archive NAME | restore NAME"
    static let summary = "Habit groups: a ring for today, \"4/5 today\", and a 14-day strip"

    static var subcommands: [any Command.Type] {
        [GroupAddCommand.self, GroupArchiveCommand.self, GroupRestoreCommand.self, GroupListCommand.self]
    }
    static var bare: (any Command.Type)? { GroupListCommand.self }
}
