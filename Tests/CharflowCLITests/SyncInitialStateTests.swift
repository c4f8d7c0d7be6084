import CharflowCore
import CharflowStore
import Foundation
import Testing

/// What a store already holds when it becomes a device, or when it restores a backup, travels with
/// each row's own change time, and the seeded defaults with the zero clock (spec D19 "Initial state",
/// rule Y-15): a device that joins later, or a restored store, never reverts what was done elsewhere.
@Suite("Sync initial state (Y-15)", .serialized)
struct SyncInitialStateTests {
    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at now: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: now)
    }

    func startHub() throws -> PostgresHub { try PostgresHub.initialised(at: "2026-03-01T07:00") }

    /// Each default category's name, colour and archived flag, by preset key.
    func defaults(_ device: CharflowRunner) throws -> [String: String] {
        let db = try Database(path: device.storePath)
        var found: [String: String] = [:]
        for row in try db.rows("SELECT preset_key, name, color_key, is_archived FROM categories WHERE preset_key IS NOT NULL") {
            found[row[0].text ?? ""] = [row[1].text ?? "", row[2].text ?? "", String(row[3].int ?? -1)].joined(separator: "|")
        }
        return found
    }

    func changeDefaults(_ device: CharflowRunner, on day: String) throws {
        #expect(try device.run(["category", "rename", "Work", "Job"], now: "\(day)T10:00").status == 0)
        #expect(try device.run(["category", "color", "Personal", "plum"], now: "\(day)T10:01").status == 0)
        #expect(try device.run(["category", "archive", "Family"], now: "\(day)T10:02").status == 0)
    }

    func title(_ device: CharflowRunner, _ id: String) throws -> String? {
        try Database(path: device.storePath).rows("SELECT title FROM tasks WHERE id = ?", [.text(id)]).first?[0].text
    }

    func completed(_ device: CharflowRunner, _ id: String) throws -> Bool {
        try Database(path: device.storePath).rows("SELECT completed_at FROM tasks WHERE id = ?", [.text(id)]).first?[0].text != nil
    }

    @Test("Y-15: defaults renamed, recoloured and archived before the first sync stay so when another device joins days later")
    func changedBeforeFirstSync() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        try changeDefaults(a, on: "2026-03-02")
        let changed = try defaults(a)
        #expect(changed["work"]?.hasPrefix("Job|") == true)
        try sync(a, hub, at: "2026-03-05T09:00")
        try b.run(["today"], now: "2026-03-08T09:00")
        try sync(b, hub, at: "2026-03-08T09:01")
        try sync(a, hub, at: "2026-03-08T09:02")
        #expect(try defaults(b) == changed)
        #expect(try defaults(a) == changed)
        #expect(try a.syncedRecords() == b.syncedRecords())
    }

    @Test("Y-15: defaults changed after the first sync stay so when a device made days later joins")
    func changedAfterFirstSync() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "2026-03-02T09:00")
        try changeDefaults(a, on: "2026-03-02")
        try sync(a, hub, at: "2026-03-02T11:00")
        let changed = try defaults(a)
        try b.run(["today"], now: "2026-03-09T09:00")
        try sync(b, hub, at: "2026-03-09T09:01")
        try sync(a, hub, at: "2026-03-09T09:02")
        #expect(try defaults(b) == changed)
        #expect(try defaults(a) == changed)
        #expect(try a.syncedRecords() == b.syncedRecords())
    }

    @Test("Y-15: a store's own edit made before it joined still wins over an older edit of the same default elsewhere")
    func ownOlderRowsKeepTheirTimes() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        #expect(try a.run(["category", "rename", "Work", "Office"], now: "2026-03-02T10:00").status == 0)
        try sync(a, hub, at: "2026-03-02T11:00")
        // B renamed it later than A did, but joins only days after.
        #expect(try b.run(["category", "rename", "Work", "Desk"], now: "2026-03-03T10:00").status == 0)
        try sync(b, hub, at: "2026-03-09T09:00")
        try sync(a, hub, at: "2026-03-09T09:01")
        #expect(try defaults(a)["work"]?.hasPrefix("Desk|") == true)
        #expect(try defaults(b)["work"]?.hasPrefix("Desk|") == true)
        #expect(try a.syncedRecords() == b.syncedRecords())
    }

    /// Device A with one task, its backup, and A's edits made after the backup (all synced).
    func backupThenChange(_ hub: PostgresHub) throws -> (a: CharflowRunner, task: String, other: String, backup: String) {
        let a = try CharflowRunner()
        let task = try a.add("Call the bank", now: "2026-03-02T09:00")
        let other = try a.add("Water the plants", now: "2026-03-02T09:01")
        try sync(a, hub, at: "2026-03-02T09:05")
        let backup = a.folder.appendingPathComponent("backup.json").path
        #expect(try a.run(["export", "--out", backup], now: "2026-03-02T09:10").status == 0)
        #expect(try a.run(["edit", task, "--title", "Call the bank about the loan"], now: "2026-03-04T10:00").status == 0)
        #expect(try a.run(["done", other], now: "2026-03-04T10:01").status == 0)
        #expect(try a.run(["category", "rename", "Work", "Job"], now: "2026-03-04T10:02").status == 0)
        try sync(a, hub, at: "2026-03-04T11:00")
        return (a, task, other, backup)
    }

    func expectNothingReverted(_ a: CharflowRunner, _ c: CharflowRunner, task: String, other: String) throws {
        for device in [a, c] {
            #expect(try title(device, task) == "Call the bank about the loan")
            #expect(try completed(device, other))
            #expect(try defaults(device)["work"]?.hasPrefix("Job|") == true)
        }
        #expect(try a.syncedRecords(eachRemovalOnce: true) == c.syncedRecords(eachRemovalOnce: true))
    }

    @Test("Y-15: restoring a backup on a fresh store and syncing keeps what other devices did since the backup")
    func importOnFreshStore() throws {
        let hub = try startHub()
        let (a, task, other, backup) = try backupThenChange(hub)
        let c = try CharflowRunner()
        let restored = try c.run(["import", backup], now: "2026-03-08T09:00")
        #expect(restored.status == 0, "\(restored.stderr)")
        try sync(c, hub, at: "2026-03-08T09:01")
        try sync(a, hub, at: "2026-03-08T09:02")
        try expectNothingReverted(a, c, task: task, other: other)
    }

    @Test("Y-15: restoring a backup on a store already made a device (hub init) keeps what other devices did since the backup")
    func importOnDevice() throws {
        let hub = try startHub()
        let (a, task, other, backup) = try backupThenChange(hub)
        let c = try CharflowRunner()
        try sync(c, hub, at: "2026-03-07T09:00")
        // A new machine: `hub init` makes it a device, then the backup is restored, then it syncs.
        let fresh = try CharflowRunner()
        #expect(try fresh.run(["hub", "init", hub.url], now: "2026-03-07T09:30").status == 0)
        let restored = try fresh.run(["import", backup], now: "2026-03-08T09:00")
        #expect(restored.status == 0, "\(restored.stderr)")
        let first = try fresh.run(["sync", "--json"], now: "2026-03-08T09:01")
        #expect(first.status == 0, "\(first.stderr)")
        try sync(a, hub, at: "2026-03-08T09:02")
        try sync(c, hub, at: "2026-03-08T09:03")
        try expectNothingReverted(a, fresh, task: task, other: other)
        try expectNothingReverted(a, c, task: task, other: other)
    }
}
