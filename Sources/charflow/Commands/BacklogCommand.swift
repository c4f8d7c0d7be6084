import CharflowCore
import CharflowStore
import Foundation

/// `charflow backlog`: live tasks off today's board, grouped Today / Yesterday / This Week / Older.
enum BacklogCommand: Command {
    static let name = "backlog"
    static let usage = "charflow backlog [--json]"
    static let summary = "The Backlog, grouped by when tasks entered it"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        let groups = try planner.backlog()
        let render = TaskJSON(today: planner.today, calendar: planner.calendar, categories: try planner.categoryNames())
        let output = context.output
        let shown = SessionJSON.withChip(text(groups, today: planner.today, output: output, categories: render.categories),
                                             planner: planner, output: output)
        context.output.emit(text: shown, json: .object([
            ("count", .int(groups.reduce(0) { $0 + $1.tasks.count })),
            ("groups", .array(groups.map { group in
                .object([("name", .string(group.group.rawValue)), ("count", .int(group.tasks.count)),
                         ("tasks", render.tasks(group.tasks))])
            })),
        ]))
    }

    static func text(_ groups: [(group: BacklogGroup, tasks: [TaskItem])], today: LocalDay, output: Output,
                     categories: [UUID: String] = [:]) -> String {
        let total = groups.reduce(0) { $0 + $1.tasks.count }
        guard total > 0 else { return Messages.emptyBacklog }
        let lines = TaskLineRenderer(output: output, categories: categories)
        var out = [output.bold("Backlog") + " · \(total) task\(total == 1 ? "" : "s")"]
        for (group, tasks) in groups {
            out.append("")
            out.append(output.heading(group.rawValue) + output.dim(" (\(tasks.count))"))
            out += tasks.map { lines.line($0, note: TaskLineRenderer.dueNote($0, today: today)) }
        }
        out.append("")
        out.append(output.dim("Place one with: charflow move ID --region morning|afternoon|evening [--bucket B]"))
        return out.joined(separator: "\n")
    }
}

/// `charflow upcoming`: live tasks due after today.
enum UpcomingCommand: Command {
    static let name = "upcoming"
    static let usage = "charflow upcoming [--json]"
    static let summary = "Tasks due after today"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        try TaskList.show(try planner.upcoming(), title: "Upcoming", empty: "Nothing due after today.",
                          planner: planner, context: context)
    }
}

/// `charflow list [--all]`: every live task (with `--all`, done and deleted ones too).
enum ListCommand: Command {
    static let name = "list"
    static let usage = "charflow list [--all] [--json]"
    static let summary = "Every open task in the engine's order (--all: done and deleted too)"
    static let options: Set<String> = ["all"]
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        try TaskList.show(try planner.list(all: context.args.has("all")), title: "Tasks", empty: "No tasks.",
                          planner: planner, context: context)
    }
}

/// A plain list of tasks with their due notes.
enum TaskList {
    static func show(_ tasks: [TaskItem], title: String, empty: String, planner: Planner, context: Context) throws {
        let render = TaskJSON(today: planner.today, calendar: planner.calendar, categories: try planner.categoryNames())
        let lines = TaskLineRenderer(output: context.output, categories: render.categories)
        let text = tasks.isEmpty ? empty : ([context.output.bold(title) + " · \(tasks.count)"]
            + tasks.map { lines.line($0, note: TaskLineRenderer.dueNote($0, today: planner.today)) })
            .joined(separator: "\n")
        context.output.emit(text: SessionJSON.withChip(text, planner: planner, output: context.output),
                            json: .object([("tasks", render.tasks(tasks))]))
    }
}
