import CharflowApp

/// `charflow delete ID`: drop a task (kept for history; `undo` brings it back).
enum DeleteCommand: TypedCommand {
    static let name = "delete"
    typealias Input = DropTask.Input
    static let positions = ["task"]
    static let aliases = ["drop"]
    static let usage = "charflow delete ID"
    static let summary = "Delete (drop) a task; `charflow undo` brings it back"

    static func run(_ input: Input, _ context: Context) throws {
        TaskChangeText.emit(try context.app().dropTask(input), verb: "Deleted", output: context.output)
    }
}
