import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A value replaced by a change whose writer had not seen it is a conflict, whenever the two devices
/// synced (spec D19 "Conflicts are visible", rule Y-24, issue 39 item 2), and an edit made under a
/// clock far ahead never beats a later real one once the clock is set right (rule Y-22, issue 39 item
/// 1). Through a real PostgreSQL hub and the real binary; each change carries the clock of the value
/// it replaced (its base), which the hub keeps (schema 14).
@Suite("Sync records a change replaced without being seen, whenever the devices synced (Y-24, Y-22)", .serialized)
struct SyncUnseenChangesTests {
    static let day = "2026-03-10"

    func at(_ time: String) -> String { "\(Self.day)T\(time)" }

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: at(time))
    }

    func conflicts(_ device: CharflowRunner, now: String) throws -> [[String: Any]] {
        try device.json(["conflicts"], now: now)["conflicts"] as? [[String: Any]] ?? []
    }

    func title(_ device: CharflowRunner, _ id: String, now: String) throws -> String? {
        try device.json(["show", id], now: now)["title"] as? String
    }

    /// Two synced devices holding the task "Rent".
    func twoDevices(_ hub: PostgresHub) throws -> (a: CharflowRunner, b: CharflowRunner, task: String) {
        let a = try CharflowRunner(), b = try CharflowRunner()
        let task = try a.add("Rent", ["--due", "today"], now: at("08:00"))
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        return (a, b, task)
    }

    @Test("Y-24: A edits and syncs, B edits without having seen it and syncs, A syncs: A's replaced title is a conflict on A, none on B")
    func loserSyncedBefore() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let (a, b, task) = try twoDevices(hub)
        try a.ok(["edit", task, "--title", "bank"], now: at("09:00"))
        try sync(a, hub, at: "09:01")
        try b.ok(["edit", task, "--title", "landlord"], now: at("09:02"))
        try expectEqual(sync(b, hub, at: "09:03")["conflicts"] as? Int, 0)
        let synced = try sync(a, hub, at: "09:04")
        expectEqual(synced["conflicts"] as? Int, 1, "\(synced)")
        try expectEqual(title(a, task, now: at("09:05")), "landlord")
        try expectEqual(title(b, task, now: at("09:05")), "landlord")
        let listed = try a.ok(["conflicts"], now: at("09:30")).stdout
        let device = String(try b.deviceID().prefix(8))
        expectContains(listed, "Title of 'landlord': your 'bank' was replaced by 'landlord' from another device (\(device)), changed today at 09:02.", "\(listed)")
        try expectEqual(sync(b, hub, at: "09:06")["conflicts"] as? Int, 0)
        expectTrue(try conflicts(b, now: at("09:30")).isEmpty)
    }

    @Test("Y-24: B edits and syncs first, A edits later without having seen it and syncs, B syncs: B's replaced title is a conflict on B, none on A")
    func winnerSyncedAfter() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let (a, b, task) = try twoDevices(hub)
        try b.ok(["edit", task, "--title", "landlord"], now: at("09:00"))
        try sync(b, hub, at: "09:01")
        try a.ok(["edit", task, "--title", "bank"], now: at("09:02"))
        // A pushes and pulls in one sync: its own later edit stays, and nothing of A's was replaced.
        try expectEqual(sync(a, hub, at: "09:03")["conflicts"] as? Int, 0)
        let synced = try sync(b, hub, at: "09:04")
        expectEqual(synced["conflicts"] as? Int, 1, "\(synced)")
        try expectEqual(title(a, task, now: at("09:05")), "bank")
        try expectEqual(title(b, task, now: at("09:05")), "bank")
        let mine = try conflicts(b, now: at("09:30"))
        expectEqual(mine.count, 1)
        expectEqual(mine.first?["yours"] as? String, "landlord")
        expectEqual(mine.first?["theirs"] as? String, "bank")
        try expectEqual(sync(a, hub, at: "09:06")["conflicts"] as? Int, 0)
        expectTrue(try conflicts(a, now: at("09:30")).isEmpty)
    }

    @Test("Y-24: an ordinary sequential edit — B edits after pulling A's value — records no conflict on either device, in either direction")
    func sequentialEditsAreNone() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let (a, b, task) = try twoDevices(hub)
        try a.ok(["edit", task, "--title", "bank"], now: at("09:00"))
        try sync(a, hub, at: "09:01")
        try sync(b, hub, at: "09:02")
        try b.ok(["edit", task, "--title", "landlord"], now: at("09:03"))
        try sync(b, hub, at: "09:04")
        try expectEqual(sync(a, hub, at: "09:05")["conflicts"] as? Int, 0)
        // And back: A edits after pulling B's value, also a placement (moved as one value, Y-19).
        try a.ok(["edit", task, "--title", "bank again"], now: at("09:06"))
        try a.ok(["move", task, "--region", "evening", "--bucket", "complementary"], now: at("09:06"))
        try sync(a, hub, at: "09:07")
        try expectEqual(sync(b, hub, at: "09:08")["conflicts"] as? Int, 0)
        try expectEqual(title(b, task, now: at("09:09")), "bank again")
        expectTrue(try conflicts(a, now: at("09:30")).isEmpty)
        expectTrue(try conflicts(b, now: at("09:30")).isEmpty)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-24 Y-19: a placement moved on both devices, the loser having synced its move before, is one conflict on the loser")
    func placementAfterLoserSynced() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let (a, b, task) = try twoDevices(hub)
        try a.ok(["move", task, "--region", "evening", "--bucket", "complementary"], now: at("09:00"))
        try sync(a, hub, at: "09:01")
        try b.ok(["move", task, "--backlog"], now: at("09:02"))
        try sync(b, hub, at: "09:03")
        let synced = try sync(a, hub, at: "09:04")
        expectEqual(synced["conflicts"] as? Int, 1, "\(synced)")
        let mine = try conflicts(a, now: at("09:30"))
        expectEqual(mine.map { $0["field"] as? String }, ["placement"], "\(mine)")
        expectTrue(try conflicts(b, now: at("09:30")).isEmpty)
    }

    // MARK: A clock far ahead (Y-22)

    static let start = Date()

    /// `--now` text, to the second, for `offset` seconds after the suite's start: the hub's clock is
    /// the real one, so these moments are real ones or a chosen distance from them.
    static func real(_ offset: TimeInterval) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: start.addingTimeInterval(offset))
    }

    /// Two synced UTC devices holding "Rent"; A then edits its title under a clock 10 minutes ahead and
    /// its sync is refused.
    func editedAhead(_ hub: PostgresHub) throws -> (a: CharflowRunner, b: CharflowRunner, task: String) {
        let a = try CharflowRunner(timeZone: "UTC"), b = try CharflowRunner(timeZone: "UTC")
        let task = try a.add("Rent", now: Self.real(-120))
        try a.syncJSON(hub, now: Self.real(-120))
        try b.syncJSON(hub, now: Self.real(-115))
        try a.ok(["edit", task, "--title", "Pay the bank"], now: Self.real(600))
        let refused = try a.run(["sync", "--hub", hub.url], now: Self.real(600))
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "minutes ahead of the hub's", "\(refused.stderr)")
        return (a, b, task)
    }

    @Test("Y-22 Y-24: an edit made under a clock 10 minutes ahead, sent once the clock is right, loses to B's real edit made 5 s later, on both devices, and A is told")
    func fastClockLosesToLaterRealEdit() throws {
        let hub = try PostgresHub.initialised(at: Self.real(-180))
        let (a, b, task) = try editedAhead(hub)
        try b.ok(["edit", task, "--title", "Pay the landlord"], now: Self.real(5))
        try b.syncJSON(hub, now: Self.real(5))
        let synced = try a.syncJSON(hub, now: Self.real(10))
        expectEqual(synced["conflicts"] as? Int, 1, "\(synced)")
        try expectEqual(b.syncJSON(hub, now: Self.real(15))["conflicts"] as? Int, 0)
        try expectEqual(title(a, task, now: Self.real(20)), "Pay the landlord")
        try expectEqual(title(b, task, now: Self.real(20)), "Pay the landlord")
        let mine = try conflicts(a, now: Self.real(20))
        expectEqual(mine.map { $0["yours"] as? String }, ["Pay the bank"], "\(mine)")
        expectTrue(try conflicts(b, now: Self.real(20)).isEmpty)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-22 Y-24: the same, B's real edit sent after A's re-stamped one: B's still wins on both devices, and A is told")
    func fastClockLosesWhenSentFirst() throws {
        let hub = try PostgresHub.initialised(at: Self.real(-180))
        let (a, b, task) = try editedAhead(hub)
        try b.ok(["edit", task, "--title", "Pay the landlord"], now: Self.real(5))
        try expectEqual(a.syncJSON(hub, now: Self.real(10))["conflicts"] as? Int, 0)
        try expectEqual(b.syncJSON(hub, now: Self.real(15))["conflicts"] as? Int, 0)
        let synced = try a.syncJSON(hub, now: Self.real(20))
        expectEqual(synced["conflicts"] as? Int, 1, "\(synced)")
        try expectEqual(title(a, task, now: Self.real(25)), "Pay the landlord")
        try expectEqual(title(b, task, now: Self.real(25)), "Pay the landlord")
        try expectEqual(conflicts(a, now: Self.real(25)).map { $0["yours"] as? String }, ["Pay the bank"])
        expectTrue(try conflicts(b, now: Self.real(25)).isEmpty)
    }

    @Test("Y-22: an edit made under a clock far ahead that nobody else changed still goes, and reaches the other device")
    func fastClockEditAloneStillGoes() throws {
        let hub = try PostgresHub.initialised(at: Self.real(-180))
        let (a, b, task) = try editedAhead(hub)
        try a.syncJSON(hub, now: Self.real(10))
        try b.syncJSON(hub, now: Self.real(15))
        try expectEqual(title(b, task, now: Self.real(20)), "Pay the bank")
        expectTrue(try conflicts(a, now: Self.real(20)).isEmpty)
        expectTrue(try conflicts(b, now: Self.real(20)).isEmpty)
    }
}
