import CharflowApp
import CharflowCore

/// `charflow history [DATE]`: the tasks completed on a day, with their completion times.
enum HistoryCommand: TypedCommand {
    static let name = "history"
    typealias Input = ReadHistory.Input
    static let positions = ["day"]
    static let usage = "charflow history [YYYY-MM-DD|today|yesterday] [--json]"
    static let summary = "Tasks completed on a day, with the time each was done"

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        let report = try app.history(input)
        let day = report.day ?? report.today
        guard !context.output.json else { return context.output.emit(text: "", json: report.json) }
        let lines = TaskLineRenderer(output: context.output, categories: report.render.categories)
        let text = report.tasks.isEmpty ? "Nothing was completed on \(DayText.long(day))."
            : ([context.output.bold("Done on \(DayText.long(day))") + " · \(report.tasks.count)"] + report.tasks.map { task in
                let time = task.completedAt.map { report.calendar.timeOfDay(at: $0).description } ?? ""
                return lines.line(task, note: time + (task.region.map { " " + $0.displayName } ?? ""))
            }).joinedText(separator: "\n")
        context.output.emit(text: text, json: report.json)
    }
}
