import CharflowCore
import CharflowStore
import Foundation

/// Habit objects in `habit.md`'s field names.
public enum HabitJSON {
    public static func habit(_ habit: Habit, planner: Planner) throws -> JSONValue {
        let group = try habit.groupID.flatMap { id in try planner.groups(includeArchived: true).first { $0.id == id }?.title }
        return .object([
            ("id", .string(habit.id.lowercasedText)),
            ("title", .string(habit.title)),
            ("notes", .optional(habit.notes)),
            ("presetKey", .optional(habit.presetKey)),
            ("kind", .string(habit.kind.rawValue)),
            ("frequency", .string(habit.schedule.frequency.rawValue)),
            ("scheduledDays", .string(habit.schedule.daysText)),
            ("targetPerWeek", .int(habit.schedule.perWeek)),
            ("pauses", .array(try planner.pauses(of: habit).map(pause))),
            ("isArchived", .bool(habit.isArchived)),
            ("group", .optional(group)),
            ("createdAt", .string(Instant.isoText(habit.createdAt, in: planner.calendar))),
            ("windows", .array(try planner.windows(of: habit).map(window))),
        ])
    }

    public static func day(_ day: HabitDay, planner: Planner) throws -> JSONValue {
        guard case .object(var pairs) = try habit(day.habit, planner: planner) else { return .null }
        pairs.append(("today", .array(day.windows.map { window, cell in
            .object([("window", .string(window.id.lowercasedText)), ("label", .string(window.label)),
                     ("amount", .int(cell.amount)), ("target", .int(cell.target)), ("state", .string(cell.state.rawValue)),
                     ("isDue", .bool(cell.isDue))])
        })))
        if let week = day.week {
            pairs.append(("week", .object([("done", .int(week.done)), ("target", .int(week.target))])))
        }
        pairs.append(("isDueToday", .bool(day.isDueToday)))
        pairs.append(("isDoneToday", .bool(day.isDoneToday)))
        pairs.append(("paused", .optional(day.pause.map(HabitWords.pausedLine))))
        return .object(pairs)
    }

    public static func window(_ window: HabitWindow) -> JSONValue {
        .object([
            ("id", .string(window.id.lowercasedText)), ("label", .string(window.label)),
            ("startMinute", .int(window.startMinute)), ("endMinute", .int(window.endMinute)),
            ("target", .int(window.target)), ("effortMinutes", .optional(window.effortMinutes)),
            ("reminderMinute", .optional(window.reminderMinute)),
        ])
    }

    public static func pause(_ pause: HabitPause) -> JSONValue {
        .object([("from", .string(pause.from.description)), ("to", .optional(pause.to?.description)),
                 ("reason", .string(pause.reason.rawValue))])
    }

    public static func entry(_ entry: HabitEntry, calendar: PlannerCalendar) -> JSONValue {
        .object([
            ("id", .string(entry.id.lowercasedText)), ("window", .string(entry.windowID.lowercasedText)),
            ("date", .string(entry.date.description)), ("target", .int(entry.target)), ("amount", .int(entry.amount)),
            ("completedAt", .optional(entry.completedAt.map { Instant.isoText($0, in: calendar) })),
            ("isComplete", .bool(entry.isComplete)), ("completionRatio", .int(Int((entry.completionRatio * 100).rounded()))),
        ])
    }
}
