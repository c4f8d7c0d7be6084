import CharflowApp
import CharflowCore
import Foundation

/// Words for habits in text output.
enum HabitText {
    static func schedule(_ habit: Habit) -> String {
        let schedule = habit.schedule
        if schedule.isWeeklyTarget { return schedule.perWeek == 1 ? "once a week" : "\(schedule.perWeek) times a week" }
        switch schedule.frequency {
        case .daily: return "daily"
        case .weekdays: return "weekdays"
        case .custom: return schedule.days.sorted().map(\.shortName).joinedText(separator: ", ")
        }
    }

    static func lines(_ day: HabitDay, output: Output) -> [String] {
        var lines: [String] = []
        for (window, cell) in day.windows {
            let box = day.isDoneToday || cell.state == .complete || cell.isHeld ? "[x]" : "[ ]"
            var name = day.habit.title + (window.label.isEmpty ? "" : " · " + window.label)
            name = TaskLineRenderer.fit(name, 36)
            var progress = HabitWords.amount(kind: day.habit.kind, amount: cell.amount, target: cell.target)
            if let week = day.week { progress = "\(week.done) of \(week.target) this week" + (cell.amount > 0 ? " · today " + progress : "") }
            if cell.isHeld { progress += ", held" }
            if !cell.isDue, day.week == nil { progress = "not today" }
            let left = "  \(box) \(name)"
            lines.append(left + Padding.spaces(max(2, 44 - left.count)) + progress
                         + Padding.spaces(max(2, 72 - max(44, left.count + 2) - progress.count))
                         + output.dim(day.habit.shortID))
        }
        return lines
    }
}
