@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

private func day(_ text: String) throws -> LocalDay {
    try #require(LocalDay(text), "not a day: \(text)")
}

extension Charflow {
    @discardableResult
    fileprivate func planningAdd(_ title: String, due: QuickDate? = nil, importance: Importance = .low, effort: Int?? = nil,
                                 region: Region? = nil) throws -> TaskItem {
        var request = Store.NewTask(title: title)
        request.due = due
        request.importance = importance
        request.region = region
        if let effort { request.effortMinutes = effort }
        return try store.add(request)
    }

    @discardableResult
    fileprivate func planningHabit(_ title: String, kind: HabitKind = .binary, target: Int? = nil,
                                   schedule: HabitSchedule? = nil, effort: Int? = nil, reminder: String? = nil) throws -> Habit {
        var input = AddHabit.Input(title: title)
        input.kind = kind
        input.target = target
        input.schedule = schedule
        if let effort { input.effortMinutes = .some(effort) }
        if let reminder { input.windows = [WindowSpec(label: "", reminder: TimeOfDay(reminder))] }
        return try addHabit(input).habit
    }

    /// (day, deferredTo, reason) of each deferral record of the task.
    fileprivate func planningRecords(_ task: TaskItem) throws -> [String] {
        try store.deferrals(of: task).map { "\($0.day) → \($0.deferredTo?.description ?? "someday") \($0.reason.rawValue)" }
    }

    /// The reminders due now, then marked given, as `charflow remind` does.
    fileprivate func takeReminders() throws -> [Reminder] {
        let report = try reminders()
        try markSeen(report.seen)
        return report.reminders
    }

    /// Today's signals as the text Today shows them, then marked seen.
    fileprivate func takeTodaySignals() throws -> [Signal] {
        let report = try readToday()
        try markSeen(report.seen)
        return report.signals.map(\.signal)
    }
}

/// Night planning through `Charflow` (spec D10): review, carry forward, plan tomorrow, close or skip.
@Suite("Night planning use cases")
struct NightPlanningUseCaseTests {
    @Test("P-3 the planned day: within six hours after the logical day began it is still last night's planning",
          arguments: [("00:30", "2026-11-30", "2026-12-01"), ("05:59", "2026-11-30", "2026-12-01"),
                      ("06:00", "2026-12-01", "2026-12-02"), ("21:00", "2026-12-01", "2026-12-02"),
                      ("23:59", "2026-12-01", "2026-12-02")])
    func planningDays(_ time: String, _ review: String, _ plan: String) throws {
        let store = try AppTestStore()
        let app = try store.open("2026-12-01", time)
        expectEqual(app.planningDays.review, (try day(review)))
        expectEqual(app.planningDays.plan, (try day(plan)))
    }

    @Test("P-3 T-22 T-23 carry .keep at 00:30 refines the rollover's automatic deferral; the count stands")
    func keepAfterMidnightRefines() throws {
        let store = try AppTestStore()
        let task = try store.open("2026-11-30").planningAdd("Report", due: .today)
        let late = try store.open("2026-12-01", "00:30")
        try expectEqual(late.planningRecords(task), ["2026-12-01 → 2026-12-01 unspecified"])
        let change = try late.carryTask(.init(task: task.id, choice: .keep))
        expectEqual(change.dateChange?.refined, true)
        expectEqual(change.task.deferralCount, 1)
        expectEqual(change.task.dueDate, (try day("2026-12-01")))
        try expectEqual(late.planningRecords(task), ["2026-12-01 → 2026-12-01 reschedule"])
        // A reason chip given later the same logical day refines the same record again.
        let chip = try late.carryTask(.init(task: task.id, choice: .later(.date(try day("2026-12-03")), .notReady)))
        expectEqual(chip.task.deferralCount, 1)
        try expectEqual(late.planningRecords(task), ["2026-12-01 → 2026-12-03 notReady"])
    }

    @Test("P-2 carry .keep is refused from the third deferral; .later with a day is taken and eases importance")
    func keepRefusedFromTheThird() throws {
        let store = try AppTestStore()
        let task = try store.open("2026-11-30").planningAdd("Essay", due: .today, importance: .high)
        try store.open("2026-11-30", "21:00").carryTask(.init(task: task.id, choice: .keep))
        try store.open("2026-12-01", "21:00").carryTask(.init(task: task.id, choice: .keep))
        let third = try store.open("2026-12-02", "21:00")
        let before = try AppTestStore.contents(third)
        #expect(throws: PlannerError.pickALaterDay) { try third.carryTask(.init(task: task.id, choice: .keep)) }
        try expectEqual(AppTestStore.contents(third), before, "the refusal changed nothing")
        let picked = try third.carryTask(.init(task: task.id, choice: .later(.nextWeek, .tooMuch)))
        expectEqual(picked.dateChange?.eased, true)
        expectEqual(picked.task.importance, .low)
        expectEqual(picked.task.deferralCount, 3)
        expectEqual(picked.task.dueDate, (try day("2026-12-07")))
    }

    @Test("P-2 T-20 T-25 the carry choices offered are the ones the core takes: Keep until the third deferral, Someday only when it would be taken")
    func carryChoicesAreWhatTheCoreTakes() throws {
        let store = try AppTestStore()
        let essay = try store.open("2026-11-30").planningAdd("Essay", due: .today, importance: .high)
        let first = try store.open("2026-11-30", "21:00")
        let fresh = try first.carryChoices(of: try first.task(TaskRef(essay.id)))
        expectEqual(fresh, CarryChoices(keep: true, someday: false, keepNote: nil), "a high task is not eased yet: no Someday")
        #expect(throws: PlannerError.importantNeedsDay) { try first.carryTask(.init(task: essay.id, choice: .later(.someday, nil))) }
        try first.carryTask(.init(task: essay.id, choice: .keep))
        try store.open("2026-12-01", "21:00").carryTask(.init(task: essay.id, choice: .keep))
        // The third: Keep is refused with the core's sentence, and Someday is taken (the deferral eases it to low).
        let third = try store.open("2026-12-02", "21:00")
        let slipping = try third.carryChoices(of: try third.task(TaskRef(essay.id)))
        expectEqual(slipping, CarryChoices(keep: false, someday: true, keepNote: PlannerError.pickALaterDay.message))
        #expect(throws: PlannerError.pickALaterDay) { try third.carryTask(.init(task: essay.id, choice: .keep)) }
        try expectEqual(third.carryTask(.init(task: essay.id, choice: .later(.someday, nil))).task.dueDate, nil)

    }

    @Test("P-2 carry .drop drops the task as one undoable delete")
    func carryDrop() throws {
        let store = try AppTestStore()
        let task = try store.open("2026-11-30").planningAdd("Let go", due: .today)
        let app = try store.open("2026-11-30", "21:00")
        let change = try app.carryTask(.init(task: task.id, choice: .drop))
        expectEqual(change.place, .deleted)
        expectEqual(change.dateChange?.deferred, false)
        try expectEqual(app.store.undo(), "delete")
        try expectEqual(app.store.task(id: task.id)?.droppedAt, nil)
    }

    @Test("P-1 B-4 plan tomorrow places a task on the planned day's board within 1–3–5, or dates it that day")
    func planTomorrow() throws {
        let store = try AppTestStore()
        let setup = try store.open("2026-11-30")
        let first = try setup.planningAdd("First", importance: .high)
        let second = try setup.planningAdd("Second")
        let loose = try setup.planningAdd("Loose")
        let app = try store.open("2026-11-30", "21:00")
        let placed = try app.planTask(.init(task: first.id, region: .morning, bucket: .mustDo))
        expectEqual(placed.place, .board(.morning, .mustDo, count: 1, day: try day("2026-12-01"), today: try day("2026-11-30")))
        #expect(throws: PlannerError.regionFull(.morning)) {
            try app.planTask(.init(task: second.id, region: .morning, bucket: .mustDo))
        }
        #expect(throws: PlannerError.bucketNeedsRegion) { try app.planTask(.init(task: loose.id, bucket: .misc)) }
        let dated = try app.planTask(.init(task: loose.id, importance: .medium))
        expectEqual(dated.task.dueDate, (try day("2026-12-01")))
        expectEqual(dated.task.region, nil)
        expectEqual(dated.task.importance, .medium)
        expectEqual(dated.dateChange?.deferred, false, "a Backlog task planned for tomorrow is no deferral")
        try expectEqual(app.store.undo(), "plan tomorrow")
    }

    @Test("P-1 H-14 a closed or skipped session is engagement on the reviewed date; an open one is not")
    func engagement() throws {
        let store = try AppTestStore()
        try store.open("2026-11-30", "21:00").closePlanning()
        try store.open("2026-12-02", "21:00").skipPlanning()
        let app = try store.open("2026-12-03", "21:00")
        // An open session for 1 December (as another device might sync one in).
        try app.store.db.run("""
            INSERT INTO night_planning (id, date, plan_day, state, started_at, ended_at, modified_at)
            VALUES (?, '2026-12-01', '2026-12-02', 'open', '2026-12-03T21:00:00.000Z', NULL, '2026-12-03T21:00:00.000Z')
            """, [.text(UUID().uuidString.lowercased())])
        let engaged = try app.store.planning.engagementDays(from: try day("2026-11-30"), through: try day("2026-12-03"))
        expectEqual(engaged, [try day("2026-11-30"), try day("2026-12-02")])
        try expectEqual(app.store.planning.session(for: try day("2026-12-01"))?.state, .open)
    }

    @Test("P-1 close and skip keep one session per reviewed date, stamped; undo takes each back")
    func oneSessionPerDateAndUndo() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-11-30", "21:00")
        let closed = try app.closePlanning().session
        let skipped = try app.skipPlanning().session
        expectEqual(closed.id, skipped.id)
        expectEqual(skipped.modifiedAt, app.now)
        try expectEqual(app.store.db.scalar("SELECT count(*) FROM night_planning")?.int, 1)
        try expectEqual(app.store.undo(), "plan skip")
        try expectEqual(app.planReview().review.session?.state, .closed)
        try expectEqual(app.store.undo(), "plan close")
        try expectEqual(app.planReview().review.session, nil)
    }

    @Test("P-4 F-15 the planned day's load: task effort (no estimate is zero, dropped left out) against the free time its fixed-day habits leave")
    func planLoad() throws {
        let store = try AppTestStore()
        let setup = try store.open("2026-11-30")
        try setup.planningAdd("Thirty", due: .tomorrow, effort: 30)
        try setup.planningAdd("No estimate", due: .tomorrow, effort: .some(nil))
        let dropped = try setup.planningAdd("Dropped", due: .tomorrow, effort: 120)
        try setup.store.drop(dropped.id.uuidString)
        try setup.planningAdd("Other day", due: .date(try day("2026-12-02")), effort: 45)
        try setup.planningHabit("Daily stretch", effort: 20)
        try setup.planningHabit("Weekly gym", schedule: .timesPerWeek(3), effort: 60)
        try setup.planningHabit("Mondays only", schedule: .custom([.monday]), effort: 40)
        let paused = try setup.planningHabit("Paused", effort: 15)
        try setup.store.pauseHabit(paused.id.uuidString, from: try day("2026-12-01"), to: nil, reason: .travel)

        let load = try store.open("2026-11-30", "21:00").planLoad().load
        expectEqual(load.day, (try day("2026-12-01")))
        expectEqual(load.taskMinutes, 30)
        expectEqual(load.habitMinutes, 20, "only the daily habit is due with fixed minutes on Tuesday")
        expectEqual(load.total, 30, "the tasks' effort; the habits' comes off the free time")
        expectEqual(load.tasks.map(\.title).sorted(), ["No estimate", "Thirty"])
        expectEqual(load.freeMinutes, 960 - 20, "the default regions' 16 hours less the daily habit")
        expectTrue(!load.isOverloaded)

        // Hours of 20, 15 and 15 minutes leave 30 free after the habit: 30 planned is not over, 29 free is.
        let hours = [("morning", "06:00-06:20"), ("afternoon", "12:00-12:15"), ("evening", "17:00-17:15")]
        for (key, value) in hours { try store.open("2026-11-30", "21:00").changeSetting(.init(key: key, value: value)) }
        try expectEqual(store.open("2026-11-30", "21:00").planLoad().load.freeMinutes, 30)
        try expectEqual(store.open("2026-11-30", "21:00").planLoad().load.isOverloaded, false, "30 of 30 free is not over")
        try store.open("2026-11-30", "21:00").changeSetting(.init(key: "evening", value: "17:00-17:14"))
        expectTrue(try store.open("2026-11-30", "21:00").planLoad().load.isOverloaded)
    }

    @Test("P-4 T-19 reschedule (the overload Move) of tomorrow's task writes no deferral; a due task is carried instead")
    func rescheduleIsNoDeferral() throws {
        let store = try AppTestStore()
        let setup = try store.open("2026-11-30")
        let task = try setup.planningAdd("Tomorrow's", due: .tomorrow, importance: .high)
        let due = try setup.planningAdd("Today's", due: .today)
        let app = try store.open("2026-11-30", "21:00")
        let moved = try app.rescheduleTask(.init(task: task.id, to: .date(try day("2026-12-04")))).task
        expectEqual(moved.deferralCount, 0)
        expectEqual(moved.importance, .high)
        expectEqual(moved.dueDate, (try day("2026-12-04")))
        expectTrue(try app.store.deferrals(of: moved).isEmpty)
        #expect(throws: PlannerError.importantNeedsDay) { try app.rescheduleTask(.init(task: task.id, to: .someday)) }
        let carried = try app.rescheduleTask(.init(task: due.id, to: .date(try day("2026-12-03")))).task
        expectEqual(carried.deferralCount, 1, "Move is no way around the count")
    }

    @Test("P-6 reminders: a window's reminder once after its time, not when done, not when paused; the review once, not after close")
    func reminders() throws {
        let store = try AppTestStore()
        let setup = try store.open("2026-11-30")
        let water = try setup.planningHabit("Water", kind: .counted, target: 2, reminder: "20:00")
        let walk = try setup.planningHabit("Walk", reminder: "19:00")
        try setup.store.pauseHabit(walk.id.uuidString, from: try day("2026-11-30"), to: nil, reason: .illness)

        expectTrue(try store.open("2026-11-30", "17:59").takeReminders().isEmpty)
        try expectEqual(store.open("2026-11-30", "18:00").takeReminders().map(\.kind), [.review])
        let evening = try store.open("2026-11-30", "20:00").takeReminders()
        expectEqual(evening.map(\.kind), [.habitWindow], "the paused walk never reminds")
        expectEqual(evening.first?.message, "Water")
        expectTrue(try store.open("2026-11-30", "23:00").takeReminders().isEmpty)

        // Tuesday: done before 20:00, and planning closed before 18:00.
        let tuesday = try store.open("2026-12-01", "12:00")
        try tuesday.store.logHabit(water.id.uuidString, window: nil, .count(2))
        try tuesday.closePlanning()
        expectTrue(try store.open("2026-12-01", "21:00").takeReminders().isEmpty)

        // Wednesday: a partial day still reminds; review-time off gives no review.
        let wednesday = try store.open("2026-12-02", "12:00")
        try wednesday.store.logHabit(water.id.uuidString, window: nil, .count(1))
        try wednesday.changeSetting(.init(key: "review-time", value: "off"))
        try expectEqual(store.open("2026-12-02", "21:00").takeReminders().map(\.kind), [.habitWindow])
    }

    @Test("P-5 T-14 T-18 Today's signals are recorded in the nudge log: the prompt once a day, stale once a week")
    func signalsOncePerPeriod() throws {
        let store = try AppTestStore()
        let setup = try store.open("2026-11-30")
        for index in 1...5 { try setup.planningAdd("Task \(index)", due: .date(try day("2026-12-01"))) }
        for index in 6...10 { try setup.planningAdd("Task \(index)", due: .date(try day("2026-12-02"))) }
        let slipping = try setup.planningAdd("Slipping", due: .today)
        // Each morning's first open runs that day's rollover: automatic deferrals on 1, 2 and 3 December.
        func take(_ date: String, _ time: String) throws -> [Signal] {
            try store.open(date, time).takeTodaySignals()
        }
        try expectEqual(take("2026-12-01", "08:00"), [.prioritisationPrompt(day: try day("2026-12-01"))])
        expectTrue(try take("2026-12-01", "09:00").isEmpty)
        try expectEqual(take("2026-12-02", "08:00"), [.prioritisationPrompt(day: try day("2026-12-02"))], "a new day, a new plan")
        try expectEqual(take("2026-12-03", "08:00"), [.stale(task: slipping.id)], "the third deferral makes it stale")
        let friday = try take("2026-12-04", "08:00")
        expectTrue(!friday.contains { $0.subject == slipping.id }, "stale is once a week: \(friday)")
        // Monday 7 December: a new week; one deferral for the gap makes it the fifth.
        let monday = try take("2026-12-07", "08:00")
        expectContains(monday, .suggestRemoval(task: slipping.id), "\(monday)")
        expectLacks(monday, .stale(task: slipping.id), "suggest removal replaces stale")
        expectTrue(try take("2026-12-07", "09:00").isEmpty)
    }

    @Test("P-1 the review shows the reviewed day's done and open tasks and its habits honestly; paused habits left out")
    func review() throws {
        let store = try AppTestStore()
        let setup = try store.open("2026-11-30")
        let done = try setup.planningAdd("Done one", due: .today)
        try setup.planningAdd("Open one", due: .today)
        try setup.planningAdd("Tomorrow's", due: .tomorrow)
        try setup.store.complete(done.id.uuidString)
        let water = try setup.planningHabit("Water", kind: .counted, target: 3)
        try setup.store.logHabit(water.id.uuidString, window: nil, .count(2))
        let paused = try setup.planningHabit("Paused")
        try setup.store.pauseHabit(paused.id.uuidString, from: try day("2026-11-30"), to: nil, reason: .other)

        let report = try store.open("2026-11-30", "21:00").planReview()
        let review = report.review
        expectEqual(review.day, (try day("2026-11-30")))
        expectEqual(report.planDay, (try day("2026-12-01")))
        expectEqual(review.done.map(\.title), ["Done one"])
        expectEqual(review.open.map(\.title), ["Open one"])
        expectEqual(review.habits.map(\.habit.title), ["Water"])
        expectEqual(review.habits.first?.cell.amount, 2)
        expectEqual(review.habits.first?.cell.state, .partialHigh)
        expectEqual(review.session, nil)
    }
}
