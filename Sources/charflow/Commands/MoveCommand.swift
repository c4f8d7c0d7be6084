import CharflowApp

/// `charflow move ID --region R [--bucket B] [--day D]`, `move ID --bucket B`, `move ID --backlog`.
enum MoveCommand: TypedCommand {
    static let name = "move"
    typealias Input = MoveTask.Input
    static let positions = ["task"]
    static let usage = "charflow move ID --region morning|afternoon|evening [--bucket B] [--day DATE] | move ID --bucket B | move ID --backlog"
    static let summary = "Place a task in a region or bucket, or take it to the Backlog"

    static func run(_ input: Input, _ context: Context) throws {
        TaskChangeText.emit(try context.app().moveTask(input), verb: "Moved", output: context.output)
    }
}
