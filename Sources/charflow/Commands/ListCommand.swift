import CharflowApp
import CharflowCore

/// `charflow list [--all]`: every live task (with `--all`, done and deleted ones too).
enum ListCommand: TypedCommand {
    static let name = "list"
    typealias Input = ReadTaskList.Input
    static let usage = "charflow list [--all] [--json]"
    static let summary = "Every open task in the engine's order (--all: done and deleted too)"

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        try TaskList.show(try app.readTaskList(input), title: "Tasks", empty: "No tasks.", app: app,
                          output: context.output)
    }
}
