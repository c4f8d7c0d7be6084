import CharflowCore
import Foundation

/// The `settings` table as key and text: reads, and saves inside an action that capture the row for
/// undo and stamp it.
///
/// The store keeps its own bookkeeping in the same table (the rollover's marker, pending notices);
/// those are written outside undo by the store itself, never through here.
package struct SettingRepository {
    let db: Database

    /// The stored text of `key`, if any.
    package func value(of key: String) throws -> String? {
        try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(key)])?.text
    }

    /// Stores `value` under `key` as part of `work`: before-image captured, `modified_at` stamped.
    package func save(_ key: String, _ value: String, in work: UnitOfWork) throws {
        try work.journal.capture("settings", key: key, keyColumn: "key")
        try db.run("""
            INSERT INTO settings (key, value, modified_at) VALUES (?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET value = excluded.value, modified_at = excluded.modified_at
            """, [.text(key), .text(value), .text(Instant.storageText(work.now))])
    }

    /// Removes `key` as part of `work`, its before-image captured.
    package func remove(_ key: String, in work: UnitOfWork) throws {
        try work.journal.capture("settings", key: key, keyColumn: "key")
        try db.run("DELETE FROM settings WHERE key = ?", [.text(key)])
    }
}

extension Store {
    /// The settings table's rows, for the use cases that change a setting or Today's filter.
    package var settingRecords: SettingRepository {
        SettingRepository(db: db)
    }
}
