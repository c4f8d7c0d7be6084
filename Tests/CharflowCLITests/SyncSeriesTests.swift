import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A repeating series through a real PostgreSQL hub (spec D19 "A series is one thing", rule Y-20): a
/// series stopped on one device stays stopped when another completes an instance offline, a drop only
/// skips an occurrence, and a merge leaves one live instance per series.
@Suite("Sync keeps a series one thing (Y-20)", .serialized)
struct SyncSeriesTests {
    static let day = "2026-03-10"
    static let next = "2026-03-11"

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String, on day: String = Self.day) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(day)T\(time)")
    }

    func startHub() throws -> PostgresHub { try PostgresHub.initialised(at: "\(Self.day)T07:00") }

    /// A daily task due today made on A and synced to B; returns the devices and its id (the series').
    func daily(_ hub: PostgresHub, _ repeatWord: String = "daily") throws -> (CharflowRunner, CharflowRunner, String) {
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try a.add("Stretch", ["--due", "today", "--repeat", repeatWord], now: "\(Self.day)T09:00")
        try sync(a, hub, at: "09:01")
        try sync(b, hub, at: "09:02")
        return (a, b, id)
    }

    /// The series' tasks: id, live or not, repeating or not, occurrence.
    func series(_ device: CharflowRunner, _ id: String) throws -> [[String]] {
        try Database(path: device.storePath).rows("""
            SELECT id, is_completed = 0 AND dropped_at IS NULL, repeat_kind, coalesce(occurrence_day, '') FROM tasks
            WHERE series_id = ? ORDER BY id
            """, [.text(id)]).map { $0.map { $0.text ?? $0.int.map(String.init) ?? "" } }
    }

    func liveRepeating(_ device: CharflowRunner, _ id: String) throws -> [[String]] {
        try series(device, id).filter { $0[1] == "1" && $0[2] != "none" }
    }

    func syncAll(_ a: CharflowRunner, _ b: CharflowRunner, _ hub: PostgresHub, on day: String = Self.day) throws {
        try sync(a, hub, at: "10:10", on: day)
        try sync(b, hub, at: "10:11", on: day)
        try sync(a, hub, at: "10:12", on: day)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-20: a series stopped with --repeat none on one device stays stopped when the other completes its instance offline")
    func stoppedStaysStopped() throws {
        let hub = try startHub()
        let (a, b, id) = try daily(hub)
        try a.ok(["edit", id, "--repeat", "none"], now: "\(Self.day)T10:00")
        try b.ok(["done", id], now: "\(Self.day)T10:05")
        try syncAll(a, b, hub)
        for device in [a, b] {
            let tasks = try series(device, id)
            expectTrue(try liveRepeating(device, id).isEmpty, "\(tasks)")
            try expectEqual(device.json(["show", id], now: "\(Self.day)T12:00")["isCompleted"] as? Bool, true)
        }
    }

    @Test("Y-20: a series whose live instance was purged on one device stays gone when the other completes it offline")
    func purgedStaysStopped() throws {
        let hub = try startHub()
        let (a, b, id) = try daily(hub, "weekly")
        try a.ok(["purge", id], now: "\(Self.day)T10:00")
        try b.ok(["done", id], now: "\(Self.day)T10:05")
        try syncAll(a, b, hub)
        for device in [a, b] {
            let tasks = try series(device, id)
            expectEmpty(tasks, "\(tasks)")
        }
    }

    @Test("Y-20: an instance of a stopped series that the other device worked on stays")
    func touchedInstanceStays() throws {
        let hub = try startHub()
        let (a, b, id) = try daily(hub)
        try a.ok(["edit", id, "--repeat", "none"], now: "\(Self.day)T10:00")
        try b.ok(["done", id], now: "\(Self.day)T10:05")
        let made = try #require(try liveRepeating(b, id).first?[0])
        try b.ok(["edit", made, "--title", "Stretch for longer"], now: "\(Self.day)T10:06")
        try syncAll(a, b, hub)
        for device in [a, b] { try expectEqual(liveRepeating(device, id).map { $0[0] }, [made]) }
    }

    @Test("Y-20: a drop only skips: dropped on one device and completed on the other, the series goes on with one instance")
    func dropOnlySkips() throws {
        let hub = try startHub()
        let (a, b, id) = try daily(hub)
        try a.ok(["delete", id], now: "\(Self.day)T10:00")
        try b.ok(["done", id], now: "\(Self.day)T10:05")
        try syncAll(a, b, hub)
        for device in [a, b] {
            let live = try liveRepeating(device, id)
            expectEqual(live.count, 1, "\(live)")
            expectEqual(live.first?[3], Self.next)
        }
    }

    @Test("Y-20: a daily task completed on two devices either side of midnight leaves one live instance")
    func completedEitherSideOfMidnight() throws {
        let hub = try startHub()
        let (a, b, id) = try daily(hub)
        try a.ok(["done", id], now: "\(Self.day)T23:50")
        try b.ok(["done", id], now: "\(Self.next)T08:00")
        try syncAll(a, b, hub, on: Self.next)
        for device in [a, b] {
            let live = try liveRepeating(device, id)
            expectEqual(live.count, 1, "\(live)")
            expectEqual(live.first?[3], Self.next)
        }
    }
}
