import CharflowApp

/// `charflow delete ID`: drop a task (kept for history; `undo` brings it back).
enum DeleteCommand: Command {
    static let name = "delete"
    static let aliases = ["drop"]
    static let usage = "charflow delete ID"
    static let summary = "Delete (drop) a task; `charflow undo` brings it back"

    static func run(_ context: Context) throws {
        TaskChangeText.emit(try context.app(for: .delete).delete(context.request), verb: "Deleted", output: context.output)
    }
}
