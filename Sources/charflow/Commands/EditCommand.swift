import CharflowApp

/// `charflow edit ID`: change a task's title, notes, day, importance or effort.
enum EditCommand: TypedCommand {
    static let name = "edit"
    typealias Input = EditTask.Input
    static let positions = ["task"]
    static let usage = """
        charflow edit ID [--title TEXT] [--notes TEXT] [--due DATE-WORD] [--importance low|medium|high] \
        [--effort MINUTES|none] [--category NAME|none] [--repeat none|daily|weekly[:ISO,..]|monthly]
        """
    static let summary = "Edit a task's title, notes (\"\" clears them), day, importance or effort"

    static func run(_ input: Input, _ context: Context) throws {
        TaskChangeText.emit(try context.app().editTask(input), verb: "Edited", output: context.output)
    }
}
