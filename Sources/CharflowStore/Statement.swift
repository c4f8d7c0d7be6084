import CharflowCore
import CSQLite
import Foundation

/// A prepared SQLite statement; `Database` caches these, so each SQL text is compiled once per process.
package final class Statement {
    fileprivate let handle: OpaquePointer
    private unowned let database: Database

    init(database: Database, sql: String) throws {
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v2(database.handle, sql, -1, &pointer, nil)
        guard code == SQLITE_OK, let pointer else {
            throw DatabaseError(code: code, message: database.lastErrorMessage + " in: " + sql)
        }
        handle = pointer
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let string): code = sqlite3_bind_text(handle, index, string, -1, transientDestructor)
            }
            guard code == SQLITE_OK else {
                throw DatabaseError(code: code, message: database.lastErrorMessage)
            }
        }
    }

    /// Advances to the next row; false when done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(handle)
            return false
        case let code:
            let message = database.lastErrorMessage
            sqlite3_reset(handle)
            throw DatabaseError(code: code, message: message)
        }
    }

    func row() -> [SQLValue] {
        (0..<sqlite3_column_count(handle)).map { value(at: $0) }
    }

    func value(at column: Int32) -> SQLValue {
        switch rawRow()[Int(column)] {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let bytes): .text(String(decoding: bytes, as: UTF8.self))
        }
    }
}

private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The current row of a stepping statement, read in place: text columns are views into SQLite's
/// buffer, valid only until the next step. For writers that stream many rows without a `String` a cell.
package struct RawRow {
    fileprivate let handle: OpaquePointer

    /// One column's value as SQLite holds it.
    package enum Value {
        case null
        case integer(Int64)
        case real(Double)
        /// UTF-8 bytes, without a terminator.
        case text(UnsafeBufferPointer<UInt8>)
    }

    package var count: Int { Int(sqlite3_column_count(handle)) }

    package subscript(column: Int) -> Value {
        let index = Int32(column)
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_NULL: return .null
        default:
            guard let start = sqlite3_column_text(handle, index) else { return .null }
            let length = Int(sqlite3_column_bytes(handle, index))
            return .text(UnsafeBufferPointer(start: start, count: length))
        }
    }
}

extension Statement {
    func rawRow() -> RawRow { RawRow(handle: handle) }
}

extension Database {
    /// Calls `body` with each row `sql` returns, read in place (see `RawRow`).
    package func forEachRawRow(_ sql: String, _ bindings: [SQLValue] = [], _ body: (RawRow) throws -> Void) throws {
        let statement = try self.statement(sql)
        try statement.bind(bindings)
        while try statement.step() {
            try body(statement.rawRow())
        }
    }
}

/// A row the record mappings read columns from: collected `[SQLValue]`, or a `RawRow` read in place.
protocol RecordRow {
    func text(_ column: Int) -> String?
    func int(_ column: Int) -> Int?
    func uuid(_ column: Int) -> UUID?
    func day(_ column: Int) -> LocalDay?
    func instant(_ column: Int) -> Date?
}

extension Array: RecordRow where Element == SQLValue {
    func text(_ column: Int) -> String? { self[column].text }
    func int(_ column: Int) -> Int? { self[column].int }
    func uuid(_ column: Int) -> UUID? { self[column].text.flatMap(UUID.init(recordText:)) }
    func day(_ column: Int) -> LocalDay? { self[column].text.flatMap { LocalDay($0) } }
    func instant(_ column: Int) -> Date? { self[column].text.flatMap(Instant.parseStorageText) }
}

extension RawRow: RecordRow {
    /// A text column as a `String`; nil for NULL.
    package func text(_ column: Int) -> String? {
        guard case .text(let bytes) = self[column] else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// An integer column; nil for NULL or another type.
    package func int(_ column: Int) -> Int? {
        guard case .integer(let number) = self[column] else { return nil }
        return Int(number)
    }

    func uuid(_ column: Int) -> UUID? {
        guard case .text(let bytes) = self[column] else { return nil }
        return UUID(recordBytes: bytes)
    }

    func day(_ column: Int) -> LocalDay? {
        guard case .text(let bytes) = self[column] else { return nil }
        return LocalDay(bytes: bytes)
    }

    func instant(_ column: Int) -> Date? {
        guard case .text(let bytes) = self[column] else { return nil }
        return Instant.parseStorageBytes(bytes)
    }
}
