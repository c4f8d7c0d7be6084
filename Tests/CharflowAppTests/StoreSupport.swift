import CharflowCore
import CharflowStore
import CharflowAppSetup
import CharflowTestSupport
import Foundation
import Testing

extension TempStore {
    /// Every row of every table, as text: "a refusal changes nothing" checks.
    static func contents(_ planner: Store) throws -> String {
        var lines: [String] = []
        let tables = try planner.db.rows("SELECT name, sql LIKE '%WITHOUT ROWID%' FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .compactMap { row in row[0].text.map { ($0, row[1].int == 1) } }
        for table in tables {
            lines.append("# " + table.0)
            // A WITHOUT ROWID table reads in its key's order.
            for row in try planner.db.rows("SELECT * FROM \(table.0)" + (table.1 ? "" : " ORDER BY rowid")) {
                lines.append(row.map { "\($0)" }.joined(separator: "|"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The raw row of a task, column name to value, for exact comparisons.
    static func row(_ planner: Store, task id: UUID) throws -> [String: SQLValue]? {
        let names = try planner.db.columns(of: "tasks")
        guard let values = try planner.db.rows("SELECT * FROM tasks WHERE id = ?", [.text(id.uuidString.lowercased())]).first
        else { return nil }
        return Dictionary(uniqueKeysWithValues: zip(names, values))
    }

    /// Every task row, keyed by id, without `modified_at`, for "nothing else changed" comparisons.
    static func allRows(_ planner: Store, table: String = "tasks", key: String = "id") throws -> [String: [String: SQLValue]] {
        let names = try planner.db.columns(of: table)
        var result: [String: [String: SQLValue]] = [:]
        for values in try planner.db.rows("SELECT * FROM \(table)") {
            var row = Dictionary(uniqueKeysWithValues: zip(names, values))
            row["modified_at"] = nil
            result[row[key]?.text ?? "?"] = row
        }
        return result
    }

    static func count(_ planner: Store, _ sql: String, _ bindings: [SQLValue] = []) throws -> Int {
        try planner.db.scalar(sql, bindings)?.int ?? -1
    }
}

extension Store {
    /// The task as stored now.
    func reload(_ task: TaskItem) throws -> TaskItem {
        try app.task(matching: task.id.uuidString)
    }

    func titles(_ region: Region, _ bucket: Bucket, on day: LocalDay? = nil) throws -> [String] {
        try app.board(on: day ?? today).card(region).tasks(in: bucket).map(\.title)
    }
}

/// Two tasks are the same apart from `modifiedAt` (which an undo refreshes, as D14 asks).
func sameExceptModified(_ a: TaskItem, _ b: TaskItem) -> Bool {
    var b = b
    b.modifiedAt = a.modifiedAt
    return a == b
}
