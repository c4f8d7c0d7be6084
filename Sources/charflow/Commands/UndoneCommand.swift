import CharflowApp

/// `charflow undone ID`: mark a done task not done again.
enum UndoneCommand: TypedCommand {
    static let name = "undone"
    typealias Input = ReopenTask.Input
    static let positions = ["task"]
    static let usage = "charflow undone ID"
    static let summary = "Mark a done task not done again"

    static func run(_ input: Input, _ context: Context) throws {
        TaskChangeText.emit(try context.app().reopenTask(input), verb: "Not done:", output: context.output)
    }
}
