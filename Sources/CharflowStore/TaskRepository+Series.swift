import CharflowCore
import Foundation

/// What the series rules after a merge read and write (spec D19 "A series is one thing", rule Y-20):
/// the live instances of each series, whether a series was stopped, whether a person touched an
/// instance, and the removal of an instance nobody touched.
extension TaskRepository {
    /// Every live repeating task that belongs to a series, in no particular order.
    package func liveSeriesInstances() throws -> [TaskItem] {
        try tasks(indexedBy: "tasks_live_by_due",
                          where: "\(TaskRecords.live) AND series_id IS NOT NULL AND repeat_kind != 'none'", [])
    }

    /// Whether `series` was stopped: one of its tasks was told to stop repeating (`--repeat none`),
    /// or its live instance was purged (the stop mark `purge` leaves).
    package func isStopped(series: UUID) throws -> Bool {
        let key = SQLValue.text(series.lowercasedText)
        if try store.db.scalar("SELECT 1 FROM tasks WHERE series_id = ? AND repeat_kind = 'none' LIMIT 1", [key]) != nil { return true }
        return try OperationLog.isRemoved(table: "tasks", id: TaskRepository.stopMark(of: series), store.db)
    }

    /// The id of the stop mark of `series`: a row that never lives, removed for good when the series
    /// stops, so its tombstone travels to every device.
    package static func stopMark(of series: UUID) -> String {
        DerivedID.seriesStop(series).lowercasedText
    }

    /// Whether a person left a mark on the task beyond what made it: a focus session, a deferral they
    /// chose (the rollover's own records are not theirs), a day or place other than the occurrence it
    /// was made for, or a field changed after it was made.
    package func wasTouched(_ task: TaskItem) throws -> Bool {
        if !task.isLive || task.region != nil || task.dueDate != task.occurrence { return true }
        let key = SQLValue.text(task.id.lowercasedText)
        if try store.db.scalar("SELECT 1 FROM sessions WHERE task_id = ? LIMIT 1", [key]) != nil { return true }
        if try store.db.scalar("SELECT 1 FROM deferrals WHERE task_id = ? AND reason != 'unspecified' LIMIT 1", [key]) != nil { return true }
        let clocks = try OperationLog.fieldClocks(table: "tasks", id: task.id.lowercasedText, store.db)
        guard let made = clocks["created_at"] else { return false }
        return TaskRepository.personFields.contains { clocks[$0].map { $0 > made } ?? false }
    }

    /// The fields of a task only a person changes (the rollover writes none of them on an unplaced task).
    static let personFields = ["title", "notes", "effort_minutes", "importance", "category_id", "repeat_kind",
                               "repeat_weekdays", "repeat_day_of_month", "due_date", "region", "bucket", "sort_order",
                               "is_completed", "dropped_at"]

    /// Removes an instance for good with its deferrals and sessions, each leaving a tombstone, outside
    /// any undo: a settlement after a merge, which every device makes alike.
    package func removeInstance(_ id: UUID) throws {
        store.forgetReads()
        try removeForGood(id)
    }
}
