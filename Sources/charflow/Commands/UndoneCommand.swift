import CharflowApp

/// `charflow undone ID`: mark a done task not done again.
enum UndoneCommand: Command {
    static let name = "undone"
    static let usage = "charflow undone ID"
    static let summary = "Mark a done task not done again"

    static func run(_ context: Context) throws {
        TaskChangeText.emit(try context.app(for: .undone).uncomplete(context.request), verb: "Not done:", output: context.output)
    }
}
