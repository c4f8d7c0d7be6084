import CharflowCore
import Foundation

/// The values of this device's that a merge replaced (spec D19 "Conflicts are visible", rule Y-24):
/// recorded by the merge, listed, put back as a new change, or dismissed.
///
/// Per device, like the rest of the sync bookkeeping: never synced and not in backups. A row removed
/// for good takes its conflicts with it (a trigger on `tombstones`), so a purged task's words do not
/// stay here. Which replaced value is a conflict is the merge's to decide (`CharflowSync.ConflictWatch`).
package struct ConflictRepository {
    let db: Database

    package init(db: Database) {
        self.db = db
    }

    /// One replaced value: the row and field, what this device held, what replaced it and the clock
    /// of the change that won (whose device id ends it). Values are JSON text; a task's placement is
    /// one object of its four fields (rule Y-19).
    package struct Conflict: Sendable, Equatable {
        package let id: Int64
        package let table: String
        package let rowID: String
        package let field: String
        package let replaced: String
        package let winner: String
        package let winnerClock: String
        package let recordedAt: String
    }

    /// The field name a task's placement is recorded under: the four fields a move writes together.
    package static let placementField = "placement"

    private static let columns = "id, table_name, row_id, field, replaced, winner, winner_hlc, recorded_at"

    private static func conflict(_ row: [SQLValue]) -> Conflict {
        Conflict(id: row[0].integer ?? 0, table: row[1].text ?? "", rowID: row[2].text ?? "", field: row[3].text ?? "",
                 replaced: row[4].text ?? "null", winner: row[5].text ?? "null", winnerClock: row[6].text ?? "",
                 recordedAt: row[7].text ?? "")
    }

    // MARK: What the merge writes

    /// Records that `winner` (made at `clock` on another device) replaced `replaced` in one field.
    package func record(table: String, rowID: String, field: String, replaced: String, winner: String,
                        clock: String, at time: String) throws {
        try db.run("""
            INSERT INTO sync_conflicts (table_name, row_id, field, replaced, winner, winner_hlc, recorded_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(table), .text(rowID), .text(field), .text(replaced), .text(winner), .text(clock), .text(time)])
    }

    /// The device's clock when its last sync ended, as `HybridLogicalClock` text without the device
    /// (ms and counter): a change of its own stamped later was made since. Nil before the first.
    package func syncedClock() throws -> String? {
        try db.scalar("SELECT synced_clock FROM sync_state WHERE id = 1")?.text
    }

    /// Starts measuring "changed since the last sync" from now, when the store just became a device:
    /// what it held before joining is not a change made since a sync.
    package func startWatching() throws {
        try db.write {
            try db.run("UPDATE sync_state SET synced_clock = coalesce(synced_clock, printf('%018d-%06d', hlc_ms, hlc_counter)) WHERE id = 1")
        }
    }

    /// Records that a sync ended at the device's clock now.
    package func markSynced() throws {
        try db.write {
            try db.run("UPDATE sync_state SET synced_clock = printf('%018d-%06d', hlc_ms, hlc_counter) WHERE id = 1")
        }
    }

    // MARK: What a person reads and does

    /// The highest conflict id so far (0 for none): a sync counts the ones it recorded past it.
    package func lastID() throws -> Int64 {
        try db.scalar("SELECT coalesce(max(id), 0) FROM sync_conflicts")?.integer ?? 0
    }

    /// How many conflicts recorded after `id` still wait.
    package func waitingCount(after id: Int64 = 0) throws -> Int {
        try db.scalar("SELECT count(*) FROM sync_conflicts WHERE dismissed_at IS NULL AND id > ?", [.integer(id)])?.int ?? 0
    }

    /// Every conflict not dismissed (nor put back), oldest first.
    package func waiting() throws -> [Conflict] {
        try db.rows("SELECT \(Self.columns) FROM sync_conflicts WHERE dismissed_at IS NULL ORDER BY id").map(Self.conflict)
    }

    /// The waiting conflict `id`, or nil.
    package func waiting(id: Int64) throws -> Conflict? {
        try db.rows("SELECT \(Self.columns) FROM sync_conflicts WHERE id = ? AND dismissed_at IS NULL", [.integer(id)])
            .first.map(Self.conflict)
    }

    /// Clears conflict `id` (or, nil, every one waiting); returns how many it cleared.
    package func dismiss(id: Int64?, at time: String) throws -> Int {
        try db.write {
            if let id {
                try db.run("UPDATE sync_conflicts SET dismissed_at = ? WHERE id = ? AND dismissed_at IS NULL", [.text(time), .integer(id)])
            } else {
                try db.run("UPDATE sync_conflicts SET dismissed_at = ? WHERE dismissed_at IS NULL", [.text(time)])
            }
            return db.changes
        }
    }

    /// The ids this store synced under before it took a new one (a restored or copied store, rule Y-14).
    package func formerDevices() throws -> Set<String> {
        Set(try db.rows("SELECT device_id FROM sync_former_devices").compactMap { $0[0].text })
    }

    /// What the row is called for a person: a task's or habit's title, a category's name, a window's
    /// label; nil when the row is gone or has none.
    package func name(of table: String, id: String) throws -> String? {
        let column = switch table {
        case "tasks", "habits", "habit_groups", "anchors": "title"
        case "categories": "name"
        case "habit_windows": "label"
        default: ""
        }
        guard !column.isEmpty else { return nil }
        return try db.scalar("SELECT \(column) FROM \(table) WHERE id = ?", [.text(id)])?.text
    }

    /// Whether the conflict's row is still here.
    package func rowExists(_ conflict: Conflict) throws -> Bool {
        try db.scalar("SELECT 1 FROM \(conflict.table) WHERE id = ?", [.text(conflict.rowID)]) != nil
    }

    /// Puts the replaced value back as a change of `work`'s action (before-image captured, the row's
    /// `modified_at` stamped, its operations written by the triggers like any change), and marks the
    /// conflict restored. Returns false when the row already held that value (nothing changed).
    package func restore(_ conflict: Conflict, in work: UnitOfWork) throws -> Bool {
        let time = Instant.storageText(work.now)
        try work.journal.capture(conflict.table, key: conflict.rowID)
        let assignments: String
        if conflict.field == Self.placementField {
            let fields = OperationLog.mergedTogether[conflict.table] ?? []
            assignments = fields.map { "\($0) = json_extract(?1, '$.\($0)')" }.joinedText(separator: ", ")
            let same = fields.map { "\($0) IS json_extract(?1, '$.\($0)')" }.joinedText(separator: " AND ")
            let held = try db.scalar("SELECT 1 FROM \(conflict.table) WHERE id = ?2 AND \(same)",
                                     [.text(conflict.replaced), .text(conflict.rowID)]) != nil
            if !held { try update(conflict, assignments, time) }
            try markRestored(conflict, time)
            return !held
        }
        let held = try db.scalar("SELECT 1 FROM \(conflict.table) WHERE id = ?2 AND \(conflict.field) IS json_extract(?1, '$')",
                                 [.text(conflict.replaced), .text(conflict.rowID)]) != nil
        assignments = "\(conflict.field) = json_extract(?1, '$')"
        if !held { try update(conflict, assignments, time) }
        try markRestored(conflict, time)
        return !held
    }

    private func update(_ conflict: Conflict, _ assignments: String, _ time: String) throws {
        let stamp = try db.columns(of: conflict.table).contains("modified_at") ? ", modified_at = ?3" : ""
        var sql = "UPDATE \(conflict.table) SET \(assignments)\(stamp) WHERE id = ?2"
        // A task done again or opened again keeps its completion time and day with its state; one done
        // again without a day gets the one its completion time falls on (`Store.fillCompletionDays`).
        if conflict.table == "tasks", conflict.field == "is_completed" {
            sql = "UPDATE tasks SET \(assignments), completed_at = CASE WHEN json_extract(?1, '$') = 1 THEN coalesce(completed_at, ?3) ELSE NULL END, "
                + "completed_day = CASE WHEN json_extract(?1, '$') = 1 THEN completed_day ELSE NULL END\(stamp) WHERE id = ?2"
        }
        try db.run(sql, [.text(conflict.replaced), .text(conflict.rowID), .text(time)])
    }

    private func markRestored(_ conflict: Conflict, _ time: String) throws {
        try db.run("UPDATE sync_conflicts SET restored_at = ?1, dismissed_at = ?1 WHERE id = ?2", [.text(time), .integer(conflict.id)])
    }
}
