import CharflowCore
import CharflowStore
import Foundation

/// The backup document written straight from SQLite's rows into 64 KiB chunks, indented as
/// `JSONValue.rendered()` indents, without a `String` or a `JSONValue` a cell.
///
/// Export is linear in the whole store, so its cost is per cell: names and indentation are made once
/// per table, integers are written as digits, and text that needs no escape is copied as bytes.
struct BackupWriter {
    private let descriptor: Int32
    /// Bytes not yet written; flushed when a row leaves it past `chunk`.
    private var storage: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(descriptor: Int32) {
        self.descriptor = descriptor
        capacity = Self.chunk * 2
        storage = .allocate(capacity: capacity)
    }

    private static let chunk = 65_536

    /// Writes the whole document, then releases the buffer; returns the tables that could not be read
    /// in full (a damaged store), whose rows up to the damage are in the document.
    mutating func write(_ store: Store) throws -> [String] {
        defer { storage.deallocate() }
        append("{\n  \"format\": \"\(Backup.format)\",\n  \"version\": \(Backup.version),\n  \"tables\": {\n")
        var damaged: [String] = []
        for (index, table) in Backup.tables.enumerated() {
            append("    \"\(table.name)\": [")
            // "        \"column\": " for each column: a row's keys sit eight spaces deep.
            let keys = ((try? store.db.columns(of: table.name)) ?? []).map { name -> [UInt8] in
                var key = "        "
                JSONText.quote(name, into: &key)
                return Array((key + ": ").utf8)
            }
            var first = true
            // Each table is read on its own: a damaged one ends at the damage, and the rest are saved.
            if keys.isEmpty { damaged.append(table.name) }
            do {
                try store.forEachRawBackupRow(of: table.name) { row in
                    put(first ? "\n      {\n" : ",\n      {\n")
                    first = false
                    let columns = min(row.count, keys.count)
                    for column in 0..<columns {
                        keys[column].withUnsafeBufferPointer { put($0) }
                        value(row[column])
                        put(column == columns - 1 ? "\n" : ",\n")
                    }
                    put("      }")
                    if count >= Self.chunk { try flush() }
                }
            } catch is DatabaseError {
                damaged.append(table.name)
            }
            put(first ? "]" : "\n    ]")
            put(index == Backup.tables.count - 1 ? "\n" : ",\n")
        }
        put("  }")
        try fieldClocks(store)
        put("\n}\n")
        try flush()
        return damaged
    }

    /// `"fieldClocks": {TABLE: {ROW: {FIELD: CLOCK}}}` on a sync device (rule Y-15); nothing on a store
    /// that never synced, whose rows' times are all there is.
    private mutating func fieldClocks(_ store: Store) throws {
        var table: String?, row: String?
        let names = Backup.tables.map(\.name).filter { $0 != "tombstones" }
        try OperationLog.forEachFieldClock(store.db, tables: names) { name, id, field, clock in
            if name != table {
                put(table == nil ? ",\n  \"fieldClocks\": {\n    " : "}\n    },\n    ")
                append(JSONText.quoted(name) + ": {\n      " + JSONText.quoted(id) + ": {")
                (table, row) = (name, id)
            } else if id != row {
                append("},\n      " + JSONText.quoted(id) + ": {")
                row = id
            } else {
                put(", ")
            }
            append(JSONText.quoted(field) + ": \"" + clock + "\"")
            if count >= Self.chunk { try flush() }
        }
        if table != nil { put("}\n    }\n  }") }
    }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    private mutating func put(_ literal: StaticString) {
        put(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func put(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    private mutating func value(_ value: RawRow.Value) {
        switch value {
        case .null:
            put("null")
        case .integer(let number):
            digits(number)
        case .real(let number):
            append("\"" + String(number) + "\"")
        case .text(let bytes):
            text(bytes)
        }
    }

    private mutating func digits(_ number: Int64) {
        guard number >= 0 else { return append(String(number)) }
        reserve(20)
        var rest = number
        var end = count
        repeat {
            storage[end] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            end += 1
        } while rest > 0
        var written = UnsafeMutableBufferPointer(start: storage + count, count: end - count)
        written.reverse()
        count = end
    }

    /// Plain ASCII text is copied as it is; anything else goes through `JSONText.quote`, so escaping
    /// (and the repair of invalid UTF-8) is the same as in every other JSON Charflow writes.
    private mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        if Self.isPlain(bytes) {
            reserve(bytes.count + 2)
            put(UInt8(ascii: "\""))
            put(bytes)
            put(UInt8(ascii: "\""))
            return
        }
        append(JSONText.quoted(String(decoding: bytes, as: UTF8.self)))
    }

    /// Whether every byte is printable ASCII other than `"` and `\\`: eight bytes at a time, since
    /// this scan touches every byte of the export.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // No high bit set, so subtracting 0x20 from each byte borrows only where a byte is below 0x20.
            if word & highs != 0 || (word &- 0x2020_2020_2020_2020) & ~word & highs != 0
                || hasZeroByte(word ^ 0x2222_2222_2222_2222) || hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C) {
                return false
            }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            index += 1
        }
        return true
    }

    private mutating func flush() throws {
        var written = 0
        while written < count {
            let result = Foundation.write(descriptor, storage + written, count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw FileFailure.writeFailed(String(cString: strerror(errno)))
            }
            written += result
        }
        count = 0
    }
}
