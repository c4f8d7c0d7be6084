/// A task's deferral count is the number of its deferral records (spec D19 "Counts are derived",
/// rule Y-18): the same deferral made on two devices (one record, its id derived from the task, the
/// day it was made and the day it sent the task to) counts once, and different ones each count.
///
/// Settled wherever a count can have gone stale against its records: after a merge, for every task
/// whose records or count it touched (`OperationMerge`, where nothing writes operations, so every
/// device holding the same records computes the same), and after an undo on a sync device, whose
/// task comes back with the count it had before a merge brought another device's records (rule
/// Y-25). A task with no record keeps the number it holds (a count imported from a file that listed
/// no records), as every device received it.
package enum DeferralCounts {
    /// Sets the count of every task of `tasks` (ids) that this store holds and that has records.
    package static func settle(_ tasks: Set<String>, db: Database) throws {
        for task in tasks.sorted() {
            try db.run("""
                UPDATE tasks SET deferral_count = (SELECT count(*) FROM deferrals WHERE task_id = ?1)
                WHERE id = ?1 AND EXISTS (SELECT 1 FROM deferrals WHERE task_id = ?1)
                AND deferral_count IS NOT (SELECT count(*) FROM deferrals WHERE task_id = ?1)
                """, [.text(task)])
        }
    }

    /// The task a row of `table` counts toward, when it is a deferral record the store holds.
    package static func task(of table: String, id: String, db: Database) throws -> String? {
        guard table == "deferrals" else { return nil }
        return try db.scalar("SELECT task_id FROM deferrals WHERE id = ?", [.text(id)])?.text
    }
}
