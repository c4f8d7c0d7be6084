import CharflowCore
import Foundation

/// Gives each done task the logical day it was done on, where its row has none (rules B-15, P-8).
///
/// Every completion made by this build stores its day (`TaskItem.completedDay`). Rows done before the
/// day was kept, rows from an older backup and rows another device's older build sent have none: each
/// gets the day its completion time falls on under the store's zone and rollover time now, which is
/// what every reader derived before. Filling on opening and after a merge is quiet: it is this
/// device's reading of a row nobody changed, so it writes no sync operation, leaves `modified_at` alone
/// and has no undo; a day another device sends replaces it. After an import or an undo it is part of
/// that change, and travels with the rest of it.
enum CompletionDay {
    /// The migration that gave completions their day and the index of those without one.
    static let migration = "0022-completion-day"

    /// Fills in the day of every done task that has none; returns how many it filled. One indexed read
    /// when none lacks it; nothing on a store opened for reading only.
    @discardableResult
    static func fill(_ db: Database, calendar: PlannerCalendar, quietly: Bool) throws -> Int {
        let rows = try db.rows("""
            SELECT id, completed_at FROM tasks INDEXED BY tasks_done_without_day WHERE is_completed = 1 AND completed_day IS NULL AND completed_at IS NOT NULL
            """)
        guard !rows.isEmpty, !db.isReadOnly else { return 0 }
        try db.write {
            let applying = quietly ? try db.scalar("SELECT applying FROM sync_state WHERE id = 1")?.int : nil
            if applying == 0 { try OperationLog.setApplying(true, db) }
            for row in rows {
                guard let id = row[0].text, let done = row.instant(1) else { continue }
                try db.run("UPDATE tasks SET completed_day = ? WHERE id = ?", [.text(calendar.logicalDay(at: done).description), .text(id)])
            }
            if applying == 0 { try OperationLog.setApplying(false, db) }
        }
        return rows.count
    }
}

extension Store {
    /// Fills in the day of every done task that has none, under this store's zone and rollover time
    /// (`CompletionDay`): quietly on opening and after a merge, as part of the change after an import or
    /// an undo.
    @discardableResult
    package func fillCompletionDays(quietly: Bool = true) throws -> Int {
        // A store opened with an older schema (a test's migrator) has no such column to fill.
        guard keepsCompletionDays else { return 0 }
        return try CompletionDay.fill(db, calendar: calendar, quietly: quietly)
    }
}
