import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Rollover: what the end of a logical day does to tasks")
struct RolloverTests {
    let ended = LocalDay(year: 2026, month: 3, day: 2)!
    var newDay: LocalDay { ended.adding(days: 1) }
    let now = Fixture.created(86_400)

    func outcomeByTitle(_ outcome: RolloverOutcome) -> [String: TaskItem] {
        Dictionary(uniqueKeysWithValues: outcome.tasks.map { ($0.title, $0) })
    }

    @Test("B-13 unfinished placed tasks leave the board for the Backlog; metadata is kept")
    func unfinishedToBacklog() throws {
        var task = Fixture.placed("water plants", .morning, .complementary, on: ended, order: 2)
        task.notes = "the ferns"
        task.effortMinutes = 45
        task.importance = .medium
        let outcome = Rollover.run(candidates: [task], newDay: newDay, alreadyDeferred: [], now: now)
        let rolled = try #require(outcome.tasks.first)
        expectEqual(outcome.tasks.count, 1)
        expectEqual(rolled.region, nil)
        expectEqual(rolled.bucket, nil)
        expectEqual(rolled.sortOrder, 0)
        expectEqual(rolled.backlogSince, ended, "it entered the Backlog on the day it was carried from")
        expectEqual(rolled.dueDate, ended, "the due date is kept, so the task reads as overdue")
        expectTrue(rolled.isOverdue(today: newDay))
        expectEqual(rolled.notes, "the ferns")
        expectEqual(rolled.effortMinutes, 45)
        expectEqual(rolled.importance, .medium)
        expectEqual(rolled.createdAt, task.createdAt)
        expectEqual(rolled.id, task.id)
        expectEqual(rolled.modifiedAt, now)
        expectTrue(Backlog.contains(rolled, today: newDay))
    }

    @Test("B-13 completed and dropped tasks are not touched: done tasks stay on their day as history")
    func completedStay() {
        let done = Fixture.placed("done", .morning, .mustDo, on: ended, completed: true)
        let dropped = Fixture.placed("dropped", .evening, .misc, on: ended, dropped: true, created: 1)
        let outcome = Rollover.run(candidates: [done, dropped], newDay: newDay, alreadyDeferred: [], now: now)
        expectEmpty(outcome.tasks)
        expectEmpty(outcome.deferrals)
    }

    @Test("T-23 each live dated task due on or before the ended day gets one automatic deferral, reason unspecified")
    func automaticDeferral() throws {
        let placed = Fixture.placed("placed", .afternoon, .misc, on: ended)
        let dated = TaskItem(title: "dated", dueDate: ended, createdAt: Fixture.created(1))
        let older = TaskItem(title: "older", dueDate: ended.adding(days: -4), deferralCount: 1,
                             createdAt: Fixture.created(2), backlogSince: ended.adding(days: -4))
        let outcome = Rollover.run(candidates: [placed, dated, older], newDay: newDay, alreadyDeferred: [], now: now)
        expectEqual(outcome.deferrals.count, 3)
        for record in outcome.deferrals {
            expectEqual(record.reason, .unspecified)
            expectEqual(record.day, newDay)
            expectEqual(record.deferredTo, newDay)
            expectEqual(record.deferredOn, now)
        }
        expectEqual(Set(outcome.deferrals.map(\.taskID)), Set([placed.id, dated.id, older.id]))
        let byTitle = outcomeByTitle(outcome)
        expectEqual(byTitle["placed"]?.deferralCount, 1)
        expectEqual(byTitle["dated"]?.deferralCount, 1)
        expectEqual(byTitle["older"]?.deferralCount, 2)
        expectEqual(byTitle["dated"]?.backlogSince, ended, "a dated task not on the board enters the Backlog on its day")
        expectEqual(byTitle["older"]?.backlogSince, ended.adding(days: -4), "an earlier entry day is kept")
        expectEqual(byTitle["dated"]?.dueDate, ended)
    }

    @Test("T-23 undated tasks and tasks due on or after the new day are left alone")
    func notCandidates() {
        let undated = TaskItem(title: "undated", createdAt: Fixture.created(), backlogSince: ended)
        let dueNew = Fixture.placed("tomorrow's board", .morning, .misc, on: newDay)
        let later = TaskItem(title: "later", dueDate: newDay.adding(days: 3), createdAt: Fixture.created())
        let outcome = Rollover.run(candidates: [undated, dueNew, later], newDay: newDay, alreadyDeferred: [], now: now)
        expectEmpty(outcome.tasks)
        expectEmpty(outcome.deferrals)
    }

    @Test("T-22 a task already deferred for the new day gains no second deferral, but still leaves the board")
    func oncePerDay() throws {
        let task = Fixture.placed("already", .morning, .misc, on: ended)
        let outcome = Rollover.run(candidates: [task], newDay: newDay, alreadyDeferred: [task.id], now: now)
        let rolled = try #require(outcome.tasks.first)
        expectEmpty(outcome.deferrals)
        expectEqual(rolled.deferralCount, 0)
        expectEqual(rolled.region, nil)
    }

    @Test("T-23 a task carried without a deferral (its session auto-closed) leaves the board with no count")
    func carriedWithoutDeferral() throws {
        let task = Fixture.placed("in progress", .evening, .mustDo, on: ended)
        let outcome = Rollover.run(candidates: [task], newDay: newDay, alreadyDeferred: [],
                                   carriedWithoutDeferral: [task.id], now: now)
        let rolled = try #require(outcome.tasks.first)
        expectEmpty(outcome.deferrals)
        expectEqual(rolled.deferralCount, 0)
        expectEqual(rolled.backlogSince, ended)
    }

    @Test("B-14 catching up over several missed days gives one deferral for the whole gap")
    func catchUpOnce() throws {
        let missedFrom = ended.adding(days: -5)
        let task = Fixture.placed("away", .morning, .misc, on: missedFrom)
        let outcome = Rollover.run(candidates: [task], newDay: newDay, alreadyDeferred: [], now: now)
        expectEqual(outcome.deferrals.count, 1)
        let rolled = try #require(outcome.tasks.first)
        expectEqual(rolled.deferralCount, 1)
        expectEqual(rolled.backlogSince, missedFrom)
    }

    @Test("T-13 the automatic third deferral eases an important task and reports it")
    func easedByRollover() throws {
        let task = TaskItem(title: "slipping", dueDate: ended, importance: .high, deferralCount: 2,
                            createdAt: Fixture.created())
        let outcome = Rollover.run(candidates: [task], newDay: newDay, alreadyDeferred: [], now: now)
        expectEqual(outcome.eased, [task.id])
        let rolled = try #require(outcome.tasks.first)
        expectEqual(rolled.importance, .low)
        expectEqual(rolled.deferralCount, 3)
        expectTrue(rolled.isStale)
    }

    @Test("B-14 running the outcome again on the new day changes nothing more than once-per-day allows")
    func idempotentWithRecords() throws {
        let task = Fixture.placed("twice", .morning, .misc, on: ended)
        let first = Rollover.run(candidates: [task], newDay: newDay, alreadyDeferred: [], now: now)
        let rolled = try #require(first.tasks.first)
        let deferred = Set(first.deferrals.map(\.taskID))
        let second = Rollover.run(candidates: [rolled], newDay: newDay, alreadyDeferred: deferred, now: now)
        expectEmpty(second.deferrals)
        expectEmpty(second.tasks, "an already carried task has nothing to save a second time")
        expectEqual(rolled.deferralCount, 1)
        expectEqual(rolled.backlogSince, ended)
    }
}
