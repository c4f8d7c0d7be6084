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

    /// Sets whether the habit `ref` names is archived, as the undoable action `label`.
    func setArchived(_ ref: HabitRef, _ archived: Bool, label: String) throws -> HabitReport {
        let saved = try store.action(label) { work in
            var habit = try self.habit(ref)
            habit.isArchived = archived
            return try store.habitRecords.save(habit, in: work)
        }
        return try habitReport(saved)
    }
}
