import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Derived values: urgency, quadrant, stale and the engine's order")
struct DerivedTests {
    let today = LocalDay(year: 2026, month: 3, day: 4)!

    func task(
        _ title: String = "t", due offset: Int? = nil, importance: Importance = .low, deferrals: Int = 0, created: Int = 0
    ) -> TaskItem {
        TaskItem(title: title, dueDate: offset.map { today.adding(days: $0) }, importance: importance,
                 deferralCount: deferrals, createdAt: Fixture.created(created))
    }

    // MARK: T-16 urgency

    @Test("T-16 urgent when due tomorrow or earlier, overdue included", arguments: [
        (-10, true), (-1, true), (0, true), (1, true), (2, false), (30, false),
    ])
    func urgentByDate(_ offset: Int, _ urgent: Bool) {
        expectEqual(task(due: offset).isUrgent(today: today), urgent)
        expectEqual(task(due: offset, importance: .high).isUrgent(today: today), urgent)
    }

    @Test("T-16 urgent at three or more deferrals, whatever the date", arguments: [
        (0, false), (2, false), (3, true), (7, true),
    ])
    func urgentByDeferrals(_ deferrals: Int, _ urgent: Bool) {
        expectEqual(task(due: 10, deferrals: deferrals).isUrgent(today: today), urgent)
        expectEqual(task(due: nil, deferrals: deferrals).isUrgent(today: today), urgent)
    }

    @Test("T-16 the urgency window and stale count are named constants")
    func constants() {
        expectEqual(TaskItem.urgencyWindowDays, 1)
        expectEqual(Deferral.staleFromCount, 3)
    }

    @Test("T-16 an undated task with few deferrals is never urgent")
    func undatedNotUrgent() {
        expectTrue(!task(due: nil).isUrgent(today: today))
    }

    // MARK: T-17 quadrant

    @Test("T-17 quadrant from urgent × important", arguments: [
        (Importance.high, 0, Quadrant.doFirst), (.medium, 1, .doFirst), (.high, 5, .schedule), (.medium, 2, .schedule),
        (.low, 0, .fitIn), (.low, -3, .fitIn), (.low, 2, .letGo),
    ])
    func quadrant(_ importance: Importance, _ offset: Int, _ expected: Quadrant) {
        expectEqual(task(due: offset, importance: importance).quadrant(today: today), expected)
    }

    @Test("T-17 an undated low task is letGo; three deferrals make it fitIn")
    func quadrantUndated() {
        expectEqual(task(due: nil).quadrant(today: today), .letGo)
        expectEqual(task(due: nil, deferrals: 3).quadrant(today: today), .fitIn)
        expectEqual(task(due: 9, importance: .high, deferrals: 3).quadrant(today: today), .doFirst)
    }

    @Test("T-17 only medium and high are important")
    func importance() {
        expectTrue(!Importance.low.isImportant)
        expectTrue(Importance.medium.isImportant)
        expectTrue(Importance.high.isImportant)
        expectEqual(Quadrant.allCases, [.doFirst, .schedule, .fitIn, .letGo])
    }

    // MARK: T-18 stale

    @Test("T-18 stale at three deferrals or more", arguments: [(0, false), (2, false), (3, true), (5, true)])
    func stale(_ deferrals: Int, _ expected: Bool) {
        expectEqual(task(deferrals: deferrals).isStale, expected)
    }

    // MARK: T-15 order

    @Test("T-15 engine order: quadrant first, then due date (undated last), then creation")
    func engineOrder() {
        let tasks = [
            task("letGo undated", due: nil, created: 1),
            task("letGo later", due: 9, created: 2),
            task("fitIn today newer", due: 0, created: 9),
            task("fitIn overdue", due: -2, created: 10),
            task("fitIn today older", due: 0, created: 3),
            task("schedule", due: 5, importance: .medium, created: 4),
            task("doFirst tomorrow", due: 1, importance: .high, created: 5),
            task("doFirst today", due: 0, importance: .medium, created: 6),
            task("fitIn stale undated", due: nil, deferrals: 3, created: 0),
        ]
        let expected = [
            "doFirst today", "doFirst tomorrow", "schedule",
            "fitIn overdue", "fitIn today older", "fitIn today newer", "fitIn stale undated",
            "letGo later", "letGo undated",
        ]
        expectEqual(EngineOrder.sorted(tasks, today: today).map(\.title), expected)
        expectEqual(EngineOrder.sorted(tasks.reversed(), today: today).map(\.title), expected)
    }

    @Test("T-15 low tasks always sort after every medium or high task")
    func importantFirst() {
        let low = task("low overdue", due: -30, created: 0)
        let high = task("high far", due: 60, importance: .high, created: 1)
        expectTrue(EngineOrder.precedes(high, low, today: today))
        expectTrue(!EngineOrder.precedes(low, high, today: today))
    }

    @Test("T-15 the order is total: equal tasks fall back to the id, never to input order")
    func totalOrder() {
        let a = task("same", due: 0, created: 1)
        let b = task("same", due: 0, created: 1)
        expectNotEqual(EngineOrder.precedes(a, b, today: today), EngineOrder.precedes(b, a, today: today))
        expectEqual(EngineOrder.sorted([a, b], today: today), EngineOrder.sorted([b, a], today: today))
    }

    // MARK: T-13 easing at the third deferral

    @Test("T-13 the third deferral eases a medium or high task to low, and says so", arguments: [Importance.medium, .high])
    func easing(_ importance: Importance) {
        var item = task(due: 0, importance: importance)
        let now = Fixture.created(100)
        let eased = (0..<4).map { _ in item.countDeferral(now: now) }
        expectEqual(eased, [false, false, true, false], "only the third deferral eases")
        expectEqual(item.importance, .low)
        expectEqual(item.deferralCount, 4)
        expectEqual(item.modifiedAt, now)
        var second = task(due: 0, importance: importance)
        second.countDeferral(now: now)
        second.countDeferral(now: now)
        expectEqual(second.importance, importance, "two deferrals keep the importance")
        expectEqual(Messages.importanceEased, "This one keeps slipping, so I've eased it to low. Raise it again when it's real.")
    }

    @Test("T-13 a low task is never eased; its count still rises")
    func noEasingForLow() {
        var item = task(due: 0)
        let eased = (0..<4).map { _ in item.countDeferral(now: Fixture.created(1)) }
        expectEqual(eased, [false, false, false, false])
        expectEqual(item.deferralCount, 4)
        expectEqual(item.importance, .low)
    }

    // MARK: T-1 defaults

    @Test("T-1 a new task: low importance, 30 minutes, live, not on the board, no deferrals")
    func defaults() {
        let item = TaskItem(title: "new", createdAt: Fixture.created())
        expectEqual(item.importance, .low)
        expectEqual(item.effortMinutes, 30)
        expectEqual(TaskItem.defaultEffortMinutes, 30)
        expectTrue(item.isLive)
        #expect(item.region == nil && item.bucket == nil)
        expectEqual(item.deferralCount, 0)
        expectEqual(item.repeatKind, .none)
        expectEqual(item.dueDate, nil)
        expectEqual(item.modifiedAt, item.createdAt)
        expectEqual(item.shortID.count, 8)
        expectEqual(item.shortID, item.shortID.lowercased())
    }

    @Test("T-2 effort: 15-minute steps up to 8 hours, or none", arguments: [
        ("15", 15 as Int?), ("30", 30), ("480", 480), ("none", nil), ("NONE", nil),
    ])
    func effortAccepted(_ text: String, _ minutes: Int?) throws {
        try expectEqual(Effort.parse(text), minutes)
    }

    @Test("T-2 effort off the grid or over 8 hours is refused", arguments: ["0", "10", "495", "-15", "1h", "", "30.0"])
    func effortRefused(_ text: String) {
        #expect(throws: InputError.badEffort(text)) { _ = try Effort.parse(text) }
    }

    @Test("T-10 deferral reasons are exactly the five of task.md")
    func reasons() {
        expectEqual(DeferralReason.allCases.map(\.rawValue), ["tooMuch", "notReady", "noLonger", "reschedule", "unspecified"])
        let record = DeferralRecord(taskID: UUID(), deferredOn: Fixture.created(), day: today, deferredTo: nil,
                                    reason: .unspecified)
        expectEqual(record.modifiedAt, record.deferredOn)
        expectEqual(record.deferredTo, nil, "nil is Someday")
    }
}
