import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A device's sync bookkeeping stays small (spec D20, rule Y-30), through a real PostgreSQL hub: a
/// store that becomes a device is at most twice its size before, what it pushed leaves it, and a
/// device that joins from the hub's state is no larger.
@Suite("Sync keeps a device's store small (Y-30)", .serialized)
struct SyncStoreSizeTests {
    static let day = "2026-03-10"

    /// The store's size once its write-ahead log is folded into it.
    func foldedSize(_ device: CharflowRunner) throws -> Int {
        try Database(path: device.storePath).checkpoint()
        let attributes = try FileManager.default.attributesOfItem(atPath: device.storePath)
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }

    func unsentOperations(_ device: CharflowRunner) throws -> Int {
        try Database(path: device.storePath).scalar("SELECT count(*) FROM sync_ops")?.int ?? -1
    }

    func unsentRows(_ device: CharflowRunner) throws -> Int {
        try Database(path: device.storePath).scalar("SELECT count(*) FROM sync_unsent_rows")?.int ?? -1
    }

    /// Six hundred tasks in three projects and a habit logged through March, on `device`.
    func fill(_ device: CharflowRunner) throws {
        let lines = (1...600).map { n in
            "(\(["A", "B", "C"][n % 3])) Task number \(n) with a longer title +Project\(n % 3) due:2026-03-\(String(format: "%02d", 10 + n % 18))"
        }
        let file = device.folder.appendingPathComponent("todo.txt")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        try device.ok(["import", file.path], now: "\(Self.day)T08:00")
        try device.ok(["habit", "add", "Walk"], now: "2026-03-01T08:01")
        for day in 1...9 { try device.ok(["habit", "log", "Walk", "--date", "2026-03-0\(day)"], now: "\(Self.day)T08:02") }
    }

    @Test("Y-30: a store stays within twice its size at every moment: after hub init, after its first sync, after a device's export is imported into a store that never synced, and after synced edits")
    func withinTwiceAtEveryMoment() throws {
        let hub = try PostgresHub()
        let a = try CharflowRunner()
        try fill(a)
        let before = try foldedSize(a)

        // Becoming a device keeps each row by its key: nothing repeats what the rows hold.
        try a.ok(["hub", "init", hub.url], now: "\(Self.day)T08:30")
        let afterInit = try foldedSize(a)
        expectTrue(afterInit <= 2 * before, "after hub init \(afterInit) bytes where the store was \(before)")
        expectTrue(try unsentRows(a) > 600, "every row waits to be sent")
        let status = try a.json(["sync", "--status"], now: "\(Self.day)T08:31")
        expectTrue((status["unpushed"] as? Int ?? 0) > 600, "each waiting row counts as a change to send: \(status)")

        // An edit while the rows wait goes with its row, whole, and the hub gets the edited value.
        let ids = try Database(path: a.storePath).rows("SELECT id FROM tasks ORDER BY id LIMIT 20").compactMap { $0[0].text }
        try a.ok(["edit", ids[0], "--title", "Edited before the first sync"], now: "\(Self.day)T08:40")
        try a.syncJSON(hub, now: "\(Self.day)T09:00")
        #expect(try unsentRows(a) == 0 && unsentOperations(a) == 0, "what the hub holds leaves the device")
        let afterSync = try foldedSize(a)
        expectTrue(afterSync <= 2 * before, "after the first sync \(afterSync) bytes where the store was \(before)")

        // A device's export imported into a store that never synced waits by its rows' keys too, and
        // once that store joins, it holds what the device holds.
        let export = a.folder.appendingPathComponent("export.json").path
        try a.ok(["export", "--format", "json", "--out", export], now: "\(Self.day)T09:05")
        let c = try CharflowRunner()
        try c.ok(["import", export], now: "\(Self.day)T09:06")
        let restored = try foldedSize(c)
        expectTrue(restored <= 2 * before, "an imported device export: \(restored) bytes where the store was \(before)")
        expectTrue(try unsentRows(c) > 600)
        try c.syncJSON(hub, now: "\(Self.day)T09:10")
        try a.syncJSON(hub, now: "\(Self.day)T09:11")
        try expectEqual(c.syncedRecords(), a.syncedRecords())
        try expectContains(c.ok(["show", ids[0]], now: "\(Self.day)T09:12").stdout, "Edited before the first sync")

        // Synced edits leave nothing but their clocks behind.
        for (index, id) in ids.enumerated() {
            try a.ok(["edit", id, "--title", "Renamed task \(index)"], now: "\(Self.day)T09:\(String(format: "%02d", 20 + index))")
        }
        try a.syncJSON(hub, now: "\(Self.day)T10:00")
        let edited = try foldedSize(a)
        expectTrue(edited <= 2 * before, "after synced edits \(edited) bytes where the store was \(before)")
        try c.syncJSON(hub, now: "\(Self.day)T10:01")
        try expectEqual(c.syncedRecords(), a.syncedRecords())
    }

    @Test("Y-30: a store that becomes a device stays within twice its size, pushed operations leave it, and a device joining from the hub is no larger")
    func deviceStoreStaysSmall() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let a = try CharflowRunner()
        // Six hundred tasks in three projects over the coming weeks, and a habit logged through March.
        let lines = (1...600).map { n in
            "(\(["A", "B", "C"][n % 3])) Task number \(n) with a longer title +Project\(n % 3) due:2026-03-\(String(format: "%02d", 10 + n % 18))"
        }
        let file = a.folder.appendingPathComponent("todo.txt")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        try a.ok(["import", file.path], now: "\(Self.day)T08:00")
        try a.ok(["habit", "add", "Walk"], now: "2026-03-01T08:01")
        for day in 1...9 { try a.ok(["habit", "log", "Walk", "--date", "2026-03-0\(day)"], now: "\(Self.day)T08:02") }
        let before = try foldedSize(a)

        try a.syncJSON(hub, now: "\(Self.day)T09:00")
        try expectEqual(unsentOperations(a), 0, "what the hub holds leaves the device")
        let afterFirst = try foldedSize(a)
        expectTrue(afterFirst <= 2 * before, "a device store of \(afterFirst) bytes where the store was \(before)")

        // Edits travel and leave the device too; the store stays within bounds.
        let ids = try Database(path: a.storePath).rows("SELECT id FROM tasks ORDER BY id LIMIT 40").compactMap { $0[0].text }
        for (index, id) in ids.enumerated() {
            try a.ok(["edit", id, "--title", "Renamed task \(index)"], now: "\(Self.day)T09:\(String(format: "%02d", 10 + index))")
        }
        expectTrue(try unsentOperations(a) > 0)
        try a.syncJSON(hub, now: "\(Self.day)T10:00")
        try expectEqual(unsentOperations(a), 0)
        expectTrue(try foldedSize(a) <= 2 * before)

        // A device that joins takes the hub's state, the same records, in no more room.
        let b = try CharflowRunner()
        try b.syncJSON(hub, now: "\(Self.day)T10:05")
        try a.syncJSON(hub, now: "\(Self.day)T10:06")
        try expectEqual(b.syncedRecords(), a.syncedRecords())
        expectTrue(try foldedSize(b) <= 2 * before)
        try expectContains(b.ok(["show", ids[0]], now: "\(Self.day)T10:07").stdout, "Renamed task 0")

        // B's edit after the compaction still beats A's older clock on that field, and A takes it.
        try b.ok(["edit", ids[1], "--title", "Changed on B"], now: "\(Self.day)T10:10")
        try b.syncJSON(hub, now: "\(Self.day)T10:11")
        try a.syncJSON(hub, now: "\(Self.day)T10:12")
        try expectContains(a.ok(["show", ids[1]], now: "\(Self.day)T10:13").stdout, "Changed on B")
        try expectEqual(b.syncedRecords(), a.syncedRecords())
    }
}
