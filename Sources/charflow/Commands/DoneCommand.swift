import CharflowApp

/// `charflow done ID`: mark a task done.
enum DoneCommand: TypedCommand {
    static let name = "done"
    typealias Input = CompleteTask.Input
    static let positions = ["task"]
    static let usage = "charflow done ID"
    static let summary = "Mark a task done"

    static func run(_ input: Input, _ context: Context) throws {
        TaskChangeText.emit(try context.app().completeTask(input), verb: "Done:", output: context.output)
    }
}
