import CharflowCore
import CharflowStore
import CharflowTestSupport
import Testing

/// The store's failures: each has its code, its sentence and the kind of the store that cannot serve.
@Suite("Store failures")
struct StoreFailureTests {
    /// One of every case.
    static let failures: [StoreFailure] = [
        .newerStore("0099-from-the-future"), .storeUnreadable("/tmp/x.sqlite: file is not a database"),
        .foreignStore("/tmp/other.db"), .storeReadOnly, .storeFailed("disk I/O error"),
    ]

    @Test("Every store failure has a code, a sentence, and is unavailable", arguments: failures)
    func complete(_ failure: StoreFailure) {
        expectTrue(!failure.code.isEmpty)
        expectTrue(failure.code.allSatisfy { $0.isLowercase || $0 == "_" })
        expectTrue(!failure.message.isEmpty)
        expectLacks(failure.message, "--", "no command-line flag in \(failure.message)")
        expectEqual(failure.kind, .unavailable)
    }

    @Test("Every store failure has its own code, unchanged")
    func codes() {
        expectEqual(Self.failures.map(\.code), ["newer_store", "store_unreadable", "foreign_store", "store_read_only", "store"])
    }

    @Test("Only another program's store points to a next step: naming another store")
    func hints() {
        expectEqual(Self.failures.map(\.hint), [nil, nil, .nameAnotherStore, nil, nil])
    }

    @Test("SQLite's read-only refusal is the read-only store; any other error is a failure in SQLite's generic words")
    func fromDatabaseError() {
        expectEqual(StoreFailure(DatabaseError(code: Self.readOnlyDirectory, message: "x")), .storeReadOnly)
        let full = StoreFailure(DatabaseError(.full, message: "INSERT INTO tasks (title) VALUES ('secret')"))
        expectEqual(full, .storeFailed("database or disk is full"))
        expectLacks(full.message, "INSERT")
    }

    /// `SQLITE_READONLY_DIRECTORY`, one of the refinements of read-only.
    static let readOnlyDirectory = ResultCode.readOnly.rawValue | 6 << 8
}
