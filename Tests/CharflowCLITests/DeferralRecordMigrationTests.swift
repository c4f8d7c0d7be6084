import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Migration 0023 makes the deferral records of one task and day one (spec D19 as changed, rule Y-18).
@Suite("One deferral record a task and day (migration 0023)")
struct DeferralRecordMigrationTests {
    static let migration = "0023-one-deferral-a-day"

    @Test("B-23 Y-18 D19 a store holding two records of one task and day keeps the later one, counts one, and leaves a tombstone for the other")
    func mendsDuplicates() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Call the bank", ["--due", "today"], now: "2026-11-30T09:00")
        try cf.ok(["defer", id, "--to", "2026-12-02"], now: "2026-11-30T10:00")
        let other = try cf.add("Post the letter", ["--due", "today"], now: "2026-11-30T09:00")
        try cf.ok(["defer", other], now: "2026-11-30T10:00")
        // As two devices left it before: a second record of the same task and day, made later.
        let full = try #require(try cf.storeQuery("SELECT id FROM tasks WHERE id LIKE ?", [.text(id.lowercased() + "%")]).first)
        do {
            let db = try Database(path: cf.storePath)
            try db.run("""
                INSERT INTO deferrals (id, task_id, deferred_on, day, deferred_to, reason, modified_at)
                SELECT '00000000-0000-4000-8000-0000000000aa', task_id, deferred_on, day, '2026-12-04', 'notReady',
                       '2026-11-30T10:05:00.000Z' FROM deferrals WHERE task_id = ?
                """, [.text(full)])
            try db.run("UPDATE tasks SET deferral_count = 2 WHERE id = ?", [.text(full)])
            try db.run("DELETE FROM charflow_migrations WHERE name = ?", [.text(Self.migration)])
        }
        let shown = try cf.json(["show", id], now: "2026-11-30T11:00")
        let records = try #require(shown["deferrals"] as? [[String: Any]])
        expectEqual(records.count, 1)
        expectEqual(records.first?["deferredTo"] as? String, "2026-12-04", "the later record is kept")
        expectEqual(shown["deferralCount"] as? Int, 1)
        #expect(try cf.storeQuery("SELECT count(*) FROM tombstones WHERE table_name = 'deferrals'") == ["1"])
        // A task with one record a day is left as it was.
        let untouched = try cf.json(["show", other], now: "2026-11-30T11:00")
        #expect(untouched["deferralCount"] as? Int == 1 && (untouched["deferrals"] as? [Any])?.count == 1)
    }
}
