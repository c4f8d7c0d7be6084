import CharflowCore
import CharflowStore

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
        let word = try context.taskWord(usage: usage)
        var change = Planner.TaskEdit()
        change.title = context.args.value("title")
        if let notes = context.args.value("notes") { change.notes = .some(notes) }
        change.due = try context.dateWord("due")
        change.importance = try context.importance()
        change.effortMinutes = try context.effort()
        if let category = context.args.value("category") {
            change.category = .some(category.lowercased() == "none" ? nil : category)
        }
        if let (kind, weekdays) = try context.repeatRule() {
            change.repeatKind = kind
            change.repeatWeekdays = weekdays
        }
        guard change.title != nil || change.notes != nil || change.due != nil || change.importance != nil
                || change.effortMinutes != nil || change.category != nil || change.repeatKind != nil else {
            throw UsageError(message: "Nothing to change.\nUsage: \(usage)")
        }
        let planner = try context.planner()
        let result = try planner.editReporting(word, change)
        try TaskReport.changed(result.task, verb: "Edited", planner: planner, context: context, change: result)
    }
}
