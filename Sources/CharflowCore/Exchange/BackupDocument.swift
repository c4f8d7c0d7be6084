import Foundation

/// A Charflow backup file read row by row: its outline found in one pass over the bytes, each row
/// parsed only when it is asked for (rule X-5).
///
/// Parsing a whole backup at once holds every row as Foundation objects, many times the file's size:
/// a 40 MB file of small wrong rows needed more than 1.5 GB before its first row could be refused.
/// Here the outline is found without building anything (each table is a range of bytes), and a row is
/// parsed when the import reaches it, so a refusal at row one costs one row, and memory is the file
/// and what the import keeps of the rows it accepted.
public struct BackupDocument {
    private let bytes: [UInt8]
    /// The top-level `format` value, parsed; nil when the file has none.
    public let format: Any?
    /// The top-level `version` value, parsed; nil when the file has none.
    public let version: Any?
    /// Each table's value as a range of the file, by table name; nil when `tables` is missing or not
    /// an object.
    public let tables: [String: Range<Int>]?
    /// The `fieldClocks` value as a range of the file: `{TABLE: {ROW ID: {FIELD: CLOCK}}}`, written by a
    /// sync device so a restore keeps each field's own change time; nil when the file has none.
    public let fieldClocks: Range<Int>?

    /// Reads the outline of `data`; a file that is not one JSON object is refused as "not valid JSON".
    public init(_ data: Data) throws(ImportError) {
        bytes = [UInt8](data)
        let scanner = Scanner(bytes: bytes)
        let start = scanner.skipSpace(from: 0)
        guard start < bytes.count else { throw Scanner.invalid }
        guard bytes[start] == UInt8(ascii: "{") else {
            _ = try scanner.wholeValue()
            throw ImportError(place: "file", message: "a Charflow backup is a JSON object")
        }
        // The members are found in the same pass that finds where the object ends.
        let (members, end) = try scanner.members(from: start)
        guard scanner.skipSpace(from: end) == bytes.count else { throw Scanner.invalid }
        var format: Any?
        var version: Any?
        var tables: [String: Range<Int>]?
        var fieldClocks: Range<Int>?
        for (key, value) in members {
            switch key {
            case "format": format = try Self.parse(bytes, value, place: "format")
            case "version": version = try Self.parse(bytes, value, place: "version")
            case "tables":
                tables = nil
                if bytes[value.lowerBound] == UInt8(ascii: "{") {
                    var found: [String: Range<Int>] = [:]
                    for (name, range) in try scanner.members(from: value.lowerBound).members { found[name] = range }
                    tables = found
                }
            case "fieldClocks":
                guard bytes[value.lowerBound] == UInt8(ascii: "{") else {
                    throw ImportError(place: "fieldClocks", message: "must be an object of tables")
                }
                fieldClocks = value
            default:
                // Nothing reads another key's value, but a backup is valid JSON throughout its outline.
                _ = try Self.parse(bytes, value, place: "file")
            }
        }
        self.format = format
        self.version = version
        self.tables = tables
        self.fieldClocks = fieldClocks
    }

    /// Calls `body` with each field clock of the file: the table, the row's id, the field and the
    /// clock text; anything not of that shape is refused, naming its place.
    public func forEachFieldClock(_ body: (String, String, String, String) throws -> Void) throws {
        guard let fieldClocks else { return }
        let scanner = Scanner(bytes: bytes)
        for (table, rows) in try scanner.members(from: fieldClocks.lowerBound).members {
            guard bytes[rows.lowerBound] == UInt8(ascii: "{") else {
                throw ImportError(place: "fieldClocks.\(table)", message: "must be an object of rows")
            }
            for (row, fields) in try scanner.members(from: rows.lowerBound).members {
                guard let object = try Self.parse(bytes, fields, place: "fieldClocks.\(table).\(row)") as? [String: Any] else {
                    throw ImportError(place: "fieldClocks.\(table).\(row)", message: "must be an object of fields")
                }
                for (field, clock) in object.sorted(by: { $0.key < $1.key }) {
                    guard let clock = clock as? String else {
                        throw ImportError(place: "fieldClocks.\(table).\(row).\(field)", message: "must be a clock text")
                    }
                    try body(table, row, field, clock)
                }
            }
        }
    }

    /// Calls `body` with each row of `table` in order (its index from 0 and the row parsed); a table
    /// that is not a list is refused as the import words it.
    public func forEachRow(of table: String, _ body: (Int, Any) throws -> Void) throws {
        guard let range = tables?[table] else { return }
        guard bytes[range.lowerBound] == UInt8(ascii: "[") else {
            throw ImportError(place: table, message: "must be a list of rows")
        }
        let scanner = Scanner(bytes: bytes)
        var index = 0
        try scanner.forEachElement(of: range) { element in
            try body(index, try Self.parse(bytes, element, place: "\(table)[\(index + 1)]"))
            index += 1
        }
    }

    /// One value of the file, parsed on its own.
    private static func parse(_ bytes: [UInt8], _ range: Range<Int>, place: String) throws(ImportError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(bytes[range]), options: [.fragmentsAllowed])
        } catch {
            throw ImportError(place: place, message: "not valid JSON")
        }
    }

    /// Finds where JSON values begin and end, checking brackets, strings and separators but building
    /// nothing; what lies inside a value is left to the parser.
    struct Scanner {
        let bytes: [UInt8]

        static let invalid = ImportError(place: "file", message: "not valid JSON")

        /// The file's one value, with nothing but white space around it.
        func wholeValue() throws(ImportError) -> Range<Int> {
            let start = skipSpace(from: 0)
            guard start < bytes.count else { throw Self.invalid }
            let end = try valueEnd(from: start)
            guard skipSpace(from: end) == bytes.count else { throw Self.invalid }
            return start..<end
        }

        /// The members of the object whose `{` is at `start`, as each key and its value's range, and
        /// where the object ends.
        func members(from start: Int) throws(ImportError) -> (members: [(String, Range<Int>)], end: Int) {
            let range = start..<bytes.count
            var found: [(String, Range<Int>)] = []
            var at = skipSpace(from: range.lowerBound + 1)
            if at < range.upperBound, bytes[at] == UInt8(ascii: "}") { return (found, at + 1) }
            while true {
                guard at < range.upperBound, bytes[at] == UInt8(ascii: "\"") else { throw Self.invalid }
                let keyEnd = try stringEnd(from: at)
                guard let key = try? JSONSerialization.jsonObject(with: Data(bytes[at..<keyEnd]), options: [.fragmentsAllowed]) as? String else {
                    throw Self.invalid
                }
                at = skipSpace(from: keyEnd)
                guard at < range.upperBound, bytes[at] == UInt8(ascii: ":") else { throw Self.invalid }
                let valueStart = skipSpace(from: at + 1)
                guard valueStart < range.upperBound else { throw Self.invalid }
                let valueEnd = try self.valueEnd(from: valueStart)
                found.append((key, valueStart..<valueEnd))
                at = skipSpace(from: valueEnd)
                guard at < range.upperBound else { throw Self.invalid }
                if bytes[at] == UInt8(ascii: "}") { return (found, at + 1) }
                guard bytes[at] == UInt8(ascii: ",") else { throw Self.invalid }
                at = skipSpace(from: at + 1)
            }
        }

        /// Calls `body` with the range of each element of the array at `range`, in order, finding the
        /// next only after `body` returns.
        func forEachElement(of range: Range<Int>, _ body: (Range<Int>) throws -> Void) throws {
            var at = skipSpace(from: range.lowerBound + 1)
            if at < range.upperBound, bytes[at] == UInt8(ascii: "]") { return }
            while true {
                guard at < range.upperBound else { throw Self.invalid }
                let end = try valueEnd(from: at)
                try body(at..<end)
                at = skipSpace(from: end)
                guard at < range.upperBound else { throw Self.invalid }
                if bytes[at] == UInt8(ascii: "]") { return }
                guard bytes[at] == UInt8(ascii: ",") else { throw Self.invalid }
                at = skipSpace(from: at + 1)
            }
        }

        /// Where the value starting at `start` ends: past its closing bracket or quote, or its last
        /// character of a number or word.
        func valueEnd(from start: Int) throws(ImportError) -> Int {
            switch bytes[start] {
            case UInt8(ascii: "\""):
                return try stringEnd(from: start)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var open: [UInt8] = []
                var at = start
                while at < bytes.count {
                    let byte = bytes[at]
                    switch byte {
                    case UInt8(ascii: "\""):
                        at = try stringEnd(from: at)
                        continue
                    case UInt8(ascii: "{"): open.append(UInt8(ascii: "}"))
                    case UInt8(ascii: "["): open.append(UInt8(ascii: "]"))
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        guard open.last == byte else { throw Self.invalid }
                        open.removeLast()
                        if open.isEmpty { return at + 1 }
                    default: break
                    }
                    at += 1
                }
                throw Self.invalid
            default:
                var at = start
                while at < bytes.count, !Self.ends(bytes[at]) { at += 1 }
                guard at > start else { throw Self.invalid }
                return at
            }
        }

        /// Past the closing quote of the string whose opening quote is at `start`.
        func stringEnd(from start: Int) throws(ImportError) -> Int {
            var at = start + 1
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "\\"): at += 2
                case UInt8(ascii: "\""): return at + 1
                default: at += 1
                }
            }
            throw Self.invalid
        }

        func skipSpace(from start: Int) -> Int {
            var at = start
            while at < bytes.count, Self.isSpace(bytes[at]) { at += 1 }
            return at
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        /// Whether `byte` ends a number or a word (`true`, `null`).
        static func ends(_ byte: UInt8) -> Bool {
            isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
                || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
                || byte == UInt8(ascii: "\"")
        }
    }
}
