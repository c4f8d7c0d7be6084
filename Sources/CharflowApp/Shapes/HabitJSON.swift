import CharflowCore
import Foundation

/// What a habit's JSON shows besides the habit: its windows, its pauses and its group's title, loaded
/// once by the use case that reports (`Charflow.habitFacts`), so shaping reads nothing.
public struct HabitFacts: Sendable {
    public var windows: [UUID: [HabitWindow]]
    public var pauses: [UUID: [HabitPause]]
    public var groupTitles: [UUID: String]

    public init(windows: [UUID: [HabitWindow]], pauses: [UUID: [HabitPause]], groupTitles: [UUID: String]) {
        self.windows = windows
        self.pauses = pauses
        self.groupTitles = groupTitles
    }
}

/// Habit objects in `habit.md`'s field names, from values only.
public enum HabitJSON {
    public static func habit(_ habit: Habit, facts: HabitFacts, calendar: PlannerCalendar) -> JSONValue {
        .object([
            ("id", .string(habit.id.lowercasedText)),
            ("title", .string(habit.title)),
            ("notes", .optional(habit.notes)),
            ("presetKey", .optional(habit.presetKey)),
            ("kind", .string(habit.kind.rawValue)),
            ("frequency", .string(habit.schedule.frequency.rawValue)),
            ("scheduledDays", .string(habit.schedule.daysText)),
            ("targetPerWeek", .int(habit.schedule.perWeek)),
            ("pauses", .array((facts.pauses[habit.id] ?? []).map(pause))),
            ("isArchived", .bool(habit.isArchived)),
            ("group", .optional(habit.groupID.flatMap { facts.groupTitles[$0] })),
            ("createdAt", .string(Instant.isoText(habit.createdAt, in: calendar))),
            ("windows", .array((facts.windows[habit.id] ?? []).map(window))),
        ])
    }

    public static func day(_ day: HabitDay, facts: HabitFacts, calendar: PlannerCalendar) -> JSONValue {
        guard case .object(var pairs) = habit(day.habit, facts: facts, calendar: calendar) else { return .null }
        pairs.append(("today", .array(day.windows.map { window, cell in
            .object([("window", .string(window.id.lowercasedText)), ("label", .string(window.label)),
                     ("amount", .int(cell.amount)), ("target", .int(cell.target)), ("state", .string(cell.state.rawValue)),
                     ("isDue", .bool(cell.isDue)), ("isHeld", .bool(cell.isHeld))])
        })))
        if let week = day.week {
            pairs.append(("week", .object([("done", .int(week.done)), ("target", .int(week.target))])))
        }
        pairs.append(("isDueToday", .bool(day.isDueToday)))
        pairs.append(("isDoneToday", .bool(day.isDoneToday)))
        pairs.append(("paused", .optional(day.pause.map(HabitWords.pausedLine))))
        // Today's state with its unit, in words (the page's Today strip says it as it is).
        pairs.append(("todayText", .string(HabitWords.todayLine(day))))
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
