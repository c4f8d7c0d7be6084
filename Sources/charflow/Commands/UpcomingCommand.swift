import CharflowApp
import CharflowCore

/// `charflow upcoming`: live tasks due after today.
enum UpcomingCommand: Command {
    static let name = "upcoming"
    static let usage = "charflow upcoming [--json]"
    static let summary = "Tasks due after today"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let app = try context.app()
        try TaskList.show(try app.upcoming(), title: "Upcoming", empty: "Nothing due after today.", app: app,
                          output: context.output)
    }
}
