import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A device is bound to one hub: any other, empty or not, is refused until `charflow hub switch URL`;
/// on its first hub, or switched to another, it pushes everything it holds, so a lost hub is rebuilt
/// from any device (spec D19 "One hub per device", rule Y-16). Real PostgreSQL hubs, the real binary.
@Suite("Sync hub binding (Y-16)", .serialized)
struct SyncHubBindingTests {
    static let day = "2026-03-10"

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(Self.day)T\(time)")
    }

    func startHub() throws -> PostgresHub { try PostgresHub.initialised(at: "\(Self.day)T07:00") }

    func titles(_ device: CharflowRunner) throws -> [String] {
        try Database(path: device.storePath).rows("SELECT title FROM tasks ORDER BY title").compactMap { $0[0].text }
    }

    @Test("Y-16: a device bound to one hub refuses another, empty or not, named by --hub or CHARFLOW_HUB, and names hub switch")
    func otherHubRefused() throws {
        let first = try startHub(), empty = try startHub(), busy = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        _ = try a.add("Mine", now: "\(Self.day)T08:00")
        try sync(a, first, at: "08:01")
        _ = try b.add("On the other hub", now: "\(Self.day)T08:02")
        try sync(b, busy, at: "08:03")
        let before = try a.syncedRecords()
        for (hub, extra) in [(empty, ["--hub", empty.url]), (busy, ["--hub", busy.url])] {
            let refused = try a.run(["sync"] + extra, now: "\(Self.day)T09:00")
            expectNotEqual(refused.status, 0)
            expectContains(refused.stderr, "charflow hub switch URL", "\(refused.stderr)")
            #expect(try hub.value("SELECT count(*) FROM hub_devices") == (hub === busy ? "1" : "0"))
        }
        let leftover = try a.run(["sync"], now: "\(Self.day)T09:01", extra: ["CHARFLOW_HUB": busy.url])
        expectNotEqual(leftover.status, 0)
        expectContains(leftover.stderr, "charflow hub switch URL", "\(leftover.stderr)")
        let json = try a.run(["sync", "--hub", busy.url, "--json"], now: "\(Self.day)T09:02")
        expectTrue(json.stderr.contains("\"other_hub\"") || json.stdout.contains("\"other_hub\""), "\(json.stdout)\(json.stderr)")
        try expectEqual(a.syncedRecords(), before)
        try expectEqual(busy.value("SELECT count(*) FROM hub_operations WHERE value LIKE '%Mine%'"), "0")
        // The same hub under another spelling of its address is the same hub.
        let spelled = "host=127.0.0.1 port=\(first.port) user=postgres dbname=\(first.database)"
        let same = try a.run(["sync", "--hub", spelled], now: "\(Self.day)T09:03")
        expectEqual(same.status, 0, "\(same.stderr)")
    }

    @Test("Y-16: a lost hub is rebuilt from one device: hub switch, and the next sync sends everything it holds, whoever wrote it")
    func lostHubRebuilt() throws {
        let lost = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner(), c = try CharflowRunner()
        _ = try a.add("Written on A", now: "\(Self.day)T08:00")
        _ = try b.add("Written on B", now: "\(Self.day)T08:01")
        try sync(a, lost, at: "08:02")
        try sync(b, lost, at: "08:03")
        try sync(a, lost, at: "08:04")
        try expectEqual(a.run(["category", "rename", "Work", "Job"], now: "\(Self.day)T08:05").status, 0)
        try sync(a, lost, at: "08:06")
        lost.stop()
        let rebuilt = try startHub()
        let switched = try a.run(["hub", "switch", rebuilt.url], now: "\(Self.day)T09:00")
        expectEqual(switched.status, 0, "\(switched.stderr)")
        expectEqual(switched.stdout, SyncMessages.hubSwitched + "\n")
        // Bound to the new hub now: plain `sync` goes there.
        let first = try a.run(["sync", "--json"], now: "\(Self.day)T09:01")
        expectEqual(first.status, 0, "\(first.stderr)")
        try sync(c, rebuilt, at: "09:02")
        try expectEqual(titles(c), ["Written on A", "Written on B"])
        // B, which held the same, switches too and loses nothing; nothing it had is reverted.
        _ = try b.add("Written on B while the hub was down", now: "\(Self.day)T09:03")
        try expectEqual(b.run(["hub", "switch", rebuilt.url], now: "\(Self.day)T09:04").status, 0)
        try expectEqual(b.run(["sync"], now: "\(Self.day)T09:05").status, 0)
        try sync(a, rebuilt, at: "09:06")
        try sync(c, rebuilt, at: "09:07")
        for device in [a, b, c] {
            try expectEqual(titles(device), ["Written on A", "Written on B", "Written on B while the hub was down"])
            let work = try Database(path: device.storePath).scalar("SELECT name FROM categories WHERE preset_key = 'work'")?.text
            expectEqual(work, "Job")
        }
        try expectEqual(a.syncedRecords(eachRemovalOnce: true), b.syncedRecords(eachRemovalOnce: true))
        try expectEqual(a.syncedRecords(eachRemovalOnce: true), c.syncedRecords(eachRemovalOnce: true))
        // Switching to the hub it is on already changes nothing.
        let again = try a.run(["hub", "switch", rebuilt.url], now: "\(Self.day)T09:08")
        expectEqual(again.stdout, SyncMessages.alreadyOnHub + "\n")
        try expectEqual(a.json(["sync", "--status"], now: "\(Self.day)T09:09")["unpushed"] as? Int, 0)
    }

    /// Every field of the seeded default categories, `created_at` and `modified_at` included.
    func seededCategories(_ device: CharflowRunner) throws -> String {
        try Database(path: device.storePath).rows("""
            SELECT id, name, color_key, sort_order, is_archived, created_at, modified_at FROM categories
            WHERE preset_key IS NOT NULL ORDER BY id
            """).map { $0.map { "\($0)" }.joined(separator: "|") }.joined(separator: "\n")
    }

    @Test("Y-16 Y-15: after a lost hub is rebuilt, the seeded categories' every field converges, created_at included, whichever device joined last and whichever switches first",
          arguments: [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]])
    func seededRowsConvergeAfterSwitch(_ order: [Int]) throws {
        let lost = try startHub()
        // Three stores made at three times, so each seeds its defaults with a created_at of its own.
        let a = try CharflowRunner(), b = try CharflowRunner(), c = try CharflowRunner()
        _ = try a.add("On A", now: "\(Self.day)T08:00")
        _ = try b.add("On B", now: "\(Self.day)T08:10")
        try sync(a, lost, at: "08:20")
        try sync(b, lost, at: "08:21")
        try sync(a, lost, at: "08:22")
        // C is made and joins after A and B last synced; they never hear of it before the hub is lost.
        _ = try c.add("On C", now: "\(Self.day)T08:30")
        try expectNotEqual(seededCategories(c), seededCategories(a), "the stores' seeded rows start alike: nothing to converge")
        try sync(c, lost, at: "08:31")
        lost.stop()
        let rebuilt = try startHub()
        let devices = [a, b, c]
        for (step, index) in order.enumerated() {
            let at = "\(Self.day)T09:0\(step)"
            try expectEqual(devices[index].run(["hub", "switch", rebuilt.url], now: at).status, 0)
            try expectEqual(devices[index].run(["sync"], now: at).status, 0)
        }
        for round in 0..<2 {
            for (step, index) in order.enumerated() { try sync(devices[index], rebuilt, at: "09:\(1 + round)\(step)") }
        }
        let seeded = try seededCategories(a)
        expectTrue(!seeded.isEmpty)
        try expectEqual(seededCategories(b), seeded, "B's seeded categories differ from A's")
        try expectEqual(seededCategories(c), seeded, "C's seeded categories differ from A's")
        try expectEqual(a.syncedRecords(eachRemovalOnce: true), b.syncedRecords(eachRemovalOnce: true))
        try expectEqual(a.syncedRecords(eachRemovalOnce: true), c.syncedRecords(eachRemovalOnce: true))
    }
}
