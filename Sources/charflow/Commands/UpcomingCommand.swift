import CharflowApp
import CharflowCore

/// `charflow upcoming`: live tasks due after today.
enum UpcomingCommand: TypedCommand {
    static let name = "upcoming"
    typealias Input = NoInput
    static let usage = "charflow upcoming [--json]"
    static let summary = "Tasks due after today"

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        try TaskList.show(try app.upcoming(), title: "Upcoming", empty: "Nothing due after today.", app: app,
                          output: context.output)
    }
}
