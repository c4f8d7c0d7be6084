import CharflowCore

/// Before-images of the rows each user action touched, so `undo` can put them back exactly (spec D8).
///
/// An action captures a row before its first change; a row that did not exist is captured as absent,
/// so undoing removes it again. Images are JSON objects made and read by SQLite itself, which keeps
/// every column's type. A rollover or a purge empties the journal: the day has moved on, or the row
/// is meant to be gone for good.
struct UndoJournal {
    /// How many actions back `undo` can go.
    static let depth = 100

    let db: Database
    let actionSeq: Int64
    private var captured: Set<String> = []
    private var order = 0

    /// Starts recording a new action.
    init(db: Database, label: String, at time: String) throws {
        self.db = db
        try db.run("INSERT INTO undo_actions (label, done_at) VALUES (?, ?)", [.text(label), .text(time)])
        actionSeq = try db.scalar("SELECT last_insert_rowid()")?.integer ?? 0
        try db.run("DELETE FROM undo_actions WHERE seq <= ?", [.integer(actionSeq - Int64(UndoJournal.depth))])
    }

    /// Records the row of `table` whose `keyColumn` is `key` as it is now, once per action.
    mutating func capture(_ table: String, key: String, keyColumn: String = "id") throws {
        guard captured.insert(table + "\u{0}" + key).inserted else { return }
        let columns = try db.columns(of: table)
        let pairs = columns.map { "'\($0)', \($0)" }.joined(separator: ", ")
        try db.run("""
            INSERT INTO undo_rows (action_seq, ord, table_name, key_column, row_key, before)
            VALUES (?, ?, ?, ?, ?, (SELECT json_object(\(pairs)) FROM \(table) WHERE \(keyColumn) = ?))
            """, [.integer(actionSeq), .integer(Int64(order)), .text(table), .text(keyColumn), .text(key), .text(key)])
        order += 1
    }

    /// What an undo reverted: the action's label, when it was done, and the rows it put back.
    struct Reverted {
        let label: String
        let doneAt: String
        var restored: [(table: String, key: String)] = []
    }

    /// The number of the newest recorded action, if any.
    static func newestAction(db: Database) throws -> Int64? {
        try db.scalar("SELECT max(seq) FROM undo_actions")?.integer
    }

    /// Reverts the newest recorded action.
    static func undoLast(db: Database, now: String) throws -> Reverted {
        guard let row = try db.rows("SELECT seq, label, done_at FROM undo_actions ORDER BY seq DESC LIMIT 1").first,
              let seq = row[0].integer, let label = row[1].text, let doneAt = row[2].text else {
            throw PlannerError.nothingToUndo
        }
        var reverted = Reverted(label: label, doneAt: doneAt)
        let images = try db.rows(
            "SELECT table_name, key_column, row_key, before FROM undo_rows WHERE action_seq = ? ORDER BY ord DESC",
            [.integer(seq)])
        for image in images {
            guard let table = image[0].text, let keyColumn = image[1].text, let key = image[2].text else { continue }
            let columns = try db.columns(of: table)
            if let before = image[3].text {
                let assignments = columns.map { "\($0) = json_extract(?1, '$.\($0)')" }.joined(separator: ", ")
                try db.run("UPDATE \(table) SET \(assignments) WHERE \(keyColumn) = ?2", [.text(before), .text(key)])
                if db.changes == 0 {
                    let values = columns.map { "json_extract(?1, '$.\($0)')" }.joined(separator: ", ")
                    try db.run("INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(values))",
                               [.text(before)])
                }
                if columns.contains("modified_at") {
                    try db.run("UPDATE \(table) SET modified_at = ? WHERE \(keyColumn) = ?", [.text(now), .text(key)])
                }
                reverted.restored.append((table, key))
            } else {
                try db.run("DELETE FROM \(table) WHERE \(keyColumn) = ?", [.text(key)])
                if keyColumn == "id", db.changes > 0 {
                    try db.run("INSERT INTO tombstones (table_name, id, deleted_at) VALUES (?, ?, ?)",
                               [.text(table), .text(key), .text(now)])
                }
            }
        }
        try db.run("DELETE FROM undo_actions WHERE seq = ?", [.integer(seq)])
        return reverted
    }

    static func clear(db: Database) throws {
        try db.run("DELETE FROM undo_actions")
    }
}
