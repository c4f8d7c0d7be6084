import CharflowApp
import CharflowCore

/// `charflow show ID`: one task with its deferrals.
enum ShowCommand: TypedCommand {
    static let name = "show"
    typealias Input = ShowTask.Input
    static let positions = ["task"]
    static let usage = "charflow show ID [--json]"
    static let summary = "Show one task with its deferrals"

    static func run(_ input: Input, _ context: Context) throws {
        let detail = try context.app().showTask(input)
        context.output.emit(text: text(detail, output: context.output), json: detail.json)
    }

    static func text(_ detail: TaskDetail, output: Output) -> String {
        let task = detail.task, deferrals = detail.deferrals, today = detail.today, calendar = detail.calendar
        func row(_ label: String, _ value: String) -> String {
            "  " + label + Padding.spaces(max(1, 12 - label.count)) + value
        }
        var out = [output.bold(task.title)]
        out.append(row("id", task.id.lowercasedText))
        let status: String
        if let dropped = task.droppedAt {
            status = "deleted " + Instant.isoText(dropped, in: calendar)
        } else if let completed = task.completedAt {
            status = "done " + Instant.isoText(completed, in: calendar)
        } else {
            status = "open"
        }
        out.append(row("status", status))
        out.append(row("place", TaskChangeText.place(detail.place)))
        out.append(row("due", task.dueDate.map { "\($0) (\(DayText.relative($0, today: today)))" } ?? "someday"))
        out.append(row("importance", task.importance.rawValue))
        if let category = detail.category {
            out.append(row("category", "● " + category.name + (category.isArchived ? " — archived" : "")))
        }
        if task.isRepeating {
            var rule = task.repeatKind.rawValue
            if task.repeatKind == .weekly {
                let days = RepeatRule.weekdays(task.repeatWeekdays)
                rule += " on " + (days.isEmpty ? [task.dueDate?.weekday].compactMap { $0 } : days.sorted())
                    .map(\.shortName).joinedText(separator: ", ")
            }
            out.append(row("repeats", rule))
        }
        out.append(row("effort", task.effortMinutes.map { "\($0) min" } ?? "no estimate"))
        out.append(row("deferrals", String(task.deferralCount)))
        if !detail.sessions.isEmpty {
            let count = detail.sessions.count
            out.append(row("worked", "\(detail.actualSeconds / 60) min in \(count) session\(count == 1 ? "" : "s")"))
        }
        out.append(row("created", Instant.isoText(task.createdAt, in: calendar)))
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
                out.append("    \(record.day)  to \(record.deferredTo?.description ?? "someday")  \(Messages.reasonText(record.reason))")
            }
        }
        return out.joinedText(separator: "\n")
    }
}
