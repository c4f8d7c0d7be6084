import CharflowApp
import CharflowCore
import CharflowStore

/// `charflow upcoming`: live tasks due after today.
enum UpcomingCommand: Command {
    static let name = "upcoming"
    static let usage = "charflow upcoming [--json]"
    static let summary = "Tasks due after today"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        try TaskList.show(try planner.upcoming(), title: "Upcoming", empty: "Nothing due after today.",
                          planner: planner, context: context)
    }
}
