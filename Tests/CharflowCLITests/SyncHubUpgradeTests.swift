import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// A hub an older build made and filled is brought to this build's schema in place, losing nothing,
/// and syncs after (spec D18, rule Y-29): for every version that shipped, a hub built from that
/// version's own texts (`HubSchema.installOlder`, the texts as they shipped), filled by a device
/// through that version's own `hub_push` (or, before schema 4, its statements), then upgraded by
/// this build's first sync. Through a real PostgreSQL hub and the real binary.
@Suite("A hub of every older schema is upgraded in place (Y-29)", .serialized)
struct SyncHubUpgradeTests {
    static let day = "2026-03-10"

    func at(_ time: String) -> String { "\(Self.day)T\(time)" }

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: at(time))
    }

    func title(_ device: CharflowRunner, _ id: String) throws -> String? {
        try Database(path: device.storePath).scalar("SELECT title FROM tasks WHERE id = ?", [.text(id)])?.text
    }

    /// What the build that stopped at schema `version` did when `device` synced with a hub no other
    /// device used yet, by that build's own calls: made it a device, pushed everything unpushed (one
    /// `hub_push` of that version, which registers it and writes the state; before schema 4, the
    /// statements of that build in one transaction under the hub's lock) and took the hub's state
    /// with the number it includes as its cursor. A push the hub refuses throws, and the device
    /// marks nothing.
    func syncAsTheBuild(of version: Int, _ device: CharflowRunner, _ hub: PostgresHub) throws {
        let db = try Database(path: device.storePath)
        let id = try OperationLog.enable(db)
        let hubID = try hub.value("SELECT hub_id FROM hub_identity")
        try OperationLog.attach(hub: hubID, db)
        try OperationLog.remember(hub: hub.url, db)
        let pending = try OperationLog.unpushed(db, limit: Int.max)
        let last = try #require(pending.last)
        let mark = try OperationLog.nextIncarnation(db)
        func json(_ objects: [[String: Any]]) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: objects), as: UTF8.self).replacingOccurrences(of: "'", with: "''")
        }
        let operations = try json(pending.map {
            ["s": NSNumber(value: $0.deviceSeq), "h": $0.hlc, "t": $0.table, "r": $0.rowID, "f": $0.field, "v": $0.value]
        })
        if version >= 4 {
            // Until schema 11 `p_rows` named the rows a push touched, for the scrub; since, it is sent empty.
            let touched = Set(pending.map { [$0.table, $0.rowID] }).map { ["t": $0[0], "r": $0[1]] as [String: Any] }
            let rows = version < 11 ? try json(touched) : "[]"
            let current = try OperationLog.incarnations(db).current.map { "'\($0)'" } ?? "NULL"
            let outcome = try hub.value("""
                SELECT o_outcome FROM hub_push(\(version), '\(hubID)', 0, 0, '\(id)', '\(mark)', \(current), '\(mark)',
                    \(try OperationLog.issuedSeq(db)), '\(operations)'::jsonb, '\(rows)'::jsonb)
                """)
            try #require(outcome == "ok", "schema \(version)'s hub_push answered \(outcome)")
        } else {
            try hub.rows("""
                BEGIN;
                SELECT pg_advisory_xact_lock(7239105);
                INSERT INTO hub_devices (device_id\(version >= 2 ? ", incarnation" : "")) VALUES ('\(id)'\(version >= 2 ? ", '\(mark)'" : ""))
                ON CONFLICT (device_id) DO UPDATE SET last_seen = now();
                INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                SELECT '\(id)', x.s, x.h, x.t, x.r, x.f, x.v
                FROM jsonb_to_recordset('\(operations)'::jsonb) AS x(s bigint, h text, t text, r text, f text, v text)
                ORDER BY x.s ON CONFLICT (device_id, device_seq) DO NOTHING;
                INSERT INTO hub_fields (table_name, row_id, field, hlc, value)
                SELECT DISTINCT ON (x.t, x.r, x.f) x.t, x.r, x.f, x.h, x.v
                FROM jsonb_to_recordset('\(operations)'::jsonb) AS x(s bigint, h text, t text, r text, f text, v text)
                ORDER BY x.t, x.r, x.f, x.h DESC, x.s DESC
                ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = excluded.hlc, value = excluded.value
                WHERE excluded.hlc > hub_fields.hlc;
                COMMIT;
                """)
        }
        try OperationLog.markPushed(db, through: last.deviceSeq)
        // From schema 4 the state comes through `hub_pull`, each row carrying the number it includes.
        let cursor = version >= 4
            ? try hub.value("SELECT max(o_seq) FROM hub_pull(0, '\(id)', 0)")
            : try hub.value("SELECT coalesce(max(hub_seq), 0) FROM hub_operations")
        try db.execute("UPDATE sync_state SET hub_cursor = \(cursor), last_sync = '\(Self.day)T08:00:00.000Z' WHERE id = 1")
    }

    /// A hub built from the texts as they shipped through `version` and filled from `device` by the
    /// build of then. A hub that took schema 11 as it shipped has no `hub_records.writer`, which schema
    /// 12's `hub_push` writes: no push of that build ever worked there (schema 13 adds the column), so
    /// such a hub holds what the build of schema 11 sent, and then took schema 12.
    func olderHub(through version: Int, filledFrom device: CharflowRunner) throws -> PostgresHub {
        let hub = try PostgresHub()
        let filled = version == 12 ? 11 : version
        try HubSchema.installOlder(url: hub.url, through: filled)
        try syncAsTheBuild(of: filled, device, hub)
        try HubSchema.installOlder(url: hub.url, through: version)
        try expectEqual(hub.rows("SELECT version FROM hub_schema_version ORDER BY version"), (1...version).map(String.init))
        return hub
    }

    @Test("Y-29 D18: a hub an older build made and filled, built from that version's own texts, is brought to this build's schema by the next sync, losing nothing, and both devices sync after",
          arguments: 1..<HubSchema.version)
    func upgradedInPlace(from version: Int) throws {
        let a = try CharflowRunner(), b = try CharflowRunner()
        // A device from the start, so each change (the purge's tombstone too) is an operation of its own.
        _ = try a.add("First", now: at("07:29"))
        _ = try OperationLog.enable(try Database(path: a.storePath))
        let id = try a.add("Written under schema \(version)", now: at("07:30"))
        try a.ok(["edit", id, "--notes", "Kept through every schema since"], now: at("07:31"))
        let other = try a.add("Deleted under schema \(version)", now: at("07:32"))
        try a.ok(["delete", other], now: at("07:33"))
        let gone = try a.add("Purged under schema \(version)", now: at("07:34"))
        try a.ok(["purge", gone], now: at("07:35"))
        let hub = try olderHub(through: version, filledFrom: a)
        let device = try #require(try Database(path: a.storePath).scalar("SELECT device_id FROM sync_state")?.text)
        // Each field of the tasks with its clock and value, and the log, as the old build left them.
        let taskState = "SELECT row_id, field, hlc, value FROM hub_fields WHERE table_name = 'tasks' ORDER BY 1, 2"
        let taskFields = try hub.rows(taskState)
        expectTrue(taskFields.count > 10, "\(taskFields)")
        let operations = try hub.rows("SELECT device_id, device_seq, hlc, field, value FROM hub_operations ORDER BY hub_seq")

        if version == 12 {
            // What schema 13 repairs: on a hub that took schema 11 as it shipped, schema 12's push fails.
            _ = try a.add("Sent in vain under schema 12", now: at("08:00"))
            let failed = #expect(throws: (any Error).self) { try syncAsTheBuild(of: 12, a, hub) }
            expectEqual(failed.map { "\($0)".contains("42703: column \"writer\" of relation \"hub_records\" does not exist") }, true, "\(String(describing: failed))")
        }

        // A new device's sync brings the hub to this build's schema and starts from its state.
        let first = try sync(b, hub, at: "08:10")
        expectEqual(first["fromSnapshot"] as? Bool, true)
        try expectEqual(hub.rows("SELECT version FROM hub_schema_version ORDER BY version"), (1...HubSchema.version).map(String.init))
        try expectEqual(title(b, id), "Written under schema \(version)")
        try expectEqual(b.json(["show", id], now: at("08:11"))["notes"] as? String, "Kept through every schema since")
        try expectEqual(title(b, other), "Deleted under schema \(version)")
        expectTrue(try !b.holdsTask(gone))
        #expect(try hub.value("SELECT count(*) FROM hub_fields WHERE row_id = '\(gone)' AND value LIKE '%Purged%'") == "0")
        try expectEqual(hub.rows(taskState), taskFields, "each field's clock and value, kept through every schema since \(version)")
        expectTrue(Set(try hub.rows("SELECT device_id, device_seq, hlc, field, value FROM hub_operations")).isSuperset(of: operations))
        // Whatever text of schema 11 the hub took, its records now say who wrote them where that is sure.
        #expect(try hub.value("""
            SELECT count(*) FROM information_schema.columns WHERE table_name = 'hub_records' AND column_name = 'writer'
            """) == "1")

        // What the old build pushed carries no base (the clock of the value each change replaced, schema 14).
        let based = "SELECT count(*) FROM hub_operations WHERE device_id = '\(device)' AND base_hlc IS NOT NULL"
        try expectEqual(hub.value(based), "0")

        // The old build's device goes on under its own id: the hub still knows its last push's mark.
        try a.ok(["edit", id, "--title", "Edited under the new build"], now: at("08:20"))
        let next = try sync(a, hub, at: "08:21")
        // Its change under this build carries the clock of the title it replaced, the old build's.
        let titleClock = try #require(taskFields.first { $0.hasPrefix(id + "|title|") }?.split(separator: "|")[2])
        #expect(try hub.value(based + " AND field = 'title' AND base_hlc = '\(titleClock)'") == "1")
        expectEqual(next["newDevice"], nil, "\(next)")
        expectTrue((next["pushed"] as? Int ?? 0) >= 1)
        try expectEqual(Database(path: a.storePath).scalar("SELECT device_id FROM sync_state")?.text, device)
        let fromB = try b.add("Written on B after the upgrade", now: at("08:22"))
        try sync(b, hub, at: "08:23")
        try expectEqual(title(b, id), "Edited under the new build")
        try sync(a, hub, at: "08:24")
        try expectEqual(title(a, fromB), "Written on B after the upgrade")
        try sync(b, hub, at: "08:25")
        try expectEqual(a.syncedRecords(), b.syncedRecords())
        try expectEqual(hub.value("SELECT count(*) FROM (SELECT device_id, device_seq FROM hub_operations GROUP BY 1, 2 HAVING count(*) > 1) d"), "0")
    }

    @Test("Y-32 Y-29: a device that lost its key meets a blind hub an older build made: the hub is upgraded first, then refuses the value in the clear by its code, and nothing is written")
    func lostKeyOnAnOlderBlindHub() throws {
        let a = try CharflowRunner()
        _ = try a.add("Sent before the hub was blind", now: at("07:30"))
        let hub = try olderHub(through: HubSchema.version - 1, filledFrom: a)
        // The hub holds a passphrase's key check now; this device never kept the key.
        try hub.rows("""
            INSERT INTO hub_seal (id, kdf, salt, cost, block_size, parallelism, cipher, key_check)
            VALUES (1, 'scrypt', 'c2FsdA==', 16384, 8, 1, 'aes-256-gcm', 'cf1:AAAA')
            """)
        let logged = try hub.value("SELECT count(*) FROM hub_operations")
        let records = try hub.value("SELECT md5(string_agg(row_id || fields::text, ',' ORDER BY row_id)) FROM hub_records")
        let secret = try a.add("Qvx-never-in-the-clear-4471", now: at("08:00"))
        let refused = try a.run(["sync", "--json"], now: at("08:01"))
        expectEqual(refused.status, 1, "\(refused.stdout)")
        let error = try refused.json()["error"] as? [String: Any]
        expectEqual(error?["code"] as? String, "passphrase_needed", "\(refused.stdout)")
        try expectEqual(hub.rows("SELECT version FROM hub_schema_version ORDER BY version"), (1...HubSchema.version).map(String.init))
        try expectEqual(hub.value("SELECT count(*) FROM hub_operations"), logged)
        #expect(try hub.value("SELECT md5(string_agg(row_id || fields::text, ',' ORDER BY row_id)) FROM hub_records") == records)
        #expect(try hub.value("SELECT count(*) FROM hub_records WHERE row_id = '\(secret)'") == "0")
        expectTrue(try a.json(["sync", "--status"], now: at("08:02"))["unpushed"] as? Int ?? 0 > 0, "what waits is kept")
    }
}
