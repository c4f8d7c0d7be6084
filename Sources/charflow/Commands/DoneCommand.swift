import CharflowApp

/// `charflow done ID`: mark a task done.
enum DoneCommand: Command {
    static let name = "done"
    static let usage = "charflow done ID"
    static let summary = "Mark a task done"

    static func run(_ context: Context) throws {
        _ = try context.request.subject("task")
        TaskChangeText.emit(try context.app().complete(context.request), verb: "Done:", output: context.output)
    }
}
