import CharflowApp
import CharflowCore
import CharflowStore

/// `charflow history [DATE]`: the tasks completed on a day, with their completion times.
enum HistoryCommand: Command {
    static let name = "history"
    static let usage = "charflow history [YYYY-MM-DD|today|yesterday] [--json]"
    static let summary = "Tasks completed on a day, with the time each was done"

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        let day: LocalDay
        switch context.args.words.first {
        case nil, "today": day = planner.today
        case "yesterday": day = planner.today.adding(days: -1)
        case let text?:
            guard let parsed = LocalDay(text) else { throw PlannerError.badDate(text) }
            day = parsed
        }
        let tasks = try planner.completed(on: day)
        let render = TaskJSON(today: planner.today, calendar: planner.calendar, categories: try planner.categoryNames())
        let lines = TaskLineRenderer(output: context.output)
        let text = tasks.isEmpty ? "Nothing was completed on \(DayText.long(day))."
            : ([context.output.bold("Done on \(DayText.long(day))") + " · \(tasks.count)"] + tasks.map { task in
                let time = task.completedAt.map { planner.calendar.timeOfDay(at: $0).description } ?? ""
                return lines.line(task, note: time + (task.region.map { " " + $0.displayName } ?? ""))
            }).joined(separator: "\n")
        context.output.emit(text: text, json: .object([("date", .string(day.description)),
                                                       ("tasks", render.tasks(tasks))]))
    }
}
