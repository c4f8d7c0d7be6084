import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Resume a paused habit: the pause in force (or the next one) ends, so today is scheduled again;
    /// past days keep their state. A pause that had not begun is removed.
    @discardableResult
    public func resumeHabit(_ id: UUID) throws -> HabitReport {
        let habit = try habit(id: id)
        let records = store.habitRecords
        let pauses = try records.pauses(of: habit.id).filter { $0.to.map { $0 > today } ?? true }
        guard !pauses.isEmpty else { throw PlannerError.notPausedHabit }
        try store.action("habit resume") { work in
            for var pause in pauses {
                if pause.from >= today {
                    try records.remove(pause, in: work)
                } else {
                    pause.to = today
                    try records.save(pause, in: work)
                }
            }
        }
        return try habitReport(habit)
    }

    // MARK: From a request

    /// `habit resume ID`.
    public func resumeHabit(_ request: Request) throws -> HabitReport {
        try resumeHabit(try habit(matching: try request.habitSubject()).id)
    }
}
