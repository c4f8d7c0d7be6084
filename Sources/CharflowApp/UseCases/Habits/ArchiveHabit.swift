import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Archive a habit: it leaves Today and the habits list, takes no log, and keeps its history.
    @discardableResult
    public func archiveHabit(_ id: UUID) throws -> HabitReport {
        try setArchived(id, true, label: "habit archive")
    }

    /// Sets whether a habit is archived, as the undoable action `label`.
    func setArchived(_ id: UUID, _ archived: Bool, label: String) throws -> HabitReport {
        var habit = try habit(id: id)
        habit.isArchived = archived
        let saved = try store.action(label) { work in try store.habitRecords.save(habit, in: work) }
        return try habitReport(saved)
    }

    // MARK: From a request

    /// `habit archive ID`.
    public func archiveHabit(_ request: Request) throws -> HabitReport {
        try archiveHabit(try habit(matching: try request.habitSubject()).id)
    }
}
