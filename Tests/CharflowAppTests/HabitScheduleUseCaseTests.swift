@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Schedules and weekly targets (first weekday, daylight saving), pauses, and the once-only habit signals.
@Suite("Habit schedules, pauses and signals")
struct HabitScheduleUseCaseTests {
    // MARK: H-2 H-8 schedules and weekly targets

    @Test("H-2 a weekdays habit is not due at the weekend; a custom-days habit only on its days")
    func fixedDays() throws {
        let store = try HabitTestStore()
        let setup = try store.open("2026-11-27") // Friday
        try setup.habitAdd("Plan", schedule: .weekdays)
        try setup.habitAdd("Swim", schedule: .custom([.tuesday, .saturday]))
        let saturday = try store.open("2026-11-28")
        let plan = try saturday.habitToday(try saturday.habit(matching: "Plan"))
        let swim = try saturday.habitToday(try saturday.habit(matching: "Swim"))
        expectTrue(!plan.isDueToday)
        expectTrue(swim.isDueToday)
        let monday = try store.open("2026-11-30")
        expectTrue(try monday.habitToday(try monday.habit(matching: "Plan")).isDueToday)
        expectTrue(!(try monday.habitToday(try monday.habit(matching: "Swim")).isDueToday))
    }

    @Test("H-8 a weekly target shows every day until met, then as done for the rest of the week")
    func weeklyShownUntilMet() throws {
        let store = try HabitTestStore()
        let swim = try store.open("2026-11-30").habitAdd("Swim", schedule: .timesPerWeek(2))
        let monday = try store.open("2026-11-30", "10:00")
        expectTrue(try monday.habitToday(swim).isDueToday)
        try monday.logHabit("Swim", window: nil, .toggle)
        let tuesday = try store.open("2026-12-01")
        let tue = try tuesday.habitToday(swim)
        expectTrue(tue.isDueToday)
        expectEqual(tue.week?.done, 1)
        expectEqual(tue.week?.target, 2)
        try tuesday.logHabit("Swim", window: nil, .toggle)
        for day in ["2026-12-02", "2026-12-05", "2026-12-06"] {
            let line = try store.open(day).habitToday(swim)
            expectTrue(!line.isDueToday, "\(day)")
            expectTrue(line.isDoneToday, "\(day)")
            expectEqual(line.week?.done, 2)
        }
        // A new week asks again.
        let next = try store.open("2026-12-07").habitToday(swim)
        expectTrue(next.isDueToday)
        expectEqual(next.week?.done, 0)
        // And nothing was ever missed.
        let days = try HabitTestStore.days(from: "2026-11-30", count: 7)
        expectTrue(!(try store.open("2026-12-07").habitStates(swim, days).contains(.missed)))
    }

    static let weekStarts: [(String, Int, Int)] = [
        // first weekday, this week's days met on Monday 30 Nov, and after Monday's own log.
        ("monday", 0, 1),
        ("sunday", 1, 2),
    ]

    @Test("H-8 H-2 weekly targets count on calendar weeks from the first weekday: monday and sunday",
          arguments: weekStarts)
    func weekStart(_ row: (String, Int, Int)) throws {
        let (firstWeekday, before, after) = row
        let store = try HabitTestStore()
        let setup = try store.open("2026-11-23")
        try setup.setSetting("first-weekday", firstWeekday)
        let swim = try setup.habitAdd("Swim", schedule: .timesPerWeek(2))
        try store.habitLogEach(swim, ["2026-11-28", "2026-11-29"], .toggle)
        let monday = try store.open("2026-11-30")
        expectEqual(monday.calendar.firstWeekday.name, firstWeekday)
        try expectEqual(monday.habitToday(swim).week?.done, before)
        try monday.logHabit("Swim", window: nil, .toggle)
        let later = try store.open("2026-11-30", "10:00")
        let line = try later.habitToday(swim)
        expectEqual(line.week?.done, after)
        expectEqual(line.isDoneToday, (after >= 2))
        expectTrue(try later.habitRead(swim).hasPrefix("\(after) of 2 this week."))
    }

    @Test("H-8 H-9 a weekly habit's day counts toward the week only when its own target is met")
    func weeklyOwnTargetStore() throws {
        let store = try HabitTestStore()
        let run = try store.open("2026-11-23").habitAdd("", preset: .running)
        let planner = try store.open("2026-11-30")
        try planner.logHabit(run.id.uuidString, window: nil, .minutes(20), date: LocalDay("2026-11-23"))
        try planner.logHabit(run.id.uuidString, window: nil, .minutes(30), date: LocalDay("2026-11-25"))
        try planner.logHabit(run.id.uuidString, window: nil, .minutes(40), date: LocalDay("2026-11-27"))
        let after = try store.open("2026-11-30", "10:00")
        let history = try after.habitHistory(run)
        let week = history.weekProgress(containing: try #require(LocalDay("2026-11-29")), calendar: after.calendar)
        expectEqual(week.done, 2)
        expectEqual(week.target, 3)
        try expectEqual(after.habitCell(run, "2026-11-23").state, .partialHigh)
        try expectEqual(after.habitCell(run, "2026-11-24").state, .empty)
        try expectEqual(after.habitNumbers(run).weeksMet, 0)
    }

    @Test("H-2 H-5 in America/New_York across the end of daylight saving (1 Nov 2026) every log lands on its own day")
    func newYorkDailyAcrossDST() throws {
        let store = try HabitTestStore(zone: "America/New_York")
        let walk = try store.open("2026-10-29").habitAdd("Walk")
        let days = try HabitTestStore.days(from: "2026-10-29", count: 6) // 29 Oct – 3 Nov
        try store.habitLogEach(walk, days, .toggle, at: "23:30")
        // 01:30 on 1 Nov happens twice; both are 1 Nov.
        let ambiguous = try HabitTestStore(zone: "America/New_York").open("2026-11-01", "01:30")
        expectEqual(ambiguous.today.description, "2026-11-01")
        let planner = try store.open("2026-11-04")
        try expectEqual(planner.habitStates(walk, days), Array(repeating: .complete, count: 6))
        try expectEqual(planner.habitCell(walk, "2026-11-04").state, .empty)
        let dates = try planner.db.rows("SELECT date FROM habit_entries ORDER BY date").compactMap { $0[0].text }
        expectEqual(dates, days)
    }

    static let newYorkWeekRows: [(String, Int, Int)] = [
        // first weekday, done on Sun 1 Nov at 23:30, done on Mon 2 Nov at 00:30.
        ("monday", 2, 0),
        ("sunday", 1, 1),
    ]

    @Test("H-8 H-2 in America/New_York the 25-hour Sunday 1 Nov belongs to the right week for monday and sunday starts",
          arguments: newYorkWeekRows)
    func newYorkWeeks(_ row: (String, Int, Int)) throws {
        let (firstWeekday, sundayNight, mondayMorning) = row
        let store = try HabitTestStore(zone: "America/New_York")
        let setup = try store.open("2026-10-26")
        try setup.setSetting("first-weekday", firstWeekday)
        let swim = try setup.habitAdd("Swim", schedule: .timesPerWeek(2))
        try store.habitLogEach(swim, ["2026-10-31"], .toggle, at: "23:30")
        // Logged at 00:30 EDT on 1 Nov; read back 24 hours later, at 23:30 EST, still 1 Nov.
        let early = try store.open("2026-11-01", "00:30")
        try early.logHabit("Swim", window: nil, .toggle)
        let late = try Store(path: store.path, timeZone: store.zone, localeFirstWeekday: .monday,
                               now: early.now.addingTimeInterval(24 * 3600))
        expectEqual(late.today.description, "2026-11-01")
        try expectEqual(late.habitToday(swim).week?.done, sundayNight)
        let next = try store.open("2026-11-02", "00:30")
        try expectEqual(next.habitToday(swim).week?.done, mondayMorning)
    }

    @Test("H-4 H-2 a window's reminder is given once its time has passed on a due day, once a day; not when unscheduled or complete")
    func windowReminders() throws {
        let store = try HabitTestStore()
        let setup = try store.open("2026-11-27") // Friday
        try setup.setSetting("review-time", "off")
        try setup.habitAdd("Plan", schedule: .weekdays, windows: ["Evening 18:00-22:00 remind 18:30"])
        try setup.habitAdd("Meds", windows: ["Morning 07:00-09:00 remind 07:30", "Night 21:00-23:00 remind 21:15"])
        expectTrue(try store.open("2026-11-27", "07:00").takeReminders().isEmpty)
        try expectEqual(store.open("2026-11-27", "07:45").takeReminders().map(\.message), ["Meds (Morning)"])
        expectTrue(try store.open("2026-11-27", "08:00").takeReminders().isEmpty, "once a day")
        try store.open("2026-11-27", "18:00").logHabit("Plan", window: nil, .toggle)
        expectTrue(try store.open("2026-11-27", "18:45").takeReminders().isEmpty, "Plan is done today")
        try expectEqual(store.open("2026-11-27", "21:30").takeReminders().map(\.message), ["Meds (Night)"])
        // Saturday: Plan is not due, Meds reminds again.
        try expectEqual(store.open("2026-11-28", "19:00").takeReminders().map(\.message), ["Meds (Morning)"])
    }

    @Test("H-11 a habit session still running when the day ends is closed at the rollover and counts for its own day")
    func sessionAcrossRollover() throws {
        let store = try HabitTestStore()
        let read = try store.open("2026-11-29", "20:00").habitAdd("Read", kind: .timed, target: 45)
        try store.open("2026-11-29", "23:30").recordBegin(habit: "Read")
        let planner = try store.open("2026-11-30", "09:00")
        try expectEqual(planner.sessions.live(), nil)
        let sunday = try planner.habitCell(read, "2026-11-29")
        expectEqual(sunday.amount, 30)
        expectEqual(sunday.state, .partialHigh)
        try expectEqual(planner.habitCell(read, "2026-11-30").amount, 0)
    }

    @Test("H-5 should two devices each write a day's entry, the larger amount is read")
    func twoDeviceEntries() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-29")
        let water = try planner.habitAdd("Water", kind: .counted, target: 8)
        try planner.logHabit("Water", window: nil, .count(3))
        let window = try planner.habitWindow(water)
        try planner.db.run("""
            INSERT INTO habit_entries (id, window_id, date, target, amount, completed_at, modified_at)
            VALUES (?, ?, '2026-11-29', 8, 5, NULL, '2026-11-29T10:00:00.000Z')
            """, [.text(UUID().uuidString.lowercased()), .text(window.id.uuidString.lowercased())])
        let later = try store.open("2026-11-30")
        try expectEqual(later.habitCell(water, "2026-11-29").amount, 5)
        try expectEqual(later.habitCell(water, "2026-11-29").state, .partialHigh)
    }

    // MARK: H-15 pauses

    @Test("H-15 a paused week leaves the read's denominators and hides the habit from Today, reminders and night planning")
    func pausedWeek() throws {
        let store = try HabitTestStore()
        let setup = try store.open("2026-11-02")
        let walk = try setup.habitAdd("Walk", windows: ["00:00-23:59 remind 08:00"])
        try setup.habitAdd("Floss", windows: ["00:00-23:59 remind 08:00"])
        try store.habitLogEach(walk, try HabitTestStore.days(from: "2026-11-09", count: 7), .toggle)
        try store.open("2026-11-15", "21:00").pauseHabit("Walk", from: LocalDay("2026-11-16"), to: LocalDay("2026-11-23"),
                                                          reason: .travel)

        let paused = try store.open("2026-11-18", "09:00")
        let line = try paused.habitToday(walk)
        expectNotEqual(line.pause, nil)
        expectTrue(!line.isDueToday)
        try expectEqual(paused.takeReminders().map(\.message), ["Floss"], "only the habit not paused reminds")
        // The review leaving a paused habit out is NightPlanningUseCaseTests' (P-1).

        let back = try store.open("2026-11-30")
        let numbers = try back.habitNumbers(walk)
        expectEqual(numbers.due, 14)
        expectEqual(numbers.complete, 7)
        expectEqual(numbers.missed, 7)
        try expectEqual(back.habitRead(walk), "Missed 7 of the last 14. Seven a week may be more than this season allows — try four?")
        for day in try HabitTestStore.days(from: "2026-11-16", count: 7) {
            try expectEqual(back.habitCell(walk, day).state, .empty)
        }
        try expectEqual(back.habitRecords.pauses(of: walk.id).map(\.reason), [.travel])
    }

    @Test("H-15 an open-ended pause lasts until resumed; resuming affects only today on, past paused days stay unscheduled")
    func openEndedResume() throws {
        let store = try HabitTestStore()
        let walk = try store.open("2026-11-10").habitAdd("Walk")
        let pause = try store.open("2026-11-20").pauseHabit("Walk", from: nil, to: nil, reason: .illness)
        expectEqual(pause.from.description, "2026-11-20")
        expectEqual(pause.to, nil)
        try expectNotEqual(store.open("2026-11-24").habitToday(walk).pause, nil)

        let planner = try store.open("2026-11-25")
        try planner.resumeHabit("Walk")
        let after = try store.open("2026-11-26")
        try expectEqual(after.habitRecords.pauses(of: walk.id).map { $0.to?.description }, ["2026-11-25"], "it resumes the day it is resumed")
        try expectEqual(after.habitToday(walk).pause, nil)
        try expectEqual(after.habitStates(walk, ["2026-11-19", "2026-11-20", "2026-11-24", "2026-11-25"]), [.missed, .empty, .empty, .missed])
        #expect(throws: PlannerError.notPausedHabit) { try after.resumeHabit("Walk") }
    }

    @Test("H-15 resuming before a pause has begun removes it; a pause ending before it starts is refused")
    func resumeFuturePause() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let walk = try planner.habitAdd("Walk")
        try planner.pauseHabit("Walk", from: LocalDay("2026-12-10"), to: LocalDay("2026-12-12"), reason: .cycle)
        try planner.resumeHabit("Walk")
        expectTrue(try planner.habitRecords.pauses(of: walk.id).isEmpty)
        let before = try HabitTestStore.contents(planner)
        #expect(throws: PlannerError.badPause) {
            try planner.pauseHabit("Walk", from: LocalDay("2026-12-10"), to: LocalDay("2026-12-09"), reason: .other)
        }
        try expectEqual(HabitTestStore.contents(planner), before)
    }

    @Test("H-15 ending a pause keeps the entries of past days")
    func resumeKeepsEntries() throws {
        let store = try HabitTestStore()
        let water = try store.open("2026-11-10").habitAdd("Water", kind: .counted, target: 4)
        try store.habitLogEach(water, ["2026-11-19"], .count(4))
        try store.open("2026-11-20").pauseHabit("Water", from: nil, to: nil, reason: .travel)
        try store.open("2026-11-25").resumeHabit("Water")
        let planner = try store.open("2026-11-26")
        try expectEqual(planner.habitEntry(water, "2026-11-19")?.amount, 4)
        try expectEqual(planner.habitCell(water, "2026-11-19").state, .complete)
        try expectEqual(planner.habitCell(water, "2026-11-21").state, .empty, "the 21st was paused")
        #expect(throws: PlannerError.habitPausedOn(LocalDay("2026-11-21")!)) {
            try planner.logHabit("Water", window: nil, .count(4), date: LocalDay("2026-11-21"))
        }
    }

    // MARK: H-21 signals

    @Test("H-21 fatigue (more than half missed over three weeks) is shown once a week per habit")
    func fatigueOnce() throws {
        let store = try HabitTestStore()
        let walk = try store.open("2026-11-02").habitAdd("Walk")
        let steady = try store.open("2026-11-02").habitAdd("Floss")
        for (index, day) in try HabitTestStore.days(from: "2026-11-09", count: 21).enumerated() {
            if index < 5 { try store.habitLogEach(walk, [day], .toggle) }
            try store.habitLogEach(steady, [day], .toggle, at: "21:00")
        }
        let first = try store.open("2026-11-30").takeHabitSignals()
        expectEqual(first, [.habitFatigue(habit: walk.id)])
        expectTrue(try store.open("2026-11-30", "12:00").takeHabitSignals().isEmpty)
        expectTrue(try store.open("2026-12-06", "12:00").takeHabitSignals().isEmpty, "still the same week")
        try expectEqual(store.open("2026-12-07").takeHabitSignals(), [.habitFatigue(habit: walk.id)])
    }

    @Test("H-15 H-21 a paused habit raises no fatigue while it is paused (it is hidden from Today)")
    func noFatigueWhilePaused() throws {
        let store = try HabitTestStore()
        let walk = try store.open("2026-11-02").habitAdd("Walk")
        try store.open("2026-11-16").pauseHabit("Walk", from: nil, to: nil, reason: .illness)
        let planner = try store.open("2026-11-30")
        try expectNotEqual(planner.habitToday(walk).pause, nil)
        try expectEmpty(planner.takeHabitSignals(), "a nudge about a habit the user has paused")
    }

    @Test("H-21 H-8 a weekly-target or avoid habit never raises fatigue")
    func noFatigueForWeeklyOrAvoid() throws {
        let store = try HabitTestStore()
        let setup = try store.open("2026-11-02")
        try setup.habitAdd("Swim", schedule: .timesPerWeek(5))
        try setup.habitAdd("Snacks", kind: .avoid)
        try expectEmpty(store.open("2026-11-30").takeHabitSignals())
    }

    @Test("H-21 new-habit realism: a fourth habit within a week raises it once that week")
    func newHabitRealismOnce() throws {
        let store = try HabitTestStore()
        // Weekly targets, so that no fatigue is in the way.
        let weekly = HabitSchedule.timesPerWeek(3)
        try store.open("2026-11-24").habitAdd("One", schedule: weekly)
        try store.open("2026-11-26").habitAdd("Two", schedule: weekly)
        let planner = try store.open("2026-11-30")
        try planner.habitAdd("Three", schedule: weekly)
        try expectEmpty(planner.takeHabitSignals())
        try planner.habitAdd("Four", schedule: weekly)
        try expectEqual(store.open("2026-11-30", "10:00").takeHabitSignals(), [.newHabitRealism(count: 4)])
        expectTrue(try store.open("2026-11-30", "11:00").takeHabitSignals().isEmpty)
        try store.open("2026-12-01").habitAdd("Five", schedule: weekly)
        expectTrue(try store.open("2026-12-01", "10:00").takeHabitSignals().isEmpty, "already shown this week")
    }
}
