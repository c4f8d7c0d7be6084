import CharflowApp
import CharflowCore

/// `charflow move ID --region R [--bucket B] [--day D]`, `move ID --bucket B`, `move ID --backlog`.
enum MoveCommand: TypedCommand {
    static let name = "move"
    typealias Input = MoveTask.Input
    static let positions = ["task"]
    static let usage = "charflow move ID --region morning|afternoon|evening [--bucket B] [--day DATE] | move ID --bucket B | move ID --backlog"
    static let summary = "Place a task in a region or bucket, or take it to the Backlog"

    static func run(_ input: Input, _ context: Context) throws {
        let change = try context.app().moveTask(input)
        guard change.changed else {
            return context.output.emit(text: Messages.alreadyInBacklog(change.task.title), json: change.json)
        }
        TaskChangeText.emit(change, verb: "Moved", output: context.output)
    }
}
