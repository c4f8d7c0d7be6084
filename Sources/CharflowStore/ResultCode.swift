import CSQLite

/// A SQLite result code by name, primary or extended, so no caller compares bare numbers.
///
/// SQLite answers an extended code (`SQLITE_READONLY_DIRECTORY`, `SQLITE_CONSTRAINT_FOREIGNKEY`) whose low
/// byte is the primary code it refines; `primary` is that byte, and is what a caller asks about when any
/// refinement will do ("the store is busy", whatever the lock).
package struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code this one refines (itself when it is primary already).
    package var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// SQLite's generic sentence for the code ("database is locked"), which never quotes SQL text.
    package var summary: String { String(cString: sqlite3_errstr(rawValue)) }

    package var description: String { "\(rawValue) (\(summary))" }

    /// Success (`SQLITE_OK`).
    package static let ok = ResultCode(rawValue: SQLITE_OK)
    /// A generic error, such as a statement SQLite refused (`SQLITE_ERROR`).
    package static let error = ResultCode(rawValue: SQLITE_ERROR)
    /// Another connection holds the lock this one needs (`SQLITE_BUSY`).
    package static let busy = ResultCode(rawValue: SQLITE_BUSY)
    /// A table is locked by this same connection (`SQLITE_LOCKED`).
    package static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    /// The file, its folder or its mount cannot be written (`SQLITE_READONLY`).
    package static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    /// A read or a write of the disk failed (`SQLITE_IOERR`).
    package static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    /// The file is damaged (`SQLITE_CORRUPT`).
    package static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    /// The disk is full (`SQLITE_FULL`).
    package static let full = ResultCode(rawValue: SQLITE_FULL)
    /// A file SQLite needs cannot be opened, such as the `-wal` beside a store in a read-only folder (`SQLITE_CANTOPEN`).
    package static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    /// A row breaks a constraint: unique, not null, check or foreign key (`SQLITE_CONSTRAINT`).
    package static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    /// The file is not a SQLite database (`SQLITE_NOTADB`).
    package static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
    /// A row points at a parent row that does not exist (`SQLITE_CONSTRAINT_FOREIGNKEY`, 787).
    package static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | 3 << 8)
}
