import CharflowCore
import CharflowStore
import CharflowTestSupport
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
        try expectEqual(device.run(["category", "rename", "Work", "Job"], now: "\(day)T10:00").status, 0)
        try expectEqual(device.run(["category", "color", "Personal", "plum"], now: "\(day)T10:01").status, 0)
        try expectEqual(device.run(["category", "archive", "Family"], now: "\(day)T10:02").status, 0)
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
        expectEqual(changed["work"]?.hasPrefix("Job|"), true)
        try sync(a, hub, at: "2026-03-05T09:00")
        try b.run(["today"], now: "2026-03-08T09:00")
        try sync(b, hub, at: "2026-03-08T09:01")
        try sync(a, hub, at: "2026-03-08T09:02")
        try expectEqual(defaults(b), changed)
        try expectEqual(defaults(a), changed)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
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
        try expectEqual(defaults(b), changed)
        try expectEqual(defaults(a), changed)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-15: a store's own edit made before it joined still wins over an older edit of the same default elsewhere")
    func ownOlderRowsKeepTheirTimes() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        try expectEqual(a.run(["category", "rename", "Work", "Office"], now: "2026-03-02T10:00").status, 0)
        try sync(a, hub, at: "2026-03-02T11:00")
        // B renamed it later than A did, but joins only days after.
        try expectEqual(b.run(["category", "rename", "Work", "Desk"], now: "2026-03-03T10:00").status, 0)
        try sync(b, hub, at: "2026-03-09T09:00")
        try sync(a, hub, at: "2026-03-09T09:01")
        try expectEqual(defaults(a)["work"]?.hasPrefix("Desk|"), true)
        try expectEqual(defaults(b)["work"]?.hasPrefix("Desk|"), true)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    /// Device A with one task, its backup, and A's edits made after the backup (all synced).
    func backupThenChange(_ hub: PostgresHub) throws -> (a: CharflowRunner, task: String, other: String, backup: String) {
        let a = try CharflowRunner()
        let task = try a.add("Call the bank", now: "2026-03-02T09:00")
        let other = try a.add("Water the plants", now: "2026-03-02T09:01")
        try sync(a, hub, at: "2026-03-02T09:05")
        let backup = a.folder.appendingPathComponent("backup.json").path
        try expectEqual(a.run(["export", "--out", backup], now: "2026-03-02T09:10").status, 0)
        try expectEqual(a.run(["edit", task, "--title", "Call the bank about the loan"], now: "2026-03-04T10:00").status, 0)
        try expectEqual(a.run(["done", other], now: "2026-03-04T10:01").status, 0)
        try expectEqual(a.run(["category", "rename", "Work", "Job"], now: "2026-03-04T10:02").status, 0)
        try sync(a, hub, at: "2026-03-04T11:00")
        return (a, task, other, backup)
    }

    func expectNothingReverted(_ a: CharflowRunner, _ c: CharflowRunner, task: String, other: String) throws {
        for device in [a, c] {
            try expectEqual(title(device, task), "Call the bank about the loan")
            expectTrue(try completed(device, other))
            try expectEqual(defaults(device)["work"]?.hasPrefix("Job|"), true)
        }
        try expectEqual(a.syncedRecords(eachRemovalOnce: true), c.syncedRecords(eachRemovalOnce: true))
    }

    @Test("Y-15: restoring a backup on a fresh store and syncing keeps what other devices did since the backup")
    func importOnFreshStore() throws {
        let hub = try startHub()
        let (a, task, other, backup) = try backupThenChange(hub)
        let c = try CharflowRunner()
        let restored = try c.run(["import", backup], now: "2026-03-08T09:00")
        expectEqual(restored.status, 0, "\(restored.stderr)")
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
        try expectEqual(fresh.run(["hub", "init", hub.url], now: "2026-03-07T09:30").status, 0)
        let restored = try fresh.run(["import", backup], now: "2026-03-08T09:00")
        expectEqual(restored.status, 0, "\(restored.stderr)")
        let first = try fresh.run(["sync", "--json"], now: "2026-03-08T09:01")
        expectEqual(first.status, 0, "\(first.stderr)")
        try sync(a, hub, at: "2026-03-08T09:02")
        try sync(c, hub, at: "2026-03-08T09:03")
        try expectNothingReverted(a, fresh, task: task, other: other)
        try expectNothingReverted(a, c, task: task, other: other)
    }

    /// A task on two devices, and B's backup, taken after B moved it without having heard of A's
    /// change of another field: B's row time is later than A's change.
    func backupAfterOtherField(_ hub: PostgresHub) throws -> (a: CharflowRunner, b: CharflowRunner, task: String, backup: String) {
        let a = try CharflowRunner(timeZone: "America/New_York"), b = try CharflowRunner(timeZone: "America/New_York")
        let task = try #require(try a.json(["add", "Renew passport", "--region", "morning"], now: "2026-03-06T08:00")["id"] as? String)
        try sync(a, hub, at: "2026-03-06T08:01")
        try sync(b, hub, at: "2026-03-06T08:02")
        try expectEqual(a.run(["note", String(task.prefix(8)), "Photos taken"], now: "2026-03-06T09:00").status, 0)
        try expectEqual(a.run(["done", String(task.prefix(8))], now: "2026-03-06T09:01").status, 0)
        try sync(a, hub, at: "2026-03-06T09:02")
        // B has not synced since: it moves the task, and its backup holds that later row time.
        try expectEqual(b.run(["move", String(task.prefix(8)), "--region", "evening"], now: "2026-03-06T10:00").status, 0)
        let backup = b.folder.appendingPathComponent("backup.json").path
        try expectEqual(b.run(["export", "--out", backup], now: "2026-03-06T10:01").status, 0)
        return (a, b, task, backup)
    }

    @Test("Y-15: a device's backup carries each field's clock: restored days later (after a rollover) it reverts neither a completion nor a note made elsewhere before the backup's row time")
    func backupKeepsFieldClocks() throws {
        let hub = try startHub()
        let (a, b, task, backup) = try backupAfterOtherField(hub)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: backup))) as? [String: Any])
        let clocks = try #require(document["fieldClocks"] as? [String: Any], "a device's export has no field clocks")
        expectNotEqual((clocks["tasks"] as? [String: Any])?[task], nil)
        // B is lost; a new machine restores its backup four days later, its first command rolls over.
        let c = try CharflowRunner(timeZone: "America/New_York")
        let restored = try c.run(["import", backup], now: "2026-03-10T09:00")
        expectEqual(restored.status, 0, "\(restored.stderr)")
        try expectEqual(c.run(["today"], now: "2026-03-10T09:01").status, 0)
        try sync(c, hub, at: "2026-03-10T09:02")
        try sync(a, hub, at: "2026-03-10T09:03")
        for device in [a, c] {
            let row = try Database(path: device.storePath).rows("SELECT completed_at, notes FROM tasks WHERE id = ?", [.text(task)])
            expectNotEqual(row.first?[0].text, nil, "the completion made on A was reverted")
            expectEqual(row.first?[1].text?.contains("Photos taken"), true, "the note made on A was reverted")
        }
        try expectEqual(a.syncedRecords(eachRemovalOnce: true), c.syncedRecords(eachRemovalOnce: true))
        _ = b
    }

    @Test("Y-15: a backup from a store that never synced has no field clocks and restores as before; a malformed clock is refused naming its place")
    func fieldClocksOnlyFromDevices() throws {
        let plain = try CharflowRunner()
        _ = try plain.json(["add", "Water the plants"], now: "2026-03-06T08:00")
        let exported = try plain.run(["export"], now: "2026-03-06T08:01")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
        expectEqual(document["fieldClocks"], nil)
        var broken = document
        broken["fieldClocks"] = ["tasks": ["x": ["title": "yesterday"]]]
        let path = plain.folder.appendingPathComponent("broken.json").path
        try JSONSerialization.data(withJSONObject: broken).write(to: URL(fileURLWithPath: path))
        let fresh = try CharflowRunner()
        _ = try fresh.run(["today"], now: "2026-03-06T08:02")
        let refused = try fresh.run(["import", path], now: "2026-03-06T08:03")
        expectNotEqual(refused.status, 0)
        expectContains(refused.stderr, "fieldClocks.tasks.x.title", "\(refused.stderr)")
        try expectEqual(Database(path: fresh.storePath).scalar("SELECT count(*) FROM tasks")?.int, 0)
    }

    @Test("Y-15 Y-27 an old export imported into a device brings back neither a task purged since nor another device's older settings; the stores meet (issue 39, item 6)")
    func oldExportIntoDevice() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "2026-03-02T08:00")
        try sync(b, hub, at: "2026-03-02T08:01")
        let task = try a.add("Call the bank", now: "2026-03-02T09:00")
        try sync(a, hub, at: "2026-03-02T09:01")
        let backup = a.folder.appendingPathComponent("old.json").path
        try expectEqual(a.run(["export", "--out", backup], now: "2026-03-02T09:02").status, 0)
        // Since the export: B moves the first weekday, A purges the task; both sync.
        try b.ok(["settings", "first-weekday", "sunday"], now: "2026-03-03T09:00")
        try sync(b, hub, at: "2026-03-03T09:01")
        try a.ok(["purge", task], now: "2026-03-03T09:02")
        try sync(a, hub, at: "2026-03-03T09:03")
        try sync(b, hub, at: "2026-03-03T09:04")
        // A now holds no task at all, and imports the old export.
        let imported = try a.run(["import", backup, "--json"], now: "2026-03-03T10:00")
        expectEqual(imported.status, 0, "\(imported.stderr)")
        try expectEqual(imported.json()["replaced"] as? Bool, false, "a device's import merges: \(imported.stdout)")
        try expectEqual(title(a, task), nil, "the purged task stays purged")
        try sync(a, hub, at: "2026-03-03T10:01")
        try sync(b, hub, at: "2026-03-03T10:02")
        for device in [a, b] {
            try expectEqual(title(device, task), nil)
            expectEqual((try device.json(["settings"], now: "2026-03-03T10:03") as? [String: String])?["first-weekday"], "sunday")
        }
        try expectEqual(a.syncedRecords(eachRemovalOnce: true), b.syncedRecords(eachRemovalOnce: true))
    }
}

