import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Deferral rules (core)")
struct DeferralRuleTests {
    static let today = TaskFixture.day("2026-11-30")
    static let now = TaskFixture.instant(3600)

    static func move(
        _ task: TaskItem, to target: String?, chosen: Bool = false, reason: DeferralReason? = nil,
        record: DeferralRecord? = nil
    ) throws -> Deferral.Outcome {
        try Deferral.move(task, to: target.map(TaskFixture.day), dateChosen: chosen, reason: reason,
                          todaysRecord: record, today: today, now: now)
    }

    @Test("T-19 a deferral is a push past a due date that has arrived; anything else is rescheduling",
          arguments: [("2026-11-30", "2026-12-01", true), ("2026-11-25", "2026-12-01", true),
                      ("2026-11-30", nil, true), ("2026-12-01", "2026-12-05", false), ("2026-12-01", nil, false),
                      (nil, "2026-12-05", false), ("2026-11-30", "2026-11-29", false)] as [(String?, String?, Bool)])
    func isDeferral(_ due: String?, _ target: String?, _ counts: Bool) {
        let task = TaskFixture.task(due: due)
        expectEqual(Deferral.isDeferral(task, to: target.map(TaskFixture.day), today: Self.today), counts)
    }

    @Test("S-8 a deferral to a later day or to Someday sends the task away from today; one onto today's board, or a reschedule, does not",
          arguments: [("2026-11-30", "2026-12-01", true), ("2026-11-30", nil, true), ("2026-11-25", "2026-11-30", false),
                      ("2026-12-01", "2026-12-05", false)] as [(String?, String?, Bool)])
    func sendsAway(_ due: String?, _ target: String?, _ away: Bool) throws {
        let outcome = try Self.move(TaskFixture.task(due: due), to: target, chosen: true)
        expectEqual(outcome.sendsAway(from: Self.today), away)
    }

    @Test("T-19 rescheduling a task due later writes no record and no count")
    func reschedule() throws {
        let outcome = try Self.move(TaskFixture.task(due: "2026-12-02", importance: .high, deferrals: 2),
                                    to: "2026-12-09", chosen: true, reason: .tooMuch)
        expectEqual(outcome.record, nil)
        expectTrue(!outcome.counted && !outcome.eased)
        expectEqual(outcome.task.deferralCount, 2)
        expectEqual(outcome.task.importance, .high)
        expectEqual(outcome.task.dueDate, TaskFixture.day("2026-12-09"))
    }

    @Test("T-10 T-20 the 1st deferral is a counted record: day, deferredTo, deferredOn, reason reschedule without a chip")
    func firstDeferral() throws {
        let task = TaskFixture.task(due: "2026-11-30")
        let outcome = try Self.move(task, to: "2026-12-01")
        let record = try #require(outcome.record)
        expectTrue(outcome.counted)
        expectEqual(outcome.task.deferralCount, 1)
        expectEqual(record.taskID, task.id)
        expectEqual(record.day, Self.today)
        expectEqual(record.deferredTo, TaskFixture.day("2026-12-01"))
        expectEqual(record.deferredOn, Self.now)
        expectEqual(record.reason, .reschedule)
    }

    @Test("T-10 the reasons are tooMuch / notReady / noLonger / reschedule / unspecified; a chip is stored as given",
          arguments: [DeferralReason.tooMuch, .notReady, .noLonger])
    func chips(_ reason: DeferralReason) throws {
        expectEqual(DeferralReason.allCases.map(\.rawValue), ["tooMuch", "notReady", "noLonger", "reschedule", "unspecified"])
        let outcome = try Self.move(TaskFixture.task(due: "2026-11-30"), to: "2026-12-01", reason: reason)
        expectEqual(outcome.record?.reason, reason)
    }

    @Test("T-20 from the 3rd deferral a day must be chosen", arguments: [2, 3, 4, 7])
    func pickerFromThird(_ previous: Int) throws {
        let task = TaskFixture.task(due: "2026-11-30", deferrals: previous)
        #expect(throws: PlannerError.pickADay) { try Self.move(task, to: "2026-12-01") }
        let chosen = try Self.move(task, to: "2026-12-01", chosen: true)
        expectEqual(chosen.task.deferralCount, previous + 1)
    }

    @Test("T-20 the 1st and 2nd deferral need no chosen day", arguments: [0, 1])
    func instantFirstTwo(_ previous: Int) throws {
        let outcome = try Self.move(TaskFixture.task(due: "2026-11-30", deferrals: previous), to: "2026-12-01")
        expectEqual(outcome.task.deferralCount, previous + 1)
    }

    @Test("T-13 the 3rd deferral eases medium and high to low, which opens Someday; low is never 'eased'",
          arguments: [Importance.medium, .high])
    func thirdEases(_ importance: Importance) throws {
        let task = TaskFixture.task(due: "2026-11-30", importance: importance, deferrals: 2)
        let outcome = try Self.move(task, to: nil, chosen: true)
        expectTrue(outcome.eased)
        expectEqual(outcome.task.importance, .low)
        expectEqual(outcome.task.dueDate, nil)

        let low = try Self.move(TaskFixture.task(due: "2026-11-30", deferrals: 2), to: nil, chosen: true)
        expectTrue(!low.eased)
    }

    @Test("T-12 Someday is refused for important tasks before their 3rd deferral", arguments: [0, 1])
    func noSomedayForImportant(_ previous: Int) {
        let task = TaskFixture.task(due: "2026-11-30", importance: .high, deferrals: previous)
        #expect(throws: PlannerError.importantNeedsDay) { try Self.move(task, to: nil, chosen: true) }
    }

    @Test("T-25 Someday is refused for a repeating task at any deferral")
    func noSomedayForRepeating() {
        let task = TaskFixture.task(due: "2026-11-30", deferrals: 4, repeat: .weekly)
        #expect(throws: PlannerError.repeatingNeedsDay) { try Self.move(task, to: nil, chosen: true) }
    }

    @Test("T-21 the 5th deferral and later suggest removal; the 4th does not", arguments: [(3, false), (4, true), (6, true)])
    func suggestRemoval(_ previous: Int, _ suggested: Bool) throws {
        let outcome = try Self.move(TaskFixture.task(due: "2026-11-30", deferrals: previous), to: "2026-12-01", chosen: true)
        expectEqual(outcome.suggestRemoval, suggested)
        expectEqual(Deferral.suggestRemovalFromCount, 5)
    }

    @Test("T-22 with a record for today the choice refines it (reason, deferredTo) and does not count again")
    func refines() throws {
        let task = TaskFixture.task(due: "2026-11-29", importance: .high, deferrals: 2)
        let existing = DeferralRecord(taskID: task.id, deferredOn: TaskFixture.instant(-30_000), day: Self.today,
                                      deferredTo: Self.today, reason: .unspecified)
        let outcome = try Self.move(task, to: "2026-12-03", chosen: true, reason: .notReady, record: existing)
        expectTrue(outcome.refined && !outcome.counted && !outcome.eased)
        expectEqual(outcome.task.deferralCount, 2)
        expectEqual(outcome.task.importance, .high)
        expectEqual(outcome.record?.id, existing.id)
        expectEqual(outcome.record?.deferredOn, existing.deferredOn)
        expectEqual(outcome.record?.reason, .notReady)
        expectEqual(outcome.record?.deferredTo, TaskFixture.day("2026-12-03"))
    }

    @Test("T-22 refining today's record still needs a day chosen once the task has three deferrals")
    func refineAfterThird() {
        let task = TaskFixture.task(due: "2026-11-29", deferrals: 3)
        let existing = DeferralRecord(taskID: task.id, deferredOn: Self.now, day: Self.today, deferredTo: Self.today,
                                      reason: .unspecified)
        #expect(throws: PlannerError.pickADay) { try Self.move(task, to: "2026-12-01", record: existing) }
    }

    @Test("T-4 a dropped or done task cannot be deferred")
    func droppedOrDone() {
        var dropped = TaskFixture.task(due: "2026-11-30")
        dropped.droppedAt = Self.now
        #expect(throws: PlannerError.taskDropped) { try Self.move(dropped, to: "2026-12-01") }
        var done = TaskFixture.task(due: "2026-11-30")
        done.isCompleted = true
        #expect(throws: PlannerError.alreadyDone) { try Self.move(done, to: "2026-12-01") }
    }

    @Test("T-23 the rollover's automatic deferral: unspecified, for the new day, due date kept; once per gap")
    func automatic() {
        let newDay = TaskFixture.day("2026-12-03")
        let overdue = TaskFixture.task("Overdue", due: "2026-11-30")
        let already = TaskFixture.task("Already", due: "2026-11-30")
        var done = TaskFixture.task("Done", due: "2026-11-30")
        done.isCompleted = true
        let outcome = Rollover.run(candidates: [overdue, already, done], newDay: newDay,
                                   alreadyDeferred: [already.id], now: Self.now)
        expectEqual(outcome.deferrals.count, 1)
        let record = outcome.deferrals.first
        expectEqual(record?.taskID, overdue.id)
        expectEqual(record?.reason, .unspecified)
        expectEqual(record?.day, newDay)
        expectEqual(record?.deferredTo, newDay)
        let rolled = outcome.tasks.first { $0.id == overdue.id }
        expectEqual(rolled?.deferralCount, 1)
        expectEqual(rolled?.dueDate, TaskFixture.day("2026-11-30"))
        expectEqual(outcome.tasks.first { $0.id == already.id }?.deferralCount, 0)
        expectTrue(!outcome.tasks.contains { $0.id == done.id })
    }

    @Test("T-13 T-23 an automatic 3rd deferral eases an important task and says which")
    func automaticThirdEases() {
        let task = TaskFixture.task(due: "2026-11-30", importance: .medium, deferrals: 2)
        let outcome = Rollover.run(candidates: [task], newDay: TaskFixture.day("2026-12-01"), alreadyDeferred: [],
                                   now: Self.now)
        expectEqual(outcome.eased, [task.id])
        expectEqual(outcome.tasks.first?.importance, .low)
    }
}
