import CharflowCore
import CharflowStore

/// `charflow edit ID`: change a task's title, notes, day, importance or effort.
enum EditCommand: Command {
    static let name = "edit"
    static let usage = """
        charflow edit ID [--title TEXT] [--notes TEXT] [--due DATE-WORD] [--importance low|medium|high] \
        [--effort MINUTES|none]
        """
    static let summary = "Edit a task's title, notes (\"\" clears them), day, importance or effort"
    static let options: Set<String> = ["title", "notes", "due", "importance", "effort"]

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        var change = Planner.TaskEdit()
        change.title = context.args.value("title")
        if let notes = context.args.value("notes") { change.notes = .some(notes) }
        change.due = try context.dateWord("due")
        change.importance = try context.importance()
        change.effortMinutes = try context.effort()
        guard change.title != nil || change.notes != nil || change.due != nil || change.importance != nil
                || change.effortMinutes != nil else {
            throw UsageError(message: "Nothing to change.\nUsage: \(usage)")
        }
        let planner = try context.planner()
        let task = try planner.edit(word, change)
        try TaskReport.changed(task, verb: "Edited", planner: planner, context: context)
    }
}
