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
            try keepArchivedDays(of: habit.id, archived: archived, in: work)
            return (try store.habitRecords.save(habit, in: work), true)
        }
        var report = try habitReport(saved)
        report.changed = changed
        return report
    }

    /// The days a habit spends archived are a pause of reason `archived`, begun today by archiving and
    /// ended today by restoring (one begun today is removed), so that once it is back those days are
    /// unscheduled in its grid, its read, fatigue and the cadence suggestion, as paused days are, and
    /// never count as missed. An archive from before this rule has no such pause: nothing is guessed.
    private func keepArchivedDays(of habit: UUID, archived: Bool, in work: UnitOfWork) throws {
        let records = store.habitRecords
        if archived {
            _ = try records.insert(HabitPause(habitID: habit, from: today, to: nil, reason: .archived, modifiedAt: now), in: work)
            return
        }
        for var pause in try records.pauses(of: habit) where pause.reason == .archived && (pause.to.map { $0 > today } ?? true) {
            if pause.from >= today {
                try records.remove(pause, in: work)
            } else {
                pause.to = today
                pause.modifiedAt = now
                try records.save(pause, in: work)
            }
        }
    }
}
