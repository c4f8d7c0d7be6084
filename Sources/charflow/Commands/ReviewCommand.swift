import CharflowApp
import CharflowCore

/// `charflow review [--week last|this|YYYY-Www]`: one week looked back on, in numbers and plain words.
enum ReviewCommand: TypedCommand {
    static let name = "review"
    typealias Input = ReviewWeek.Input
    static let usage = "charflow review [--week last|this|YYYY-Www] [--json]"
    static let summary = "The week in review: Must-Dos, what was done and moved, focus, habits, anchors"

    /// The estimates the text lists; `--json` has them all.
    static let estimatesShown = 8

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().reviewWeek(input)
        guard !context.output.json else { return context.output.emit(text: "", json: report.json) }
        let review = report.review
        var heading = "Week \(report.name) · \(DayText.long(review.firstDay)) to \(DayText.long(review.lastDay))"
        if review.throughDay < review.firstDay {
            heading += " · not begun"
        } else if review.throughDay < review.lastDay {
            heading += " · so far, through \(DayText.short(review.throughDay))"
        }
        var text = [context.output.bold(heading)] + report.lines
        if review.focusSeconds > 0 {
            text.append("  " + review.focusByDay.filter { $0.day <= review.throughDay }.map { day in
                "\(day.day.weekday.shortName) \(ReviewWords.focus(seconds: day.seconds))"
            }.joinedText(separator: " · "))
        }
        if !review.estimates.isEmpty {
            text.append("Estimates against focus time:")
            text += review.estimates.prefix(Self.estimatesShown).map { "  " + ReviewWords.estimate($0) }
            if review.estimates.count > Self.estimatesShown {
                text.append("  " + ReviewWords.more(review.estimates.count - Self.estimatesShown, "estimates"))
            }
        }
        if !report.habits.isEmpty {
            text.append("Habits:")
            text += report.habits.map { week in
                let name = week.habit.title + (week.window.label.isEmpty ? "" : " · " + week.window.label)
                return "  " + ReviewWords.habitWeek(name, complete: week.cells.filter { $0.state == .complete }.count,
                                                    due: week.cells.filter(\.isDue).count) + " " + week.read
            }
        }
        text.append(ReviewWords.anchors(review.anchors))
        context.output.emit(text: text.joinedText(separator: "\n"), json: report.json)
    }
}
