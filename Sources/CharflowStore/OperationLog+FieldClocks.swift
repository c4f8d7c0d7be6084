import CharflowCore
import Foundation

/// A backup's field clocks: when each field of each row last changed, as the sync device that wrote
/// the backup knows it, so a restore travels with each field's own time (rule Y-15).
///
/// A row's `modified_at` moves with any of its fields, so it is later than most of them: stamping
/// every field with it would let a restored backup revert a field another device changed after the
/// field's real change but before the row's. The clocks go without their device (the restoring
/// store signs them as its own), as `milliseconds-counter`.
extension OperationLog {
    /// Calls `body` with each field clock this device holds for a backup table's row: the table, the
    /// row's id, the field and the clock without its device, in that order.
    package static func forEachFieldClock(_ db: Database, tables: [String],
                                          _ body: (String, String, String, String) throws -> Void) throws {
        guard try state(db) != nil else { return }
        let names = tables.map { "'\($0)'" }.joinedText(separator: ", ")
        let prefix = HybridLogicalClock(milliseconds: 0, counter: 0, device: "").text.count - 1
        for row in try db.rows(allFieldClocksSQL(tables: names)) {
            guard let table = row[0].text, let id = row[1].text, let field = row[2].text, let clock = row[3].text else { continue }
            try body(table, id, field, String(clock.prefix(prefix)))
        }
    }

    /// Whether `clock` has the shape `forEachFieldClock` gives: eighteen digits, a dash, six digits.
    package static func isFieldClock(_ clock: String) -> Bool {
        let parts = clock.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 18 && parts[1].count == 6
            && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// Stamps the operations this transaction wrote (not yet stamped) with the backup's clock for their
    /// field, signed by this device; a field holding a later clock here keeps what `stampWithRowTimes`
    /// and the commit give it. The device's clock moves past every clock stamped.
    package static func stampWithFieldClocks(_ clocks: [(table: String, row: String, field: String, clock: String)],
                                             _ db: Database) throws {
        guard !clocks.isEmpty, let device = try state(db)?.deviceID else { return }
        try db.execute("""
            CREATE TEMP TABLE IF NOT EXISTS backup_field_clocks (table_name TEXT NOT NULL, row_id TEXT NOT NULL,
                field TEXT NOT NULL, hlc TEXT NOT NULL, PRIMARY KEY (table_name, row_id, field));
            DELETE FROM temp.backup_field_clocks
            """)
        for entry in clocks {
            try db.run("INSERT OR REPLACE INTO temp.backup_field_clocks VALUES (?, ?, ?, ?)",
                       [.text(entry.table), .text(entry.row), .text(entry.field), .text(entry.clock + "-" + device)])
        }
        let clockOf = """
            (SELECT c.hlc FROM temp.backup_field_clocks c WHERE c.table_name = sync_ops.table_name
            AND c.row_id = sync_ops.row_id AND c.field = replace(sync_ops.field, '\(baseSuffix)', ''))
            """
        try db.run("""
            UPDATE sync_ops SET hlc = \(clockOf) WHERE hlc IS NULL AND field <> '\(deletedField)' AND \(clockOf) IS NOT NULL
            AND \(clockOf) >= coalesce(\(Self.clockOf(table: "sync_ops.table_name", row: "sync_ops.row_id",
                                                        field: "replace(sync_ops.field, '\(baseSuffix)', '')")), '')
            """)
        try beginClockWrites(db)
        try db.run("""
            INSERT INTO temp.sync_clock_writes (table_name, row_id, field, hlc)
            SELECT c.table_name, c.row_id, c.field, c.hlc FROM temp.backup_field_clocks c
            WHERE EXISTS (SELECT 1 FROM sync_ops o WHERE o.table_name = c.table_name AND o.row_id = c.row_id
                AND o.field = c.field AND o.hlc = c.hlc)
            """)
        try settleClockWrites(.later, db)
        // A row waiting by its key (rule Y-30) is sent with the clocks its fields hold: the backup's.
        try beginClockWrites(db)
        try db.run("""
            INSERT INTO temp.sync_clock_writes (table_name, row_id, field, hlc)
            SELECT c.table_name, c.row_id, c.field, c.hlc FROM temp.backup_field_clocks c
            WHERE c.field NOT LIKE '%\(baseSuffix)'
            AND EXISTS (SELECT 1 FROM sync_unsent_rows u WHERE u.table_name = c.table_name AND u.row_id = c.row_id)
            """)
        try settleClockWrites(.later, db)
        try db.run("""
            UPDATE sync_state SET hlc_ms = max(hlc_ms, coalesce((SELECT max(CAST(substr(hlc, 1, 18) AS INTEGER))
            FROM temp.backup_field_clocks), 0)) WHERE id = 1
            """)
        try db.run("DELETE FROM temp.backup_field_clocks")
    }
}
