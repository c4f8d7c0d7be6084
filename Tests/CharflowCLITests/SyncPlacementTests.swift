import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A task's placement through a real PostgreSQL hub (spec D19 "Placement", rule Y-19): day, region,
/// bucket and order merge as one value, so the later move wins whole and two moves never mix into a
/// place nobody chose.
@Suite("Sync merges a task's placement as one value (Y-19)", .serialized)
struct SyncPlacementTests {
    static let day = "2026-03-10"

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(Self.day)T\(time)")
    }

    func startHub() throws -> PostgresHub { try PostgresHub.initialised(at: "\(Self.day)T07:00") }

    /// Where the task stands: its day, region and bucket as `show --json` gives them.
    func place(_ device: CharflowRunner, _ id: String) throws -> [String] {
        let shown = try device.json(["show", id], now: "\(Self.day)T12:00")
        return ["dueDate", "region", "bucket"].map { shown[$0] as? String ?? "-" }
    }

    /// A task placed in the morning's Must-Do on A, synced to B.
    func placed(_ hub: PostgresHub) throws -> (CharflowRunner, CharflowRunner, String) {
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try a.add("Write the report", ["--region", "morning", "--bucket", "must"], now: "\(Self.day)T09:00")
        try sync(a, hub, at: "09:01")
        try sync(b, hub, at: "09:02")
        return (a, b, id)
    }

    func syncBoth(_ a: CharflowRunner, _ b: CharflowRunner, _ hub: PostgresHub) throws {
        try sync(a, hub, at: "10:10")
        try sync(b, hub, at: "10:11")
        try sync(a, hub, at: "10:12")
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-19: a change of bucket on one device and a move to the Backlog on the other: the later wins whole")
    func bucketAgainstBacklog() throws {
        let hub = try startHub()
        let (a, b, id) = try placed(hub)
        try b.ok(["move", id, "--backlog"], now: "\(Self.day)T10:00")
        try a.ok(["move", id, "--bucket", "misc"], now: "\(Self.day)T10:05")
        try syncBoth(a, b, hub)
        for device in [a, b] { try expectEqual(place(device, id), [Self.day, "morning", "misc"]) }
    }

    @Test("Y-19: a move to the Backlog later than a change of bucket elsewhere takes the task off the board on both")
    func backlogAgainstBucket() throws {
        let hub = try startHub()
        let (a, b, id) = try placed(hub)
        try a.ok(["move", id, "--bucket", "misc"], now: "\(Self.day)T10:00")
        try b.ok(["move", id, "--backlog"], now: "\(Self.day)T10:05")
        try syncBoth(a, b, hub)
        let expected = try place(b, id)
        #expect(expected[1] == "-" && expected[2] == "-", "\(expected)")
        try expectEqual(place(a, id), expected)
    }

    @Test("Y-19: a move to another region on one device and a change of bucket on the other: never the one's region with the other's bucket")
    func regionAgainstBucket() throws {
        let hub = try startHub()
        let (a, b, id) = try placed(hub)
        try b.ok(["move", id, "--bucket", "misc"], now: "\(Self.day)T10:05")
        try a.ok(["move", id, "--region", "evening", "--bucket", "complementary"], now: "\(Self.day)T10:00")
        try syncBoth(a, b, hub)
        for device in [a, b] { try expectEqual(place(device, id), [Self.day, "morning", "misc"]) }
    }
}
