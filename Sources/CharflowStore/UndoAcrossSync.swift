import Foundation

/// Undo survives a sync (spec D19, rule Y-25): a merge no longer empties the undo journal; it marks
/// only the actions whose rows it changed, and their undo then says why it can't.
///
/// An action is marked when the merge (or a rule settled right after it) changed, added or removed a
/// row the action captured, removed a row one of its rows pointed at, or changed a row pointing at one
/// the action made (its undo would remove that row too). A habit day's entry is never
/// a reason: its amount is the sum of its rows, so the undo of a log takes back only that log's rows
/// and settles the day from the others (rule Y-18).
package enum UndoAcrossSync {
    /// A row a merge changed, by table and id.
    package struct Row: Hashable, Sendable {
        package let table: String
        package let id: String

        package init(table: String, id: String) {
            self.table = table
            self.id = id
        }
    }

    /// Marks, as changed by the sync at `time`, every action that captured one of `changed` or
    /// `removed`, a row whose image points at one of `removed`, or made a row one of `changed` points at.
    package static func markChanged(_ changed: some Sequence<Row>, removed: [Row], at time: String, _ db: Database) throws {
        guard try db.scalar("SELECT 1 FROM undo_actions WHERE changed_by_sync IS NULL LIMIT 1") != nil else { return }
        try db.execute("""
            CREATE TEMP TABLE IF NOT EXISTS undo_merged (table_name TEXT NOT NULL, row_key TEXT NOT NULL,
                removed INTEGER NOT NULL, PRIMARY KEY (table_name, row_key)) WITHOUT ROWID;
            DELETE FROM temp.undo_merged
            """)
        var links: [String: [(column: String, parent: String)]] = [:]
        for row in changed {
            if row.table != "habit_entries" {
                try db.run("INSERT OR IGNORE INTO temp.undo_merged VALUES (?, ?, 0)", [.text(row.table), .text(row.id)])
            }
            // The rows it points at: an action that made one would remove it, and this row with it.
            if links[row.table] == nil {
                links[row.table] = try db.rows("SELECT \"from\", \"table\" FROM pragma_foreign_key_list(?)", [.text(row.table)])
                    .compactMap { link in link[0].text.flatMap { column in link[1].text.map { (column, $0) } } }
            }
            for link in links[row.table] ?? [] {
                guard let parent = try db.scalar("SELECT \(link.column) FROM \(row.table) WHERE id = ?", [.text(row.id)])?.text else { continue }
                try db.run("INSERT OR IGNORE INTO temp.undo_merged VALUES (?, ?, 2)", [.text(link.parent), .text(parent)])
            }
        }
        for row in removed {
            try db.run("INSERT OR REPLACE INTO temp.undo_merged VALUES (?, ?, 1)", [.text(row.table), .text(row.id)])
        }
        guard try db.scalar("SELECT 1 FROM temp.undo_merged LIMIT 1") != nil else { return }
        try db.run("""
            UPDATE undo_actions SET changed_by_sync = ?1 WHERE changed_by_sync IS NULL AND seq IN (
                SELECT u.action_seq FROM undo_rows u JOIN temp.undo_merged m ON m.table_name = u.table_name AND m.row_key = u.row_key
                WHERE (m.removed < 2 AND u.table_name <> 'habit_entries') OR (m.removed = 2 AND u.before IS NULL))
            """, [.text(time)])
        // A removed row's id in a captured image: the row pointed at it (ids are UUIDs, so no other text matches).
        try db.run("""
            UPDATE undo_actions SET changed_by_sync = ?1 WHERE changed_by_sync IS NULL AND seq IN (
                SELECT u.action_seq FROM undo_rows u JOIN temp.undo_merged m ON m.removed = 1 AND instr(u.before, m.row_key) > 0)
            """, [.text(time)])
        try db.run("DELETE FROM temp.undo_merged")
    }

    /// Removes the undo images of rows another device removed for good, so their text is in no file
    /// (rule Y-27); call after `markChanged`, which marks the actions that held them.
    package static func forgetImages(of removed: [Row], _ db: Database) throws {
        for row in removed {
            try db.run("DELETE FROM undo_rows WHERE table_name = ? AND row_key = ?", [.text(row.table), .text(row.id)])
        }
    }

    /// Marks the actions whose rows the changes written after operation `seq` touched: what the rules
    /// settled after a merge (a series instance removed, two categories made one, a timer stopped),
    /// each an ordinary change of this store.
    package static func markChanged(byOperationsAfter seq: Int64, at time: String, _ db: Database) throws {
        var changed: [Row] = []
        var removed: [Row] = []
        try db.forEachRow("SELECT DISTINCT table_name, row_id, field = ? FROM sync_ops WHERE seq > ?",
                          [.text(OperationLog.deletedField), .integer(seq)]) { row in
            guard let table = row[0].text, let id = row[1].text else { return }
            if row[2].integer == 1 { removed.append(Row(table: table, id: id)) } else { changed.append(Row(table: table, id: id)) }
        }
        guard !changed.isEmpty || !removed.isEmpty else { return }
        try db.write { try markChanged(changed, removed: removed, at: time, db) }
    }

    /// When the sync that changed action `seq`'s rows ran (storage text), or nil when none did.
    static func changedBySync(_ seq: Int64, _ db: Database) throws -> String? {
        try db.scalar("SELECT changed_by_sync FROM undo_actions WHERE seq = ?", [.integer(seq)])?.text
    }

    /// The title of the first task, habit or anchor action `seq` changed, as it is now or as it was; nil
    /// when it changed none.
    static func subjectTitle(_ seq: Int64, _ db: Database) throws -> String? {
        let title = try db.scalar("""
            SELECT coalesce((SELECT title FROM tasks WHERE id = u.row_key), (SELECT title FROM habits WHERE id = u.row_key),
                            (SELECT title FROM anchors WHERE id = u.row_key), json_extract(u.before, '$.title'))
            FROM undo_rows u WHERE u.action_seq = ? AND u.table_name IN ('tasks', 'habits', 'anchors') ORDER BY u.ord LIMIT 1
            """, [.integer(seq)])?.text
        return title
    }
}
