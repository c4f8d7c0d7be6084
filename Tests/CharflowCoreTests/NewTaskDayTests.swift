import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The day a task being added or edited gets, and what that refuses (`NewTaskDay`).
@Suite("NewTaskDay: an important or repeating task needs a day, a board place a day not ended")
struct NewTaskDayTests {
    let today = LocalDay(year: 2026, month: 3, day: 2)!

    private func resolve(_ due: QuickDate?, importance: Importance = .low, repeatKind: RepeatKind = .none,
                         region: Region? = nil, bucket: Bucket? = nil) throws -> LocalDay? {
        try NewTaskDay.resolve(due, importance: importance, repeatKind: repeatKind, weekdays: "", region: region,
                               bucket: bucket, today: today, calendar: try Fixture.calendar())
    }

    @Test("T-11 an important task without a day gets today; a low one stays undated")
    func importantGetsToday() throws {
        try expectEqual(resolve(nil, importance: .high), today)
        try expectEqual(resolve(nil), nil)
        try expectEqual(resolve(.tomorrow, importance: .medium), today.adding(days: 1))
    }

    @Test("T-12 T-25 T-27 Someday is refused for an important or repeating task and for a board place")
    func somedayRefused() throws {
        #expect(throws: PlannerError.importantNeedsDay) { try resolve(.someday, importance: .high) }
        #expect(throws: PlannerError.repeatingNeedsDay) { try resolve(.someday, repeatKind: .daily) }
        #expect(throws: PlannerError.boardNeedsDay) { try resolve(.someday, region: .morning) }
        try expectEqual(resolve(.someday), nil)
    }

    @Test("B-3 a bucket needs a region; B-7 a board place on a day that has ended is refused")
    func boardChecks() throws {
        #expect(throws: PlannerError.bucketNeedsRegion) { try resolve(nil, bucket: .misc) }
        let yesterday = today.adding(days: -1)
        #expect(throws: PlannerError.boardDayEnded(yesterday)) { try resolve(.date(yesterday), region: .evening) }
        try expectEqual(resolve(.date(yesterday)), yesterday)
        expectTrue(NewTaskDay.entersBacklog(due: yesterday, today: today))
        expectTrue(NewTaskDay.entersBacklog(due: nil, today: today))
        expectTrue(!NewTaskDay.entersBacklog(due: today, today: today))
    }

    @Test("T-11 T-27 an edit that leaves a repeating task undated gives it its first day, or refuses Someday")
    func editKeepsADay() throws {
        var task = TaskItem(title: "Water plants", createdAt: Fixture.created())
        task.repeatKind = .daily
        #expect(throws: PlannerError.repeatingNeedsDay) {
            var copy = task
            try NewTaskDay.ensureDay(&copy, askedSomeday: true, today: today)
        }
        task.backlogSince = today
        try NewTaskDay.ensureDay(&task, askedSomeday: false, today: today)
        expectEqual(task.dueDate, today)
        expectEqual(task.backlogSince, nil)
    }
}
