import CharflowCore
import CharflowStore

/// `charflow defer ID [--to DATE-WORD] [--reason R] [--note TEXT]`: push a task to a later day.
enum DeferCommand: Command {
    static let name = "defer"
    static let usage = "charflow defer ID [--to DATE-WORD] [--reason too-much|not-ready|no-longer] [--note TEXT]"
    static let summary = "Defer a task: to tomorrow, or (from the 3rd time) to a day you pick"
    static let options: Set<String> = ["to", "reason", "note"]

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        let target = try context.dateWord("to")
        let reason = try context.reason()
        let planner = try context.planner()
        let result = try planner.deferTask(word, to: target, reason: reason, note: context.args.value("note"))
        try TaskReport.changed(result.task, verb: result.deferred ? "Deferred" : "Rescheduled", planner: planner,
                               context: context, change: result)
    }
}

/// `charflow note ID TEXT`: append a timestamped line to a task's notes.
enum NoteCommand: Command {
    static let name = "note"
    static let usage = "charflow note ID TEXT"
    static let summary = "Append a timestamped line to a task's notes"
    static let maxWords = Int.max

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        let text = context.args.words.dropFirst().joined(separator: " ")
        let planner = try context.planner()
        try TaskReport.changed(try planner.appendNote(word, text), verb: "Noted", planner: planner, context: context)
    }
}

/// `charflow check ID N`: tick or untick checklist item N of a task's notes.
enum CheckCommand: Command {
    static let name = "check"
    static let usage = "charflow check ID N"
    static let summary = "Tick or untick checklist item N in a task's notes (see `charflow show ID`)"
    static let maxWords = 2

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        guard context.args.words.count == 2, let number = try WholeNumber.parse(context.args.words[1], what: "a checklist item", in: WholeNumber.checklistItem) else {
            throw UsageError(message: "Which item? Give its number.\nUsage: \(usage)")
        }
        let planner = try context.planner()
        let task = try planner.toggleChecklist(word, item: number)
        try TaskReport.changed(task, verb: "Checked", planner: planner, context: context)
    }
}
