import CharflowCore
import CharflowStore
import Foundation
import Testing

/// A fresh SQLite store for one habit test, opened as `charflow` would open it at a local wall time.
/// Reopening with a later time is how a test moves the clock: nothing is mocked.
final class HabitTestStore: TempStore {
    /// `count` consecutive days from `start`, as text.
    static func days(from start: String, count: Int) throws -> [String] {
        let first = try #require(LocalDay(start))
        return (0..<count).map { first.adding(days: $0).description }
    }
}

extension Planner {
    /// Adds a habit with the options tests use most.
    @discardableResult
    func habitAdd(
        _ title: String, kind: HabitKind? = nil, target: Int? = nil, schedule: HabitSchedule? = nil,
        windows: [String] = [], preset: HabitPreset? = nil, group: String? = nil, effort: Int?? = nil
    ) throws -> Habit {
        var request = NewHabit(title: title)
        request.kind = kind
        request.target = target
        request.schedule = schedule
        request.windows = try windows.map(WindowSpec.parse)
        request.preset = preset
        request.group = group
        request.effortMinutes = effort
        return try addHabit(request)
    }

    /// The habit as stored now.
    func habitReload(_ habit: Habit) throws -> Habit {
        try self.habit(matching: habit.id.uuidString.lowercased())
    }

    /// The window called `label` (the only one when nil).
    func habitWindow(_ habit: Habit, _ label: String? = nil) throws -> HabitWindow {
        try pickWindow(of: habitReload(habit), label: label)
    }

    /// The window's history over the read's 21 days (and `from` if earlier) through today.
    func habitHistory(_ habit: Habit, window label: String? = nil, from: String? = nil) throws -> WindowHistory {
        var start = today.adding(days: -DensityRead.windowDays - 7)
        if let from, let day = LocalDay(from), day < start { start = day }
        return try history(of: try habitWindow(habit, label), habit: try habitReload(habit), from: start, through: today)
    }

    /// The cell of `day` (text) as seen today.
    func habitCell(_ habit: Habit, _ day: String, window label: String? = nil) throws -> DensityCell {
        let date = try #require(LocalDay(day))
        return try habitHistory(habit, window: label, from: day).cell(date, today: today)
    }

    /// The states of `days`, in order.
    func habitStates(_ habit: Habit, _ days: [String], window label: String? = nil) throws -> [DensityState] {
        try days.map { try habitCell(habit, $0, window: label).state }
    }

    /// The read under the habit's grid today.
    func habitRead(_ habit: Habit, window label: String? = nil) throws -> String {
        DensityRead.sentence(try habitHistory(habit, window: label), today: today, calendar: calendar)
    }

    func habitNumbers(_ habit: Habit, window label: String? = nil) throws -> DensityRead.Numbers {
        DensityRead.numbers(try habitHistory(habit, window: label), today: today, calendar: calendar)
    }

    /// The stored entry of a window on a day (text).
    func habitEntry(_ habit: Habit, _ day: String, window label: String? = nil) throws -> HabitEntry? {
        try habitHistory(habit, window: label, from: day).entries[try #require(LocalDay(day))]
    }

    /// Today's line for the habit (as Today and `habits` show it).
    func habitToday(_ habit: Habit) throws -> HabitDay {
        try habitDay(habitReload(habit))
    }

    func habitCount(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int {
        try db.scalar(sql, bindings)?.int ?? -1
    }
}

extension HabitTestStore {
    /// Logs `log` on each of `days` as it happens: the store opened that evening, logging today.
    func habitLogEach(_ habit: Habit, _ days: [String], _ log: Planner.HabitLog, window: String? = nil,
                      at time: String = "20:00") throws {
        for day in days {
            try open(day, time).logHabit(habit.id.uuidString, window: window, log)
        }
    }
}
