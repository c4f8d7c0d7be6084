import CharflowCore
import Foundation
import Testing

/// Builders for the habit rule tests: a window's history written out day by day, never the machine's clock.
///
/// "Today" is Monday 30 November 2026 unless a test says otherwise; the 21 days the read looks back over
/// are 9–29 November (three full Monday-started weeks).
enum HabitRulesFixture {
    static let today = "2026-11-30"

    static func day(_ text: String) throws -> LocalDay {
        try #require(LocalDay(text), "not a day: \(text)")
    }

    /// `count` consecutive days from `start`, as text.
    static func days(from start: String, count: Int) throws -> [String] {
        let first = try day(start)
        return (0..<count).map { first.adding(days: $0).description }
    }

    static func calendar(firstWeekday: Weekday = .monday, zone: String = "Europe/London") throws -> PlannerCalendar {
        PlannerCalendar(timeZone: try #require(TimeZone(identifier: zone)), firstWeekday: firstWeekday)
    }

    /// A window's history: `entries` are amounts by day (snapshotting `target` unless `snapshots` says
    /// otherwise), `held` days have `completedAt` set, `engaged` are the days the user engaged.
    static func history(
        _ kind: HabitKind, target: Int = 1, schedule: HabitSchedule = .daily, firstDay: String = "2026-11-01",
        changes: [(String, HabitSchedule)] = [], entries: [String: Int] = [:], snapshots: [String: Int] = [:],
        held: [String] = [], pauses: [(String, String?)] = [], engaged: [String] = []
    ) throws -> WindowHistory {
        let created = Date(timeIntervalSince1970: 1_790_000_000)
        let habitID = UUID()
        let window = HabitWindow(habitID: habitID, target: target, createdAt: created)
        var byDay: [LocalDay: HabitEntry] = [:]
        for (text, amount) in entries {
            let date = try day(text)
            byDay[date] = HabitEntry(windowID: window.id, date: date, target: snapshots[text] ?? target, amount: amount,
                                     completedAt: nil, modifiedAt: created)
        }
        for text in held {
            let date = try day(text)
            var entry = byDay[date] ?? HabitEntry(windowID: window.id, date: date, target: target, modifiedAt: created)
            entry.completedAt = created
            byDay[date] = entry
        }
        var history = [HabitScheduleChange(from: try day(firstDay), schedule: schedule)]
        for (from, changed) in changes { history.append(HabitScheduleChange(from: try day(from), schedule: changed)) }
        return WindowHistory(
            kind: kind, window: window, firstDay: try day(firstDay), schedules: history,
            pauses: try pauses.map { from, to in
                HabitPause(habitID: habitID, from: try day(from), to: try to.map(day), reason: .travel, modifiedAt: created)
            },
            entries: byDay, engagedDays: Set(try engaged.map(day)))
    }

    /// The cell of `text` as seen on `today`.
    static func cell(_ history: WindowHistory, _ text: String, today: String = today) throws -> DensityCell {
        history.cell(try day(text), today: try day(today))
    }

    static func numbers(_ history: WindowHistory, today: String = today, firstWeekday: Weekday = .monday) throws
        -> DensityRead.Numbers
    {
        DensityRead.numbers(history, today: try day(today), calendar: try calendar(firstWeekday: firstWeekday))
    }

    static func sentence(_ history: WindowHistory, today: String = today, firstWeekday: Weekday = .monday) throws -> String {
        DensityRead.sentence(history, today: try day(today), calendar: try calendar(firstWeekday: firstWeekday))
    }

    /// Words a density read must never use: streaks, records, praise or blame (H-16, D15).
    static let forbiddenWords = ["streak", "in a row", "days since", "best", "record", "great", "well done", "amazing",
                                 "failed", "broke", "broken", "lost", "!"]
}
