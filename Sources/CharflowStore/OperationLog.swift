import CharflowCore
import Foundation

/// The operations a store's changes write for sync (spec D18, rule Y-2), and the merge of other
/// devices' operations into the store.
///
/// Once a store is a sync device (`enable`), triggers on every synced table write one operation per
/// changed field inside the change's own transaction, and a tombstone writes a `_deleted` operation;
/// `Database.willCommit` stamps them with the device's hybrid logical clock just before the commit.
/// So every write (a use case, a rollover, an undo, an import) is covered, and none is left out by a
/// crash: the change and its operations commit together or not at all. Merging applies per field the
/// value with the latest clock; a purged row (a tombstone) never comes back.
public enum OperationLog {
    /// Tables whose rows every device shares. The rest stay per device: settings, nudge_log,
    /// undo_actions/undo_rows, change_version, tombstones (rebuilt from `_deleted` operations), and the
    /// sync tables themselves.
    public static let syncedTables = [
        "categories", "habit_groups", "tasks", "deferrals", "habits", "habit_schedules", "habit_windows",
        "habit_entries", "habit_increments", "habit_pauses", "sessions", "night_planning",
    ]

    /// The field name of a removal for good.
    public static let deletedField = "_deleted"

    /// One operation this device wrote and has not pushed yet.
    public struct Operation: Sendable, Equatable {
        public let deviceSeq: Int64
        public let hlc: String
        public let table: String
        public let rowID: String
        public let field: String
        /// The field's value as JSON text (`"text"`, `3`, `null`); `true` for `_deleted`.
        public let value: String

        public init(deviceSeq: Int64, hlc: String, table: String, rowID: String, field: String, value: String) {
            self.deviceSeq = deviceSeq
            self.hlc = hlc
            self.table = table
            self.rowID = rowID
            self.field = field
            self.value = value
        }
    }

    /// This device's sync state; nil before the store became a device.
    public struct State: Sendable, Equatable {
        public let deviceID: String
        public let pushedSeq: Int64
        public let cursor: Int64
        public let hubURL: String?
        /// The id of the hub the cursor and the pushed mark belong to.
        public let hubID: String?
        public let lastSync: String?
        public let clock: HybridLogicalClock
    }

    // MARK: Becoming a device

    /// This device's state, or nil when the store has never synced.
    public static func state(_ db: Database) throws -> State? {
        guard let row = try db.rows("""
            SELECT device_id, pushed_seq, hub_cursor, hub_url, last_sync, hlc_ms, hlc_counter, hub_id FROM sync_state WHERE id = 1
            """).first, let device = row[0].text else { return nil }
        return State(deviceID: device, pushedSeq: row[1].integer ?? 0, cursor: row[2].integer ?? 0,
                     hubURL: row[3].text, hubID: row[7].text, lastSync: row[4].text,
                     clock: HybridLogicalClock(milliseconds: row[5].integer ?? 0, counter: row[6].int ?? 0, device: device))
    }

    /// Makes the store a sync device with a new id, in one transaction: its triggers, and one operation
    /// for every field of every row it already holds (and for every tombstone), so the hub learns the
    /// whole store. Does nothing when it already is one. Returns the device id.
    @discardableResult
    public static func enable(_ db: Database, migrator: Migrator = Schema.migrator) throws -> String {
        if let state = try state(db) { return state.deviceID }
        let device = UUID().uuidString.lowercased()
        try db.write {
            try db.run("INSERT INTO sync_state (id, device_id) VALUES (1, ?)", [.text(device)])
            try installTriggers(db, migrator: migrator)
            for table in syncedTables {
                for column in try db.columns(of: table) where column != "id" {
                    try db.run("""
                        INSERT INTO sync_ops (table_name, row_id, field, value)
                        SELECT '\(table)', id, '\(column)', json_quote(\(column)) FROM \(table) ORDER BY rowid
                        """)
                }
            }
            let names = syncedTables.map { "'\($0)'" }.joined(separator: ", ")
            try db.run("""
                INSERT INTO sync_ops (table_name, row_id, field, value)
                SELECT table_name, id, '\(deletedField)', 'true' FROM tombstones WHERE table_name IN (\(names))
                """)
        }
        return device
    }

    /// Reinstalls the triggers when the schema moved on since they were made (a migration that rebuilds
    /// a table drops its triggers); one read when nothing changed.
    public static func ensureTriggers(_ db: Database, migrator: Migrator) throws {
        guard let made = try db.scalar("SELECT triggers_for FROM sync_state WHERE id = 1")?.text else { return }
        guard made != schemaMark(migrator) else { return }
        try db.write { try installTriggers(db, migrator: migrator) }
    }

    private static func schemaMark(_ migrator: Migrator) -> String {
        migrator.migrations.last?.name ?? ""
    }

    private static func installTriggers(_ db: Database, migrator: Migrator) throws {
        let quiet = "(SELECT applying FROM sync_state WHERE id = 1) = 0"
        for table in syncedTables {
            let columns = try db.columns(of: table).filter { $0 != "id" }
            try db.execute("DROP TRIGGER IF EXISTS sync_\(table)_insert; DROP TRIGGER IF EXISTS sync_\(table)_update")
            let inserted = columns.map { "('\(table)', new.id, '\($0)', json_quote(new.\($0)))" }.joined(separator: ", ")
            try db.execute("""
                CREATE TRIGGER sync_\(table)_insert AFTER INSERT ON \(table) WHEN \(quiet) BEGIN
                INSERT INTO sync_ops (table_name, row_id, field, value) VALUES \(inserted);
                END
                """)
            let updated = columns.map {
                "INSERT INTO sync_ops (table_name, row_id, field, value) SELECT '\(table)', new.id, '\($0)', json_quote(new.\($0)) WHERE old.\($0) IS NOT new.\($0);"
            }.joined(separator: "\n")
            try db.execute("""
                CREATE TRIGGER sync_\(table)_update AFTER UPDATE ON \(table) WHEN \(quiet) BEGIN
                \(updated)
                END
                """)
        }
        let names = syncedTables.map { "'\($0)'" }.joined(separator: ", ")
        try db.execute("""
            DROP TRIGGER IF EXISTS sync_tombstones_insert;
            CREATE TRIGGER sync_tombstones_insert AFTER INSERT ON tombstones
            WHEN \(quiet) AND new.table_name IN (\(names)) BEGIN
            INSERT INTO sync_ops (table_name, row_id, field, value) VALUES (new.table_name, new.id, '\(deletedField)', 'true');
            END
            """)
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
        try db.run("""
            INSERT INTO sync_fields (table_name, row_id, field, hlc)
            SELECT table_name, row_id, field, ?1 FROM sync_ops WHERE hlc IS NULL
            ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = excluded.hlc
            """, [.text(clock.text)])
        try db.run("UPDATE sync_ops SET hlc = ? WHERE hlc IS NULL", [.text(clock.text)])
    }

    // MARK: Pushing

    /// Up to `limit` operations not pushed yet, oldest first.
    public static func unpushed(_ db: Database, limit: Int) throws -> [Operation] {
        try db.rows("""
            SELECT seq, hlc, table_name, row_id, field, value FROM sync_ops
            WHERE seq > (SELECT pushed_seq FROM sync_state WHERE id = 1) AND hlc IS NOT NULL ORDER BY seq LIMIT ?
            """, [.integer(Int64(limit))]).map {
            Operation(deviceSeq: $0[0].integer ?? 0, hlc: $0[1].text ?? "", table: $0[2].text ?? "",
                      rowID: $0[3].text ?? "", field: $0[4].text ?? "", value: $0[5].text ?? "null")
        }
    }

    /// How many operations wait to be pushed.
    public static func unpushedCount(_ db: Database) throws -> Int {
        try db.scalar("SELECT count(*) FROM sync_ops WHERE seq > (SELECT pushed_seq FROM sync_state WHERE id = 1)")?.int ?? 0
    }

    /// Records that the hub holds every operation up to `seq` (after the hub's commit: a crash in
    /// between pushes them again, and the hub ignores what it has).
    public static func markPushed(_ db: Database, through seq: Int64) throws {
        try db.write {
            try db.run("UPDATE sync_state SET pushed_seq = max(pushed_seq, ?) WHERE id = 1", [.integer(seq)])
        }
    }

    /// Remembers the hub's URL for this store (a local setting, never synced).
    public static func remember(hub url: String, _ db: Database) throws {
        try db.write { try db.run("UPDATE sync_state SET hub_url = ? WHERE id = 1", [.text(url)]) }
    }

    /// Starts the cursor and the pushed mark afresh for the hub `id` when they belonged to another hub
    /// (or none): every operation this device ever wrote goes to the new hub, which ignores repeats.
    public static func attach(hub id: String, _ db: Database) throws {
        guard try state(db)?.hubID != id else { return }
        try db.write {
            try db.run("UPDATE sync_state SET hub_id = ?, hub_cursor = 0, pushed_seq = 0 WHERE id = 1", [.text(id)])
        }
    }

    /// Records when the last full sync ended.
    public static func recordSync(at time: String, _ db: Database) throws {
        try db.write { try db.run("UPDATE sync_state SET last_sync = ? WHERE id = 1", [.text(time)]) }
    }

    // MARK: Merging

    /// One operation from another device, as the hub delivered it.
    public struct Remote: Sendable, Equatable {
        public let hlc: String
        public let table: String
        public let rowID: String
        public let field: String
        public let value: String

        public init(hlc: String, table: String, rowID: String, field: String, value: String) {
            self.hlc = hlc
            self.table = table
            self.rowID = rowID
            self.field = field
            self.value = value
        }
    }

    private struct RowKey: Hashable {
        let table: String
        let id: String
    }

    /// Applies other devices' operations in one transaction and moves the cursor to `cursor`: per
    /// field the value with the latest clock wins (ties by device id, inside the clock's text), a
    /// `_deleted` removes the row for good, and nothing brings a removed row back. Applying the same
    /// operations again, or in another order, gives the same store (rule Y-3).
    ///
    /// The device's own clock moves past every clock it applies; the undo journal starts afresh when
    /// anything changed, since its before-images no longer describe the rows. Returns how many fields
    /// and rows changed.
    @discardableResult
    public static func apply(_ operations: [Remote], cursor: Int64, now: String, _ db: Database) throws -> Int {
        try db.write {
            try db.run("UPDATE sync_state SET applying = 1 WHERE id = 1")
            try db.execute("PRAGMA defer_foreign_keys = ON")
            let known = Set(syncedTables)
            var order: [RowKey] = []
            var winners: [RowKey: [String: (hlc: String, value: String)]] = [:]
            var removed: [RowKey] = []
            var latest: HybridLogicalClock?
            for op in operations where known.contains(op.table) {
                if let clock = HybridLogicalClock(text: op.hlc), latest.map({ clock > $0 }) ?? true { latest = clock }
                let key = RowKey(table: op.table, id: op.rowID)
                if op.field == deletedField {
                    removed.append(key)
                    continue
                }
                if winners[key] == nil { order.append(key) }
                if let held = winners[key]?[op.field], held.hlc > op.hlc { continue }
                winners[key, default: [:]][op.field] = (op.hlc, op.value)
            }
            var changed = 0
            // Habit days whose amount is a sum of rows this merge touches, settled once it is done.
            var habitDays = Set<HabitIncrements.Day>()
            for key in removed where try !isRemoved(key, db) {
                if let day = try HabitIncrements.day(of: key.table, id: key.id, db: db) { habitDays.insert(day) }
                try db.run("DELETE FROM \(key.table) WHERE id = ?", [.text(key.id)])
                try db.run("INSERT INTO tombstones (table_name, id, deleted_at) VALUES (?, ?, ?)",
                           [.text(key.table), .text(key.id), .text(now)])
                changed += 1
            }
            for key in order {
                guard let fields = winners[key], try !isRemoved(key, db) else { continue }
                changed += try merge(key, fields, db)
                if let day = try HabitIncrements.day(of: key.table, id: key.id, db: db) { habitDays.insert(day) }
            }
            // Only the tables this merge wrote can hold a broken link, and those pointing at rows it removed:
            // a whole-store check costs as much as the store is large, whatever the merge's size.
            let children = try childTables(db)
            var suspects = Set(order.map(\.table))
            for key in removed { suspects.formUnion(children[key.table] ?? []) }
            changed += try settleBrokenLinks(db, in: suspects, children: children)
            try HabitIncrements.settle(habitDays, db: db)
            if let latest, let state = try state(db) {
                let clock = state.clock.receiving(latest)
                try db.run("UPDATE sync_state SET hlc_ms = ?, hlc_counter = ? WHERE id = 1",
                           [.integer(clock.milliseconds), .integer(Int64(clock.counter))])
            }
            if changed > 0 { try db.run("DELETE FROM undo_actions") }
            try db.run("UPDATE sync_state SET applying = 0, hub_cursor = max(hub_cursor, ?) WHERE id = 1", [.integer(cursor)])
            return changed
        }
    }

    private static func isRemoved(_ key: RowKey, _ db: Database) throws -> Bool {
        try db.scalar("SELECT 1 FROM tombstones WHERE table_name = ? AND id = ?", [.text(key.table), .text(key.id)]) != nil
    }

    /// Writes the fields of one row whose clocks are later than the ones the row holds; inserts the
    /// row when it is new here. Returns 1 when anything was written.
    private static func merge(_ key: RowKey, _ fields: [String: (hlc: String, value: String)], _ db: Database) throws -> Int {
        var held: [String: String] = [:]
        try db.forEachRow("SELECT field, hlc FROM sync_fields WHERE table_name = ? AND row_id = ?",
                          [.text(key.table), .text(key.id)]) { row in
            if let field = row[0].text, let hlc = row[1].text { held[field] = hlc }
        }
        let columns = Set(try db.columns(of: key.table))
        let winning = fields.filter { field, incoming in
            columns.contains(field) && field != "id" && held[field].map { incoming.hlc > $0 } ?? true
        }.sorted { $0.key < $1.key }
        guard !winning.isEmpty else { return 0 }
        let exists = try db.scalar("SELECT 1 FROM \(key.table) WHERE id = ?", [.text(key.id)]) != nil
        if !exists {
            // Later changes to a row this device no longer holds, though it has no tombstone: a row that
            // followed its purged parent (a session of a task purged elsewhere). Every device removed it
            // alike; its remaining fields cannot make a row again.
            let required = try db.rows("SELECT name FROM pragma_table_info(?) WHERE \"notnull\" = 1 AND dflt_value IS NULL AND pk = 0",
                                       [.text(key.table)]).compactMap { $0[0].text }
            let given = Set(winning.map(\.key))
            if required.contains(where: { !given.contains($0) }) { return 0 }
        }
        let values = winning.map { SQLValue.text($0.value.value) }
        if exists {
            let assignments = winning.enumerated().map { "\($1.key) = json_extract(?\($0 + 2), '$')" }.joined(separator: ", ")
            try db.run("UPDATE \(key.table) SET \(assignments) WHERE id = ?1", [.text(key.id)] + values)
        } else {
            let names = (["id"] + winning.map(\.key)).joined(separator: ", ")
            let slots = (["?1"] + winning.indices.map { "json_extract(?\($0 + 2), '$')" }).joined(separator: ", ")
            try db.run("INSERT INTO \(key.table) (\(names)) VALUES (\(slots))", [.text(key.id)] + values)
        }
        for (field, incoming) in winning {
            try db.run("""
                INSERT INTO sync_fields (table_name, row_id, field, hlc) VALUES (?, ?, ?, ?)
                ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = excluded.hlc
                """, [.text(key.table), .text(key.id), .text(field), .text(incoming.hlc)])
        }
        return 1
    }

    /// Rows that point at a row another device removed for good (they arrived before or after its
    /// tombstone) follow their foreign key's rule, as a local removal would have: deleted with it, or
    /// their link cleared. Every device does the same, so all end alike.
    ///
    /// Checks the `suspects` tables' links; a row deleted here makes its own table's children suspects
    /// in the next round.
    private static func settleBrokenLinks(_ db: Database, in suspects: Set<String>,
                                          children: [String: Set<String>]) throws -> Int {
        var settled = 0
        var pending = suspects
        for _ in 0..<8 where !pending.isEmpty {
            var next = Set<String>()
            for table in pending.sorted() {
                for row in try db.rows("PRAGMA foreign_key_check(\(table))") {
                    guard let rowid = row[1].integer, let fk = row[3].integer else { continue }
                    let link = try db.rows("SELECT \"from\", on_delete FROM pragma_foreign_key_list(?) WHERE id = ?",
                                           [.text(table), .integer(fk)]).first
                    guard let column = link?[0].text else { continue }
                    if link?[1].text == "SET NULL" {
                        try db.run("UPDATE \(table) SET \(column) = NULL WHERE rowid = ?", [.integer(rowid)])
                    } else {
                        try db.run("DELETE FROM \(table) WHERE rowid = ?", [.integer(rowid)])
                        next.formUnion(children[table] ?? [])
                    }
                    settled += 1
                }
            }
            pending = next
        }
        return settled
    }

    /// Every table of the store that holds a foreign key, by the table it points at.
    private static func childTables(_ db: Database) throws -> [String: Set<String>] {
        var children: [String: Set<String>] = [:]
        let tables = try db.rows("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            .compactMap { $0[0].text }
        for table in tables {
            try db.forEachRow("SELECT \"table\" FROM pragma_foreign_key_list(?)", [.text(table)]) { row in
                if let parent = row[0].text { children[parent, default: []].insert(table) }
            }
        }
        return children
    }
}
