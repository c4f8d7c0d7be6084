import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Importance, urgency and order (core)")
struct DerivedOrderRuleTests {
    static let today = TaskFixture.day("2026-11-30")

    @Test("T-14 the prompt needs five tasks in the plan and fewer than two important ones",
          arguments: [(5, 1, true), (5, 0, true), (7, 1, true), (5, 2, false), (4, 0, false), (6, 3, false)])
    func prompt(_ count: Int, _ important: Int, _ prompts: Bool) {
        let plan = (0..<count).map { index in
            TaskFixture.task("T\(index)", due: "2026-11-30", importance: index < important ? .high : .low)
        }
        expectEqual(Prioritisation.shouldPrompt(plan), prompts)
    }

    @Test("T-14 dropped tasks are not part of the plan; done ones are")
    func promptPlan() {
        var plan = (0..<5).map { TaskFixture.task("T\($0)", due: "2026-11-30") }
        plan[0].droppedAt = TaskFixture.instant()
        expectTrue(!Prioritisation.shouldPrompt(plan))
        plan[0].droppedAt = nil
        plan[0].isCompleted = true
        expectTrue(Prioritisation.shouldPrompt(plan))
    }

    @Test("T-16 urgent: due tomorrow or earlier (overdue too), or three deferrals; the window is a named constant",
          arguments: [("2026-11-20", 0, true), ("2026-11-30", 0, true), ("2026-12-01", 0, true),
                      ("2026-12-02", 0, false), (nil, 0, false), (nil, 3, true), ("2026-12-20", 3, true),
                      ("2026-12-20", 2, false)] as [(String?, Int, Bool)])
    func urgent(_ due: String?, _ deferrals: Int, _ isUrgent: Bool) {
        expectEqual(TaskFixture.task(due: due, deferrals: deferrals).isUrgent(today: Self.today), isUrgent)
        expectEqual(TaskItem.urgencyWindowDays, 1)
    }

    @Test("T-17 the quadrant is urgent × important",
          arguments: [("2026-11-30", Importance.high, Quadrant.doFirst), ("2026-12-01", .medium, .doFirst),
                      ("2026-12-05", .high, .schedule), ("2026-11-30", .low, .fitIn), ("2026-12-05", .low, .letGo)])
    func quadrant(_ due: String, _ importance: Importance, _ quadrant: Quadrant) {
        expectEqual(TaskFixture.task(due: due, importance: importance).quadrant(today: Self.today), quadrant)
    }

    @Test("T-18 stale from the 3rd deferral", arguments: [(2, false), (3, true), (9, true)])
    func stale(_ deferrals: Int, _ isStale: Bool) {
        expectEqual(TaskFixture.task(deferrals: deferrals).isStale, isStale)
        expectEqual(Deferral.staleFromCount, 3)
    }

    @Test("T-15 order by quadrant, then due date with undated last, then createdAt")
    func order() {
        let tasks = [
            TaskFixture.task("letGo undated", created: 0),
            TaskFixture.task("fitIn today late", due: "2026-11-30", created: 9),
            TaskFixture.task("schedule far", due: "2026-12-20", importance: .high, created: 1),
            TaskFixture.task("fitIn today early", due: "2026-11-30", created: 2),
            TaskFixture.task("doFirst overdue", due: "2026-11-28", importance: .medium, created: 3),
            TaskFixture.task("letGo dated", due: "2026-12-10", created: 4),
            TaskFixture.task("schedule near", due: "2026-12-05", importance: .high, created: 5),
            TaskFixture.task("doFirst today", due: "2026-11-30", importance: .high, created: 6),
            TaskFixture.task("fitIn stale undated", deferrals: 3, created: 7),
        ]
        let sorted = EngineOrder.sorted(tasks.reversed(), today: Self.today).map(\.title)
        expectEqual(sorted, [
            "doFirst overdue", "doFirst today", "schedule near", "schedule far",
            "fitIn today early", "fitIn today late", "fitIn stale undated", "letGo dated", "letGo undated",
        ])
    }
}
