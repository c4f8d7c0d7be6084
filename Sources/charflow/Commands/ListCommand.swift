import CharflowApp
import CharflowCore

/// `charflow list [--all]`: every live task (with `--all`, done and deleted ones too).
enum ListCommand: Command {
    static let name = "list"
    static let usage = "charflow list [--all] [--json]"
    static let summary = "Every open task in the engine's order (--all: done and deleted too)"
    static let options: Set<String> = ["all"]
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let app = try context.app()
        try TaskList.show(try app.tasks(all: context.args.has("all")), title: "Tasks", empty: "No tasks.", app: app,
                          output: context.output)
    }
}
