@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowAppSetup
import CharflowTestSupport
import Foundation
import Testing

/// A fresh SQLite store for one habit test, opened as `charflow` would open it at a local wall time.
/// Reopening with a later time is how a test moves the clock: nothing is mocked. `open` gives the
/// store; the habit actions below run through `CharflowApp`'s use cases on it, as a front end calls them.
final class HabitTestStore: TempStore {
    /// `count` consecutive days from `start`, as text.
    static func days(from start: String, count: Int) throws -> [String] {
        let first = try #require(LocalDay(start))
        return (0..<count).map { first.adding(days: $0).description }
    }


    /// Logs `log` on each of `days` as it happens: the store opened that evening, logging today.
    func habitLogEach(_ habit: Habit, _ days: [String], _ log: HabitLog, window: String? = nil,
                      at time: String = "20:00") throws {
        for day in days {
            try open(day, time).logHabit(habit.id.uuidString, window: window, log)
        }
    }
}

/// The habit use cases as a front end asks them, by a habit's word (id prefix or title).
extension Store {
    /// Adds a habit with the options tests use most.
    @discardableResult
    func habitAdd(
        _ title: String, kind: HabitKind? = nil, target: Int? = nil, schedule: HabitSchedule? = nil,
        windows: [String] = [], preset: HabitPreset? = nil, group: String? = nil, effort: Int?? = nil
    ) throws -> Habit {
        var input = AddHabit.Input(title: title)
        input.kind = kind
        input.target = target
        input.schedule = schedule
        input.windows = try windows.map(WindowSpec.parse)
        input.preset = preset
        input.group = try group.map { try GroupRef.reading($0) }
        input.effortMinutes = effort
        return try app.addHabit(input).habit
    }

    @discardableResult
    func editHabit(_ word: String, _ change: HabitChange) throws -> Habit {
        try app.editHabit(EditHabit.Input(habit: try HabitRef.reading(word), change: change)).habit
    }

    @discardableResult
    func logHabit(_ word: String, window: String?, _ log: HabitLog, date: LocalDay? = nil) throws -> HabitLogReport {
        try app.logHabit(LogHabit.Input(habit: try HabitRef.reading(word), window: window, log: log, day: date))
    }

    @discardableResult
    func archiveHabit(_ word: String) throws -> Habit {
        try app.archiveHabit(ArchiveHabit.Input(habit: try HabitRef.reading(word))).habit
    }

    @discardableResult
    func restoreHabit(_ word: String) throws -> Habit {
        try app.restoreHabit(RestoreHabit.Input(habit: try HabitRef.reading(word))).habit
    }

    @discardableResult
    func pauseHabit(_ word: String, from: LocalDay?, to: LocalDay?, reason: PauseReason) throws -> HabitPause {
        try app.pauseHabit(PauseHabit.Input(habit: try HabitRef.reading(word), from: from, to: to, reason: reason)).pause
    }

    @discardableResult
    func resumeHabit(_ word: String) throws -> Habit {
        try app.resumeHabit(ResumeHabit.Input(habit: try HabitRef.reading(word))).habit
    }

    @discardableResult
    func addGroup(_ title: String) throws -> HabitGroup {
        try #require(try app.addGroup(AddGroup.Input(name: title)).added)
    }

    @discardableResult
    func archiveGroup(_ word: String) throws -> HabitGroup {
        try #require(try app.archiveGroup(ArchiveGroup.Input(group: try GroupRef.reading(word))).archived)
    }

    func groupSummary(_ group: HabitGroup) throws -> HabitGroupSummary {
        try app.groupSummary(group)
    }

    func groups(includeArchived: Bool = false) throws -> [HabitGroup] {
        try habitRecords.groups(includeArchived: includeArchived)
    }

    func habit(matching word: String) throws -> Habit {
        try app.habit(matching: word)
    }

    /// The habit as stored now.
    func habitReload(_ habit: Habit) throws -> Habit {
        try app.habit(id: habit.id)
    }

    /// The window called `label` (the only one when nil).
    func habitWindow(_ habit: Habit, _ label: String? = nil) throws -> HabitWindow {
        try app.window(of: habitReload(habit), label: label)
    }

    /// The window's history over the read's 21 days (and `from` if earlier) through today.
    func habitHistory(_ habit: Habit, window label: String? = nil, from: String? = nil) throws -> WindowHistory {
        var start = today.adding(days: -DensityRead.windowDays - 7)
        if let from, let day = LocalDay(from), day < start { start = day }
        return try app.history(of: try habitWindow(habit, label), habit: try habitReload(habit), from: start, through: today)
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
        try app.habitDay(habitReload(habit))
    }

    func habitCount(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int {
        try db.scalar(sql, bindings)?.int ?? -1
    }
}

/// What a front end does around habits that is not a habit use case: tasks, sessions, signals shown.
extension Store {
    /// `recordBegin` on the only window of the timed habit `word`.
    @discardableResult
    func recordBegin(habit word: String) throws -> WorkSession {
        let habit = try app.habit(matching: word)
        try HabitRules.checkTimable(habit)
        let window = try app.window(of: habit, label: nil)
        return try recordBegin(.habitWindow(window.id), estimate: window.target)
    }

}
