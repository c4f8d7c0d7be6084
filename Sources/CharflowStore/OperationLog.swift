import CharflowCore
import Foundation

/// The operations a store's changes write for sync (spec D18, rule Y-2), and the records the merge
/// (`CharflowSync.OperationMerge`) reads and writes.
///
/// Once a store is a sync device (`enable`), triggers on every synced table write one operation per
/// changed field inside the change's own transaction, and a tombstone writes a `_deleted` operation;
/// `Database.willCommit` stamps them with the device's hybrid logical clock just before the commit.
/// So every write (a use case, a rollover, an undo, an import) is covered, and none is left out by a
/// crash: the change and its operations commit together or not at all. This stays in the store because
/// the triggers and the stamp are part of every transaction the store commits.
package enum OperationLog {
    /// Tables whose rows every device shares. The rest stay per device: settings, nudge_log,
    /// undo_actions/undo_rows, change_version, tombstones (rebuilt from `_deleted` operations), and the
    /// sync tables themselves.
    package static let syncedTables = [
        "categories", "habit_groups", "tasks", "deferrals", "habits", "habit_schedules", "habit_windows",
        "habit_entries", "habit_increments", "habit_pauses", "sessions", "night_planning", "anchors", "anchor_resolutions", "habit_offers",
    ]

    /// The field name of a removal for good.
    package static let deletedField = "_deleted"

    /// Fields merged by lines against the value both devices last shared (rule Y-17), as
    /// `table.field`. A change of one writes, before its value, the base it was made from under the
    /// field's name with `baseSuffix` (when this device shared a value of it before).
    package static let mergedByLines: Set<String> = ["tasks.notes"]

    /// Fields a change writes together and a merge takes together, by table (rule Y-19): a task's
    /// placement (day, region, bucket, order) is one value, so a change of any of them sends them all
    /// with one clock, and the later placement wins whole.
    package static let mergedTogether: [String: [String]] = ["tasks": ["due_date", "region", "bucket", "sort_order"]]

    /// What a base operation's field name adds to the field's (`notes@base`).
    package static let baseSuffix = "@base"

    /// Whether `field` of `table` merges by lines.
    package static func mergesByLines(_ table: String, _ field: String) -> Bool {
        mergedByLines.contains(table + "." + field)
    }

    /// One operation this device wrote and has not pushed yet.
    package struct Operation: Sendable, Equatable {
        package let deviceSeq: Int64
        package let hlc: String
        package let table: String
        package let rowID: String
        package let field: String
        /// The field's value as JSON text (`"text"`, `3`, `null`); `true` for `_deleted`.
        package let value: String
        /// The clock of the value this change replaced here (what its writer had seen of the field):
        /// empty when the field held none, nil when not known (written by an older build).
        package let base: String?

        package init(deviceSeq: Int64, hlc: String, table: String, rowID: String, field: String, value: String,
                     base: String? = nil) {
            self.deviceSeq = deviceSeq
            self.hlc = hlc
            self.table = table
            self.rowID = rowID
            self.field = field
            self.value = value
            self.base = base
        }
    }

    /// This device's sync state; nil before the store became a device.
    package struct State: Sendable, Equatable {
        package let deviceID: String
        package let pushedSeq: Int64
        package let cursor: Int64
        package let hubURL: String?
        /// The id of the hub the cursor and the pushed mark belong to.
        package let hubID: String?
        package let lastSync: String?
        package let clock: HybridLogicalClock
    }

    // MARK: Becoming a device

    /// This device's state, or nil when the store has never synced.
    package static func state(_ db: Database) throws -> State? {
        guard let row = try db.rows("""
            SELECT device_id, pushed_seq, hub_cursor, hub_url, last_sync, hlc_ms, hlc_counter, hub_id FROM sync_state WHERE id = 1
            """).first, let device = row[0].text else { return nil }
        return State(deviceID: device, pushedSeq: row[1].integer ?? 0, cursor: row[2].integer ?? 0,
                     hubURL: row[3].text, hubID: row[7].text, lastSync: row[4].text,
                     clock: HybridLogicalClock(milliseconds: row[5].integer ?? 0, counter: row[6].int ?? 0, device: device))
    }

    /// Makes the store a sync device with a new id, in one transaction: its triggers, every row it
    /// already holds kept as waiting to be sent (`sync_unsent_rows`, read into operations as the push
    /// sends them) and one operation for every tombstone, so the hub learns the whole store, each field
    /// with its row's own change time (rule Y-15). Does nothing when it already is one. Returns the
    /// device id.
    @discardableResult
    /// With `stampingRowTimes` false the operations wait unstamped for the caller (an import that has
    /// each field's clock) to stamp them in the same transaction.
    package static func enable(_ db: Database, migrator: Migrator = Schema.migrator, stampingRowTimes: Bool = true) throws -> String {
        if let state = try state(db) { return state.deviceID }
        let device = UUID().uuidString.lowercased()
        try db.write {
            try db.run("INSERT INTO sync_state (id, device_id) VALUES (1, ?)", [.text(device)])
            try installTriggers(db, migrator: migrator)
            // A store that holds no clock yet (every store becoming a device for the first time) stamps
            // its rows as it queues them; one that does goes the general way, field against field.
            let holdsNoClock = try db.scalar("SELECT 1 FROM sync_rows LIMIT 1") == nil
                && db.scalar("SELECT 1 FROM sync_fields LIMIT 1") == nil
            // Each row waits by its key; its fields hold their clocks (rule Y-30).
            try keepRowsUnsent(db)
            if stampingRowTimes && holdsNoClock {
                for table in syncedTables { try clockWithRowTimes(table, db) }
            }
            let names = syncedTables.map { "'\($0)'" }.joinedText(separator: ", ")
            try db.run("""
                INSERT INTO sync_ops (table_name, row_id, field, value)
                SELECT table_name, id, '\(deletedField)', 'true' FROM tombstones WHERE table_name IN (\(names))
                """)
            try queueSettingRows(db)
            if stampingRowTimes { try stampWithRowTimes(db, clockingUnsentRows: !holdsNoClock) }
        }
        return device
    }

    /// SQL that makes one row per field of each row of `table` (alias `t`): `join` adds `f.name` and
    /// `f.place` (the column's order), `value` is that field's value as JSON text.
    ///
    /// A whole store is queued row by row, each row's fields together, never column by column: the
    /// hub numbers them in that order, and a page of a pull then holds a new row whole or not at all
    /// (`SyncClient.wholeRows`), where column by column a page held a row without its required fields.
    ///
    /// With `bases`, a field merged by lines is preceded by its base (`notes@base`, the value this
    /// device last shared, from `sync_bases`) where it has one, as an edit sends it: `keep` is then
    /// the condition that drops the base rows of fields without one.
    static func everyField(of table: String, bases: Bool = false, _ db: Database)
        throws -> (join: String, value: String, keep: String) {
        let columns = try db.columns(of: table).filter { $0 != "id" }
        let lined = bases ? columns.filter { mergesByLines(table, $0) } : []
        let names = (columns.enumerated().map { "SELECT '\($1)' AS name, \(2 * $0) AS place" }
            + lined.map { "SELECT '\($0)\(baseSuffix)', \(2 * columns.firstIndex(of: $0)! - 1)" })
            .joinedText(separator: " UNION ALL ")
        let base = { (column: String) in
            "(SELECT b.value FROM sync_bases b WHERE b.table_name = '\(table)' AND b.row_id = t.id AND b.field = '\(column)')"
        }
        let value = "CASE f.name " + columns.map { "WHEN '\($0)' THEN json_quote(t.\($0))" }.joinedText(separator: " ")
            + lined.map { " WHEN '\($0)\(baseSuffix)' THEN \(base($0))" }.joined() + " END"
        let keep = (["f.name NOT LIKE '%\(baseSuffix)'"] + lined.map { "\(base($0)) IS NOT NULL" }).joinedText(separator: " OR ")
        return ("CROSS JOIN (\(names)) f", value, keep)
    }

    /// Keeps the row's own last change as the clock of every field of every row of `table`, for a store
    /// that holds no clock yet: what `stampWithRowTimes` does field by field (rule Y-15), in three
    /// statements. Becoming a device was three quarters stamping (5.5 of 7.1 s for a 10,000-task store).
    private static func clockWithRowTimes(_ table: String, _ db: Database) throws {
        let fields = try everyField(of: table, db)
        let clock = rowTimeClock(of: table)
        let columns = try db.columns(of: table).filter { $0 != "id" }
        try giveFieldBits(columns.map { "SELECT '\(table)' AS table_name, '\($0)' AS field" }.joinedText(separator: " UNION ALL "), db)
        let names = columns.map { "'\($0)'" }.joinedText(separator: ", ")
        try db.run("""
            INSERT INTO sync_rows (table_name, row_id, hlc, fields)
            SELECT '\(table)', t.id, \(clock),
                (SELECT coalesce(sum(b.bit), 0) FROM sync_field_bits b WHERE b.table_name = '\(table)' AND b.field IN (\(names)))
            FROM \(table) t ORDER BY t.id
            """)
        // A column past a table's 62 bits keeps its clock one a field.
        try db.run("""
            INSERT INTO sync_fields (table_name, row_id, field, hlc)
            SELECT '\(table)', t.id, f.name, \(clock) FROM \(table) t \(fields.join)
            WHERE NOT EXISTS (SELECT 1 FROM sync_field_bits b WHERE b.table_name = '\(table)' AND b.field = f.name)
            """)
        try db.run("""
            UPDATE sync_state SET hlc_ms = max(hlc_ms, coalesce((SELECT max(CAST(substr(hlc, 1, 18) AS INTEGER))
                FROM sync_rows WHERE table_name = '\(table)'), 0))
            WHERE id = 1
            """)
    }

    /// Stamps the operations this transaction wrote for rows the store already held (on becoming a
    /// device, by an import) with each row's own last change, never this moment (rule Y-15), so they
    /// never override a newer edit made elsewhere.
    ///
    /// The time is the row's `modified_at` (an increment's `made_at`, a removal's `deleted_at`); a
    /// seeded default category never changed (`untouchedDefault`) gets the zero clock, as on
    /// every store. An operation whose field here holds a later clock keeps the commit's
    /// stamp (the import really replaced a newer value), so every device still converges. The device's
    /// clock moves past what was stamped, so its next edit of such a field is later.
    ///
    /// With `clockingUnsentRows`, each field of a row waiting to be sent (`sync_unsent_rows`) that
    /// holds no clock yet takes its row's time too.
    package static func stampWithRowTimes(_ db: Database, clockingUnsentRows: Bool = true) throws {
        try db.execute("""
            CREATE TEMP TABLE IF NOT EXISTS sync_row_times (seq INTEGER PRIMARY KEY, hlc TEXT NOT NULL);
            DELETE FROM temp.sync_row_times
            """)
        for table in syncedTables {
            try db.run("""
                INSERT INTO temp.sync_row_times (seq, hlc)
                SELECT o.seq, \(rowTimeClock(of: table)) FROM sync_ops o JOIN \(table) t ON t.id = o.row_id
                WHERE o.hlc IS NULL AND o.table_name = '\(table)' AND o.field <> '\(deletedField)'
                """)
        }
        try settingRowTimes(db)
        try db.run("""
            INSERT INTO temp.sync_row_times (seq, hlc)
            SELECT o.seq, \(clockSQL(at: "max(d.deleted_at)", zero: "0")) FROM sync_ops o
            JOIN tombstones d ON d.table_name = o.table_name AND d.id = o.row_id
            WHERE o.hlc IS NULL AND o.field = '\(deletedField)' GROUP BY o.seq
            """)
        // A base (`notes@base`) goes as its field goes.
        try db.run("""
            DELETE FROM temp.sync_row_times WHERE hlc < coalesce((
                SELECT \(clockOf(table: "o.table_name", row: "o.row_id", field: "replace(o.field, '\(baseSuffix)', '')"))
                FROM sync_ops o WHERE o.seq = sync_row_times.seq), '')
            """)
        try beginClockWrites(db)
        try db.run("""
            INSERT INTO temp.sync_clock_writes (table_name, row_id, field, hlc)
            SELECT o.table_name, o.row_id, o.field, r.hlc FROM temp.sync_row_times r JOIN sync_ops o ON o.seq = r.seq WHERE true
            ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = max(hlc, excluded.hlc)
            """)
        try settleClockWrites(.later, db)
        try db.run("UPDATE sync_ops SET hlc = (SELECT r.hlc FROM temp.sync_row_times r WHERE r.seq = sync_ops.seq) WHERE seq IN (SELECT seq FROM temp.sync_row_times)")
        try db.run("""
            UPDATE sync_state SET hlc_ms = max(hlc_ms, coalesce((SELECT max(CAST(substr(hlc, 1, 18) AS INTEGER)) FROM temp.sync_row_times), 0))
            WHERE id = 1
            """)
        try db.run("DELETE FROM temp.sync_row_times")
        if clockingUnsentRows { try clockUnsentRows(db) }
    }

    /// The SQL condition on a `categories` row `t` that it is a seeded default as every store seeds it,
    /// never changed: its time alone cannot tell (a store's first command may rename it at the very
    /// moment it was seeded).
    static var untouchedDefault: String {
        let seeded = TaskCategory.defaults(now: Date(timeIntervalSince1970: 0)).map {
            "('\($0.presetKey ?? "")', '\($0.name)', '\($0.color.rawValue)', \($0.sortOrder))"
        }.joinedText(separator: ", ")
        return "t.preset_key IS NOT NULL AND t.modified_at = t.created_at AND t.is_archived = 0 "
            + "AND (t.preset_key, t.name, t.color_key, t.sort_order) IN (VALUES \(seeded))"
    }

    /// The SQL of the clock a field of row `t` of `table` takes from its row when it holds none: the
    /// row's own last change (rule Y-15; an increment's `made_at`), the zero clock for a seeded default
    /// category never changed. Becoming a device, an import, a hub switch and a waiting row's send use it.
    static func rowTimeClock(of table: String) -> String {
        clockSQL(at: table == "habit_increments" ? "t.made_at" : "t.modified_at",
                 zero: table == "categories" ? untouchedDefault : "0")
    }

    /// The SQL of this device's clock (`HybridLogicalClock.text`, counter 0) at the storage time
    /// `column`; the zero clock where `zero` holds or the time cannot be read.
    static func clockSQL(at column: String, zero: String) -> String {
        let milliseconds = "CASE WHEN \(zero) THEN 0 ELSE "
            + "coalesce(max(0, CAST(round((julianday(\(column)) - 2440587.5) * 86400000) AS INTEGER)), 0) END"
        return "printf('%018d-%06d-%s', \(milliseconds), 0, (SELECT device_id FROM sync_state WHERE id = 1))"
    }

    /// Reinstalls the triggers when the schema moved on since they were made (a migration that rebuilds
    /// a table drops its triggers); one read when nothing changed.
    package static func ensureTriggers(_ db: Database, migrator: Migrator) throws {
        guard let made = try db.scalar("SELECT triggers_for FROM sync_state WHERE id = 1")?.text else { return }
        guard made != schemaMark(migrator) else { return }
        try db.write { try installTriggers(db, migrator: migrator) }
    }

    /// The migration the triggers were made for, with the triggers' own version: triggers that write
    /// bases (rule Y-17), then bases of the value each change replaced, replace the ones before them.
    private static func schemaMark(_ migrator: Migrator) -> String {
        (migrator.migrations.last?.name ?? "") + "+bases+placement+replaced-bases"
    }

    private static func installTriggers(_ db: Database, migrator: Migrator) throws {
        let quiet = "(SELECT applying FROM sync_state WHERE id = 1) = 0"
        // The value of each field merged by lines that this device last shared (pushed or merged):
        // the base its next change is sent with. Kept beside the triggers that read it.
        try db.execute("""
            CREATE TABLE IF NOT EXISTS sync_bases (
                table_name TEXT NOT NULL, row_id TEXT NOT NULL, field TEXT NOT NULL, value TEXT NOT NULL,
                PRIMARY KEY (table_name, row_id, field)
            ) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS sync_line_changes (
                table_name TEXT NOT NULL, row_id TEXT NOT NULL, field TEXT NOT NULL, hlc TEXT NOT NULL,
                PRIMARY KEY (table_name, row_id, field, hlc)
            ) WITHOUT ROWID
            """)
        for table in syncedTables {
            let columns = try db.columns(of: table).filter { $0 != "id" }
            try db.execute("DROP TRIGGER IF EXISTS sync_\(table)_insert; DROP TRIGGER IF EXISTS sync_\(table)_update")
            let inserted = columns.map { "('\(table)', new.id, '\($0)', json_quote(new.\($0)))" }.joinedText(separator: ", ")
            try db.execute("""
                CREATE TRIGGER sync_\(table)_insert AFTER INSERT ON \(table) WHEN \(quiet) BEGIN
                INSERT INTO sync_ops (table_name, row_id, field, value) VALUES \(inserted);
                END
                """)
            let updated = columns.map { column in
                // The base is the value this change replaced, which every device holds before it: the
                // shared one, or this device's own change still waiting to go (sent ahead of this one).
                // Each waiting change once took the shared value as its base, so a line written and
                // undone between two syncs came back on every device that merged the two in turn.
                let base = mergesByLines(table, column) ? """
                    INSERT INTO sync_ops (table_name, row_id, field, value) SELECT '\(table)', new.id, '\(column)\(baseSuffix)', json_quote(old.\(column))
                    WHERE old.\(column) IS NOT new.\(column) AND (
                        EXISTS (SELECT 1 FROM sync_bases b WHERE b.table_name = '\(table)' AND b.row_id = new.id AND b.field = '\(column)')
                        OR EXISTS (SELECT 1 FROM sync_ops o WHERE o.table_name = '\(table)' AND o.row_id = new.id AND o.field = '\(column)'
                                   AND o.seq > (SELECT pushed_seq FROM sync_state WHERE id = 1)));
                    """ : ""
                let together = mergedTogether[table].flatMap { $0.contains(column) ? $0 : nil } ?? [column]
                let changed = together.map { "old.\($0) IS NOT new.\($0)" }.joinedText(separator: " OR ")
                return base + "INSERT INTO sync_ops (table_name, row_id, field, value) SELECT '\(table)', new.id, '\(column)', json_quote(new.\(column)) WHERE \(changed);"
            }.joinedText(separator: "\n")
            try db.execute("""
                CREATE TRIGGER sync_\(table)_update AFTER UPDATE ON \(table) WHEN \(quiet) BEGIN
                \(updated)
                END
                """)
        }
        let names = syncedTables.map { "'\($0)'" }.joinedText(separator: ", ")
        try db.execute("""
            DROP TRIGGER IF EXISTS sync_tombstones_insert;
            CREATE TRIGGER sync_tombstones_insert AFTER INSERT ON tombstones
            WHEN \(quiet) AND new.table_name IN (\(names)) BEGIN
            INSERT INTO sync_ops (table_name, row_id, field, value) VALUES (new.table_name, new.id, '\(deletedField)', 'true');
            END
            """)
        try installSettingTriggers(db, quiet: quiet)
        try db.run("UPDATE sync_state SET triggers_for = ? WHERE id = 1", [.text(schemaMark(migrator))])
    }

    // MARK: Stamping

    /// Gives the operations this transaction wrote the device's next clock (at wall time `now`, in ms)
    /// and records it as the clock of each field they set. Called from `Database.willCommit`; one
    /// indexed read when the transaction wrote none.
    static func stamp(_ db: Database, now: Int64) throws {
        guard try db.scalar("SELECT seq FROM sync_ops WHERE hlc IS NULL LIMIT 1") != nil,
              let state = try state(db) else { return }
        let clock = state.clock.tick(now: now)
        try db.run("UPDATE sync_state SET hlc_ms = ?, hlc_counter = ? WHERE id = 1",
                   [.integer(clock.milliseconds), .integer(Int64(clock.counter))])
        // What each change replaced, before the change's own clock replaces it: the clock its writer
        // had seen of the field (rule Y-24), empty where the field held none.
        let held = clockOf(table: "sync_ops.table_name", row: "sync_ops.row_id", field: "sync_ops.field")
        try db.run("UPDATE sync_ops SET base_hlc = coalesce(\(held), '') WHERE hlc IS NULL AND field <> '\(deletedField)'")
        try beginClockWrites(db)
        try db.run("""
            INSERT INTO temp.sync_clock_writes (table_name, row_id, field, hlc)
            SELECT table_name, row_id, field, ?1 FROM sync_ops WHERE hlc IS NULL
            ON CONFLICT (table_name, row_id, field) DO NOTHING
            """, [.text(clock.text)])
        try settleClockWrites(.replace, db)
        try db.run("UPDATE sync_ops SET hlc = ? WHERE hlc IS NULL", [.text(clock.text)])
    }

    // MARK: Pushing

    /// Up to `limit` operations not pushed yet, oldest first; those after `seq` only (the next page,
    /// read while the hub still writes the one that ends at `seq`).
    /// Rows waiting by their key are read into operations first, as many as the page takes.
    package static func unpushed(_ db: Database, after seq: Int64 = 0, limit: Int) throws -> [Operation] {
        try sendUnsentRows(db, after: seq, wanted: limit)
        return try db.rows("""
            SELECT seq, hlc, table_name, row_id, field, value, base_hlc FROM sync_ops
            WHERE seq > max(?, (SELECT pushed_seq FROM sync_state WHERE id = 1)) AND hlc IS NOT NULL ORDER BY seq LIMIT ?
            """, [.integer(seq), .integer(Int64(limit))]).map {
            Operation(deviceSeq: $0[0].integer ?? 0, hlc: $0[1].text ?? "", table: $0[2].text ?? "",
                      rowID: $0[3].text ?? "", field: $0[4].text ?? "", value: $0[5].text ?? "null", base: $0[6].text)
        }
    }

    /// How many rows have changes waiting to be pushed: a row's fields changed together are one change,
    /// and a row waiting by its key is one.
    package static func unpushedCount(_ db: Database) throws -> Int {
        try db.scalar("""
            SELECT count(*) FROM (SELECT table_name, row_id FROM sync_ops
            WHERE seq > (SELECT pushed_seq FROM sync_state WHERE id = 1)
            UNION SELECT table_name, row_id FROM sync_unsent_rows)
            """)?.int ?? 0
    }

    /// Records that the hub holds every operation up to `seq` (after the hub's commit: a crash in
    /// between pushes them again, and the hub ignores what it has), and so the incarnation mark the
    /// push carried (rule Y-14). With `dropping`, they leave the store now; else at `dropPushed`, once
    /// a push of many pages is done.
    package static func markPushed(_ db: Database, through seq: Int64, dropping: Bool = true) throws {
        let fields = mergedByLines.map { "'\($0)'" }.joinedText(separator: ", ")
        try db.write {
            // A device that starts from the hub's state (no cursor yet) merges what the state brings
            // against the value it shared before this push, the one both sides grew from: kept aside
            // for this connection (nil where it never shared one), since the push replaces it.
            try keepPriorBases(db)
            try db.run("""
                INSERT OR IGNORE INTO temp.sync_prior_bases (table_name, row_id, field, value)
                SELECT o.table_name, o.row_id, o.field, b.value FROM sync_ops o
                LEFT JOIN sync_bases b ON b.table_name = o.table_name AND b.row_id = o.row_id AND b.field = o.field
                WHERE o.seq > (SELECT pushed_seq FROM sync_state WHERE id = 1) AND o.seq <= ?
                AND o.table_name || '.' || o.field IN (\(fields)) AND (SELECT hub_cursor FROM sync_state WHERE id = 1) = 0
                """, [.integer(seq)])
            // What the hub now holds of each field merged by lines is the base of its next change here.
            try db.run("""
                INSERT INTO sync_bases (table_name, row_id, field, value)
                SELECT table_name, row_id, field, value FROM sync_ops
                WHERE seq > (SELECT pushed_seq FROM sync_state WHERE id = 1) AND seq <= ?
                AND table_name || '.' || field IN (\(fields)) ORDER BY seq
                ON CONFLICT (table_name, row_id, field) DO UPDATE SET value = excluded.value
                """, [.integer(seq)])
            try db.run("UPDATE sync_state SET pushed_seq = max(pushed_seq, ?) WHERE id = 1", [.integer(seq)])
            try db.run("""
                UPDATE sync_state SET incarnation = next_incarnation, next_incarnation = NULL
                WHERE id = 1 AND next_incarnation IS NOT NULL
                """)
            if dropping { try dropPushedRows(db) }
        }
        if dropping { try db.releaseFreePages() }
    }

    /// Lets every operation the hub holds leave the store, in one transaction, and gives their pages
    /// back (rule Y-30); nothing when none is left.
    package static func dropPushed(_ db: Database) throws {
        guard try db.scalar("SELECT 1 FROM sync_ops WHERE seq <= (SELECT pushed_seq FROM sync_state WHERE id = 1) LIMIT 1") != nil else {
            return
        }
        try db.write { try dropPushedRows(db) }
        try db.releaseFreePages()
    }

    /// The hub holds them now: they leave the device (rule Y-30). The numbers go on from the highest
    /// ever given (`sqlite_sequence`, which a delete leaves alone), which the identity check reads.
    /// When every operation is pushed (a whole first push), the table is emptied at once: SQLite then
    /// frees its pages whole instead of deleting row by row through its indexes.
    private static func dropPushedRows(_ db: Database) throws {
        if try db.scalar("SELECT 1 FROM sync_ops WHERE seq > (SELECT pushed_seq FROM sync_state WHERE id = 1) LIMIT 1") == nil {
            try db.run("DELETE FROM sync_ops")
        } else {
            try db.run("DELETE FROM sync_ops WHERE seq <= (SELECT pushed_seq FROM sync_state WHERE id = 1)")
        }
    }

    /// Remembers the hub's URL for this store (a local setting, never synced).
    package static func remember(hub url: String, _ db: Database) throws {
        try db.write { try db.run("UPDATE sync_state SET hub_url = ? WHERE id = 1", [.text(url)]) }
    }

    /// Starts the cursor and the pushed mark afresh for the hub `id` when they belonged to another hub
    /// (or none): every operation this device ever wrote goes to the new hub, which ignores repeats.
    package static func attach(hub id: String, _ db: Database) throws {
        guard try state(db)?.hubID != id else { return }
        try db.write {
            try db.run("UPDATE sync_state SET hub_id = ?, hub_cursor = 0, pushed_seq = 0 WHERE id = 1", [.text(id)])
        }
    }

    // MARK: Identity and the hub it is bound to

    /// The highest operation number this store ever gave (its own operations are 1 to this).
    package static func issuedSeq(_ db: Database) throws -> Int64 {
        try db.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'sync_ops'")?.integer ?? 0
    }

    /// The marks this store and the hub agree on (rule Y-14): the one of the last push the store saw
    /// committed, and the one of a push that may have committed on the hub before the store heard.
    package static func incarnations(_ db: Database) throws -> (current: String?, next: String?) {
        let row = try db.rows("SELECT incarnation, next_incarnation FROM sync_state WHERE id = 1").first
        return (row?[0].text, row?[1].text)
    }

    /// The mark the next push writes on the hub, made (and committed) before that push starts; two
    /// syncs of one store at once get the same one.
    package static func nextIncarnation(_ db: Database) throws -> String {
        if let next = try incarnations(db).next { return next }
        let made = UUID().uuidString.lowercased()
        return try db.write {
            try db.run("UPDATE sync_state SET next_incarnation = coalesce(next_incarnation, ?) WHERE id = 1", [.text(made)])
            return try incarnations(db).next ?? made
        }
    }

    /// Gives this store a new device id because its old one is in use elsewhere (a restored or copied
    /// store, rule Y-14), in one transaction. Its operations the hub does not hold yet go under the new
    /// id (their clocks re-stamped with it, so no two devices share a clock), the cursor starts afresh
    /// (so what the old id did elsewhere arrives like another device's), no operation is dropped, and
    /// the old id is kept as a former one of this store (`sync_former_devices`). Returns the new id.
    package static func renewIdentity(_ db: Database) throws -> String {
        guard let old = try state(db)?.deviceID else { return try enable(db) }
        // Every waiting operation goes under the new id, those of rows waiting by their key too.
        try sendUnsentRows(db)
        let device = UUID().uuidString.lowercased()
        let prefix = HybridLogicalClock(milliseconds: 0, counter: 0, device: "").text.count
        try db.write {
            let mine = "seq > (SELECT pushed_seq FROM sync_state WHERE id = 1) AND hlc LIKE '%-' || ?1"
            // A change that replaced one of these names it by its new clock too.
            try db.run("""
                UPDATE sync_ops SET base_hlc = substr(base_hlc, 1, \(prefix)) || ?2 WHERE base_hlc IN (SELECT hlc FROM sync_ops WHERE \(mine))
                """, [.text(old), .text(device)])
            for table in ["sync_fields", "sync_rows"] {
                try db.run("""
                    UPDATE \(table) SET hlc = substr(hlc, 1, \(prefix)) || ?2 WHERE hlc IN (SELECT hlc FROM sync_ops WHERE \(mine))
                    """, [.text(old), .text(device)])
            }
            try db.run("UPDATE sync_ops SET hlc = substr(hlc, 1, \(prefix)) || ?2 WHERE \(mine)", [.text(old), .text(device)])
            try db.run("INSERT OR IGNORE INTO sync_former_devices (device_id) VALUES (?)", [.text(old)])
            try db.run("""
                UPDATE sync_state SET device_id = ?, hub_cursor = 0, incarnation = NULL, next_incarnation = NULL WHERE id = 1
                """, [.text(device)])
        }
        return device
    }

    /// Binds this device to the hub `id` at `url` instead of the one before (`hub switch`, rule Y-16),
    /// in one transaction: the cursor starts afresh, and one operation for every field of every row it
    /// holds, whoever wrote it, with the clock that field's value has here, waits to be pushed, so the
    /// new hub can be rebuilt from this device alone. What it pushed to the old hub is not sent again
    /// (the whole state says it).
    package static func switchHub(to id: String, url: String, _ db: Database) throws {
        try db.write {
            try db.run("""
                UPDATE sync_state SET hub_id = ?, hub_url = ?, hub_cursor = 0,
                pushed_seq = coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'sync_ops'), 0),
                incarnation = NULL, next_incarnation = NULL WHERE id = 1
                """, [.text(id), .text(url)])
            // Every row is queued below: none waits by its key any more.
            try db.run("DELETE FROM sync_unsent_rows")
            for table in syncedTables {
                // A base goes with its field's clock, as an edit's does, so a merge pairs them.
                let fields = try everyField(of: table, bases: true, db)
                let field = "replace(f.name, '\(baseSuffix)', '')"
                try db.run("""
                    INSERT INTO sync_ops (table_name, row_id, field, value, hlc)
                    SELECT '\(table)', t.id, f.name, \(fields.value),
                        coalesce(\(clockOf(table: "'\(table)'", row: "t.id", field: field)), \(rowTimeClock(of: table)))
                    FROM \(table) t \(fields.join) WHERE \(fields.keep) ORDER BY t.rowid, f.place
                    """)
            }
            try queueSettingsForSwitch(db)
            let names = syncedTables.map { "'\($0)'" }.joinedText(separator: ", ")
            try db.run("""
                INSERT INTO sync_ops (table_name, row_id, field, value, hlc)
                SELECT d.table_name, d.id, '\(deletedField)', 'true',
                    coalesce(\(clockOf(table: "d.table_name", row: "d.id", field: "'\(deletedField)'")), \(clockSQL(at: "max(d.deleted_at)", zero: "0")))
                FROM tombstones d WHERE d.table_name IN (\(names)) GROUP BY d.table_name, d.id
                """)
            try beginClockWrites(db)
            try db.run("""
                INSERT INTO temp.sync_clock_writes (table_name, row_id, field, hlc)
                SELECT table_name, row_id, field, hlc FROM sync_ops WHERE seq > (SELECT pushed_seq FROM sync_state WHERE id = 1)
                AND field NOT LIKE '%\(baseSuffix)'
                ON CONFLICT (table_name, row_id, field) DO NOTHING
                """)
            try settleClockWrites(.ifAbsent, db)
        }
    }

    /// Records when the last full sync ended.
    package static func recordSync(at time: String, _ db: Database) throws {
        try db.write { try db.run("UPDATE sync_state SET last_sync = ? WHERE id = 1", [.text(time)]) }
    }

    // MARK: What a merge reads and writes

    /// Turns the triggers off (`true`) while a merge writes other devices' values, and on again.
    package static func setApplying(_ applying: Bool, _ db: Database) throws {
        try db.run("UPDATE sync_state SET applying = ? WHERE id = 1", [.integer(applying ? 1 : 0)])
    }

    /// Moves the hub cursor forward to `cursor` (never back).
    package static func advanceCursor(to cursor: Int64, _ db: Database) throws {
        try db.run("UPDATE sync_state SET hub_cursor = max(hub_cursor, ?) WHERE id = 1", [.integer(cursor)])
    }

    /// Moves the device's clock past `clock`, one another device stamped.
    package static func receive(_ clock: HybridLogicalClock, _ db: Database) throws {
        guard let state = try state(db) else { return }
        let moved = state.clock.receiving(clock)
        try db.run("UPDATE sync_state SET hlc_ms = ?, hlc_counter = ? WHERE id = 1",
                   [.integer(moved.milliseconds), .integer(Int64(moved.counter))])
    }

    /// Whether the row was removed for good (it has a tombstone).
    package static func isRemoved(table: String, id: String, _ db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM tombstones WHERE table_name = ? AND id = ?", [.text(table), .text(id)]) != nil
    }

    /// The clock of each field of one row, as its last write here (local or merged) left it.
    package static func fieldClocks(table: String, id: String, _ db: Database) throws -> [String: String] {
        var held: [String: String] = [:]
        try db.forEachRow("""
            SELECT field, hlc FROM sync_fields WHERE table_name = ?1 AND row_id = ?2
            UNION ALL
            SELECT b.field, y.hlc FROM sync_rows y JOIN sync_field_bits b ON b.table_name = y.table_name AND (y.fields & b.bit) <> 0
            WHERE y.table_name = ?1 AND y.row_id = ?2
            """, [.text(table), .text(id)]) { row in
            if let field = row[0].text, let hlc = row[1].text { held[field] = hlc }
        }
        return held
    }

    /// Records `hlc` as the clock of one field a merge wrote.
    package static func recordFieldClock(table: String, id: String, field: String, hlc: String, _ db: Database) throws {
        try recordFieldClocks(table: table, id: id, [(field, hlc)], db)
    }

    /// Records the clocks of the fields of one row a merge wrote, as one batch.
    package static func recordFieldClocks(table: String, id: String, _ clocks: [(field: String, hlc: String)],
                                          _ db: Database) throws {
        guard !clocks.isEmpty else { return }
        try beginClockWrites(db)
        for clock in clocks {
            try db.run("""
                INSERT INTO temp.sync_clock_writes (table_name, row_id, field, hlc) VALUES (?, ?, ?, ?)
                ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = excluded.hlc
                """, [.text(table), .text(id), .text(clock.field), .text(clock.hlc)])
        }
        try settleClockWrites(.replace, db)
    }

    /// The value (JSON text) of a field merged by lines this device last shared before this
    /// connection's first push from no cursor (`markPushed`), else the one it last shared; nil when it
    /// never shared one.
    package static func sharedBase(table: String, id: String, field: String, _ db: Database) throws -> String? {
        try keepPriorBases(db)
        let key: [SQLValue] = [.text(table), .text(id), .text(field)]
        if let prior = try db.rows("SELECT value FROM temp.sync_prior_bases WHERE table_name = ? AND row_id = ? AND field = ?", key).first {
            return prior[0].text
        }
        return try db.scalar("SELECT value FROM sync_bases WHERE table_name = ? AND row_id = ? AND field = ?", key)?.text
    }

    /// Makes the connection's table of bases kept from before a push from no cursor.
    private static func keepPriorBases(_ db: Database) throws {
        try db.execute("""
            CREATE TEMP TABLE IF NOT EXISTS sync_prior_bases (
                table_name TEXT NOT NULL, row_id TEXT NOT NULL, field TEXT NOT NULL, value TEXT,
                PRIMARY KEY (table_name, row_id, field))
            """)
    }

    /// Records `value` (JSON text) as the value of a field merged by lines this device last shared.
    package static func recordBase(table: String, id: String, field: String, value: String, _ db: Database) throws {
        try db.run("""
            INSERT INTO sync_bases (table_name, row_id, field, value) VALUES (?, ?, ?, ?)
            ON CONFLICT (table_name, row_id, field) DO UPDATE SET value = excluded.value
            """, [.text(table), .text(id), .text(field), .text(value)])
    }

    /// Records that another device's change of a field merged by lines, made at `hlc`, was merged
    /// here; returns false when it already was (a repeated delivery, which must change nothing).
    package static func markLineChangeMerged(table: String, id: String, field: String, hlc: String, _ db: Database) throws -> Bool {
        try db.run("INSERT OR IGNORE INTO sync_line_changes (table_name, row_id, field, hlc) VALUES (?, ?, ?, ?)",
                   [.text(table), .text(id), .text(field), .text(hlc)])
        return db.changes > 0
    }

    /// Queues a change the merge itself made (two devices' notes merged by lines) as this device's
    /// own, with the base it was made from; stamped at the commit like any other.
    package static func queue(table: String, id: String, field: String, value: String, base: String, _ db: Database) throws {
        try db.run("INSERT INTO sync_ops (table_name, row_id, field, value) VALUES (?1, ?2, ?3 || ?4, ?5), (?1, ?2, ?3, ?6)",
                   [.text(table), .text(id), .text(field), .text(baseSuffix), .text(base), .text(value)])
    }
}
