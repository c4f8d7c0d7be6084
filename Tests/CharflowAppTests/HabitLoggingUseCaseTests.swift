@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Logging by kind, correcting past days, timed sessions, avoid habits and engagement — on a real store.
@Suite("Habit logging")
struct HabitLoggingUseCaseTests {
    // MARK: H-10 kinds

    @Test("H-10 binary is a tap: 0 or 1, a second tap takes it back")
    func binaryToggle() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let walk = try planner.habitAdd("Walk")
        try expectEqual(planner.logHabit("Walk", window: nil, .toggle).entry.amount, 1)
        try expectEqual(planner.habitCell(walk, "2026-11-30").state, .complete)
        try expectEqual(planner.logHabit("Walk", window: nil, .toggle).entry.amount, 0)
        try expectEqual(planner.habitCell(walk, "2026-11-30").state, .empty)
    }

    @Test("H-6 B-21 Today's habit line, read once per command, follows a log and its undo on the same connection")
    func todayLineFollowsLogAndUndo() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let water = try planner.habitAdd("Water", kind: .counted, target: 3)
        try expectEqual(planner.habitToday(water).windows.first?.cell.amount, 0)
        try expectEqual(planner.app.habitDays().first { $0.habit.id == water.id }?.isDoneToday, false)
        try planner.logHabit("Water", window: nil, .count(3))
        try expectEqual(planner.habitToday(water).windows.first?.cell.state, .complete)
        try expectEqual(planner.app.habitDays().first { $0.habit.id == water.id }?.isDoneToday, true)
        try expectEqual(planner.undo(), "habit log")
        try expectEqual(planner.habitToday(water).windows.first?.cell.amount, 0)
        try expectEqual(planner.app.habitDays().first { $0.habit.id == water.id }?.isDoneToday, false)
    }

    @Test("H-10 H-17 counted steps toward N: 2 of 3 is partialHigh and reads 2/3, 3 of 3 complete")
    func countedStepper() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-29", "20:00")
        let water = try planner.habitAdd("Water", kind: .counted, target: 3)
        try planner.logHabit("Water", window: nil, .count(1))
        let two = try planner.logHabit("Water", window: nil, .count(1)).entry
        expectEqual(two.amount, 2)
        expectEqual(two.target, 3)
        expectEqual(two.completedAt, nil)
        let later = try store.open("2026-11-30")
        let cell = try later.habitCell(water, "2026-11-29")
        expectEqual(cell.state, .partialHigh)
        expectEqual("\(cell.amount)/\(cell.target)", "2/3")
        let three = try later.logHabit("Water", window: nil, .count(1), date: LocalDay("2026-11-29")).entry
        expectEqual(three.amount, 3)
        try expectEqual(store.open("2026-11-30", "09:01").habitCell(water, "2026-11-29").state, .complete)
    }

    @Test("H-10 avoid counts slips against the allowance; undo takes one back")
    func avoidSlips() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        try planner.habitAdd("Snacks", kind: .avoid, target: 1)
        try planner.logHabit("Snacks", window: nil, .slip)
        try expectEqual(planner.logHabit("Snacks", window: nil, .slip).entry.amount, 2)
        try expectEqual(planner.logHabit("Snacks", window: nil, .undo).entry.amount, 1)
    }

    static let misfits: [(HabitKind, HabitLog)] = [
        (.binary, .count(1)), (.binary, .minutes(5)), (.binary, .slip), (.binary, .held),
        (.counted, .toggle), (.counted, .minutes(5)), (.counted, .slip), (.counted, .count(0)), (.counted, .count(-2)),
        (.timed, .toggle), (.timed, .count(1)), (.timed, .held), (.timed, .minutes(0)),
        (.avoid, .toggle), (.avoid, .count(1)), (.avoid, .minutes(5)),
    ]

    @Test("H-10 a log that does not fit the habit's kind is refused and changes nothing", arguments: misfits)
    func misfitLog(_ row: (HabitKind, HabitLog)) throws {
        let (kind, log) = row
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        try planner.habitAdd("H", kind: kind, target: kind == .binary ? 1 : 3)
        let before = try HabitTestStore.contents(planner)
        let error = #expect(throws: PlannerError.self) { try planner.logHabit("H", window: nil, log) }
        guard case .wrongLog(let named, _)? = error else {
            Issue.record("expected wrongLog, got \(String(describing: error))")
            return
        }
        expectEqual(named, kind)
        try expectEqual(HabitTestStore.contents(planner), before)
    }

    // MARK: H-5 entries

    @Test("H-5 one entry per window and logical day; completedAt is set when the target is reached and cleared below it")
    func entryPerDay() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30", "08:00")
        let water = try planner.habitAdd("Water", kind: .counted, target: 2)
        try planner.logHabit("Water", window: nil, .count(1))
        try store.open("2026-11-30", "09:00").logHabit("Water", window: nil, .count(1))
        let reached = try store.open("2026-11-30", "10:00")
        try expectEqual(reached.habitCount("SELECT count(*) FROM habit_entries"), 1)
        let entry = try #require(try reached.habitEntry(water, "2026-11-30"))
        expectEqual(entry.amount, 2)
        expectEqual(entry.completedAt, (try store.instant("2026-11-30", "09:00")))
        try reached.logHabit("Water", window: nil, .undo)
        try expectEqual(store.open("2026-11-30", "10:01").habitEntry(water, "2026-11-30")?.completedAt, nil)
    }

    @Test("H-5 a late-night log before the rollover counts for the day still being lived")
    func lateNightLog() throws {
        let store = try HabitTestStore()
        let setup = try store.open("2026-11-30", "09:00")
        try setup.setSetting("rollover-time", "03:00")
        let walk = try setup.habitAdd("Walk")
        let late = try store.open("2026-12-01", "01:30")
        expectEqual(late.today.description, "2026-11-30")
        try expectEqual(late.logHabit("Walk", window: nil, .toggle).entry.date.description, "2026-11-30")
        let next = try store.open("2026-12-01", "09:00")
        try expectEqual(next.habitCell(walk, "2026-11-30").state, .complete)
        try expectEqual(next.habitCell(walk, "2026-12-01").state, .empty)
    }

    // MARK: H-9 corrections

    @Test("H-9 the last 14 days can be corrected, today included")
    func correctionWindow() throws {
        let store = try HabitTestStore()
        let walk = try store.open("2026-11-01").habitAdd("Walk")
        let planner = try store.open("2026-11-30")
        let oldest = try planner.logHabit("Walk", window: nil, .toggle, date: LocalDay("2026-11-17")).entry
        expectEqual(oldest.date.description, "2026-11-17")
        try expectEqual(planner.habitCell(walk, "2026-11-17").state, .complete)
        try expectEqual(planner.logHabit("Walk", window: nil, .toggle, date: LocalDay("2026-11-30")).entry.amount, 1)
    }

    @Test("H-9 a correction for a day before the habit (or the time of day) existed is refused and changes nothing")
    func correctionBeforeHabit() throws {
        let store = try HabitTestStore()
        try store.open("2026-11-25", "20:00").habitAdd("Walk")
        let planner = try store.open("2026-11-30")
        let before = try HabitTestStore.contents(planner)
        let day = try #require(LocalDay("2026-11-24"))
        let first = try #require(LocalDay("2026-11-25"))
        #expect(throws: PlannerError.beforeHabitExisted(day, first: first)) {
            try planner.logHabit("Walk", window: nil, .toggle, date: day)
        }
        expectEqual(PlannerError.beforeHabitExisted(day, first: first).message, "The habit began on 2026-11-25; 2026-11-24 is before it.")
        try expectEqual(HabitTestStore.contents(planner), before)
        // Its first day takes a log.
        try expectEqual(planner.logHabit("Walk", window: nil, .toggle, date: first).entry.amount, 1)
    }

    @Test("H-9 a correction older than 14 days, or in the future, is refused with a clear message and changes nothing")
    func correctionTooOld() throws {
        let store = try HabitTestStore()
        try store.open("2026-11-01").habitAdd("Walk")
        let planner = try store.open("2026-11-30")
        let before = try HabitTestStore.contents(planner)
        let old = try #require(LocalDay("2026-11-16"))
        #expect(throws: PlannerError.correctionTooOld(old)) {
            try planner.logHabit("Walk", window: nil, .toggle, date: old)
        }
        expectEqual(PlannerError.correctionTooOld(old).message, "Only the last 14 days can be corrected; 2026-11-16 is read-only.")
        let future = try #require(LocalDay("2026-12-01"))
        #expect(throws: PlannerError.futureDay(future)) { try planner.logHabit("Walk", window: nil, .toggle, date: future) }
        try expectEqual(HabitTestStore.contents(planner), before)
    }

    @Test("H-9 corrections by kind: binary toggles, counted steps, timed adds minutes, avoid sets slips or held")
    func correctionsByKind() throws {
        let store = try HabitTestStore()
        let setup = try store.open("2026-11-20")
        let walk = try setup.habitAdd("Walk")
        let water = try setup.habitAdd("Water", kind: .counted, target: 4)
        let read = try setup.habitAdd("Read", kind: .timed, target: 20)
        let snacks = try setup.habitAdd("Snacks", kind: .avoid, target: 0)
        let sweets = try setup.habitAdd("Sweets", kind: .avoid, target: 0)
        let planner = try store.open("2026-11-30")
        let day = LocalDay("2026-11-25")
        try planner.logHabit("Walk", window: nil, .toggle, date: day)
        try planner.logHabit("Water", window: nil, .count(3), date: day)
        try planner.logHabit("Read", window: nil, .minutes(5), date: day)
        try planner.logHabit("Read", window: nil, .minutes(10), date: day)
        try planner.logHabit("Snacks", window: nil, .held, date: day)
        try planner.logHabit("Sweets", window: nil, .slip, date: day)

        let after = try store.open("2026-11-30", "10:00")
        try expectEqual(after.habitCell(walk, "2026-11-25").state, .complete)
        try expectEqual(after.habitCell(water, "2026-11-25").state, .partialHigh)
        let minutes = try after.habitCell(read, "2026-11-25")
        expectEqual(minutes.amount, 15)
        expectEqual(minutes.state, .partialHigh)
        #expect(try after.habitCount("SELECT count(*) FROM sessions WHERE outcome = 'manual' AND day = '2026-11-25'") == 2)
        try expectEqual(after.habitCell(snacks, "2026-11-25").state, .complete)
        try expectEqual(after.habitCell(sweets, "2026-11-25").state, .missed)
        // A second tap on the binary day takes it back.
        try after.logHabit("Walk", window: nil, .toggle, date: day)
        try expectEqual(store.open("2026-11-30", "10:01").habitCell(walk, "2026-11-25").state, .missed)
    }

    @Test("H-9 H-13 a correction to an avoid habit is an explicit engagement for that day")
    func avoidCorrectionEngages() throws {
        let store = try HabitTestStore()
        let snacks = try store.open("2026-11-20").habitAdd("Snacks", kind: .avoid, target: 2)
        let planner = try store.open("2026-11-30")
        try expectEqual(planner.habitCell(snacks, "2026-11-24").state, .empty)
        try expectEqual(planner.habitCell(snacks, "2026-11-25").state, .empty)
        try planner.logHabit("Snacks", window: nil, .slip, date: LocalDay("2026-11-24"))
        try planner.logHabit("Snacks", window: nil, .held, date: LocalDay("2026-11-25"))
        let after = try store.open("2026-11-30", "10:00")
        try expectEqual(after.habitCell(snacks, "2026-11-24").state, .complete, "one slip is within an allowance of two")
        try expectEqual(after.habitCell(snacks, "2026-11-25").state, .complete)
        try expectNotEqual(after.habitEntry(snacks, "2026-11-24")?.completedAt, nil)
    }

    // MARK: H-11 H-12 timed

    /// Runs real sessions of `durations` seconds on the timed habit "Read" on 30 November, one an hour.
    static func runSessions(_ store: HabitTestStore, _ durations: [Int]) throws {
        for (index, seconds) in durations.enumerated() {
            let hour = String(format: "%02d:00", 9 + index)
            try store.open("2026-11-30", hour).recordBegin(habit: "Read")
            try store.open("2026-11-30", hour, seconds: seconds).recordClose()
        }
    }

    static let sums: [([Int], Int)] = [
        ([40, 50], 2),   // 90 s
        ([20, 20], 1),   // 40 s: each alone would round to 0
        ([90, 90], 3),   // 180 s: each alone would round to 2, 4 in all
        ([29], 0),
        ([30], 1),
        ([20, 20, 20, 20, 20], 2), // 100 s
    ]

    @Test("H-11 timed minutes are round(total seconds ÷ 60) over all the day's sessions, never per session",
          arguments: sums)
    func timedSum(_ row: ([Int], Int)) throws {
        let (durations, minutes) = row
        let store = try HabitTestStore()
        let read = try store.open("2026-11-30", "08:00").habitAdd("Read", kind: .timed, target: 10)
        try Self.runSessions(store, durations)
        let planner = try store.open("2026-11-30", "20:00")
        try expectEqual(planner.habitCell(read, "2026-11-30").amount, minutes)
        try expectEqual(planner.habitCount("SELECT coalesce(sum(actual_seconds), 0) FROM sessions"), durations.reduce(0, +))
    }

    @Test("H-11 manual minutes are a manual session summed with real ones; undo takes back the last manual minutes")
    func manualMinutes() throws {
        let store = try HabitTestStore()
        let read = try store.open("2026-11-30", "08:00").habitAdd("Read", kind: .timed, target: 30)
        try store.open("2026-11-30", "08:10").logHabit("Read", window: nil, .minutes(10))
        try Self.runSessions(store, [40])
        let planner = try store.open("2026-11-30", "20:00")
        // 600 s + 40 s = 640 s → 11 minutes.
        try expectEqual(planner.habitCell(read, "2026-11-30").amount, 11)
        #expect(try planner.habitCount("SELECT count(*) FROM sessions WHERE outcome = 'manual'") == 1)
        #expect(try planner.habitCount("SELECT count(*) FROM sessions WHERE outcome = 'manual' AND actual_seconds = 600") == 1)
        try planner.logHabit("Read", window: nil, .minutes(5))
        try expectEqual(store.open("2026-11-30", "20:01").habitCell(read, "2026-11-30").amount, 16)
        try store.open("2026-11-30", "20:02").logHabit("Read", window: nil, .undo)
        try expectEqual(store.open("2026-11-30", "20:03").habitCell(read, "2026-11-30").amount, 11)
    }

    @Test("H-11 H-12 stopping a session keeps the partial time; the day shades as it accumulates")
    func stopKeepsPartial() throws {
        let store = try HabitTestStore()
        let read = try store.open("2026-11-30", "08:00").habitAdd("Read", kind: .timed, target: 30)
        try store.open("2026-11-30", "09:00").recordBegin(habit: "Read")
        let stopped = try store.open("2026-11-30", "09:10").recordClose()
        expectEqual(stopped.outcome, .abandoned)
        expectEqual(stopped.actualSeconds, 600)
        let planner = try store.open("2026-11-30", "09:11")
        try expectEqual(planner.habitCell(read, "2026-11-30").amount, 10)
        try expectEqual(planner.habitCell(read, "2026-11-30").state, .partialLow)
        try planner.recordBegin(habit: "Read")
        try store.open("2026-11-30", "09:16").recordClose()
        try expectEqual(store.open("2026-11-30", "09:17").habitCell(read, "2026-11-30").state, .partialHigh)
    }

    @Test("H-12 a timed day is complete at its target, and time beyond it does not over-fill")
    func timedOverTarget() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let read = try planner.habitAdd("Read", kind: .timed, target: 30)
        let entry = try planner.logHabit("Read", window: nil, .minutes(45)).entry
        expectEqual(entry.amount, 45)
        expectEqual(entry.completionRatio, 1)
        expectNotEqual(entry.completedAt, nil)
        try expectEqual(planner.habitCell(read, "2026-11-30").state, .complete)
    }

    // MARK: H-13 H-14 avoid and engagement

    @Test("H-13 an avoid habit with no engagement shows empty: silence is never success")
    func avoidSilence() throws {
        let store = try HabitTestStore()
        let snacks = try store.open("2026-11-20").habitAdd("Snacks", kind: .avoid, target: 0)
        let planner = try store.open("2026-11-30")
        let days = try HabitTestStore.days(from: "2026-11-21", count: 9)
        try expectEqual(planner.habitStates(snacks, days), Array(repeating: .empty, count: 9))
        try expectEqual(planner.habitNumbers(snacks).complete, 0)
    }

    /// Ways of engaging with Charflow on 25 November, and one (opening it) that is not.
    enum Engagement: String, CaseIterable, Sendable {
        case taskCompleted, otherHabitLogged, taskSession, planningClosed, planningSkipped, heldToday, onlyOpened
    }

    @Test("H-14 H-13 an avoid day within the allowance is complete when the user engaged that day, not when they only opened Charflow",
          arguments: Engagement.allCases)
    func engagement(_ how: Engagement) throws {
        let store = try HabitTestStore()
        let setup = try store.open("2026-11-20")
        let snacks = try setup.habitAdd("Snacks", kind: .avoid, target: 0)
        try setup.habitAdd("Walk")
        let day = "2026-11-25"
        switch how {
        case .taskCompleted:
            let planner = try store.open(day, "18:00")
            var request = Store.NewTask(title: "Post the letter")
            request.region = .evening
            let task = try planner.add(request)
            try store.open(day, "18:30").complete(task.id.uuidString)
        case .otherHabitLogged:
            try store.open(day, "18:00").logHabit("Walk", window: nil, .toggle)
        case .taskSession:
            let planner = try store.open(day, "18:00")
            var request = Store.NewTask(title: "Essay")
            request.region = .evening
            let task = try planner.add(request)
            try store.open(day, "18:01").recordBegin(.task(task.id))
            try store.open(day, "18:20").recordClose()
        case .planningClosed:
            try store.open(day, "21:00").recordPlanning(.closed)
        case .planningSkipped:
            try store.open(day, "21:00").recordPlanning(.skipped)
        case .heldToday:
            try store.open(day, "21:00").logHabit("Snacks", window: nil, .held)
        case .onlyOpened:
            let planner = try store.open(day, "18:00")
            _ = try planner.app.todayView()
            _ = try planner.app.habitDays()
            _ = try planner.planning.session(for: planner.today)
        }
        let planner = try store.open("2026-11-30")
        let expected: DensityState = how == .onlyOpened ? .empty : .complete
        try expectEqual(planner.habitCell(snacks, day).state, expected)
        // The days around it stay empty: engagement is per logical day.
        try expectEqual(planner.habitCell(snacks, "2026-11-24").state, .empty)
        try expectEqual(planner.habitCell(snacks, "2026-11-26").state, .empty)
    }

    @Test("H-13 slips over the allowance are missed; today stays unresolved until it ends")
    func avoidOverAllowance() throws {
        let store = try HabitTestStore()
        let snacks = try store.open("2026-11-28").habitAdd("Snacks", kind: .avoid, target: 1)
        try store.habitLogEach(snacks, ["2026-11-29", "2026-11-29"], .slip)
        try store.habitLogEach(snacks, ["2026-11-30", "2026-11-30", "2026-11-30"], .slip, at: "08:00")
        let planner = try store.open("2026-11-30")
        try expectEqual(planner.habitCell(snacks, "2026-11-29").state, .missed)
        let today = try planner.habitCell(snacks, "2026-11-30")
        expectEqual(today.amount, 3)
        expectEqual(today.state, .empty)
        try expectEqual(store.open("2026-12-01").habitCell(snacks, "2026-11-30").state, .missed)
        try expectEqual(planner.habitRead(snacks), "2 slips in the last 21 days, and 3 today.")
    }

    @Test("H-13 held today is an engagement: the day resolves complete once it has ended")
    func heldToday() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-29")
        let snacks = try planner.habitAdd("Snacks", kind: .avoid, target: 0)
        let held = try store.open("2026-11-29", "21:00").logHabit("Snacks", window: nil, .held).entry
        expectNotEqual(held.completedAt, nil)
        expectEqual(held.amount, 0)
        try expectEqual(store.open("2026-11-29", "21:01").habitCell(snacks, "2026-11-29").state, .empty)
        try expectEqual(store.open("2026-11-30").habitCell(snacks, "2026-11-29").state, .complete)
    }
}
