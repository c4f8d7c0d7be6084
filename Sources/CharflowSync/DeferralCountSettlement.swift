import CharflowStore

/// After a merge, every task whose deferral records or count the merge touched counts its records
/// again (spec D19 "Counts are derived", rule Y-18): a deferral count is the number of distinct
/// deferral records, so the same deferral made on two devices (one record, its id derived from the
/// task, the day it was made and the day it sent the task to) counts once, and different ones each
/// count.
///
/// Runs inside the merge, where nothing writes operations: every device holding the same records
/// computes the same. A task with no record keeps the number it holds (a count imported from a file
/// that listed no records), as every device received it.
enum DeferralCountSettlement {
    /// Sets the count of every task of `tasks` (ids) that this store holds and that has records.
    static func settle(_ tasks: Set<String>, db: Database) throws {
        for task in tasks.sorted() {
            try db.run("""
                UPDATE tasks SET deferral_count = (SELECT count(*) FROM deferrals WHERE task_id = ?1)
                WHERE id = ?1 AND EXISTS (SELECT 1 FROM deferrals WHERE task_id = ?1)
                AND deferral_count IS NOT (SELECT count(*) FROM deferrals WHERE task_id = ?1)
                """, [.text(task)])
        }
    }

    /// The task a row of `table` counts toward, when it is a deferral record the store holds.
    static func task(of table: String, id: String, db: Database) throws -> String? {
        guard table == "deferrals" else { return nil }
        return try db.scalar("SELECT task_id FROM deferrals WHERE id = ?", [.text(id)])?.text
    }
}
