import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// The hub keeps operations only while a device needs them (rule Y-30, spec D20), against a real
/// PostgreSQL hub: ordinary pulls drop what every device that counts holds, a device away for 30 days
/// stops holding that back, and a device whose cursor fell behind starts again from the hub's state
/// with its unsent work kept.
@Suite("The hub compacts what no device needs (Y-30)", .serialized)
struct SyncCompactionTests {
    static let day = "2026-03-10"

    func operations(_ hub: PostgresHub, row id: String) throws -> Int {
        Int(try hub.value("SELECT count(*) FROM hub_operations WHERE row_id = '\(id)'")) ?? -1
    }

    @Test("Y-30: operations every device holds leave the hub; a device away holds them back until 30 days pass, then starts again from the hub's state keeping what it had not sent")
    func compactsAndRestarts() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let a = try CharflowRunner(), b = try CharflowRunner(), c = try CharflowRunner()
        for (index, device) in [a, b, c].enumerated() { try device.syncJSON(hub, now: "\(Self.day)T08:0\(index)") }
        let first = try a.add("Written before C went away", now: "\(Self.day)T09:00")
        for time in ["09:01", "09:02", "09:03", "09:04"] {
            try a.syncJSON(hub, now: "\(Self.day)T\(time)")
            try b.syncJSON(hub, now: "\(Self.day)T\(time)")
        }
        // C has not pulled the task: its operations stay for C.
        expectTrue(try operations(hub, row: first) > 1)

        // C stays away; once it is unseen for 30 days it no longer holds the hub's log back.
        let away = try c.deviceID()
        _ = try hub.rows("UPDATE hub_devices SET last_seen = now() - interval '31 days' WHERE device_id = '\(away)'")
        let second = try a.add("Written while C was away", now: "\(Self.day)T10:00")
        for time in ["10:01", "10:02", "10:03"] {
            try a.syncJSON(hub, now: "\(Self.day)T\(time)")
            try b.syncJSON(hub, now: "\(Self.day)T\(time)")
        }
        try expectEqual(operations(hub, row: first), 0, "the log keeps nothing every device that counts holds")
        let through = Int(try hub.value("SELECT through FROM hub_compaction")) ?? 0
        let cursor = try #require(try Database(path: c.storePath, readOnly: true).scalar("SELECT hub_cursor FROM sync_state")?.int)
        expectTrue(through > cursor, "the compaction passed C's cursor")

        // C comes back with work it never sent: it is kept, and C starts again from the hub's state.
        let offline = try c.add("Written on C while away", now: "\(Self.day)T11:00")
        let back = try c.syncJSON(hub, now: "\(Self.day)T11:01")
        expectEqual(back["fromSnapshot"] as? Bool, true, "\(back)")
        expectEqual(back["pushed"] as? Int, 1)
        for id in [first, second, offline] { expectTrue(try c.holdsTask(id)) }
        try a.syncJSON(hub, now: "\(Self.day)T11:02")
        try b.syncJSON(hub, now: "\(Self.day)T11:03")
        expectTrue(try a.holdsTask(offline))
        expectTrue(try b.holdsTask(offline))
        try expectEqual(a.syncedRecords(), c.syncedRecords())
        try expectEqual(b.syncedRecords(), c.syncedRecords())
        // Back in the count, C holds the log back again from where it now stands.
        let after = try c.add("Written on C once back", now: "\(Self.day)T11:10")
        try c.syncJSON(hub, now: "\(Self.day)T11:11")
        try a.syncJSON(hub, now: "\(Self.day)T11:12")
        try a.syncJSON(hub, now: "\(Self.day)T11:13")
        expectTrue(try operations(hub, row: after) > 1, "B has not pulled C's new task: its operations stay")
    }

    @Test("Y-30: a device joining a hub no other device uses sends its state without a log; one away 30 days comes back from the state with its unsent work kept")
    func joiningAloneWritesNoLog() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let away = try CharflowRunner(), a = try CharflowRunner(), b = try CharflowRunner()
        try away.syncJSON(hub, now: "\(Self.day)T07:30")
        _ = try hub.rows("UPDATE hub_devices SET last_seen = now() - interval '31 days'")
        let logBefore = Int(try hub.value("SELECT count(*) FROM hub_operations")) ?? -1
        let compactedBefore = Int(try hub.value("SELECT through FROM hub_compaction")) ?? -1
        let planned = try a.add("Planned before joining", now: "\(Self.day)T08:00")
        try a.ok(["edit", planned, "--notes", "Bring bags"], now: "\(Self.day)T08:01")
        let joined = try a.syncJSON(hub, now: "\(Self.day)T08:02")
        expectTrue((joined["pushed"] as? Int ?? 0) > 1)
        // Nobody else counts: the state holds A's fields and the log nothing of them (the note, never
        // shared before, has no other version anywhere).
        try expectNotEqual(hub.value("SELECT count(*) FROM hub_fields WHERE row_id = '\(planned)'"), "0")
        #expect(try hub.value("SELECT value FROM hub_fields WHERE row_id = '\(planned)' AND field = 'notes'") == "\"Bring bags\"")
        expectEqual(Int(try hub.value("SELECT count(*) FROM hub_operations")), logBefore)
        let through = Int(try hub.value("SELECT through FROM hub_compaction")) ?? 0
        let cursor = try #require(try Database(path: a.storePath, readOnly: true).scalar("SELECT hub_cursor FROM sync_state")?.int)
        expectTrue(through > compactedBefore && cursor >= through, "A's numbers count as compacted, and A holds them")

        // A device joining later takes A's work from the state; A's next edit reaches it by the log.
        try b.syncJSON(hub, now: "\(Self.day)T08:10")
        expectTrue(try b.holdsTask(planned))
        try a.ok(["edit", planned, "--title", "Planned and renamed"], now: "\(Self.day)T08:11")
        let edited = try a.syncJSON(hub, now: "\(Self.day)T08:12")
        expectNotEqual(edited["fromSnapshot"] as? Bool, true)
        expectTrue(try operations(hub, row: planned) > 1, "with B there, A's edit is logged for B")
        let pulled = try b.syncJSON(hub, now: "\(Self.day)T08:13")
        #expect(pulled["fromSnapshot"] as? Bool != true && pulled["pulled"] as? Int == 1, "\(pulled)")
        try expectContains(b.ok(["show", planned], now: "\(Self.day)T08:14").stdout, "Planned and renamed")

        // The device away was behind what A never logged: it starts from the state, keeping its own.
        let offline = try away.add("Written while away", now: "\(Self.day)T09:00")
        let back = try away.syncJSON(hub, now: "\(Self.day)T09:01")
        expectEqual(back["fromSnapshot"] as? Bool, true, "\(back)")
        expectTrue(try away.holdsTask(planned) && away.holdsTask(offline))
        try a.syncJSON(hub, now: "\(Self.day)T09:02")
        try b.syncJSON(hub, now: "\(Self.day)T09:03")
        try expectEqual(a.syncedRecords(), away.syncedRecords())
        try expectEqual(b.syncedRecords(), away.syncedRecords())
    }

    @Test("Y-30 Y-14 Y-29: a hub of schema 7, whose compaction kept each device's last operation, is upgraded in place: those leave the log, each device's highest number stays, and a copy is still told apart")
    func schema7CompactionUpgraded() throws {
        let hub = try PostgresHub()
        try HubSchema.installOlder(url: hub.url, through: 7)
        // As the schema-7 build left a hub after a compaction through every operation: each device's
        // last operation kept, the later one of the other device still to be pulled.
        _ = try hub.rows("""
            INSERT INTO hub_devices (device_id, incarnation, pulled_through) VALUES ('device-a', 'mark-a', 3), ('device-b', 'mark-b', 3);
            INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value) VALUES
                ('device-a', 1, '000001773129600000-0000-device-a', 'tasks', 'row-1', 'title', '"One"'),
                ('device-a', 2, '000001773129600001-0000-device-a', 'tasks', 'row-1', 'notes', '"Two"'),
                ('device-b', 7, '000001773129600002-0000-device-b', 'tasks', 'row-2', 'title', '"Three"'),
                ('device-a', 3, '000001773129600003-0000-device-a', 'tasks', 'row-3', 'title', '"Four"');
            DELETE FROM hub_operations WHERE device_id = 'device-a' AND device_seq = 1;
            UPDATE hub_compaction SET through = 3;
            """)
        try HubSchema.installOlder(url: hub.url, through: HubSchema.version)
        try expectEqual(hub.rows("SELECT device_seq FROM hub_operations ORDER BY hub_seq"), ["3"], "what the compaction had passed leaves; the operation after it stays")
        #expect(try hub.rows("SELECT device_id || ' ' || highest_seq FROM hub_devices ORDER BY 1") == ["device-a 3", "device-b 7"])
        // The log's last number survives its operations: a device at it is told nothing is new.
        _ = try hub.rows("DELETE FROM hub_operations")
        #expect(try hub.rows("SELECT coalesce(o_seq::text, '-') || ' ' || coalesce(o_table, '-') FROM hub_pull(3, 'device-b', 100)") == [])
        try expectEqual(hub.rows("SELECT o_seq FROM hub_pull(0, 'device-b', 100)"), ["3"], "a new device's state carries the number too")
        // A copy of device A that issued only its first two numbers is refused; A itself goes on.
        func push(issued: Int) throws -> String {
            try hub.value("""
                SELECT o_outcome FROM hub_push(\(HubSchema.version), NULL, 0, 0, 'device-a', 'mark-c', 'mark-a', 'mark-c', \(issued),
                    '[{"s": \(issued + 1), "h": "000001773129600009-0000-device-a", "t": "tasks", "r": "row-4", "f": "title", "v": "\\"Five\\""}]'::jsonb, '[]'::jsonb)
                """)
        }
        try expectEqual(push(issued: 2), "identity_taken")
        try expectEqual(push(issued: 3), "ok")
        #expect(try hub.value("SELECT highest_seq FROM hub_devices WHERE device_id = 'device-a'") == "4")
    }

    @Test("Y-30 Y-14: after compaction a file copy put back is still told apart from the device it copies")
    func identitySurvivesCompaction() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let a = try CharflowRunner(), b = try CharflowRunner()
        try a.syncJSON(hub, now: "\(Self.day)T08:00")
        try b.syncJSON(hub, now: "\(Self.day)T08:01")
        let copy = a.storePath + ".copy"
        try Database(path: a.storePath).execute("VACUUM INTO '\(copy)'")
        try a.add("After the copy", now: "\(Self.day)T09:00")
        for time in ["09:01", "09:02", "09:03"] {
            try a.syncJSON(hub, now: "\(Self.day)T\(time)")
            try b.syncJSON(hub, now: "\(Self.day)T\(time)")
        }
        expectTrue(Int(try hub.value("SELECT through FROM hub_compaction")) ?? 0 > 0, "the hub compacted")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: a.storePath + suffix) }
        try FileManager.default.moveItem(atPath: copy, toPath: a.storePath)
        try a.add("On the copy", now: "\(Self.day)T10:00")
        let report = try a.syncJSON(hub, now: "\(Self.day)T10:01")
        expectTrue(report["newDevice"] is String, "\(report)")
    }
}
