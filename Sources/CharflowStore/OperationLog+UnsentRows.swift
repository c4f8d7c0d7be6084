import CharflowCore

/// Rows a store held when it became a device wait to be sent by their key alone (rule Y-30).
///
/// Becoming a device used to queue one operation for every field of every row, a copy of the whole
/// store in `sync_ops` (a 5,000-task store went from 2.3 to 22.9 MB until its first push). Such an
/// operation only repeats what the row holds, with the clock the field holds, so `sync_unsent_rows`
/// keeps the row's key instead, and the push reads the row's fields as it sends them (`sendUnsentRows`),
/// a few hundred rows at a time, each row's fields together and tables in `syncedTables` order.
///
/// A row changed while it waits is sent as it is then: its fields from the row with the clocks they
/// hold, its waiting operations (with their bases) moved after them, so the row still goes whole in
/// one page. A row removed meanwhile sends nothing but its removal. Whatever needs every waiting
/// operation in the log (a re-stamp, a new identity) sends the waiting rows into it first.
extension OperationLog {
    /// Rows of one table read into operations at a time.
    static let unsentRowsAtOnce = 500

    /// Keeps every row of the synced tables as waiting to be sent; the caller records their clocks.
    static func keepRowsUnsent(_ db: Database) throws {
        for table in syncedTables {
            try db.run("INSERT OR IGNORE INTO sync_unsent_rows (table_name, row_id) SELECT '\(table)', id FROM \(table)")
        }
    }

    /// Whether any row waits to be sent by its key.
    package static func hasUnsentRows(_ db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM sync_unsent_rows LIMIT 1") != nil
    }

    /// Records the row-time clock of every field of the waiting rows that holds no clock yet.
    static func clockUnsentRows(_ db: Database) throws {
        guard try hasUnsentRows(db) else { return }
        try beginClockWrites(db)
        for table in syncedTables {
            let fields = try everyField(of: table, db)
            try db.run("""
                INSERT INTO temp.sync_clock_writes (table_name, row_id, field, hlc)
                SELECT '\(table)', t.id, f.name, \(rowTimeClock(of: table))
                FROM sync_unsent_rows u JOIN \(table) t ON t.id = u.row_id \(fields.join) WHERE u.table_name = '\(table)'
                ON CONFLICT (table_name, row_id, field) DO NOTHING
                """)
        }
        // The device's clock moves past every clock given, as stamping moves it.
        try db.run("""
            UPDATE sync_state SET hlc_ms = max(hlc_ms, coalesce((SELECT max(CAST(substr(hlc, 1, 18) AS INTEGER))
            FROM temp.sync_clock_writes), 0)) WHERE id = 1
            """)
        try settleClockWrites(.ifAbsent, db)
    }

    /// Reads waiting rows into operations after every operation numbered above `seq` (or the pushed
    /// mark), in one transaction: first every waiting row that has operations waiting too, then more
    /// until `wanted` operations wait past that number (all of them when nil).
    package static func sendUnsentRows(_ db: Database, after seq: Int64 = 0, wanted: Int? = nil) throws {
        guard try hasUnsentRows(db) else { return }
        try db.write {
            let pushed = try db.scalar("SELECT pushed_seq FROM sync_state WHERE id = 1")?.integer ?? 0
            let floor = max(seq, pushed)
            try db.execute("""
                CREATE TEMP TABLE IF NOT EXISTS sync_sending (row_id TEXT PRIMARY KEY) WITHOUT ROWID;
                DELETE FROM temp.sync_sending
                """)
            for table in syncedTables {
                try db.run("""
                    INSERT OR IGNORE INTO temp.sync_sending (row_id)
                    SELECT DISTINCT o.row_id FROM sync_ops o JOIN sync_unsent_rows u ON u.table_name = o.table_name AND u.row_id = o.row_id
                    WHERE o.seq > ? AND o.table_name = '\(table)'
                    """, [.integer(floor)])
                try sendRows(of: table, floor: floor, db)
            }
            for table in syncedTables {
                while true {
                    if let wanted, try db.scalar("SELECT count(*) FROM sync_ops WHERE seq > ?", [.integer(floor)])?.int ?? 0 >= wanted {
                        return
                    }
                    try db.run("""
                        INSERT INTO temp.sync_sending (row_id)
                        SELECT row_id FROM sync_unsent_rows WHERE table_name = '\(table)' ORDER BY row_id LIMIT \(unsentRowsAtOnce)
                        """)
                    guard db.changes > 0 else { break }
                    try sendRows(of: table, floor: floor, db)
                }
            }
        }
    }

    /// Writes the operations of the rows of `table` in `temp.sync_sending`, row by row: each field
    /// the row holds with the clock it holds (its row time where none), then the row's operations
    /// already waiting past `floor`, which move after them; then the rows no longer wait.
    private static func sendRows(of table: String, floor: Int64, _ db: Database) throws {
        guard try db.scalar("SELECT 1 FROM temp.sync_sending LIMIT 1") != nil else { return }
        let fields = try everyField(of: table, db)
        let top = try db.scalar("SELECT coalesce(max(seq), 0) FROM sync_ops")?.integer ?? 0
        let held = clockOf(table: "'\(table)'", row: "t.id", field: "f.name")
        try db.run("""
            INSERT INTO sync_ops (table_name, row_id, field, value, hlc, base_hlc)
            SELECT table_name, row_id, field, value, hlc, base_hlc FROM (
                SELECT '\(table)' AS table_name, t.id AS row_id, f.name AS field, \(fields.value) AS value,
                    coalesce(\(held), \(rowTimeClock(of: table))) AS hlc, NULL AS base_hlc, 0 AS part, f.place AS place
                FROM temp.sync_sending s JOIN \(table) t ON t.id = s.row_id \(fields.join)
                WHERE NOT EXISTS (SELECT 1 FROM sync_ops o WHERE o.row_id = t.id AND o.table_name = '\(table)'
                                  AND o.field = f.name AND o.seq > ?1)
                UNION ALL
                SELECT o.table_name, o.row_id, o.field, o.value, o.hlc, o.base_hlc, 1, o.seq
                FROM sync_ops o JOIN temp.sync_sending s ON s.row_id = o.row_id
                WHERE o.table_name = '\(table)' AND o.seq > ?1 AND o.seq <= ?2)
            ORDER BY row_id, part, place
            """, [.integer(floor), .integer(top)])
        try db.run("""
            DELETE FROM sync_ops WHERE table_name = '\(table)' AND seq > ?1 AND seq <= ?2
            AND row_id IN (SELECT row_id FROM temp.sync_sending)
            """, [.integer(floor), .integer(top)])
        try db.run("""
            DELETE FROM sync_unsent_rows WHERE table_name = '\(table)' AND row_id IN (SELECT row_id FROM temp.sync_sending)
            """)
        try db.run("DELETE FROM temp.sync_sending")
    }
}
