@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A pause reaching back over days already logged leaves them as they were (H-15: "past days keep
/// their entries"), and a week of a weekly target asks its share of the days it could be done (H-8).
@Suite("Habit pauses keep logged days; paused weeks ask their share (H-15, H-8)")
struct HabitPauseKeepsLoggedDaysUseCaseTests {
    static func log(for kind: HabitKind) -> HabitLog {
        switch kind {
        case .binary: .toggle
        case .counted: .count(2)
        case .timed: .minutes(20)
        case .avoid: .slip
        }
    }

    @Test("H-15 a pause begun in the past leaves the days logged inside it logged and shown, and rests the others, for every kind",
          arguments: [HabitKind.binary, .counted, .timed, .avoid])
    func pastPauseKeepsLoggedDays(_ kind: HabitKind) throws {
        let store = try HabitTestStore(zone: "America/New_York")
        let habit = try store.open("2026-11-16").habitAdd("Practice", kind: kind, target: kind == .binary ? nil : 3)
        let log = Self.log(for: kind)
        try store.habitLogEach(habit, ["2026-11-27", "2026-11-29"], log)
        let before = try store.open("2026-11-30", "08:00")
        let cells = try ["2026-11-27", "2026-11-29"].map { try before.habitCell(habit, $0) }
        let pausing = try store.open("2026-11-30", "09:00")
        let report = try pausing.app.pauseHabit(PauseHabit.Input(habit: habit.id, from: LocalDay("2026-11-26"),
                                                                 to: LocalDay("2026-12-03"), reason: .illness))
        expectEqual(report.keptDays.map(\.description), ["2026-11-27", "2026-11-29"], "\(kind)")
        expectContains(report.json.rendered(), "\"keptDays\": [\n    \"2026-11-27\",\n    \"2026-11-29\"\n  ]", "\(report.json.rendered())")
        let after = try store.open("2026-11-30", "10:00")
        for (index, day) in ["2026-11-27", "2026-11-29"].enumerated() {
            let cell = try after.habitCell(habit, day)
            expectEqual(cell, cells[index], "\(kind) \(day): the logged day reads as before the pause")
            expectTrue(cell.isDue && cell.amount > 0)
        }
        for day in ["2026-11-26", "2026-11-28", "2026-11-30"] {
            expectTrue(try !after.habitCell(habit, day).isDue, "\(kind) \(day): nothing logged, so the pause rests it")
        }
        // A logged day inside the pause can still be corrected; a rested one takes no log.
        _ = try after.logHabit("Practice", window: nil, .undo, date: LocalDay("2026-11-27"))
        #expect(throws: PlannerError.habitPausedOn(LocalDay("2026-11-28")!)) {
            try after.logHabit("Practice", window: nil, log, date: LocalDay("2026-11-28"))
        }
    }

    @Test("H-15 a pause from today after today was logged keeps today's entry; one over an earlier pause's logged day too")
    func pauseFromTodayAndOverlapping() throws {
        let store = try HabitTestStore()
        let habit = try store.open("2026-11-16").habitAdd("Water", kind: .counted, target: 3)
        try store.habitLogEach(habit, ["2026-11-30"], .count(3), at: "08:00")
        let noon = try store.open("2026-11-30", "12:00")
        let report = try noon.app.pauseHabit(PauseHabit.Input(habit: habit.id, from: nil, to: nil, reason: .travel))
        expectEqual(report.keptDays.map(\.description), ["2026-11-30"])
        let evening = try store.open("2026-11-30", "20:00")
        let today = try evening.habitCell(habit, "2026-11-30")
        #expect(today.isDue && today.amount == 3 && today.state == .complete)
        let later = try store.open("2026-12-02", "09:00")
        expectTrue(try !later.habitCell(habit, "2026-12-01").isDue, "the days after rest")
        try expectEqual(later.habitCell(habit, "2026-11-30").state, .complete, "the logged day stays done")
        // A second pause over the first, reaching back over the logged day, keeps it too.
        let second = try later.app.pauseHabit(PauseHabit.Input(habit: habit.id, from: LocalDay("2026-11-29"),
                                                               to: LocalDay("2026-12-05"), reason: .other))
        expectEqual(second.keptDays.map(\.description), ["2026-11-30"])
        try expectEqual(store.open("2026-12-02", "10:00").habitCell(habit, "2026-11-30").state, .complete)
        let text = HabitWords.keptDaysLine(second.keptDays)
        expectEqual(text, "\n30 Nov keeps what was logged on it.")
        expectEqual(HabitWords.keptDaysLine([]), "")
    }

    @Test("H-8 H-15 a week of a weekly target asks its share of the days it could be done, rounded up, and the read says why",
          arguments: [Weekday.monday, .sunday])
    func pausedWeekAsksItsShare(_ first: Weekday) throws {
        let store = try HabitTestStore(zone: "Asia/Tokyo", localeFirstWeekday: first)
        let gym = try store.open("2026-10-01").habitAdd("Gym", schedule: .timesPerWeek(3))
        let weekStart = PlannerCalendar(timeZone: store.zone, firstWeekday: first).startOfWeek(containing: LocalDay("2026-11-18")!)
        // Four days paused leave three: 3 × 3/7 rounds up to 2.
        try store.open(weekStart.description, "07:00").pauseHabit("Gym", from: weekStart.adding(days: 1),
                                                                   to: weekStart.adding(days: 5), reason: .illness)
        try store.habitLogEach(gym, [weekStart.adding(days: 5).description], .toggle)
        let saturday = try store.open(weekStart.adding(days: 5).description, "21:00")
        let line = try saturday.habitToday(gym)
        #expect(line.week?.target == 2 && line.week?.done == 1)
        expectTrue(line.isDueToday)
        let read = try saturday.habitRead(gym)
        expectTrue(read.hasPrefix("1 of 2 this week. This week asks 2 instead of 3: 4 days are paused."), "\(read)")
        let grid = try saturday.app.readHabitGrid(ReadHabitGrid.Input(habit: gym.id, weeks: 2))
        expectContains(grid.json.rendered(), "This week asks 2 instead of 3: 4 days are paused.", "the read in --json and the API too")
        try store.habitLogEach(gym, [weekStart.adding(days: 6).description], .toggle)
        let after = try store.open(weekStart.adding(days: 7).description)
        try expectEqual(after.habitNumbers(gym).weeksDone.first, 2)
        expectTrue(try after.habitNumbers(gym).weeksMet >= 1, "two of the two asked")
    }

    @Test("H-8 a habit begun mid-week asks that week's share of its target, and the read says why")
    func newHabitWeekAsksItsShare() throws {
        let store = try HabitTestStore()
        // Thursday 3 December 2026: four days of the week remain, 3 × 4/7 rounds up to 2.
        let run = try store.open("2026-12-03").habitAdd("Run", schedule: .timesPerWeek(3))
        let thursday = try store.open("2026-12-03", "20:00")
        try expectEqual(thursday.habitToday(run).week?.target, 2)
        try expectContains(thursday.habitRead(run), "This week asks 2 instead of 3: 3 days came before the habit began.")
        let monday = try store.open("2026-12-07", "20:00")
        try expectEqual(monday.habitToday(run).week?.target, 3, "a full week asks the whole target")
        try expectLacks(monday.habitRead(run), "instead of")
    }
}
