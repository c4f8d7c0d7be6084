@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Issue 16's habit findings over a real store: past days keep their targets, one rule for a week's
/// target, pauses leave weekly denominators, and no log is stored that no view shows.
@Suite("Habit targets, pauses and cadence over a real store")
struct HabitTargetsAndPausesUseCaseTests {
    // MARK: H-5 a correction uses that day's target

    @Test("H-5 correcting a past day after the target was raised uses that day's target, for counted, timed and avoid",
          arguments: [(HabitKind.counted, 3, 5, HabitLog.count(3), DensityState.complete),
                      (.timed, 20, 40, .minutes(20), .complete),
                      (.avoid, 1, 0, .slip, .complete)])
    func pastDayKeepsItsTarget(_ kind: HabitKind, _ old: Int, _ new: Int, _ log: HabitLog,
                               _ expected: DensityState) throws {
        let store = try HabitTestStore(zone: "America/New_York")
        let habit = try store.open("2026-11-23").habitAdd("Practice", kind: kind, target: old)
        let wednesday = try store.open("2026-12-02", "08:00")
        var change = HabitChange()
        change.target = new
        try wednesday.editHabit("Practice", change)
        let later = try store.open("2026-12-02", "21:00")
        let logged = try later.logHabit("Practice", window: nil, log, date: LocalDay("2026-12-01"))
        expectEqual(logged.entry.target, old, "\(kind): Tuesday's target was \(old)")
        try expectEqual(later.habitCell(habit, "2026-12-01").target, old)
        try expectEqual(later.habitCell(habit, "2026-12-01").state, expected, "\(kind)")
        try expectEqual(later.habitWindow(habit).target, new, "today and later take the new target")
        try expectEqual(later.habitCell(habit, "2026-12-02").target, new)
    }

    @Test("H-5 a target changed twice: each past day keeps the target it had, and undo takes the snapshots back")
    func targetChangedTwice() throws {
        let store = try HabitTestStore()
        let water = try store.open("2026-11-20").habitAdd("Water", kind: .counted, target: 3)
        var change = HabitChange()
        change.target = 5
        try store.open("2026-11-25").editHabit("Water", change)
        change.target = 8
        let second = try store.open("2026-11-27")
        try second.editHabit("Water", change)
        let now = try store.open("2026-11-28")
        try expectEqual(now.logHabit("Water", window: nil, .count(4), date: LocalDay("2026-11-24")).entry.target, 3)
        try expectEqual(now.logHabit("Water", window: nil, .count(4), date: LocalDay("2026-11-26")).entry.target, 5)
        try expectEqual(now.habitCell(water, "2026-11-24").state, .complete)
        try expectEqual(now.habitCell(water, "2026-11-26").state, .partialHigh)
        try expectEqual(now.habitCell(water, "2026-11-28").target, 8)
        expectTrue(try now.app.engagedDays(from: LocalDay("2026-11-20")!, through: LocalDay("2026-11-23")!).isEmpty, "an empty snapshot entry is no engagement")
    }

    // MARK: H-8 one rule for a week's target

    @Test("H-8 a weekly target lowered mid-week: Today and the next week's read agree the week was met",
          arguments: [Weekday.monday, .sunday])
    func weeklyTargetAgrees(_ first: Weekday) throws {
        let store = try HabitTestStore(zone: "Europe/London", localeFirstWeekday: first)
        let run = try store.open("2026-10-20").habitAdd("Run", schedule: .timesPerWeek(3))
        let weekStart = PlannerCalendar(timeZone: store.zone, firstWeekday: first).startOfWeek(containing: LocalDay("2026-11-18")!)
        try store.habitLogEach(run, [weekStart.adding(days: 1).description], .toggle)
        var change = HabitChange()
        change.schedule = .timesPerWeek(2)
        try store.open(weekStart.adding(days: 2).description).editHabit("Run", change)
        try store.habitLogEach(run, [weekStart.adding(days: 3).description], .toggle)
        let thatWeek = try store.open(weekStart.adding(days: 4).description, "21:00")
        let line = try thatWeek.habitToday(run)
        #expect(line.week?.done == 2 && line.week?.target == 2)
        expectTrue(line.isDoneToday && !line.isDueToday)
        let nextWeek = try store.open(weekStart.adding(days: 7).description)
        let numbers = try nextWeek.habitNumbers(run)
        expectEqual(numbers.weeksDone.first, 2)
        expectTrue(numbers.weeksMet >= 1, "the read judges the week by the target in force at its end")
    }

    @Test("H-8 H-15 a week with four paused days is judged against the days it had", arguments: [Weekday.monday, .sunday])
    func pausedWeekDenominator(_ first: Weekday) throws {
        let store = try HabitTestStore(zone: "America/New_York", localeFirstWeekday: first)
        let gym = try store.open("2026-10-01").habitAdd("Gym", schedule: .timesPerWeek(5))
        let weekStart = PlannerCalendar(timeZone: store.zone, firstWeekday: first).startOfWeek(containing: LocalDay("2026-11-18")!)
        try store.open(weekStart.description, "07:00").pauseHabit("Gym", from: weekStart.adding(days: 1),
                                                                   to: weekStart.adding(days: 5), reason: .illness)
        try store.habitLogEach(gym, [weekStart, weekStart.adding(days: 5), weekStart.adding(days: 6)].map(\.description), .toggle)
        let sunday = try store.open(weekStart.adding(days: 6).description, "21:00")
        let line = try sunday.habitToday(gym)
        #expect(line.week?.target == 3 && line.week?.done == 3)
        expectTrue(try sunday.habitRead(gym).hasPrefix("3 of 3 this week. This week asks 3 instead of 5: 4 days are paused."))
        let after = try store.open(weekStart.adding(days: 7).description)
        try expectEqual(after.habitNumbers(gym).weeksDone.first, 3)
        expectTrue(try after.habitNumbers(gym).weeksMet >= 1)
    }

    // MARK: H-2 H-15 no log is stored that no view shows

    @Test("H-2 H-15 a log on an unscheduled or paused day is refused with its reason and changes nothing",
          arguments: [HabitKind.binary, .counted, .timed, .avoid])
    func unshownLogsRefused(_ kind: HabitKind) throws {
        let store = try HabitTestStore()
        let log: HabitLog = switch kind {
        case .binary: .toggle
        case .counted: .count(1)
        case .timed: .minutes(10)
        case .avoid: .slip
        }
        // Mondays, Wednesdays and Fridays; paused on Friday 27 November.
        try store.open("2026-11-16").habitAdd("Stretch", kind: kind, target: kind == .avoid ? 0 : 1,
                                              schedule: .custom([.monday, .wednesday, .friday]))
        try store.open("2026-11-20").pauseHabit("Stretch", from: LocalDay("2026-11-27"), to: LocalDay("2026-11-28"),
                                                reason: .other)
        let planner = try store.open("2026-11-30")
        let before = try HabitTestStore.contents(planner)
        #expect(throws: PlannerError.habitNotScheduledOn(LocalDay("2026-11-24")!)) {
            try planner.logHabit("Stretch", window: nil, log, date: LocalDay("2026-11-24"))
        }
        #expect(throws: PlannerError.habitPausedOn(LocalDay("2026-11-27")!)) {
            try planner.logHabit("Stretch", window: nil, log, date: LocalDay("2026-11-27"))
        }
        try expectEqual(HabitTestStore.contents(planner), before)
        try planner.logHabit("Stretch", window: nil, log, date: LocalDay("2026-11-25"))
        expectContains(PlannerError.habitNotScheduledOn(LocalDay("2026-11-24")!).message, "Tuesday")
    }

    // MARK: H-15 a pause's `to` is the day it resumes

    @Test("H-15 D15 a pause from 16 to 23 November leaves 16–22 paused and the 23rd due; resume ends it today")
    func pauseToIsResumeDay() throws {
        let store = try HabitTestStore()
        let walk = try store.open("2026-11-02").habitAdd("Walk")
        try store.open("2026-11-10").pauseHabit("Walk", from: LocalDay("2026-11-16"), to: LocalDay("2026-11-23"),
                                                reason: .travel)
        let planner = try store.open("2026-11-30")
        expectTrue(try planner.habitCell(walk, "2026-11-15").isDue)
        for day in try HabitTestStore.days(from: "2026-11-16", count: 7) {
            expectTrue(!(try planner.habitCell(walk, day).isDue), "\(day) is paused")
        }
        expectTrue(try planner.habitCell(walk, "2026-11-23").isDue, "the resume day is due")
        #expect(throws: PlannerError.badPause) {
            try planner.pauseHabit("Walk", from: LocalDay("2026-12-10"), to: LocalDay("2026-12-10"), reason: .other)
        }
        try store.open("2026-12-01").pauseHabit("Walk", from: LocalDay("2026-11-28"), to: nil, reason: .illness)
        let back = try store.open("2026-12-03")
        try back.resumeHabit("Walk")
        try expectEqual(back.habitRecords.pauses(of: walk.id).last?.to, LocalDay("2026-12-03"), "resumes today")
        expectTrue(try back.habitToday(walk).isDueToday)
    }

    @Test("H-15 a store written before the resume day keeps its pauses' days: each stored end moves on by one")
    func pauseMigration() throws {
        let store = try HabitTestStore()
        let walk = try store.open("2026-11-02").habitAdd("Walk")
        do {
            let planner = try store.open("2026-11-10")
            try planner.pauseHabit("Walk", from: LocalDay("2026-11-16"), to: LocalDay("2026-11-23"), reason: .travel)
            // As an older build stored it: the last paused day, and no record of the migration.
            try planner.db.execute("""
                UPDATE habit_pauses SET to_day = '2026-11-22';
                DELETE FROM charflow_migrations WHERE name = '0007-pause-to-is-resume-day'
                """)
        }
        let migrated = try store.open("2026-11-30")
        try expectEqual(migrated.habitRecords.pauses(of: walk.id).first?.to, LocalDay("2026-11-23"))
        expectTrue(!(try migrated.habitCell(walk, "2026-11-22").isDue))
        expectTrue(try migrated.habitCell(walk, "2026-11-23").isDue)
    }

    @Test("H-8 a weekly-target habit takes a log on any day that is not paused")
    func weeklyTakesAnyDay() throws {
        let store = try HabitTestStore()
        let walk = try store.open("2026-11-16").habitAdd("Walk", schedule: .timesPerWeek(2))
        let planner = try store.open("2026-11-30")
        for day in ["2026-11-21", "2026-11-22", "2026-11-24"] {
            try planner.logHabit("Walk", window: nil, .toggle, date: LocalDay(day))
        }
        try expectEqual(planner.habitEntry(walk, "2026-11-22")?.amount, 1)
    }

    // MARK: H-18 the lighter cadence waits

    @Test("H-18 H-21 a habit four days old, or a weekly habit one week old, is offered no lighter cadence")
    func noEarlySuggestion() throws {
        let store = try HabitTestStore()
        let daily = try store.open("2026-11-26").habitAdd("Read")
        let weekly = try store.open("2026-11-23").habitAdd("Swim", schedule: .timesPerWeek(3))
        let planner = try store.open("2026-11-30")
        try expectEqual(planner.habitRead(daily), "Missed 4 of the last 4.")
        expectLacks((try planner.habitRead(weekly)), "may be more")
        // Today's signals leaving the density read out are TodayUseCaseTests' (H-18).
    }
}
