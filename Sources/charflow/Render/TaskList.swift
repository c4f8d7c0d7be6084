import CharflowApp
import CharflowCore

/// A plain list of tasks with their due notes.
enum TaskList {
    static func show(_ report: TaskListReport, title: String, empty: String, app: Charflow, output: Output) throws {
        guard !output.json else { return output.emit(text: "", json: report.json) }
        let lines = TaskLineRenderer(output: output, categories: report.render.categories)
        let text = report.tasks.isEmpty ? empty : ([output.bold(title) + " · \(report.tasks.count)"]
            + report.tasks.map { lines.line($0, note: TaskLineRenderer.dueNote($0, today: report.today)) })
            .joinedText(separator: "\n")
        output.emit(text: SessionChip.heading(text, app: app, output: output), json: report.json)
    }
}
