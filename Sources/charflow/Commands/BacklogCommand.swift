import CharflowApp
import CharflowCore
import Foundation

/// `charflow backlog`: live tasks off today's board, grouped Today / Yesterday / This Week / Older.
enum BacklogCommand: TypedCommand {
    static let name = "backlog"
    typealias Input = NoInput
    static let usage = "charflow backlog [--json]"
    static let summary = "The Backlog, grouped by when tasks entered it"

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        let report = try app.backlog()
        let output = context.output
        guard !output.json else { return output.emit(text: "", json: report.json) }
        let shown = text(report.groups, today: report.today, output: output, categories: report.render.categories)
        output.emit(text: SessionChip.heading(shown, app: app, output: output), json: report.json)
    }

    static func text(_ groups: [(group: BacklogGroup, tasks: [TaskItem])], today: LocalDay, output: Output,
                     categories: [UUID: String]) -> String {
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
        return out.joinedText(separator: "\n")
    }
}
