import CharflowCore
import CharflowStore

/// `charflow delete ID`: drop a task (kept for history; `undo` brings it back).
enum DeleteCommand: Command {
    static let name = "delete"
    static let aliases = ["drop"]
    static let usage = "charflow delete ID"
    static let summary = "Delete (drop) a task; `charflow undo` brings it back"

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        let planner = try context.planner()
        try TaskReport.changed(try planner.drop(word), verb: "Deleted", planner: planner, context: context)
    }
}

/// `charflow purge ID`: remove a task and its history for good.
enum PurgeCommand: Command {
    static let name = "purge"
    static let usage = "charflow purge ID"
    static let summary = "Remove a task and its history permanently (cannot be undone)"

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        let planner = try context.planner()
        let task = try planner.purge(word)
        context.output.emit(text: "Purged \(task.shortID) “\(task.title)”. This cannot be undone.",
                            json: .object([("purged", .string(task.id.lowercasedText))]))
    }
}

/// `charflow undo`: revert the most recent action.
enum UndoCommand: Command {
    static let name = "undo"
    static let usage = "charflow undo"
    static let summary = "Undo the most recent change"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        let label = try planner.undo()
        context.output.emit(text: "Undid \(label).", json: .object([("undone", .string(label))]))
    }
}
