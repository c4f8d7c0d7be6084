import CharflowCore
import CharflowStore
import Foundation

/// Resume a paused habit: the pause in force (or the next one) ends, so today is scheduled again; past
/// days keep their state. A pause that had not begun is removed.
public enum ResumeHabit {
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
    public func resumeHabit(_ input: ResumeHabit.Input) throws -> HabitReport {
        let records = store.habitRecords
        let habit = try store.action("habit resume") { work in
            let habit = try self.habit(input.habit)
            // The days it spends archived are ended by restore, not by resume.
            let pauses = try records.pauses(of: habit.id).filter { $0.reason != .archived && ($0.to.map { $0 > today } ?? true) }
            guard !pauses.isEmpty else { throw PlannerError.notPausedHabit }
            for var pause in pauses {
                if pause.from >= today {
                    try records.remove(pause, in: work)
                } else {
                    pause.to = today
                    try records.save(pause, in: work)
                }
            }
            return habit
        }
        return try habitReport(habit)
    }
}
