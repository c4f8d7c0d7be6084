import CharflowStore
import Foundation

extension CharflowRunner {
    /// Every synced record row of the store, as text, for "the stores are identical" checks; tombstones
    /// by what they removed. With `eachRemovalOnce`, a removal the device recorded twice counts once
    /// (when and how often a device learned of a removal is its own).
    func syncedRecords(eachRemovalOnce: Bool = false) throws -> String {
        let db = try Database(path: storePath)
        var lines: [String] = []
        for table in OperationLog.syncedTables + ["tombstones"] {
            let columns = table == "tombstones" ? "table_name, id" : "*"
            let order = table == "tombstones" ? "table_name, id" : "id"
            let distinct = eachRemovalOnce ? "DISTINCT " : ""
            lines.append("# " + table)
            for row in try db.rows("SELECT \(distinct)\(columns) FROM \(table) ORDER BY \(order)") {
                lines.append(row.map { "\($0)" }.joined(separator: "|"))
            }
        }
        return lines.joined(separator: "\n")
    }
}
