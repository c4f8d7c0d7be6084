import CharflowApp
import CharflowCore

/// A plain list of tasks with their due notes.
enum TaskList {
    static func show(_ report: TaskListReport, title: String, empty: String, output: Output) {
        let lines = TaskLineRenderer(output: output)
        let text = report.tasks.isEmpty ? empty : ([output.bold(title) + " · \(report.tasks.count)"]
            + report.tasks.map { lines.line($0, note: TaskLineRenderer.dueNote($0, today: report.today)) })
            .joined(separator: "\n")
        output.emit(text: text, json: report.json)
    }
}
