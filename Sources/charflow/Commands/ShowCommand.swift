import CharflowApp
import CharflowCore
import CharflowStore

/// `charflow show ID`: one task with its deferrals.
enum ShowCommand: Command {
    static let name = "show"
    static let usage = "charflow show ID [--json]"
    static let summary = "Show one task with its deferrals"

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        let app = try context.app()
        let planner = app.planner
        let task = try planner.task(matching: word)
        let deferrals = try planner.deferrals(of: task)
        let render = TaskJSON(today: planner.today, calendar: planner.calendar, categories: try planner.categoryNames())
        var object: [(String, JSONValue)] = []
        if case .object(let pairs) = render.task(task) { object = pairs }
        object.append(("deferrals", .array(deferrals.map(render.deferral))))
        let sessions = try planner.sessions(of: task)
        object.append(("sessions", .array(sessions.map { SessionJSON.session($0, planner: planner) })))
        object.append(("actualSeconds", .int(try planner.actualSeconds(of: task))))
        object.append(("checklist", .array(Notes.checklist(task.notes).map {
            .object([("number", .int($0.number)), ("isChecked", .bool($0.isChecked)), ("text", .string($0.text))])
        })))
        let text = context.output.json ? "" : try text(task, deferrals: deferrals, app: app, output: context.output)
        context.output.emit(text: text, json: .object(object))
    }

    static func text(_ task: TaskItem, deferrals: [DeferralRecord], app: Charflow, output: Output) throws -> String {
        let planner = app.planner
        let today = planner.today
        func row(_ label: String, _ value: String) -> String {
            "  " + label + String(repeating: " ", count: max(1, 12 - label.count)) + value
        }
        var out = [output.bold(task.title)]
        out.append(row("id", task.id.lowercasedText))
        let status: String
        if let dropped = task.droppedAt {
            status = "deleted " + Instant.isoText(dropped, in: planner.calendar)
        } else if let completed = task.completedAt {
            status = "done " + Instant.isoText(completed, in: planner.calendar)
        } else {
            status = "open"
        }
        out.append(row("status", status))
        out.append(row("place", TaskChangeText.place(try app.taskChange(task).place)))
        out.append(row("due", task.dueDate.map { "\($0) (\(DayText.relative($0, today: today)))" } ?? "someday"))
        out.append(row("importance", task.importance.rawValue))
        if let categoryID = task.categoryID, let category = try planner.categories().first(where: { $0.id == categoryID }) {
            out.append(row("category", "● " + category.name + (category.isArchived ? " — archived" : "")))
        }
        if task.isRepeating {
            var rule = task.repeatKind.rawValue
            if task.repeatKind == .weekly {
                let days = RepeatRule.weekdays(task.repeatWeekdays)
                rule += " on " + (days.isEmpty ? [task.dueDate?.weekday].compactMap { $0 } : days.sorted())
                    .map(\.shortName).joined(separator: ", ")
            }
            out.append(row("repeats", rule))
        }
        out.append(row("effort", task.effortMinutes.map { "\($0) min" } ?? "no estimate"))
        out.append(row("deferrals", String(task.deferralCount)))
        let sessions = try planner.sessions(of: task)
        if !sessions.isEmpty {
            let actual = try planner.actualSeconds(of: task) / 60
            out.append(row("worked", "\(actual) min in \(sessions.count) session\(sessions.count == 1 ? "" : "s")"))
        }
        out.append(row("created", Instant.isoText(task.createdAt, in: planner.calendar)))
        if let notes = task.notes {
            out.append("  notes")
            out += notes.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            let checklist = Notes.checklist(notes)
            if !checklist.isEmpty {
                out.append("  checklist (charflow check ID N)")
                out += checklist.map { "    \($0.number). [\($0.isChecked ? "x" : " ")] \($0.text)" }
            }
        }
        if !deferrals.isEmpty {
            out.append("  deferral history")
            for record in deferrals {
                out.append("    \(record.day)  to \(record.deferredTo?.description ?? "someday")  \(record.reason.rawValue)")
            }
        }
        return out.joined(separator: "\n")
    }
}
