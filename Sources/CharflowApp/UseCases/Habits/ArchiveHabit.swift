import CharflowCore
import CharflowStore
import Foundation

/// Archive a habit: it leaves Today and the habits list, takes no log, and keeps its history.
public enum ArchiveHabit {
    public struct Input: Decodable, Sendable {
        public var habit: HabitRef

        public init(habit: HabitRef) {
            self.habit = habit
        }

        public init(habit: UUID) {
            self.habit = HabitRef(habit)
        }
    }
}

extension Charflow {
    @discardableResult
    public func archiveHabit(_ input: ArchiveHabit.Input) throws -> HabitReport {
        try setArchived(input.habit, true, label: "habit archive")
    }

    /// Sets whether the habit `ref` names is archived, as the undoable action `label`; a habit already
    /// so records nothing (B-21) and its report says it changed nothing.
    func setArchived(_ ref: HabitRef, _ archived: Bool, label: String) throws -> HabitReport {
        let (saved, changed) = try store.action(label) { work in
            var habit = try self.habit(ref)
            guard habit.isArchived != archived else {
                work.changesNothing()
                return (habit, false)
            }
            habit.isArchived = archived
            return (try store.habitRecords.save(habit, in: work), true)
        }
        var report = try habitReport(saved)
        report.changed = changed
        return report
    }
}
