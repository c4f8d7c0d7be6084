import CharflowApp

/// `charflow reorder ID --position N`: manual order inside one region's bucket.
enum ReorderCommand: TypedCommand {
    static let name = "reorder"
    typealias Input = ReorderTask.Input
    static let positions = ["task"]
    static let usage = "charflow reorder ID --position N"
    static let summary = "Move a task to position N (from 1) within its bucket"

    static func run(_ input: Input, _ context: Context) throws {
        TaskChangeText.emit(try context.app().reorderTask(input), verb: "Reordered", output: context.output)
    }
}
