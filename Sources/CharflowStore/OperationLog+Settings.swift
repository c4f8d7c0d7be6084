import CharflowCore

/// The settings every device of a person shares (spec D19, rule Y-26), and what a removal for good
/// leaves in the operation log (rule Y-27).
///
/// Only the keys that shape the day (`PlannerSettings.dayShapingKeys`) travel; the colour, the Today
/// filter, the rollover's marker and the pending notices stay on the device, and the hub's URL is not
/// a setting at all. A setting travels as one operation, row id the key, field `value`: its text as
/// JSON, or `null` when the row went (an undo back to the default). A store keeps rows only for the
/// settings someone changed, so a device that joins later has nothing of its defaults to send, and
/// the ones it changed carry their own change time (rule Y-15), never the moment it joined.
extension OperationLog {
    /// The table of settings, keyed by `key` rather than `id`.
    package static let settingsTable = "settings"
    /// The one field a setting's operation sets.
    package static let settingField = "value"

    /// The SQL list of the keys that travel.
    private static var sharedKeys: String {
        PlannerSettings.dayShapingKeys.map { "'\($0)'" }.joinedText(separator: ", ")
    }

    /// Whether a setting of `key` travels between devices.
    package static func isShared(setting key: String) -> Bool {
        PlannerSettings.dayShapingKeys.contains(key)
    }

    /// The triggers that write a shared setting's operations, and the one that scrubs a row removed
    /// for good from the log (also while a merge writes: a removal that arrives scrubs it too).
    static func installSettingTriggers(_ db: Database, quiet: String) throws {
        let write = "INSERT INTO sync_ops (table_name, row_id, field, value) VALUES ('\(settingsTable)'"
        try db.execute("""
            DROP TRIGGER IF EXISTS sync_settings_insert;
            DROP TRIGGER IF EXISTS sync_settings_update;
            DROP TRIGGER IF EXISTS sync_settings_delete;
            DROP TRIGGER IF EXISTS sync_tombstones_scrub;
            CREATE TRIGGER sync_settings_insert AFTER INSERT ON settings WHEN \(quiet) AND new.key IN (\(sharedKeys)) BEGIN
            \(write), new.key, '\(settingField)', json_quote(new.value));
            END;
            CREATE TRIGGER sync_settings_update AFTER UPDATE ON settings
            WHEN \(quiet) AND new.key IN (\(sharedKeys)) AND old.value IS NOT new.value BEGIN
            \(write), new.key, '\(settingField)', json_quote(new.value));
            END;
            CREATE TRIGGER sync_settings_delete AFTER DELETE ON settings WHEN \(quiet) AND old.key IN (\(sharedKeys)) BEGIN
            \(write), old.key, '\(settingField)', 'null');
            END;
            CREATE TRIGGER sync_tombstones_scrub AFTER INSERT ON tombstones BEGIN
            DELETE FROM sync_ops WHERE row_id = new.id AND table_name = new.table_name AND field <> '\(deletedField)';
            DELETE FROM sync_bases WHERE table_name = new.table_name AND row_id = new.id;
            END
            """)
    }

    /// Queues one operation for each shared setting the store holds (on becoming a device, and for a
    /// device when this build first opens it), left for `stampWithRowTimes` to stamp.
    static func queueSettingRows(_ db: Database) throws {
        try db.run("""
            INSERT INTO sync_ops (table_name, row_id, field, value)
            SELECT '\(settingsTable)', key, '\(settingField)', json_quote(value) FROM settings WHERE key IN (\(sharedKeys)) ORDER BY key
            """)
    }

    /// The row times of this transaction's setting operations, for `stampWithRowTimes`: each row's
    /// `modified_at`. A removed row's operation keeps the commit's stamp.
    static func settingRowTimes(_ db: Database) throws {
        try db.run("""
            INSERT INTO temp.sync_row_times (seq, hlc)
            SELECT o.seq, \(clockSQL(at: "t.modified_at", zero: "0")) FROM sync_ops o JOIN settings t ON t.key = o.row_id
            WHERE o.hlc IS NULL AND o.table_name = '\(settingsTable)' AND o.field = '\(settingField)'
            """)
    }

    /// The shared settings `switchHub` sends to the new hub, each with the clock its value has here.
    static func queueSettingsForSwitch(_ db: Database) throws {
        try db.run("""
            INSERT INTO sync_ops (table_name, row_id, field, value, hlc)
            SELECT '\(settingsTable)', t.key, '\(settingField)', json_quote(t.value),
                coalesce(\(clockOf(table: "'\(settingsTable)'", row: "t.key", field: "'\(settingField)'")), \(clockSQL(at: "t.modified_at", zero: "0")))
            FROM settings t WHERE t.key IN (\(sharedKeys)) ORDER BY t.key
            """)
    }

    /// Brings a device made by an older build up to this one, in the migration's transaction: its
    /// shared settings are queued with their own change times, and what its log still held of rows
    /// removed for good is scrubbed (rule Y-27).
    static func upgradeDevice(_ db: Database) throws {
        guard try db.scalar("SELECT 1 FROM sync_state WHERE id = 1") != nil else { return }
        try db.run("""
            DELETE FROM sync_ops WHERE field <> '\(deletedField)'
            AND EXISTS (SELECT 1 FROM tombstones d WHERE d.table_name = sync_ops.table_name AND d.id = sync_ops.row_id)
            """)
        if try db.scalar("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sync_bases'") != nil {
            try db.run("""
                DELETE FROM sync_bases
                WHERE EXISTS (SELECT 1 FROM tombstones d WHERE d.table_name = sync_bases.table_name AND d.id = sync_bases.row_id)
                """)
        }
        try queueSettingRows(db)
        try stampWithRowTimes(db)
    }

    // MARK: What a merge reads and writes

    /// Writes another device's value of the shared setting `key` (nil: back to its default), with
    /// `modifiedAt` as its change time.
    package static func writeSetting(_ key: String, value: String?, modifiedAt: String, _ db: Database) throws {
        guard let value else {
            try db.run("DELETE FROM settings WHERE key = ?", [.text(key)])
            return
        }
        try db.run("""
            INSERT INTO settings (key, value, modified_at) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value, modified_at = excluded.modified_at
            """, [.text(key), .text(value), .text(modifiedAt)])
    }
}
