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
        if OperationFit.fitsPlainly(operation.value, kind) { return nil }
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

    /// Whether `value` fits `kind` by its bytes alone, as the hub sends nearly every value: its first
    /// and last bytes are printable ASCII other than a space, so a trim would leave it as it is; its
    /// second byte is ASCII, so its first character is its first byte; and that byte says its kind
    /// (`"` a text, a digit or `-` a number, an integer without `.`, `e` or `E`). Anything else
    /// (false) is judged character by character, as it always was.
    ///
    /// A join checks every field of the hub's state, and the trim and the walk by characters copied
    /// or decoded every value.
    static func fitsPlainly(_ value: String, _ kind: Kind) -> Bool {
        let bytes = value.utf8
        guard let first = bytes.first, let last = bytes.last, plain(first), plain(last) else { return false }
        // A first character of one byte: no mark after it joins it into another.
        guard bytes.count == 1 || bytes[bytes.index(after: bytes.startIndex)] < 0x80 else { return false }
        let digit = first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")
        switch kind {
        case .text:
            return first == UInt8(ascii: "\"")
        case .real:
            return digit || first == UInt8(ascii: "-")
        case .integer:
            guard digit || first == UInt8(ascii: "-") else { return false }
            return !bytes.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        }
    }

    /// A byte no trim removes and no other character shares: printable ASCII other than a space.
    private static func plain(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }

    /// Whether a write failed because of the operation's own content (a constraint it breaks, a value
    /// SQLite cannot read), not because the store cannot be written: only then is it set aside.
    static func cannotApply(_ failure: DatabaseError) -> Bool {
        [ResultCode.constraint, .error].contains(failure.result.primary)
    }
}
