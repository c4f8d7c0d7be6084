import CharflowApp
import CharflowCore
import CharflowStore

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
        context.output.emit(text: text(groups, today: planner.today, output: output), json: .object([
            ("count", .int(groups.reduce(0) { $0 + $1.tasks.count })),
            ("groups", .array(groups.map { group in
                .object([("name", .string(group.group.rawValue)), ("count", .int(group.tasks.count)),
                         ("tasks", render.tasks(group.tasks))])
            })),
        ]))
    }

    static func text(_ groups: [(group: BacklogGroup, tasks: [TaskItem])], today: LocalDay, output: Output) -> String {
        let total = groups.reduce(0) { $0 + $1.tasks.count }
        guard total > 0 else { return Messages.emptyBacklog }
        let lines = TaskLineRenderer(output: output)
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
