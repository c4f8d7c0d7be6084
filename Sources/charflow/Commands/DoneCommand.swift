import CharflowStore

/// `charflow done ID`: mark a task done.
enum DoneCommand: Command {
    static let name = "done"
    static let usage = "charflow done ID"
    static let summary = "Mark a task done"

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        let planner = try context.planner()
        try TaskReport.changed(try planner.complete(word), verb: "Done:", planner: planner, context: context)
    }
}

/// `charflow undone ID`: mark a done task not done again.
enum UndoneCommand: Command {
    static let name = "undone"
    static let usage = "charflow undone ID"
    static let summary = "Mark a done task not done again"

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        let planner = try context.planner()
        try TaskReport.changed(try planner.uncomplete(word), verb: "Not done:", planner: planner, context: context)
    }
}
