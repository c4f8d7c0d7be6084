import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Task fields and effort (core)")
struct TaskFieldRuleTests {
    @Test("T-1 a task's defaults follow the table: 30 minutes preselected, low, not done, no repeat")
    func defaults() {
        let task = TaskItem(title: "New", createdAt: TaskFixture.instant())
        expectEqual(task.effortMinutes, 30)
        expectEqual(TaskItem.defaultEffortMinutes, 30)
        expectEqual(task.importance, .low)
        #expect(task.notes == nil && task.dueDate == nil && task.seriesID == nil && task.categoryID == nil)
        #expect(!task.isCompleted && task.completedAt == nil && task.droppedAt == nil)
        expectEqual(task.deferralCount, 0)
        #expect(task.repeatKind == .none && task.repeatWeekdays == "" && task.repeatDayOfMonth == 0)
        expectEqual(task.modifiedAt, task.createdAt)
        expectEqual(Importance.allCases.map(\.rawValue), ["low", "medium", "high"])
    }

    @Test("T-2 effort: 15-minute steps up to 8 hours are accepted, `none` is nil",
          arguments: [("15", 15), ("30", 30), ("45", 45), ("60", 60), ("120", 120), ("465", 465), ("480", 480),
                      ("none", nil), ("NONE", nil)] as [(String, Int?)])
    func effortAccepted(_ text: String, _ minutes: Int?) throws {
        try expectEqual(Effort.parse(text), minutes)
    }

    @Test("T-2 effort off the grid, zero, negative, over 8 hours or not a number is refused",
          arguments: ["0", "10", "20", "-15", "495", "600", "", "1h", "30.0"])
    func effortRefused(_ text: String) {
        #expect(throws: InputError.badEffort(text)) { try Effort.parse(text) }
    }
}
