import CharflowCore
import Foundation

/// Before-images of the rows each user action touched, so `undo` can put them back exactly (spec D8).
///
/// An action captures a row before its first change; a row that did not exist is captured as absent,
/// so undoing removes it again. Images are JSON objects made and read by SQLite itself, which keeps
/// every column's type. A rollover or a purge empties the journal: the day has moved on, or the row
/// is meant to be gone for good. A sync does not: it marks the actions whose rows it changed
/// (`UndoAcrossSync`), and the undo use case refuses only those, saying why.
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
        let pairs = columns.map { "'\($0)', \($0)" }.joinedText(separator: ", ")
        try db.run("""
            INSERT INTO undo_rows (action_seq, ord, table_name, key_column, row_key, before)
            VALUES (?, ?, ?, ?, ?, (SELECT json_object(\(pairs)) FROM \(table) WHERE \(keyColumn) = ?))
            """, [.integer(actionSeq), .integer(Int64(order)), .text(table), .text(keyColumn), .text(key), .text(key)])
        order += 1
    }

    /// Records every row of `table` as it is now, in one statement: for an action that may touch any
    /// row (an import). Call `captureAdded` for the same table once the action is done.
    mutating func captureAll(_ table: String, keyColumn: String) throws {
        let columns = try db.columns(of: table)
        let pairs = columns.map { "'\($0)', \($0)" }.joinedText(separator: ", ")
        try db.run("""
            INSERT INTO undo_rows (action_seq, ord, table_name, key_column, row_key, before)
            SELECT ?, ? + row_number() OVER (), ?, ?, CAST(\(keyColumn) AS TEXT), json_object(\(pairs)) FROM \(table)
            """, [.integer(actionSeq), .integer(Int64(order)), .text(table), .text(keyColumn)])
        order += db.changes + 1
    }

    /// Records as absent every row of `table` that `captureAll` did not see (the rows the action
    /// added), so undoing removes them again.
    mutating func captureAdded(_ table: String, keyColumn: String) throws {
        try db.run("""
            INSERT INTO undo_rows (action_seq, ord, table_name, key_column, row_key, before)
            SELECT ?1, ?2 + row_number() OVER (), ?3, ?4, CAST(\(keyColumn) AS TEXT), NULL FROM \(table)
            WHERE CAST(\(keyColumn) AS TEXT) NOT IN
                (SELECT row_key FROM undo_rows WHERE action_seq = ?1 AND table_name = ?3)
            """, [.integer(actionSeq), .integer(Int64(order)), .text(table), .text(keyColumn)])
        order += db.changes + 1
    }

    /// What an undo reverted: the action's label, when it was done, and the sessions it opened again.
    struct Reverted {
        let label: String
        let doneAt: String
        /// Sessions the action had ended that the undo opens again.
        var reopenedSessions: [String] = []
    }

    /// An action the journal holds: its sequence number, its label and when it was done.
    struct Recorded: Sendable {
        let seq: Int64
        let label: String
        let doneAt: String
    }

    /// The newest recorded action, or with `id` exactly that one; nil when the journal holds none.
    static func recorded(_ id: UndoActionID?, db: Database) throws -> Recorded? {
        let row = if let id {
            try db.rows("SELECT seq, label, done_at FROM undo_actions WHERE seq = ?", [.integer(id.rawValue)]).first
        } else {
            try db.rows("SELECT seq, label, done_at FROM undo_actions ORDER BY seq DESC LIMIT 1").first
        }
        guard let row, let seq = row[0].integer, let label = row[1].text, let doneAt = row[2].text else { return nil }
        return Recorded(seq: seq, label: label, doneAt: doneAt)
    }

    /// One row an action captured, named by its table and key.
    private struct RowName: Hashable {
        let table: String
        let key: String
    }

    /// Whether putting back the rows of action `seq` would change what a later action did: a later
    /// action touched one of the same rows, or a row of a later action points (by a foreign key) at a
    /// row the undo removes, or a row the undo puts back would point at a row that is gone.
    static func laterActionsDepend(on seq: Int64, db: Database) throws -> Bool {
        let select = "SELECT table_name, key_column, row_key, before FROM undo_rows WHERE "
        let later = try db.rows(select + "action_seq > ?", [.integer(seq)])
        guard !later.isEmpty else { return false }
        let mine = try db.rows(select + "action_seq = ?", [.integer(seq)])
        let laterNames = Set(later.compactMap(rowName))
        if mine.contains(where: { rowName($0).map(laterNames.contains) ?? false }) { return true }
        let removed = Set(mine.filter { $0[3] == .null }.compactMap(rowName))
        var links = ForeignKeys(db: db)
        for image in later where try links.parents(of: image, before: false).contains(where: removed.contains) {
            return true
        }
        for image in mine where image[3] != .null {
            for parent in try links.parents(of: image, before: true) {
                let exists = try db.scalar("SELECT count(*) FROM \(parent.table) WHERE id = ?", [.text(parent.key)])?.int
                if exists == 0 { return true }
            }
        }
        return false
    }

    private static func rowName(_ image: [SQLValue]) -> RowName? {
        guard let table = image[0].text, let key = image[2].text else { return nil }
        return RowName(table: table, key: key)
    }

    /// The foreign keys of the journal's tables, read once per table.
    private struct ForeignKeys {
        let db: Database
        private var links: [String: [(column: String, parent: String)]] = [:]

        init(db: Database) {
            self.db = db
        }

        /// The rows a captured row points at: as it is now, or (`before`) as its image recorded it.
        mutating func parents(of image: [SQLValue], before: Bool) throws -> [RowName] {
            guard let table = image[0].text, let keyColumn = image[1].text, let key = image[2].text else { return [] }
            if links[table] == nil {
                links[table] = try db.rows("SELECT \"from\", \"table\" FROM pragma_foreign_key_list(?)", [.text(table)])
                    .compactMap { link in link[0].text.flatMap { column in link[1].text.map { (column, $0) } } }
            }
            var parents: [RowName] = []
            for link in links[table] ?? [] {
                let value = before
                    ? try image[3].text.flatMap { try db.scalar("SELECT json_extract(?, '$.\(link.column)')", [.text($0)])?.text }
                    : try db.scalar("SELECT \(link.column) FROM \(table) WHERE \(keyColumn) = ?", [.text(key)])?.text
                if let value { parents.append(RowName(table: link.parent, key: value)) }
            }
            return parents
        }
    }

    /// Puts back the rows the action captured and forgets the action.
    static func revert(_ action: Recorded, db: Database, now: String) throws -> Reverted {
        let seq = action.seq
        var reverted = Reverted(label: action.label, doneAt: action.doneAt)
        // Rows come back children first (an import puts back a deleted task after its deferrals), so
        // references are checked at commit, when every row is back.
        try db.execute("PRAGMA defer_foreign_keys = ON")
        let images = try db.rows(
            "SELECT table_name, key_column, row_key, before FROM undo_rows WHERE action_seq = ? ORDER BY ord DESC",
            [.integer(seq)])
        let isDevice = try db.scalar("SELECT 1 FROM sync_state WHERE id = 1") != nil
        // Habit days whose entry the action made (kept and emptied) or put back: settled from their rows below.
        var emptied: [String] = []
        // Tasks put back, or whose deferral records the action made or put back: counted from their
        // records below, which may hold another device's deferrals merged since the action (Y-18).
        var counted = Set<String>()
        for image in images {
            guard let table = image[0].text, let keyColumn = image[1].text, let key = image[2].text else { continue }
            let columns = try db.columns(of: table)
            if var before = image[3].text {
                // A session that is ended now and open in the image is one the action ended.
                var ended = false
                if table == "sessions" {
                    ended = try db.scalar(
                        "SELECT 1 FROM sessions WHERE id = ? AND ended_at IS NOT NULL AND json_extract(?, '$.ended_at') IS NULL",
                        [.text(key), .text(before)]) != nil
                }
                var key = key
                // On a sync device, a row removed for good (a timed log taken back, an instance an
                // un-tick removed) comes back under a new id: every device ignores a tombstoned id.
                if keyColumn == "id", isDevice,
                   try db.scalar("SELECT 1 FROM tombstones WHERE table_name = ? AND id = ?", [.text(table), .text(key)]) != nil {
                    key = UUID().lowercasedText
                    before = try db.scalar("SELECT json_set(?, '$.id', ?)", [.text(before), .text(key)])?.text ?? before
                }
                if ended {
                    reverted.reopenedSessions.append(key)
                }
                let assignments = columns.map { "\($0) = json_extract(?1, '$.\($0)')" }.joinedText(separator: ", ")
                try db.run("UPDATE \(table) SET \(assignments) WHERE \(keyColumn) = ?2", [.text(before), .text(key)])
                if db.changes == 0 {
                    let values = columns.map { "json_extract(?1, '$.\($0)')" }.joinedText(separator: ", ")
                    try db.run("INSERT INTO \(table) (\(columns.joinedText(separator: ", "))) VALUES (\(values))",
                               [.text(before)])
                }
                if columns.contains("modified_at") {
                    try db.run("UPDATE \(table) SET modified_at = ? WHERE \(keyColumn) = ?", [.text(now), .text(key)])
                }
                // A day's entry put back on a sync device is settled from its rows, which may hold
                // another device's logs merged since the action (rule Y-25).
                if isDevice, table == "habit_entries" { emptied.append(key) }
                if isDevice, table == "tasks" { counted.insert(key) }
                if isDevice, let task = try DeferralCounts.task(of: table, id: key, db: db) { counted.insert(task) }
            } else if keyColumn == "id", isDevice, table == "anchor_resolutions" {
                // A day's mark has the id every device derives for (anchor, day) (rule F-4): removing it
                // would remove another device's mark of that day too, and every later mark would need
                // another id. Taking back its first mark keeps the record with no outcome instead.
                try db.run("UPDATE anchor_resolutions SET outcome = NULL, resolved_at = NULL, modified_at = ? WHERE id = ?",
                           [.text(now), .text(key)])
            } else if keyColumn == "id", isDevice, table == "habit_entries" {
                // A day's entry has the id every device derives for the day, so removing it would remove
                // the other devices' logs of that day too (rule Y-18): it stays, and its amount goes back
                // to what its remaining rows make.
                try db.run("UPDATE habit_entries SET amount = 0, completed_at = NULL, modified_at = ? WHERE id = ?",
                           [.text(now), .text(key)])
                emptied.append(key)
            } else if keyColumn == "id" {
                if isDevice, let task = try DeferralCounts.task(of: table, id: key, db: db) { counted.insert(task) }
                try Tombstone.remove(table, id: key, at: now, in: db)
            } else {
                try db.run("DELETE FROM \(table) WHERE \(keyColumn) = ?", [.text(key)])
            }
        }
        try HabitIncrements.settle(entries: emptied, at: now, db: db)
        try DeferralCounts.settle(counted, db: db)
        try db.run("DELETE FROM undo_actions WHERE seq = ?", [.integer(seq)])
        return reverted
    }

    static func clear(db: Database) throws {
        try db.run("DELETE FROM undo_actions")
    }
}
