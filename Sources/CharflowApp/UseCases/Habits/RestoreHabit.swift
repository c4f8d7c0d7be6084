import CharflowCore
import CharflowStore
import Foundation

/// Restore an archived habit: it is back on Today and takes logs again.
public enum RestoreHabit {
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
    public func restoreHabit(_ input: RestoreHabit.Input) throws -> HabitReport {
        try setArchived(input.habit, false, label: "habit restore")
    }
}
