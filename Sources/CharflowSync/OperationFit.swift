import CharflowStore
import Foundation

/// Whether this store can take an operation from another device as it came (rule Y-23): a table and
/// a field it knows, and a value of the kind the field holds.
///
/// A hub row written by a newer build (a table or field this one does not know) or a buggy one (text
/// where a number belongs) is set aside with its reason rather than dropped or written: SQLite would
/// store the wrong kind silently, and every later read of the row would fail. What breaks a
/// constraint shows only when it is written (`cannotApply`).
struct OperationFit {
    /// The kind of value a column takes, from its declared type as SQLite reads it (its affinity).
    enum Kind {
        case integer, real, text
    }

    /// Each synced table's columns, with the kind each takes (nil: any).
    private let columns: [String: [String: Kind?]]

    init(_ db: Database) throws {
        var columns: [String: [String: Kind?]] = [:]
        for table in OperationLog.syncedTables {
            var kinds: [String: Kind?] = [:]
            try db.forEachRow("SELECT name, upper(type) FROM pragma_table_info(?)", [.text(table)]) { row in
                guard let name = row[0].text, name != "id" else { return }
                let type = row[1].text ?? ""
                let kind: Kind? = type.contains("INT") ? .integer
                    : ["CHAR", "CLOB", "TEXT"].contains(where: { type.contains($0) }) ? .text
                    : ["REAL", "FLOA", "DOUB"].contains(where: { type.contains($0) }) ? .real : nil
                kinds.updateValue(kind, forKey: name)
            }
            columns[table] = kinds
        }
        self.columns = columns
    }

    /// Why `operation` cannot be applied here, or nil when it can be tried.
    func reason(_ operation: RemoteOperation) -> String? {
        guard let known = columns[operation.table] else { return "unknown table" }
        if operation.field == OperationLog.deletedField { return nil }
        let isBase = operation.field.hasSuffix(OperationLog.baseSuffix)
        let field = isBase ? String(operation.field.dropLast(OperationLog.baseSuffix.count)) : operation.field
        guard let declared = known[field] else { return "unknown field" }
        guard !isBase, let kind = declared else { return nil }
        let value = operation.value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard value != "null" else { return nil }
        let number = value.first.map { $0 == "-" || $0.isNumber } ?? false
        let fits = switch kind {
        case .integer: number && !value.contains(where: { ".eE".contains($0) })
        case .real: number
        case .text: value.hasPrefix("\"")
        }
        return fits ? nil : "wrong type (\(value.prefix(24)) where \(operation.table).\(field) takes \(kind))"
    }

    /// Whether a write failed because of the operation's own content (a constraint it breaks, a value
    /// SQLite cannot read), not because the store cannot be written: only then is it set aside.
    static func cannotApply(_ failure: DatabaseError) -> Bool {
        [ResultCode.constraint, .error].contains(failure.result.primary)
    }
}
