import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A store restored from a copy, or copied to a second machine, is noticed at its next sync: it takes
/// a new device id, says so, and no operation is dropped or hidden from any device (spec D19
/// "Identity", rule Y-14). Through a real PostgreSQL hub and the real binary.
@Suite("Sync device identity (Y-14)", .serialized)
struct SyncIdentityTests {
    static let day = "2026-03-10"

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(Self.day)T\(time)")
    }

    func startHub() throws -> PostgresHub { try PostgresHub.initialised(at: "\(Self.day)T07:00") }

    /// The store's files (the store and its `-wal`), copied into `folder`, as a file backup is made.
    func copyStore(of device: CharflowRunner, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for suffix in ["", "-wal"] {
            let source = device.storePath + suffix
            let target = folder.appendingPathComponent("store.sqlite" + suffix).path
            try? FileManager.default.removeItem(atPath: target)
            if FileManager.default.fileExists(atPath: source) { try FileManager.default.copyItem(atPath: source, toPath: target) }
        }
    }

    /// Puts the copy in `folder` back as `device`'s store (its own `-wal` and `-shm` gone first).
    func restoreStore(of device: CharflowRunner, from folder: URL) throws {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: device.storePath + suffix) }
        for suffix in ["", "-wal"] {
            let source = folder.appendingPathComponent("store.sqlite" + suffix).path
            if FileManager.default.fileExists(atPath: source) { try FileManager.default.copyItem(atPath: source, toPath: device.storePath + suffix) }
        }
    }

    func titles(_ device: CharflowRunner) throws -> [String] {
        try Database(path: device.storePath).rows("SELECT title FROM tasks ORDER BY title").compactMap { $0[0].text }
    }

    func deviceID(_ device: CharflowRunner) throws -> String? {
        try Database(path: device.storePath).scalar("SELECT device_id FROM sync_state WHERE id = 1")?.text
    }

    /// A hub, a second device, and device A put back to a copy of itself taken before its last synced
    /// change ("After the copy"): the restore every Y-14 test starts from.
    func restoredAfterSyncedWork() throws -> (hub: PostgresHub, a: CharflowRunner, b: CharflowRunner) {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        _ = try a.add("Before the copy", now: "\(Self.day)T08:00")
        try sync(a, hub, at: "08:01")
        let copy = a.folder.appendingPathComponent("copy")
        try copyStore(of: a, to: copy)
        _ = try a.add("After the copy", now: "\(Self.day)T08:10")
        try sync(a, hub, at: "08:11")
        try restoreStore(of: a, from: copy)
        return (hub, a, b)
    }

    @Test("Y-14: a store restored from a file copy takes a new device id, says so, and its new work and the lost work both reach every device")
    func restoredCopy() throws {
        let (hub, a, b) = try restoredAfterSyncedWork()
        let before = try deviceID(a)
        _ = try a.add("After the restore", now: "\(Self.day)T09:00")
        let text = try a.run(["sync"], now: "\(Self.day)T09:01")
        expectEqual(text.status, 0, "\(text.stderr)")
        expectTrue(text.stdout.hasPrefix(SyncMessages.newDevice + "\n"), "\(text.stdout)")
        try expectNotEqual(deviceID(a), before)
        let again = try sync(a, hub, at: "09:02")
        expectEqual(again["newDevice"], nil)
        try sync(b, hub, at: "09:03")
        // B's untouched defaults may win the tie of zero clocks (Y-15): A hears of it now.
        try sync(a, hub, at: "09:04")
        let all = ["After the copy", "After the restore", "Before the copy"]
        try expectEqual(titles(a), all)
        try expectEqual(titles(b), all)
        try expectEqual(a.syncedRecords(eachRemovalOnce: true), b.syncedRecords(eachRemovalOnce: true))
        try expectEqual(hub.value("SELECT count(*) FROM hub_devices"), "3")
    }

    @Test("Y-14 Y-24: a restored copy whose change loses to one its former self made after the copy names that winner as this device before it was restored, not another device")
    func restoredCopyNamesItsFormerSelf() throws {
        let hub = try startHub()
        let a = try CharflowRunner()
        let task = try a.add("Rent", now: "\(Self.day)T08:00")
        try sync(a, hub, at: "08:01")
        let copy = a.folder.appendingPathComponent("copy")
        try copyStore(of: a, to: copy)
        try a.ok(["edit", task, "--title", "Pay rent"], now: "\(Self.day)T08:10")
        try sync(a, hub, at: "08:11")
        let former = try #require(try deviceID(a))
        try restoreStore(of: a, from: copy)
        // The copy's own change, made before the one its former self sent, without having seen it.
        try a.ok(["edit", task, "--title", "Rent, by Friday"], now: "\(Self.day)T08:05")
        let synced = try sync(a, hub, at: "09:01")
        expectEqual(synced["conflicts"] as? Int, 1, "\(synced)")
        try expectNotEqual(deviceID(a), former)
        let listed = try a.ok(["conflicts"], now: "\(Self.day)T09:30").stdout
        expectContains(listed, "your 'Rent, by Friday' was replaced by 'Pay rent' from this device before it was restored (\(former.prefix(8))), changed today at 08:10.", "\(listed)")
        expectLacks(listed, "another device", "\(listed)")
    }

    @Test("Y-14: a restored copy that made more changes than the hub holds beyond it is still noticed")
    func restoredCopyThatWroteMore() throws {
        let (hub, a, b) = try restoredAfterSyncedWork()
        for minute in 0..<4 { _ = try a.add("Restored \(minute)", now: "\(Self.day)T09:0\(minute)") }
        let report = try sync(a, hub, at: "09:10")
        expectNotEqual(report["newDevice"] as? String, nil)
        try sync(b, hub, at: "09:11")
        try sync(a, hub, at: "09:12")
        let all = ["After the copy", "Before the copy", "Restored 0", "Restored 1", "Restored 2", "Restored 3"]
        try expectEqual(titles(a), all)
        try expectEqual(titles(b), all)
        try expectEqual(a.syncedRecords(eachRemovalOnce: true), b.syncedRecords(eachRemovalOnce: true))
    }

    @Test("Y-14: one store copied to a second machine (one device id on two stores): both keep what each did, whichever syncs first", arguments: [true, false])
    func clonedStore(originalFirst: Bool) throws {
        let hub = try startHub()
        let a = try CharflowRunner(), c = try CharflowRunner(), b = try CharflowRunner()
        let shared = try a.add("Shared", now: "\(Self.day)T08:00")
        try sync(a, hub, at: "08:01")
        try copyStore(of: a, to: c.folder)
        try expectEqual(deviceID(a), deviceID(c))
        // The same moment on both: the copies' clocks are identical, so only a new id tells them apart.
        _ = try a.add("Only on A", now: "\(Self.day)T09:00")
        _ = try c.add("Only on C", now: "\(Self.day)T09:00")
        try expectEqual(a.run(["edit", shared, "--title", "Shared, as A has it"], now: "\(Self.day)T09:05").status, 0)
        try expectEqual(c.run(["edit", shared, "--title", "Shared, as C has it"], now: "\(Self.day)T09:05").status, 0)
        let (first, second) = originalFirst ? (a, c) : (c, a)
        try expectEqual(sync(first, hub, at: "10:00")["newDevice"], nil)
        try expectNotEqual(sync(second, hub, at: "10:01")["newDevice"] as? String, nil)
        try sync(first, hub, at: "10:02")
        try sync(b, hub, at: "10:03")
        try sync(a, hub, at: "10:04")
        try sync(c, hub, at: "10:05")
        try expectNotEqual(deviceID(a), deviceID(c))
        for device in [a, b, c] {
            let held = try titles(device)
            expectTrue(held.contains("Only on A") && held.contains("Only on C"), "\(held)")
        }
        try expectEqual(a.syncedRecords(eachRemovalOnce: true), b.syncedRecords(eachRemovalOnce: true))
        try expectEqual(a.syncedRecords(eachRemovalOnce: true), c.syncedRecords(eachRemovalOnce: true))
    }
}
