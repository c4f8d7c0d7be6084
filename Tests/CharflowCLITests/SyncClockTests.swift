import CharflowCore
import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// Clocks through a real PostgreSQL hub (spec D19, rule Y-22): the hub refuses operations stamped
/// more than 5 minutes ahead of its own clock, a device re-stamps what it stamped ahead to the hub's
/// time before sending, and no far-ahead arrival drags a device's clock.
///
/// The hub's clock is the real one, so every device here runs at real moments (UTC, to the minute:
/// up to a minute behind the hub) or at a chosen distance from them.
@Suite("Sync keeps clocks honest", .serialized)
struct SyncClockTests {
    static let start = Date()

    /// `--now` text for `offset` seconds after the suite's start.
    static func at(_ offset: TimeInterval) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.string(from: start.addingTimeInterval(offset))
    }

    static let year: TimeInterval = 365 * 86_400

    /// The hub clock's milliseconds `offset` seconds from its now, as SQL, and an operation clock at it.
    static func hubClock(_ offset: Int, device: String) -> String {
        "lpad((floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + \(offset * 1000))::text, 18, '0') || '-000000-\(device)'"
    }

    func deviceClock(_ device: CharflowRunner) throws -> Int64 {
        try Database(path: device.storePath).scalar("SELECT hlc_ms FROM sync_state WHERE id = 1")?.integer ?? 0
    }

    func title(_ device: CharflowRunner, _ id: String) throws -> String? {
        try device.json(["show", id], now: Self.at(120))["title"] as? String
    }

    /// Milliseconds of the real clock `offset` seconds from now.
    func real(_ offset: TimeInterval) -> Int64 { Int64((Date().timeIntervalSince1970 + offset) * 1000) }

    @Test("Y-22: an edit made under a clock a year ahead is sent at the hub's time, and a later real edit elsewhere wins")
    func yearAheadEditLosesToLaterRealOne() throws {
        let hub = try PostgresHub.initialised(at: Self.at(0))
        let a = try CharflowRunner(timeZone: "UTC"), b = try CharflowRunner(timeZone: "UTC")
        let id = try a.add("Plan the trip", now: Self.at(0))
        try a.syncJSON(hub, now: Self.at(0))
        try b.syncJSON(hub, now: Self.at(0))
        // A's clock jumps a year ahead: the edit is made, its sync refused.
        try a.ok(["edit", id, "--title", "Made under a wrong clock"], now: Self.at(Self.year))
        let refused = try a.run(["sync", "--hub", hub.url], now: Self.at(Self.year))
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "minutes ahead of the hub's", "\(refused.stderr)")
        // The clock is set right: the edit goes, at the hub's time, and A's own clock comes back.
        try a.syncJSON(hub, now: Self.at(0))
        let newest = Int64(try hub.value("""
            SELECT max(substr(hlc, 1, 18)::bigint) FROM (SELECT hlc FROM hub_operations UNION ALL SELECT hlc FROM hub_fields) sent
            """)) ?? .max
        expectTrue(newest <= real(0), "the hub holds a stamp ahead of its clock")
        expectTrue(try deviceClock(a) <= real(5 * 60))
        // B, which received it, edits later for real: its edit wins on both devices.
        try b.syncJSON(hub, now: Self.at(0))
        try expectEqual(title(b, id), "Made under a wrong clock")
        expectTrue(try deviceClock(b) <= real(5 * 60), "B's clock was dragged ahead")
        try b.ok(["edit", id, "--title", "Fixed later for real"], now: Self.at(60))
        try b.syncJSON(hub, now: Self.at(60))
        try a.syncJSON(hub, now: Self.at(60))
        try expectEqual(title(a, id), "Fixed later for real")
        try expectEqual(title(b, id), "Fixed later for real")
        // And A's next edit, with its clock right, is later than B's again.
        try a.ok(["edit", id, "--title", "A again"], now: Self.at(120))
        try a.syncJSON(hub, now: Self.at(120))
        try b.syncJSON(hub, now: Self.at(120))
        try expectEqual(title(b, id), "A again")
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-22: the hub itself refuses an operation stamped more than 5 minutes ahead, by its own code; one a few minutes ahead is kept")
    func hubRefusesRawFarAheadInsert() throws {
        let hub = try PostgresHub.initialised(at: Self.at(0))
        try expectEqual(hub.rows("SELECT version FROM hub_schema_version ORDER BY version"), (1...HubSchema.version).map(String.init))
        try hub.rows("INSERT INTO hub_devices (device_id) VALUES ('by-hand')")
        func insert(_ seq: Int, aheadBy seconds: Int) throws {
            try hub.rows("""
                INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                VALUES ('by-hand', \(seq), \(Self.hubClock(seconds, device: "by-hand")), 'tasks', 'x', 'title', '"x"')
                """)
        }
        // Refused with the hub's own code for a clock ahead, which is how a device reads it.
        for (seq, seconds) in [(1, Int(Self.year)), (2, 6 * 60)] {
            let refused = #expect(throws: (any Error).self) { try insert(seq, aheadBy: seconds) }
            expectEqual(refused.map { "\($0)".contains("ERROR:  \(HubRefusalCode.clockAhead): ") }, true, "\(String(describing: refused))")
        }
        try insert(3, aheadBy: 3 * 60)
        try insert(4, aheadBy: -2 * 86_400)
        #expect(try hub.rows("SELECT device_seq FROM hub_operations WHERE device_id = 'by-hand' ORDER BY 1") == ["3", "4"])
    }

    @Test("Y-22: a device a few minutes ahead syncs and is re-stamped to the hub's time; one behind still has the later edit")
    func clocksAheadWithinTheBoundAndBehind() throws {
        let hub = try PostgresHub.initialised(at: Self.at(0))
        let ahead = try CharflowRunner(timeZone: "UTC"), behind = try CharflowRunner(timeZone: "UTC")
        let id = try ahead.add("Water the plants", now: Self.at(3 * 60))
        let sent = try ahead.syncJSON(hub, now: Self.at(3 * 60))
        expectTrue((sent["pushed"] as? Int ?? 0) > 0)
        let newest = Int64(try hub.value("""
            SELECT max(substr(hlc, 1, 18)::bigint) FROM (SELECT hlc FROM hub_operations UNION ALL SELECT hlc FROM hub_fields) sent
            """)) ?? .max
        expectTrue(newest <= real(0), "a stamp ahead of the hub was sent as it was")
        // Two days behind: it receives the edit, and its own edit made after it is the later one.
        try behind.syncJSON(hub, now: Self.at(-2 * 86_400))
        try expectEqual(title(behind, id), "Water the plants")
        try behind.ok(["edit", id, "--title", "Water the ferns"], now: Self.at(-2 * 86_400 + 60))
        try behind.syncJSON(hub, now: Self.at(-2 * 86_400 + 60))
        try ahead.syncJSON(hub, now: Self.at(4 * 60))
        try expectEqual(title(ahead, id), "Water the ferns")
    }

    @Test("Y-22: an operation far ahead that an older hub let in does not drag the receiving device's clock")
    func farAheadArrivalDoesNotDrag() throws {
        let hub = try PostgresHub.initialised(at: Self.at(0))
        let a = try CharflowRunner(timeZone: "UTC"), b = try CharflowRunner(timeZone: "UTC")
        let id = try a.add("Call the bank", now: Self.at(0))
        try a.syncJSON(hub, now: Self.at(0))
        try b.syncJSON(hub, now: Self.at(0))
        // As a hub before schema version 3 would hold it: written past its check.
        try hub.rows("""
            SET session_replication_role = replica;
            INSERT INTO hub_devices (device_id) VALUES ('old-build');
            INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
            VALUES ('old-build', 1, \(Self.hubClock(Int(Self.year), device: "old-build")), 'tasks', '\(id)', 'notes', '"from the future"');
            """)
        try b.syncJSON(hub, now: Self.at(0))
        try expectEqual(b.json(["show", id], now: Self.at(60))["notes"] as? String, "from the future")
        expectTrue(try deviceClock(b) <= real(5 * 60), "B's clock was dragged a year ahead")
        // B's next edit is stamped from its own time, and the hub takes it.
        try b.ok(["edit", id, "--title", "Call the bank today"], now: Self.at(60))
        try b.syncJSON(hub, now: Self.at(60))
        try a.syncJSON(hub, now: Self.at(60))
        try expectEqual(title(a, id), "Call the bank today")
    }

    @Test("Y-3: a hub whose database sorts text by a language's rules still takes the later clock as the devices do, byte for byte")
    func hubComparesClocksByBytes() throws {
        // ICU's English order puts "a" before "Z"; bytes (and every device) put "Z" first.
        let hub = try PostgresHub(creating: "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'")
        try expectEqual(hub.rows("SELECT 'a' < 'Z'"), ["t"], "the database sorts by the locale")
        try HubSchema.installOlder(url: hub.url, through: HubSchema.version)
        // Two devices set one field at the same moment: the tie goes to the device id that sorts last
        // by bytes, "adevice" over "Zdevice", whichever arrives first.
        func push(_ device: String, _ value: String) throws -> String {
            try hub.rows("""
                SELECT o_outcome FROM hub_push(\(HubSchema.version), NULL, 0, 0, '\(device)', 'mark', NULL, 'mark', 1,
                    '[{"s": 1, "h": "000001773129600000-000000-\(device)", "t": "tasks", "r": "row-1", "f": "title", "v": "\\"\(value)\\""}]'::jsonb,
                    '[]'::jsonb)
                """).first ?? ""
        }
        try expectEqual(push("adevice", "Bytes"), "ok")
        try expectEqual(push("Zdevice", "Locale"), "ok")
        #expect(try hub.rows("SELECT value FROM hub_fields WHERE row_id = 'row-1'") == ["\"Bytes\""])
        expectTrue(HybridLogicalClock(text: "000001773129600000-000000-adevice")! > HybridLogicalClock(text: "000001773129600000-000000-Zdevice")!)
    }
}
