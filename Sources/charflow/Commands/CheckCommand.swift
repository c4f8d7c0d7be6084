import CharflowApp

/// `charflow check ID N`: tick or untick checklist item N of a task's notes.
enum CheckCommand: TypedCommand {
    static let name = "check"
    typealias Input = TickChecklistItem.Input
    static let positions = ["task", "item"]
    static let usage = "charflow check ID N"
    static let summary = "Tick or untick checklist item N in a task's notes (see `charflow show ID`)"

    static func run(_ input: Input, _ context: Context) throws {
        TaskChangeText.emit(try context.app().tickChecklistItem(input), verb: "Checked", output: context.output)
    }
}
