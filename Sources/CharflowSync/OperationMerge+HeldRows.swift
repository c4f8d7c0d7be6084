import CharflowCore
import CharflowStore

extension OperationMerge {
    /// What a store holds of the rows one delivery writes, read after its removals and before any row
    /// is written: which rows it holds, which were removed for good, and each row's field clocks.
    ///
    /// A few statements a table rather than four a row: a joining device merges the hub's whole state,
    /// a hundred thousand rows, and the reads a row cost it about a tenth of its time. Writing one row
    /// changes none of this for another (the merge writes each row once, and a removal's children
    /// went with it before), so what is read here stays true while the rows are written.
    struct HeldRows {
        private var rows: [String: Set<String>] = [:]
        private var removed: [String: Set<String>] = [:]
        private var clocksByRow: [String: [String: [String: String]]] = [:]
        private var tracked: [String: Set<String>] = [:]

        init(_ keys: [RowKey], _ db: Database) throws {
            for (table, keys) in Dictionary(grouping: keys, by: \.table) {
                let ids = keys.map(\.id)
                for start in stride(from: 0, to: ids.count, by: 5_000) {
                    let list: SQLValue = .text(JSONText.array(Set(ids[start..<min(start + 5_000, ids.count)])))
                    try db.forEachRow("SELECT id FROM \(table) WHERE id IN (SELECT value FROM json_each(?))", [list]) { row in
                        if let id = row[0].text { rows[table, default: []].insert(id) }
                    }
                    try db.forEachRow("SELECT id FROM tombstones WHERE table_name = ? AND id IN (SELECT value FROM json_each(?))",
                                      [.text(table), list]) { row in
                        if let id = row[0].text { removed[table, default: []].insert(id) }
                    }
                }
                let held = try OperationLog.heldClocks(table: table, ids: ids, db)
                clocksByRow[table] = held.clocks
                tracked[table] = held.tracked
            }
        }

        /// Whether the store holds the row.
        func exists(_ key: RowKey) -> Bool {
            rows[key.table]?.contains(key.id) == true
        }

        /// Whether the row was removed for good (it has a tombstone).
        func isRemoved(_ key: RowKey) -> Bool {
            removed[key.table]?.contains(key.id) == true
        }

        /// The clock of each field of the row, as `OperationLog.fieldClocks` reads it.
        func clocks(_ key: RowKey) -> [String: String] {
            clocksByRow[key.table]?[key.id] ?? [:]
        }

        /// Whether the store keeps any record of the row's clocks.
        func isTracked(_ key: RowKey) -> Bool {
            tracked[key.table]?.contains(key.id) == true
        }
    }
}
