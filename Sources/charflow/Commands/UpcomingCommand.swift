import CharflowApp
import CharflowCore

/// `charflow upcoming`: live tasks due after today.
enum UpcomingCommand: Command {
    static let name = "upcoming"
    static let usage = "charflow upcoming [--json]"
    static let summary = "Tasks due after today"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        TaskList.show(try context.app().upcoming(), title: "Upcoming", empty: "Nothing due after today.",
                      output: context.output)
    }
}
