import CharflowCore

/// Field clocks kept small (rule Y-30): a row's fields mostly share one clock (a task is made in one
/// action, an edit changes one or two fields), so each row keeps that clock once in `sync_rows`, with a
/// mask of the fields that hold it, and `sync_fields` keeps only the fields whose clock differs.
///
/// A field's bit comes from `sync_field_bits`, given once per table and field name the first time
/// either is seen and never changed, so a table rebuilt in another column order keeps its clocks. A
/// field is never both in a row's mask and in `sync_fields`: every write of a clock goes through
/// `settleClockWrites`, which keeps it so.
extension OperationLog {
    /// How a batch of clock writes meets the clocks already held.
    enum ClockWrite {
        /// The written clock replaces the held one.
        case replace
        /// The later of the two stays.
        case later
        /// Written only where the field holds no clock yet.
        case ifAbsent
    }

    /// An empty batch of clock writes, `temp.sync_clock_writes (table_name, row_id, field, hlc)`, to be
    /// filled and then given to `settleClockWrites`.
    static func beginClockWrites(_ db: Database) throws {
        try db.execute("""
            CREATE TEMP TABLE IF NOT EXISTS sync_clock_writes (table_name TEXT NOT NULL, row_id TEXT NOT NULL,
                field TEXT NOT NULL, hlc TEXT NOT NULL, bit INTEGER NOT NULL DEFAULT 0, new TEXT,
                PRIMARY KEY (table_name, row_id, field)) WITHOUT ROWID;
            DELETE FROM temp.sync_clock_writes
            """)
    }

    /// The SQL value of the clock field `field` of row `row` of table `table` holds here (each an SQL
    /// expression), or NULL when it holds none.
    static func clockOf(table: String, row: String, field: String) -> String {
        """
        coalesce((SELECT x.hlc FROM sync_fields x WHERE x.table_name = \(table) AND x.row_id = \(row) AND x.field = \(field)),
            (SELECT y.hlc FROM sync_rows y WHERE y.table_name = \(table) AND y.row_id = \(row)
             AND y.fields & coalesce((SELECT b.bit FROM sync_field_bits b WHERE b.table_name = \(table) AND b.field = \(field)), 0) <> 0))
        """
    }

    /// Gives each field name of each table that `pairs` (SQL selecting `table_name, field`) names its
    /// bit, once: at most 62 a table, in the order of their names; later ones go to `sync_fields` alone.
    static func giveFieldBits(_ pairs: String, _ db: Database, bindings: [SQLValue] = []) throws {
        try db.run("""
            INSERT INTO sync_field_bits (table_name, field, bit)
            SELECT table_name, field, 1 << (coalesce((SELECT count(*) FROM sync_field_bits b WHERE b.table_name = n.table_name), 0) + n.rank - 1)
            FROM (SELECT table_name, field, row_number() OVER (PARTITION BY table_name ORDER BY field) AS rank
                  FROM (SELECT DISTINCT table_name, field FROM (\(pairs)) w
                        WHERE NOT EXISTS (SELECT 1 FROM sync_field_bits b WHERE b.table_name = w.table_name AND b.field = w.field))) n
            WHERE coalesce((SELECT count(*) FROM sync_field_bits b WHERE b.table_name = n.table_name), 0) + n.rank <= 62
            """, bindings)
    }

    /// Writes the batch in `temp.sync_clock_writes` as `mode` says, then empties it. A row's first
    /// clock becomes its row clock (the one most of the batch's fields of it take), and the fields
    /// that differ from it go to `sync_fields`.
    static func settleClockWrites(_ mode: ClockWrite, _ db: Database) throws {
        guard try db.scalar("SELECT 1 FROM temp.sync_clock_writes LIMIT 1") != nil else { return }
        try giveFieldBits("SELECT table_name, field FROM temp.sync_clock_writes", db)
        try db.run("""
            UPDATE temp.sync_clock_writes SET bit = coalesce((SELECT b.bit FROM sync_field_bits b
                WHERE b.table_name = sync_clock_writes.table_name AND b.field = sync_clock_writes.field), 0)
            """)
        let held = clockOf(table: "w.table_name", row: "w.row_id", field: "w.field")
        let new: String
        switch mode {
        case .replace: new = "w.hlc"
        case .later: new = "max(coalesce(\(held), ''), w.hlc)"
        case .ifAbsent: new = "coalesce(\(held), w.hlc)"
        }
        try db.run("""
            UPDATE temp.sync_clock_writes AS w SET new = \(new)
            """)
        // A row with no row clock yet takes the clock most of its written fields take.
        try db.run("""
            INSERT INTO sync_rows (table_name, row_id, hlc, fields)
            SELECT r.table_name, r.row_id,
                (SELECT w.new FROM temp.sync_clock_writes w WHERE w.table_name = r.table_name AND w.row_id = r.row_id AND w.bit <> 0
                 GROUP BY w.new ORDER BY count(*) DESC, w.new DESC LIMIT 1), 0
            FROM (SELECT DISTINCT table_name, row_id FROM temp.sync_clock_writes WHERE bit <> 0) r
            WHERE NOT EXISTS (SELECT 1 FROM sync_rows y WHERE y.table_name = r.table_name AND y.row_id = r.row_id)
            """)
        // Fields written with their row's clock join its mask and leave `sync_fields`; the others leave
        // the mask and hold their own clock there. Both statements are driven by the batch (`IN` on the
        // key), so a one-change batch touches its own rows, not every row clock held.
        try db.run("""
            UPDATE sync_rows SET fields = (fields | coalesce((SELECT sum(w.bit) FROM temp.sync_clock_writes w
                    WHERE w.table_name = sync_rows.table_name AND w.row_id = sync_rows.row_id AND w.bit <> 0
                    AND w.new = sync_rows.hlc AND (sync_rows.fields & w.bit) = 0), 0))
                & ~coalesce((SELECT sum(w.bit) FROM temp.sync_clock_writes w
                    WHERE w.table_name = sync_rows.table_name AND w.row_id = sync_rows.row_id AND w.bit <> 0
                    AND w.new <> sync_rows.hlc), 0)
            WHERE (table_name, row_id) IN (SELECT table_name, row_id FROM temp.sync_clock_writes)
            """)
        try db.run("""
            DELETE FROM sync_fields WHERE (table_name, row_id, field) IN (SELECT w.table_name, w.row_id, w.field
                FROM temp.sync_clock_writes w JOIN sync_rows y ON y.table_name = w.table_name AND y.row_id = w.row_id
                WHERE w.bit <> 0 AND w.new = y.hlc)
            """)
        try db.run("""
            INSERT INTO sync_fields (table_name, row_id, field, hlc)
            SELECT w.table_name, w.row_id, w.field, w.new FROM temp.sync_clock_writes w
            WHERE w.bit = 0 OR NOT EXISTS (SELECT 1 FROM sync_rows y WHERE y.table_name = w.table_name AND y.row_id = w.row_id AND y.hlc = w.new)
            ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = excluded.hlc
            """)
        try rechooseRowClocks(db)
        try db.run("DELETE FROM temp.sync_clock_writes")
    }

    /// A row of the batch whose row clock no field holds any more (every field took another device's
    /// clock, as when a device joins from the hub's state) takes the clock most of its fields hold,
    /// and those fields leave `sync_fields` for its mask: else each field's clock was kept one a row.
    private static func rechooseRowClocks(_ db: Database) throws {
        let batch = "(table_name, row_id) IN (SELECT table_name, row_id FROM temp.sync_clock_writes) AND fields = 0"
        let held = """
            FROM sync_fields x JOIN sync_field_bits b ON b.table_name = x.table_name AND b.field = x.field
            WHERE x.table_name = sync_rows.table_name AND x.row_id = sync_rows.row_id
            """
        try db.run("""
            UPDATE sync_rows SET hlc = (SELECT x.hlc \(held) GROUP BY x.hlc ORDER BY count(*) DESC, x.hlc DESC LIMIT 1)
            WHERE \(batch) AND EXISTS (SELECT 1 \(held))
            """)
        try db.run("""
            UPDATE sync_rows SET fields = (SELECT coalesce(sum(b.bit), 0) \(held) AND x.hlc = sync_rows.hlc)
            WHERE \(batch)
            """)
        try db.run("""
            DELETE FROM sync_fields WHERE (table_name, row_id, field) IN (
                SELECT x.table_name, x.row_id, x.field FROM sync_fields x
                JOIN sync_rows y ON y.table_name = x.table_name AND y.row_id = x.row_id AND y.hlc = x.hlc
                JOIN sync_field_bits b ON b.table_name = x.table_name AND b.field = x.field AND (y.fields & b.bit) <> 0
                WHERE (x.table_name, x.row_id) IN (SELECT table_name, row_id FROM temp.sync_clock_writes))
            """)
    }

    /// Renames clocks: every clock held that `temp.sync_restamp` maps (`old` → `new`) takes its new text.
    static func renameClocks(_ db: Database) throws {
        for table in ["sync_fields", "sync_rows"] {
            try db.run("""
                UPDATE \(table) SET hlc = (SELECT new FROM temp.sync_restamp WHERE old = \(table).hlc)
                WHERE hlc IN (SELECT old FROM temp.sync_restamp)
                """)
        }
    }

    /// Every field clock held for rows of `tables` (a list of quoted names), as (table, row, field, clock)
    /// rows ordered by table, row and field.
    static func allFieldClocksSQL(tables: String) -> String {
        """
        SELECT table_name, row_id, field, hlc FROM sync_fields WHERE table_name IN (\(tables))
        UNION ALL
        SELECT y.table_name, y.row_id, b.field, y.hlc FROM sync_rows y
        JOIN sync_field_bits b ON b.table_name = y.table_name AND (y.fields & b.bit) <> 0
        WHERE y.table_name IN (\(tables))
        ORDER BY 1, 2, 3
        """
    }
}

extension OperationLog {
    /// Holds the clocks of the fields a merge writes until `settleMergedClocks`, so a delivery's rows
    /// settle their clocks in one batch rather than one a row. Each row and field once a merge.
    package static func holdMergedClocks(table: String, id: String, _ clocks: [(field: String, hlc: String)],
                                         _ db: Database) throws {
        for clock in clocks {
            try db.run("""
                INSERT INTO temp.sync_merged_clocks (table_name, row_id, field, hlc) VALUES (?, ?, ?, ?)
                ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = excluded.hlc
                """, [.text(table), .text(id), .text(clock.field), .text(clock.hlc)])
        }
    }

    /// An empty `temp.sync_merged_clocks` for a merge's `holdMergedClocks`, made once a connection.
    package static func beginMergedClocks(_ db: Database) throws {
        try db.execute("""
            CREATE TEMP TABLE IF NOT EXISTS sync_merged_clocks (table_name TEXT NOT NULL, row_id TEXT NOT NULL,
                field TEXT NOT NULL, hlc TEXT NOT NULL, PRIMARY KEY (table_name, row_id, field)) WITHOUT ROWID;
            DELETE FROM temp.sync_merged_clocks
            """)
    }

    /// Writes the clocks `holdMergedClocks` held, in one batch; nothing to do is one read.
    package static func settleMergedClocks(_ db: Database) throws {
        guard try db.scalar("SELECT 1 FROM temp.sync_merged_clocks LIMIT 1") != nil else { return }
        try beginClockWrites(db)
        try db.run("""
            INSERT INTO temp.sync_clock_writes (table_name, row_id, field, hlc)
            SELECT table_name, row_id, field, hlc FROM temp.sync_merged_clocks
            """)
        try db.run("DELETE FROM temp.sync_merged_clocks")
        try settleClockWrites(.replace, db)
    }

    /// Moves the field clocks an older build kept one a field into row clocks (migration 0016).
    static func compactFieldClocks(_ db: Database) throws {
        guard try db.scalar("SELECT 1 FROM sync_fields LIMIT 1") != nil else { return }
        try beginClockWrites(db)
        try db.run("INSERT INTO temp.sync_clock_writes (table_name, row_id, field, hlc) SELECT table_name, row_id, field, hlc FROM sync_fields")
        try db.run("DELETE FROM sync_fields")
        try settleClockWrites(.replace, db)
    }
}

extension OperationLog {
    /// The clocks a merge writes for one row that holds no record of clocks here yet (no row clock,
    /// no field clock): most often a row a joining device takes from the hub's state.
    package struct NewRowClocks {
        package let table: String
        package let id: String
        /// Each field once, with the clock it takes.
        package let clocks: [(field: String, hlc: String)]

        package init(table: String, id: String, clocks: [(field: String, hlc: String)]) {
            self.table = table
            self.id = id
            self.clocks = clocks
        }
    }

    /// The clocks held for the rows `ids` of `table`, by row and field as `fieldClocks` reads them,
    /// and the rows with any record of clocks (a row clock, even one no field holds, or a field clock):
    /// a few statements for a delivery's rows rather than one a row.
    package static func heldClocks(table: String, ids: [String], _ db: Database) throws
        -> (clocks: [String: [String: String]], tracked: Set<String>) {
        var clocks: [String: [String: String]] = [:]
        var tracked = Set<String>()
        for start in stride(from: 0, to: ids.count, by: 5_000) {
            let chunk: [SQLValue] = [.text(table), .text(JSONText.array(Set(ids[start..<min(start + 5_000, ids.count)])))]
            // Field clocks first, then the row clocks' fields, as `fieldClocks` reads them.
            try db.forEachRow("""
                SELECT row_id, field, hlc FROM sync_fields WHERE table_name = ?1 AND row_id IN (SELECT value FROM json_each(?2))
                """, chunk) { row in
                guard let id = row[0].text, let field = row[1].text, let hlc = row[2].text else { return }
                tracked.insert(id)
                clocks[id, default: [:]][field] = hlc
            }
            try db.forEachRow("""
                SELECT y.row_id, b.field, y.hlc FROM sync_rows y
                LEFT JOIN sync_field_bits b ON b.table_name = y.table_name AND (y.fields & b.bit) <> 0
                WHERE y.table_name = ?1 AND y.row_id IN (SELECT value FROM json_each(?2))
                """, chunk) { row in
                guard let id = row[0].text else { return }
                tracked.insert(id)
                if let field = row[1].text, let hlc = row[2].text { clocks[id, default: [:]][field] = hlc }
            }
        }
        return (clocks, tracked)
    }

    /// Writes the clocks of rows new to clock keeping (`NewRowClocks`) straight to `sync_rows` and
    /// `sync_fields`, as `settleClockWrites(.replace)` would leave them, then settles what
    /// `holdMergedClocks` held. Fields get their bits first, for both sets together, in the order one
    /// batch of both would give them.
    ///
    /// Each new row's row clock is the clock most of its fields with a bit take (of equal counts, the
    /// latest by bytes); those fields form its mask and the others go to `sync_fields`. A joining
    /// device's every row is one: eight of its statements a delivery cost it a quarter of its time.
    package static func settleMergedClocks(_ db: Database, newRows: [NewRowClocks]) throws {
        guard !newRows.isEmpty else { return try settleMergedClocks(db) }
        var pairs = Set<String>()
        for row in newRows { for clock in row.clocks { pairs.insert(row.table + "." + clock.field) } }
        try giveFieldBits("""
            SELECT table_name, field FROM temp.sync_merged_clocks
            UNION ALL
            SELECT substr(value, 1, instr(value, '.') - 1), substr(value, instr(value, '.') + 1) FROM json_each(?)
            """, db, bindings: [.text(JSONText.array(pairs))])
        var bits: [String: [String: Int64]] = [:]
        try db.forEachRow("SELECT table_name, field, bit FROM sync_field_bits") { row in
            if let table = row[0].text, let field = row[1].text, let bit = row[2].integer { bits[table, default: [:]][field] = bit }
        }
        for row in newRows {
            let held = bits[row.table] ?? [:]
            // The clocks of the fields with a bit, each with how many of them take it.
            var counts: [(hlc: String, count: Int)] = []
            for clock in row.clocks where held[clock.field] ?? 0 != 0 {
                if let index = counts.firstIndex(where: { sameBytes($0.hlc, clock.hlc) }) {
                    counts[index].count += 1
                } else {
                    counts.append((clock.hlc, 1))
                }
            }
            let chosen = counts.max { $0.count != $1.count ? $0.count < $1.count : $0.hlc.utf8.lexicographicallyPrecedes($1.hlc.utf8) }?.hlc
            if let chosen {
                let mask = row.clocks.reduce(Int64(0)) { mask, clock in
                    sameBytes(clock.hlc, chosen) ? mask | (held[clock.field] ?? 0) : mask
                }
                try db.run("INSERT INTO sync_rows (table_name, row_id, hlc, fields) VALUES (?, ?, ?, ?)",
                           [.text(row.table), .text(row.id), .text(chosen), .integer(mask)])
            }
            for clock in row.clocks {
                let inMask = held[clock.field] ?? 0 != 0 && chosen.map { sameBytes($0, clock.hlc) } ?? false
                guard !inMask else { continue }
                try db.run("""
                    INSERT INTO sync_fields (table_name, row_id, field, hlc) VALUES (?, ?, ?, ?)
                    ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = excluded.hlc
                    """, [.text(row.table), .text(row.id), .text(clock.field), .text(clock.hlc)])
            }
        }
        try settleMergedClocks(db)
    }

    /// Whether two texts hold the same bytes, as SQLite compares them.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8)
    }
}
