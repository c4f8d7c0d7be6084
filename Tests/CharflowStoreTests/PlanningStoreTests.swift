import CharflowCore
import CharflowStore
import Foundation
import Testing

/// A store in its own temporary folder for the planning tests, opened at a local wall time.
final class PlanningStore: TempStore {}

func planningDay(_ text: String) throws -> LocalDay {
    try #require(LocalDay(text), "not a day: \(text)")
}

extension Planner {
    @discardableResult
    func planningAdd(_ title: String, due: QuickDate? = nil, importance: Importance = .low, effort: Int?? = nil,
                     region: Region? = nil) throws -> TaskItem {
        var request = NewTask(title: title)
        request.due = due
        request.importance = importance
        request.region = region
        if let effort { request.effortMinutes = effort }
        return try add(request)
    }

    @discardableResult
    func planningHabit(_ title: String, kind: HabitKind = .binary, target: Int? = nil, schedule: HabitSchedule? = nil,
                       effort: Int? = nil, reminder: String? = nil) throws -> Habit {
        var request = NewHabit(title: title)
        request.kind = kind
        request.target = target
        request.schedule = schedule
        if let effort { request.effortMinutes = .some(effort) }
        if let reminder { request.windows = [WindowSpec(label: "", reminder: TimeOfDay(reminder))] }
        return try addHabit(request)
    }

    /// (day, deferredTo, reason) of each deferral record of the task.
    func planningRecords(_ task: TaskItem) throws -> [String] {
        try deferrals(of: task).map { "\($0.day) → \($0.deferredTo?.description ?? "someday") \($0.reason.rawValue)" }
    }
}

@Suite("Night planning in the store")
struct PlanningStoreTests {
    @Test("P-3 the planned day: within six hours after the logical day began it is still last night's planning",
          arguments: [("00:30", "2026-11-30", "2026-12-01"), ("05:59", "2026-11-30", "2026-12-01"),
                      ("06:00", "2026-12-01", "2026-12-02"), ("21:00", "2026-12-01", "2026-12-02"),
                      ("23:59", "2026-12-01", "2026-12-02")])
    func planningDays(_ time: String, _ review: String, _ plan: String) throws {
        let store = try PlanningStore()
        let planner = try store.open("2026-12-01", time)
        #expect(planner.planningDays.review == (try planningDay(review)))
        #expect(planner.planningDays.plan == (try planningDay(plan)))
    }

    @Test("P-3 T-22 T-23 carry .keep at 00:30 refines the rollover's automatic deferral; the count stands")
    func keepAfterMidnightRefines() throws {
        let store = try PlanningStore()
        let task = try store.open("2026-11-30").planningAdd("Report", due: .today)
        let late = try store.open("2026-12-01", "00:30")
        #expect(try late.planningRecords(task) == ["2026-12-01 → 2026-12-01 unspecified"])
        let change = try late.carry(task.id.uuidString, .keep)
        #expect(change.refined)
        #expect(change.task.deferralCount == 1)
        #expect(change.task.dueDate == (try planningDay("2026-12-01")))
        #expect(try late.planningRecords(task) == ["2026-12-01 → 2026-12-01 reschedule"])
        // A reason chip given later the same logical day refines the same record again.
        let chip = try late.carry(task.id.uuidString, .later(.date(try planningDay("2026-12-03")), .notReady))
        #expect(chip.task.deferralCount == 1)
        #expect(try late.planningRecords(task) == ["2026-12-01 → 2026-12-03 notReady"])
    }

    @Test("P-2 carry .keep is refused from the third deferral; .later with a day is taken and eases importance")
    func keepRefusedFromTheThird() throws {
        let store = try PlanningStore()
        let task = try store.open("2026-11-30").planningAdd("Essay", due: .today, importance: .high)
        try store.open("2026-11-30", "21:00").carry(task.id.uuidString, .keep)
        try store.open("2026-12-01", "21:00").carry(task.id.uuidString, .keep)
        let third = try store.open("2026-12-02", "21:00")
        #expect(throws: PlannerError.pickALaterDay) { try third.carry(task.id.uuidString, .keep) }
        #expect(try third.task(id: task.id)?.deferralCount == 2, "the refusal changed nothing")
        let picked = try third.carry(task.id.uuidString, .later(.nextWeek, .tooMuch))
        #expect(picked.eased)
        #expect(picked.task.importance == .low)
        #expect(picked.task.deferralCount == 3)
        #expect(picked.task.dueDate == (try planningDay("2026-12-07")))
    }

    @Test("P-1 H-14 a closed or skipped session is engagement on the reviewed date; an open one is not")
    func engagement() throws {
        let store = try PlanningStore()
        try store.open("2026-11-30", "21:00").endPlanning(.closed)
        try store.open("2026-12-02", "21:00").endPlanning(.skipped)
        let planner = try store.open("2026-12-03", "21:00")
        // An open session for 1 December (as another device might sync one in).
        let open = NightPlanningSession(date: try planningDay("2026-12-01"), planDay: try planningDay("2026-12-02"),
                                        startedAt: planner.now)
        try planner.db.run("""
            INSERT INTO night_planning (id, date, plan_day, state, started_at, ended_at, modified_at)
            VALUES (?, ?, ?, 'open', ?, NULL, ?)
            """, [.text(open.id.uuidString.lowercased()), .text("2026-12-01"), .text("2026-12-02"),
                  .text("2026-12-03T21:00:00.000Z"), .text("2026-12-03T21:00:00.000Z")])
        let engaged = try planner.engagedDays(from: try planningDay("2026-11-30"), through: try planningDay("2026-12-03"))
        #expect(engaged == [try planningDay("2026-11-30"), try planningDay("2026-12-02")])
        #expect(try planner.planningSession(for: try planningDay("2026-12-01"))?.state == .open)
        #expect(PlanningState.open.isEngagement == false)
    }

    @Test("P-1 endPlanning keeps one session per reviewed date, and undo takes it back")
    func oneSessionPerDateAndUndo() throws {
        let store = try PlanningStore()
        let planner = try store.open("2026-11-30", "21:00")
        let closed = try planner.endPlanning(.closed)
        let skipped = try planner.endPlanning(.skipped)
        #expect(closed.id == skipped.id)
        #expect(try planner.db.scalar("SELECT count(*) FROM night_planning")?.int == 1)
        _ = try planner.undo()
        #expect(try planner.planningSession(for: try planningDay("2026-11-30"))?.state == .closed)
        _ = try planner.undo()
        #expect(try planner.planningSession(for: try planningDay("2026-11-30")) == nil)
    }

    @Test("P-4 the planned day's load: task effort (no estimate is zero, dropped left out) plus fixed-day habits' minutes")
    func planLoad() throws {
        let store = try PlanningStore()
        let setup = try store.open("2026-11-30")
        try setup.planningAdd("Thirty", due: .tomorrow, effort: 30)
        try setup.planningAdd("No estimate", due: .tomorrow, effort: .some(nil))
        let dropped = try setup.planningAdd("Dropped", due: .tomorrow, effort: 120)
        try setup.drop(dropped.id.uuidString)
        try setup.planningAdd("Other day", due: .date(try planningDay("2026-12-02")), effort: 45)
        try setup.planningHabit("Daily stretch", effort: 20)
        try setup.planningHabit("Weekly gym", schedule: .timesPerWeek(3), effort: 60)
        try setup.planningHabit("Mondays only", schedule: .custom([.monday]), effort: 40)
        let paused = try setup.planningHabit("Paused", effort: 15)
        try setup.pauseHabit(paused.id.uuidString, from: try planningDay("2026-12-01"), to: nil, reason: .travel)

        let load = try store.open("2026-11-30", "21:00").planLoad()
        #expect(load.day == (try planningDay("2026-12-01")))
        #expect(load.taskMinutes == 30)
        #expect(load.habitMinutes == 20, "only the daily habit is due with fixed minutes on Tuesday")
        #expect(load.total == 50)
        #expect(load.tasks.map(\.title).sorted() == ["No estimate", "Thirty"])
        #expect(load.capacity == 360)
        #expect(!load.isOverloaded)

        try store.open("2026-11-30", "21:00").setSetting("capacity", "50")
        #expect(try store.open("2026-11-30", "21:00").planLoad().isOverloaded == false, "50 of 50 is not over")
        try store.open("2026-11-30", "21:00").setSetting("capacity", "49")
        #expect(try store.open("2026-11-30", "21:00").planLoad().isOverloaded)
    }

    @Test("P-4 T-19 reschedule (the overload Move) of tomorrow's task writes no deferral")
    func rescheduleIsNoDeferral() throws {
        let store = try PlanningStore()
        let task = try store.open("2026-11-30").planningAdd("Tomorrow's", due: .tomorrow, importance: .high, region: nil)
        let planner = try store.open("2026-11-30", "21:00")
        let moved = try planner.reschedule(task.id.uuidString, to: .date(try planningDay("2026-12-04")))
        #expect(moved.deferralCount == 0)
        #expect(moved.importance == .high)
        #expect(try planner.deferrals(of: moved).isEmpty)
        #expect(throws: PlannerError.importantNeedsDay) { try planner.reschedule(task.id.uuidString, to: .someday) }
    }

    @Test("P-6 reminders: a window's reminder once after its time, not when done, not when paused; the review once, not after close")
    func reminders() throws {
        let store = try PlanningStore()
        let setup = try store.open("2026-11-30")
        let water = try setup.planningHabit("Water", kind: .counted, target: 2, reminder: "20:00")
        let walk = try setup.planningHabit("Walk", reminder: "19:00")
        try setup.pauseHabit(walk.id.uuidString, from: try planningDay("2026-11-30"), to: nil, reason: .illness)

        #expect(try store.open("2026-11-30", "17:59").takeReminders().isEmpty)
        #expect(try store.open("2026-11-30", "18:00").takeReminders().map(\.kind) == [.review])
        let evening = try store.open("2026-11-30", "20:00").takeReminders()
        #expect(evening.map(\.kind) == [.habitWindow], "the paused walk never reminds")
        #expect(evening.first?.message == "Water")
        #expect(try store.open("2026-11-30", "23:00").takeReminders().isEmpty)

        // Tuesday: done before 20:00, and planning closed before 18:00.
        let tuesday = try store.open("2026-12-01", "12:00")
        try tuesday.logHabit(water.id.uuidString, window: nil, .count(2))
        try tuesday.endPlanning(.closed)
        #expect(try store.open("2026-12-01", "21:00").takeReminders().isEmpty)

        // Wednesday: a partial day still reminds; review-time off gives no review.
        let wednesday = try store.open("2026-12-02", "12:00")
        try wednesday.logHabit(water.id.uuidString, window: nil, .count(1))
        try wednesday.setSetting("review-time", "off")
        #expect(try store.open("2026-12-02", "21:00").takeReminders().map(\.kind) == [.habitWindow])
    }

    @Test("P-5 T-14 T-18 Today's signals are recorded in the nudge log: the prompt once a day, stale once a week")
    func signalsOncePerPeriod() throws {
        let store = try PlanningStore()
        let setup = try store.open("2026-11-30")
        for index in 1...5 { try setup.planningAdd("Task \(index)", due: .date(try planningDay("2026-12-01"))) }
        for index in 6...10 { try setup.planningAdd("Task \(index)", due: .date(try planningDay("2026-12-02"))) }
        let slipping = try setup.planningAdd("Slipping", due: .today)
        // Each morning's first open runs that day's rollover: automatic deferrals on 1, 2 and 3 December.
        func take(_ day: String, _ time: String) throws -> [Signal] {
            let planner = try store.open(day, time)
            return try planner.takeTodaySignals(planner.todayView())
        }
        let tuesday = try take("2026-12-01", "08:00")
        #expect(tuesday == [.prioritisationPrompt(day: try planningDay("2026-12-01"))])
        #expect(try take("2026-12-01", "09:00").isEmpty)
        let wednesday = try take("2026-12-02", "08:00")
        #expect(wednesday == [.prioritisationPrompt(day: try planningDay("2026-12-02"))], "a new day, a new plan")
        let thursdayFirst = try take("2026-12-03", "08:00")
        #expect(thursdayFirst == [.stale(task: slipping.id)], "the third deferral makes it stale")
        let friday = try take("2026-12-04", "08:00")
        #expect(!friday.contains { $0.subject == slipping.id }, "stale is once a week: \(friday)")
        // Monday 7 December: a new week; one deferral for the gap makes it the fifth.
        let monday = try take("2026-12-07", "08:00")
        #expect(monday.contains(.suggestRemoval(task: slipping.id)), "\(monday)")
        #expect(!monday.contains(.stale(task: slipping.id)), "suggest removal replaces stale")
        #expect(try take("2026-12-07", "09:00").isEmpty)
    }

    @Test("P-1 the review shows the reviewed day's done and open tasks and its habits honestly; paused habits left out")
    func review() throws {
        let store = try PlanningStore()
        let setup = try store.open("2026-11-30")
        let done = try setup.planningAdd("Done one", due: .today)
        try setup.planningAdd("Open one", due: .today)
        try setup.planningAdd("Tomorrow's", due: .tomorrow)
        try setup.complete(done.id.uuidString)
        let water = try setup.planningHabit("Water", kind: .counted, target: 3)
        try setup.logHabit(water.id.uuidString, window: nil, .count(2))
        let paused = try setup.planningHabit("Paused")
        try setup.pauseHabit(paused.id.uuidString, from: try planningDay("2026-11-30"), to: nil, reason: .other)

        let review = try store.open("2026-11-30", "21:00").planReview()
        #expect(review.day == (try planningDay("2026-11-30")))
        #expect(review.done.map(\.title) == ["Done one"])
        #expect(review.open.map(\.title) == ["Open one"])
        #expect(review.habits.map(\.habit.title) == ["Water"])
        #expect(review.habits.first?.cell.amount == 2)
        #expect(review.habits.first?.cell.state == .partialHigh)
        #expect(review.session == nil)
    }
}
