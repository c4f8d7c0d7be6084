import CharflowStore
import CharflowTestSupport
import CSQLite
import Foundation
import Testing

@Suite("SQLite result codes by name")
struct ResultCodeTests {
    @Test("Each named code is SQLite's own number")
    func namesAreSQLiteNumbers() {
        expectEqual(ResultCode.ok.rawValue, 0)
        expectEqual(ResultCode.error.rawValue, 1)
        expectEqual(ResultCode.busy.rawValue, 5)
        expectEqual(ResultCode.locked.rawValue, 6)
        expectEqual(ResultCode.readOnly.rawValue, 8)
        expectEqual(ResultCode.ioError.rawValue, 10)
        expectEqual(ResultCode.corrupt.rawValue, 11)
        expectEqual(ResultCode.full.rawValue, 13)
        expectEqual(ResultCode.cantOpen.rawValue, 14)
        expectEqual(ResultCode.constraint.rawValue, 19)
        expectEqual(ResultCode.notADatabase.rawValue, 26)
        expectEqual(ResultCode.constraintForeignKey.rawValue, 787)
    }

    @Test("An extended code's primary is the code it refines; a primary code is its own")
    func primaryOfExtended() {
        expectEqual(ResultCode.constraintForeignKey.primary, .constraint)
        expectEqual(ResultCode(rawValue: SQLITE_READONLY | 6 << 8).primary, .readOnly) // SQLITE_READONLY_DIRECTORY
        expectEqual(ResultCode(rawValue: SQLITE_BUSY | 2 << 8).primary, .busy) // SQLITE_BUSY_SNAPSHOT
        expectEqual(ResultCode(rawValue: SQLITE_CANTOPEN | 1 << 8).primary, .cantOpen) // SQLITE_CANTOPEN_NOTEMPDIR
        expectEqual(ResultCode.full.primary, .full)
    }

    @Test("A database error answers by name, whatever refinement SQLite gave")
    func errorPredicates() {
        expectTrue(DatabaseError(code: SQLITE_READONLY | 6 << 8, message: "").isReadOnly)
        expectTrue(DatabaseError(code: SQLITE_CANTOPEN | 1 << 8, message: "").isCannotOpen)
        expectTrue(DatabaseError(.busy, message: "").isBusy)
        expectTrue(!DatabaseError(.locked, message: "").isBusy)
        expectTrue(DatabaseError(.notADatabase, message: "").isNotADatabase)
        expectTrue(DatabaseError(.corrupt, message: "").isNotADatabase)
        expectEqual(DatabaseError(.full, message: "").summary, "database or disk is full")
    }

    @Test("A write while another connection holds the write lock fails as busy")
    func realLockIsBusy() throws {
        let store = try StoreFixture()
        let holder = try Database(path: store.path)
        try holder.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY)")
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let other = try Database(path: store.path, busyTimeoutMilliseconds: 0)
        do {
            try other.execute("BEGIN IMMEDIATE")
            Issue.record("a second writer took the lock")
        } catch let error as DatabaseError {
            expectTrue(error.isBusy, "\(error)")
            expectEqual(error.result.primary, .busy)
        }
    }

    @Test("A row that breaks a constraint fails with the constraint code's family")
    func realConstraint() throws {
        let store = try StoreFixture()
        let db = try Database(path: store.path)
        try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
        do {
            try db.run("INSERT INTO notes (text) VALUES (NULL)")
            Issue.record("a null went into a NOT NULL column")
        } catch let error as DatabaseError {
            expectEqual(error.result.primary, .constraint, "\(error)")
        }
    }
}
