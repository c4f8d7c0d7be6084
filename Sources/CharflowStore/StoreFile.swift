import Foundation

/// What a store's file says without being opened for use (no migration, no rollover): read straight
/// from the file, for `privacy` and `erase`, which answer from the store's place.
package enum StoreFile {
    /// The hub this store's file is bound to, and that hub's id; nil when there is no file, no hub, or
    /// the file cannot be read.
    package static func hubBinding(at path: String) -> (url: String?, hubID: String?)? {
        guard FileManager.default.fileExists(atPath: path), let db = try? Database(path: path, readOnly: true),
              let row = try? db.rows("SELECT hub_url, hub_id FROM sync_state WHERE id = 1").first else { return nil }
        return (row[0].text, row[1].text)
    }

    /// Where the calendars this store's device reads are, in the order they were added; none when there
    /// is no file, no calendar, or the file (or its calendar table) cannot be read.
    package static func calendarLocations(at path: String) -> [String] {
        guard FileManager.default.fileExists(atPath: path), let db = try? Database(path: path, readOnly: true),
              let rows = try? db.rows("SELECT location FROM calendar_sources ORDER BY added_at, rowid") else { return [] }
        return rows.compactMap { $0[0].text }
    }
}
