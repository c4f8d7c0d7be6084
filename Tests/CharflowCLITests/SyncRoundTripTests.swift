import CharflowCore
import CharflowStore
import CharflowSync
import Foundation
import Testing

/// A push and a pull are one call each of a function the hub schema defines (spec D20, rule Y-29),
/// and a hub an older build made is brought up to date in place, losing nothing. Through a real
/// PostgreSQL hub and the real binary; the hub logs every statement it is sent, by program.
@Suite("Sync in one round trip a push and a pull (Y-29)", .serialized)
struct SyncRoundTripTests {
    static let day = "2026-03-10"

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(Self.day)T\(time)")
    }

    func title(_ device: CharflowRunner, _ id: String) throws -> String? {
        try Database(path: device.storePath).scalar("SELECT title FROM tasks WHERE id = ?", [.text(id)])?.text
    }

    @Test("Y-29: a one-change sync sends the hub one hub_push call and one hub_pull call, and so does receiving it")
    func oneChangeIsTwoCalls() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        try sync(b, hub, at: "08:01")
        try hub.logStatements()
        let id = try a.add("Sent in one call", now: "\(Self.day)T09:00")

        var mark = try hub.logSize()
        let sent = try sync(a, hub, at: "09:01")
        #expect(sent["pushed"] as? Int == 1)
        let push = try hub.statements(since: mark)
        #expect(push.count == 2, "\(push)")
        #expect(push.first?.contains("hub_push(") == true && push.last?.contains("hub_pull(") == true, "\(push)")

        mark = try hub.logSize()
        let received = try sync(b, hub, at: "09:02")
        #expect(received["pulled"] as? Int == 1)
        let pull = try hub.statements(since: mark)
        #expect(pull.count == 2, "\(pull)")
        #expect(pull.first?.contains("hub_push(") == true && pull.last?.contains("hub_pull(") == true, "\(pull)")
        #expect(try title(b, id) == "Sent in one call")

        // Nothing to do is the same two calls; and the stores agree.
        mark = try hub.logSize()
        let idle = try sync(a, hub, at: "09:03")
        #expect(idle["pushed"] as? Int == 0 && idle["pulled"] as? Int == 0)
        #expect(try hub.statements(since: mark).count == 2)
        #expect(try a.syncedRecords() == b.syncedRecords())
    }

    /// What a build of schema version 3 did when `device` synced, by that build's own statements: made
    /// it a device, pushed everything unpushed in one transaction under the hub's lock, and took the
    /// hub's last number as its cursor.
    func syncAsTheVersion3Build(_ device: CharflowRunner, _ hub: PostgresHub) throws {
        let db = try Database(path: device.storePath)
        let id = try OperationLog.enable(db)
        try OperationLog.attach(hub: try hub.value("SELECT hub_id FROM hub_identity"), db)
        try OperationLog.remember(hub: hub.url, db)
        let pending = try OperationLog.unpushed(db, limit: Int.max)
        let last = try #require(pending.last)
        let mark = try OperationLog.nextIncarnation(db)
        let objects: [[String: Any]] = pending.map {
            ["s": NSNumber(value: $0.deviceSeq), "h": $0.hlc, "t": $0.table, "r": $0.rowID, "f": $0.field, "v": $0.value]
        }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: objects), as: UTF8.self)
            .replacingOccurrences(of: "'", with: "''")
        try hub.rows("""
            BEGIN;
            SELECT pg_advisory_xact_lock(7239105);
            INSERT INTO hub_devices (device_id, incarnation) VALUES ('\(id)', '\(mark)')
            ON CONFLICT (device_id) DO UPDATE SET last_seen = now(), incarnation = excluded.incarnation;
            INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
            SELECT '\(id)', x.s, x.h, x.t, x.r, x.f, x.v
            FROM jsonb_to_recordset('\(json)'::jsonb) AS x(s bigint, h text, t text, r text, f text, v text)
            ORDER BY x.s ON CONFLICT (device_id, device_seq) DO NOTHING;
            INSERT INTO hub_fields (table_name, row_id, field, hlc, value)
            SELECT DISTINCT ON (x.t, x.r, x.f) x.t, x.r, x.f, x.h, x.v
            FROM jsonb_to_recordset('\(json)'::jsonb) AS x(s bigint, h text, t text, r text, f text, v text)
            ORDER BY x.t, x.r, x.f, x.h DESC, x.s DESC
            ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = excluded.hlc, value = excluded.value
            WHERE excluded.hlc > hub_fields.hlc;
            COMMIT;
            """)
        try OperationLog.markPushed(db, through: last.deviceSeq)
        let cursor = try hub.value("SELECT coalesce(max(hub_seq), 0) FROM hub_operations")
        try db.execute("UPDATE sync_state SET hub_cursor = \(cursor), last_sync = '\(Self.day)T08:00:00.000Z' WHERE id = 1")
    }

    @Test("Y-29: a hub made and filled by the previous build (schema version 3) is upgraded in place by the next sync, losing nothing")
    func olderHubUpgradedInPlace() throws {
        let hub = try PostgresHub()
        try HubSchema.installOlder(url: hub.url, through: 3)
        #expect(try hub.rows("SELECT version FROM hub_schema_version ORDER BY version") == ["1", "2", "3"])
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try a.add("Written under the old build", now: "\(Self.day)T07:30")
        try syncAsTheVersion3Build(a, hub)
        let device = try #require(try Database(path: a.storePath).scalar("SELECT device_id FROM sync_state")?.text)
        let operations = try hub.rows("SELECT device_id, device_seq, hlc, field, value FROM hub_operations ORDER BY hub_seq")
        let fields = try hub.rows("SELECT table_name, row_id, field FROM hub_fields ORDER BY 1, 2, 3")
        #expect(operations.count > 10 && fields.count > 10)
        // The task's fields with their clocks and values, which no later push changes before the edit.
        let taskState = "SELECT row_id, field, hlc, value FROM hub_fields WHERE table_name = 'tasks' ORDER BY 1, 2"
        let taskFields = try hub.rows(taskState)

        // A new device's sync brings the hub to this build's schema and starts from its state.
        let first = try sync(b, hub, at: "08:10")
        #expect(first["fromSnapshot"] as? Bool == true)
        #expect(try hub.rows("SELECT version FROM hub_schema_version ORDER BY version") == (1...HubSchema.version).map(String.init))
        #expect(try title(b, id) == "Written under the old build")
        // Every operation and every field the old build wrote is still there.
        let kept = Set(try hub.rows("SELECT device_id, device_seq, hlc, field, value FROM hub_operations"))
        #expect(kept.isSuperset(of: operations))
        #expect(Set(try hub.rows("SELECT table_name, row_id, field FROM hub_fields")).isSuperset(of: fields))
        #expect(try hub.rows(taskState) == taskFields, "each field's clock and value, kept through every schema since 3")

        // The old build's device goes on under its own id: the hub still knows its last push's mark.
        try a.ok(["edit", id, "--title", "Edited under the new build"], now: "\(Self.day)T08:20")
        let next = try sync(a, hub, at: "08:21")
        #expect(next["newDevice"] == nil, "\(next)")
        #expect((next["pushed"] as? Int ?? 0) >= 1)
        #expect(try Database(path: a.storePath).scalar("SELECT device_id FROM sync_state")?.text == device)
        try sync(b, hub, at: "08:22")
        #expect(try title(b, id) == "Edited under the new build")
        try sync(a, hub, at: "08:23")
        #expect(try a.syncedRecords() == b.syncedRecords())
        #expect(try hub.value("SELECT count(*) FROM (SELECT device_id, device_seq FROM hub_operations GROUP BY 1, 2 HAVING count(*) > 1) d") == "0")
    }
}

/// The hub's statement log, for counting what a sync sends.
extension PostgresHub {
    /// Logs every statement sent to this hub's database from now on (each connection made after this
    /// one); the server leads each line with the database and the program that sent it.
    func logStatements() throws {
        try server.rows("ALTER DATABASE \(database) SET log_statement = 'all'")
    }

    /// How long the server's log is now, to read what follows.
    func logSize() throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: server.logPath)[.size] as? Int) ?? 0
    }

    /// The statements `charflow` sent this hub since the log was `offset` bytes long (the server's
    /// other databases' lines are other tests').
    func statements(since offset: Int) throws -> [String] {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: server.logPath))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let ours = "\(database)|charflow|LOG:  "
        return text.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix(ours + "statement: ") || $0.hasPrefix(ours + "execute ")
        }
    }
}
