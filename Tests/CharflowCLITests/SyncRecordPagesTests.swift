import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// `hub_push` taking a page one entry a record (hub schema 12), as a device encodes it
/// (`PushPage`), against a real PostgreSQL hub: the state, the log, the numbers and the checks come
/// out as they do for the same page one entry an operation.
@Suite("A push's page as records on the hub (Y-29)", .serialized)
struct SyncRecordPagesTests {
    func operation(_ seq: Int64, _ row: String, _ field: String, _ value: String, clock: String = "000001773129600000") -> OperationLog.Operation {
        OperationLog.Operation(deviceSeq: seq, hlc: "\(clock)-0000-device-a", table: "tasks", rowID: row, field: field, value: value)
    }

    /// Row 1 (a title, a note never shared) and row 2 (a note sent with its base, a title).
    var page: [OperationLog.Operation] {
        [operation(1, "row-1", "title", "\"One\""), operation(2, "row-1", "notes", "\"Bring bags\""),
         operation(3, "row-2", "notes@base", "\"a\""), operation(4, "row-2", "notes", "\"a\\nb\""),
         operation(5, "row-2", "title", "\"Two\"")]
    }

    func hub() throws -> PostgresHub {
        let hub = try PostgresHub()
        try HubSchema.installOlder(url: hub.url, through: HubSchema.version)
        return hub
    }

    /// `hub_push` from device A with `operations` as records; its outcome.
    func push(_ hub: PostgresHub, _ operations: [OperationLog.Operation]) throws -> String {
        let records = try #require(try PushPage.records(operations, device: "device-a", seal: nil))
        let issued = operations.map(\.deviceSeq).max() ?? 0
        return try hub.value("""
            SELECT o_outcome FROM hub_push(\(HubSchema.version), NULL, 0, 0, 'device-a', 'mark-a', NULL, 'mark-a', \(issued),
                '[]'::jsonb, '\(records.replacingOccurrences(of: "'", with: "''"))'::jsonb)
            """)
    }

    func state(_ hub: PostgresHub) throws -> [String] {
        try hub.rows("SELECT row_id || ' ' || field || ' ' || hlc || ' ' || value FROM hub_fields ORDER BY row_id, field")
    }

    var expectedState: [String] {
        page.sorted { ($0.rowID, $0.field) < ($1.rowID, $1.field) }.map { "\($0.rowID) \($0.field) \($0.hlc) \($0.value)" }
    }

    @Test("Y-29 Y-30: a device alone sends records: the state holds every field as it came, the log only a note sent with its base, and the numbers count as compacted")
    func aloneKeepsTheState() throws {
        let hub = try hub()
        try expectEqual(push(hub, page), "ok")
        try expectEqual(state(hub), expectedState)
        #expect(try hub.rows("SELECT row_id || ' ' || writer FROM hub_records ORDER BY row_id") == ["row-1 device-a", "row-2 device-a"])
        try expectEqual(hub.rows("SELECT device_seq FROM hub_operations ORDER BY hub_seq"), ["3", "4"])
        try expectEqual(hub.value("SELECT through FROM hub_compaction"), "5")
        try expectEqual(hub.value("SELECT min(hub_seq) FROM hub_operations"), "6", "the logged note is numbered after the compacted ones")
        #expect(try hub.value("SELECT highest_seq FROM hub_devices WHERE device_id = 'device-a'") == "5")
        // The same page again changes nothing.
        try expectEqual(push(hub, page), "ok")
        try expectEqual(state(hub), expectedState)
        try expectEqual(hub.value("SELECT count(*) FROM hub_operations"), "2")
    }

    @Test("Y-29 Y-27: with another device live every field is logged with its number, and a removal then clears the row's values from the log and the state")
    func withOthersEverythingIsLogged() throws {
        let hub = try hub()
        _ = try hub.rows("INSERT INTO hub_devices (device_id, last_seen) VALUES ('device-b', now())")
        try expectEqual(push(hub, page), "ok")
        try expectEqual(hub.rows("SELECT device_seq FROM hub_operations ORDER BY hub_seq"), ["1", "2", "3", "4", "5"])
        #expect(try hub.rows("SELECT field || ' ' || value FROM hub_operations WHERE device_seq = 4") == ["notes \"a\\nb\""])
        try expectEqual(state(hub), expectedState)
        try expectEqual(push(hub, [operation(6, "row-1", "_deleted", "true", clock: "000001773129600001")]), "ok")
        #expect(try hub.rows("SELECT device_seq FROM hub_operations WHERE row_id = 'row-1'") == ["6"])
        #expect(try hub.rows("SELECT field FROM hub_fields WHERE row_id = 'row-1'") == ["_deleted"])
    }

    @Test("Y-32 Y-22: a blind hub refuses a record's value in the clear, alone or not, and a clock ahead of the hub's is sent back to be stamped again; nothing is written either way")
    func checksHold() throws {
        let hub = try hub()
        _ = try hub.rows("""
            INSERT INTO hub_seal (id, kdf, salt, cost, block_size, parallelism, cipher, key_check)
            VALUES (1, 'scrypt', 'salt', 16384, 8, 1, 'aes-256-gcm', 'check')
            """)
        let sealed = { (operations: [OperationLog.Operation]) in
            operations.map { operation($0.deviceSeq, $0.rowID, $0.field, "cf1:sealed-\($0.deviceSeq)") }
        }
        // Alone (the state only), then with another device live (the log too).
        #expect(throws: (any Error).self) { try push(hub, page) }
        try expectEqual(hub.value("SELECT count(*) FROM hub_records"), "0")
        try expectEqual(push(hub, sealed(Array(page.prefix(2)))), "ok")
        try expectEqual(hub.value("SELECT count(*) FROM hub_records"), "1")
        _ = try hub.rows("INSERT INTO hub_devices (device_id, last_seen) VALUES ('device-b', now())")
        #expect(throws: (any Error).self) { try push(hub, page) }
        try expectEqual(hub.value("SELECT count(*) FROM hub_records"), "1")
        try expectEqual(hub.value("SELECT count(*) FROM hub_operations"), "0")
        try expectEqual(push(hub, sealed(page)), "ok")
        try expectEqual(hub.value("SELECT count(*) FROM hub_operations"), "5")

        _ = try hub.rows("DELETE FROM hub_seal")
        let ahead = [operation(7, "row-9", "title", "\"Later\"", clock: "000009999999999999")]
        try expectEqual(push(hub, ahead), "restamp")
        #expect(try hub.value("SELECT count(*) FROM hub_records WHERE row_id = 'row-9'") == "0")
    }
}
