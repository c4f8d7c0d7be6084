import CharflowApp

/// `charflow done ID`: mark a task done.
enum DoneCommand: Command {
    static let name = "done"
    static let usage = "charflow done ID"
    static let summary = "Mark a task done"

    static func run(_ context: Context) throws {
        TaskChangeText.emit(try context.app(for: .done).complete(context.request), verb: "Done:", output: context.output)
    }
}
