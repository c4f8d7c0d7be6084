import CharflowApp
import CharflowCore

/// `charflow upcoming`: live tasks due after today, then the next days' events and anchors.
enum UpcomingCommand: TypedCommand {
    static let name = "upcoming"
    typealias Input = NoInput
    static let usage = "charflow upcoming [--json]"
    static let summary = "Tasks due after today, and the coming week's events and anchors"

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        let report = try app.readUpcoming()
        let output = context.output
        guard !output.json else { return output.emit(text: "", json: report.json) }
        let lines = TaskLineRenderer(output: output, categories: report.list.render.categories)
        let tasks = report.list.tasks
        var text = tasks.isEmpty ? ["Nothing due after today."] : [output.bold("Upcoming") + " · \(tasks.count)"]
            + tasks.map { lines.line($0, note: TaskLineRenderer.dueNote($0, today: report.list.today)) }
        // Each coming day with an event or an anchor: its free time, then its fixed points in time order (F-16).
        let times = DayTimeText(output: output, calendar: app.calendar)
        for day in report.days where !day.points.isEmpty {
            text += ["", output.heading(DayText.long(day.day)) + " "
                     + output.dim("\(Duration.text(minutes: day.free.plannedMinutes)) planned · \(Duration.text(minutes: day.free.freeMinutes)) free")]
            text += times.lines(day.points, regions: true)
        }
        output.emit(text: SessionChip.heading(text.joinedText(separator: "\n"), app: app, output: output), json: report.json)
    }
}
