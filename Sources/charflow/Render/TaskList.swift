import CharflowApp
import CharflowCore
import CharflowStore

/// A plain list of tasks with their due notes.
enum TaskList {
    static func show(_ tasks: [TaskItem], title: String, empty: String, planner: Planner, context: Context) throws {
        let render = TaskJSON(today: planner.today, calendar: planner.calendar, categories: try planner.categoryNames())
        let lines = TaskLineRenderer(output: context.output)
        let text = tasks.isEmpty ? empty : ([context.output.bold(title) + " · \(tasks.count)"]
            + tasks.map { lines.line($0, note: TaskLineRenderer.dueNote($0, today: planner.today)) })
            .joined(separator: "\n")
        context.output.emit(text: text, json: .object([("tasks", render.tasks(tasks))]))
    }
}
