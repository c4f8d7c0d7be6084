import CharflowApp

/// `charflow edit ID`: change a task's title, notes, day, importance or effort.
enum EditCommand: Command {
    static let name = "edit"
    static let usage = """
        charflow edit ID [--title TEXT] [--notes TEXT] [--due DATE-WORD] [--importance low|medium|high] \
        [--effort MINUTES|none] [--category NAME|none] [--repeat none|daily|weekly[:ISO,..]|monthly]
        """
    static let summary = "Edit a task's title, notes (\"\" clears them), day, importance or effort"
    static let options: Set<String> = ["title", "notes", "due", "importance", "effort", "category", "repeat"]

    static func run(_ context: Context) throws {
        TaskChangeText.emit(try context.app(for: .edit).edit(context.request), verb: "Edited", output: context.output)
    }
}
