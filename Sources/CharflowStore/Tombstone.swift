/// The record that a row was removed for good, so that a merge or a sync does not bring it back
/// (spec D13, D14). Every removal for good goes through `remove`, and a stop mark through `mark`:
/// nowhere else writes a tombstone.
enum Tombstone {
    /// Deletes the row of `table` whose id is `id` and, when there was one, leaves its tombstone.
    ///
    /// Returns whether a row was removed. Child rows that foreign keys delete with it leave none: a
    /// caller that removes a parent removes its children through here first (`Store.removeForGood`).
    @discardableResult
    static func remove(_ table: String, id: String, at time: String, in db: Database) throws -> Bool {
        try db.run("DELETE FROM \(table) WHERE id = ?", [.text(id)])
        guard db.changes > 0 else { return false }
        try db.run("INSERT INTO tombstones (table_name, id, deleted_at) VALUES (?, ?, ?)",
                   [.text(table), .text(id), .text(time)])
        return true
    }

    /// Leaves a tombstone for an id no row holds (a stop mark, `DerivedID.seriesStop`), once.
    static func mark(_ table: String, id: String, at time: String, in db: Database) throws {
        guard try db.scalar("SELECT 1 FROM tombstones WHERE table_name = ? AND id = ?", [.text(table), .text(id)]) == nil else { return }
        try db.run("INSERT INTO tombstones (table_name, id, deleted_at) VALUES (?, ?, ?)",
                   [.text(table), .text(id), .text(time)])
    }
}
