import CSQLite
import Foundation

/// An error from SQLite itself, with its result code and message.
package struct DatabaseError: Error, Sendable, CustomStringConvertible {
    package let code: Int32
    package let message: String

    package init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// An error of the named `result`, as Charflow raises one itself (a migration's broken foreign key).
    package init(_ result: ResultCode, message: String) {
        self.init(code: result.rawValue, message: message)
    }

    package var description: String { "SQLite error \(code): \(message)" }

    /// The result code by name; its `primary` is the code without SQLite's refinement.
    package var result: ResultCode { ResultCode(rawValue: code) }

    /// SQLite's generic sentence for the error's code ("database disk image is malformed"): unlike
    /// `message`, it never quotes SQL text, so it is what a user may be shown.
    package var summary: String { result.summary }

    /// The database is not a SQLite file, or is damaged.
    package var isNotADatabase: Bool { result == .notADatabase || result == .corrupt }

    /// The file, or its folder, cannot be written (a read-only folder, mount or file).
    package var isReadOnly: Bool { result.primary == .readOnly }

    /// SQLite could not open a file it needs (the `-wal` or `-shm` beside a store in a read-only folder).
    package var isCannotOpen: Bool { result.primary == .cantOpen }

    /// Another connection holds the lock this one needs, whichever lock it is.
    package var isBusy: Bool { result.primary == .busy }
}

/// Process-wide SQLite settings, applied once before the first connection opens.
private let sqliteConfigured: Void = charflow_sqlite3_without_memory_statistics()

/// One connection to a SQLite file, with its prepared statements cached by SQL text.
///
/// Not thread-safe: one connection belongs to one task of work, as every `charflow` command is.
package final class Database {
    let handle: OpaquePointer
    /// The file, for the size of its write-ahead log at close (and a sync's turn beside it).
    package let path: String
    private var statements: [String: Statement] = [:]
    /// A log past this size (100 pages of 4 KiB with their frame headers) is folded into the store after
    /// a commit and when a connection closes (`foldLargeLog`).
    package static let walFoldBytes: off_t = 32 + 100 * (4096 + 24)
    /// 0 outside a transaction, 1 inside one, and one more for each savepoint nested in it.
    private var transactionDepth = 0

    /// Opens (creating if needed) the file at `path`, with a busy timeout and foreign keys on.
    ///
    /// A file it creates is readable by its owner only (0600), and SQLite gives the `-wal` and `-shm`
    /// files the store's own permissions, so none of them is ever world-readable.
    ///
    /// `readOnly` opens an existing file for reading only, as for a store in a read-only folder.
    /// `unchanging` also tells SQLite that nobody changes the file while it is open, so it needs no
    /// `-shm` beside it: the one way to read a WAL store whose folder cannot be written and that has no
    /// `-shm` yet (SQLite's `immutable` URI parameter). Use it only for a store with no `-wal` to read.
    package init(path: String, busyTimeoutMilliseconds: Int32 = 10_000, readOnly: Bool = false,
                unchanging: Bool = false) throws {
        _ = sqliteConfigured
        if !readOnly { Database.createPrivately(path) }
        var pointer: OpaquePointer?
        var flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        var name = path
        if readOnly && unchanging {
            flags |= SQLITE_OPEN_URI
            name = "file:" + Database.uriPath(path) + "?immutable=1"
        }
        let code = sqlite3_open_v2(name, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            sqlite3_close_v2(pointer)
            throw DatabaseError(code: code, message: message)
        }
        handle = pointer
        self.path = path
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        try execute("PRAGMA foreign_keys = ON")
        // Reads come from the mapped file rather than one `pread` a page; writes still go through
        // the write-ahead log. The benchmark's page count builds without it (`bench/run`), so that each
        // page a command reads is one `pread` it can count.
        #if !CHARFLOW_PAGE_COUNT
        _ = try rows("PRAGMA mmap_size = \(Database.mappedBytes)")
        #endif
        // A new file can give freed pages back to the disk (`releaseFreePages`); the mode is fixed
        // once its first table exists.
        // Told from the file's size, so an open touches no page (a store in a read-only folder).
        var status = stat()
        if !readOnly, stat(path, &status) == 0, status.st_size == 0 { try execute("PRAGMA auto_vacuum = INCREMENTAL") }
    }

    /// How much of a store file reads map into memory (256 MiB: any store a person makes).
    static let mappedBytes = 256 << 20

    /// `path` as the path of a SQLite `file:` URI: the characters a URI gives a meaning escaped.
    static func uriPath(_ path: String) -> String {
        var text = ""
        for character in path {
            switch character {
            case "%": text += "%25"
            case "?": text += "%3f"
            case "#": text += "%23"
            default: text.append(character)
            }
        }
        return text
    }

    /// Creates an empty file at `path` with mode 0600 when nothing is there yet; SQLite treats an empty
    /// file as a new database, and would otherwise create it with the umask's usual 0644.
    static func createPrivately(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Closes the connection; a write-ahead log past `walFoldBytes` is folded into the store first.
    deinit {
        statements.removeAll()
        foldLargeLog()
        sqlite3_close_v2(handle)
    }

    /// Folds a write-ahead log past `walFoldBytes` into the store and empties it (a truncating checkpoint),
    /// after a commit and when a connection closes.
    ///
    /// SQLite's automatic checkpoint was measured not to keep the log short for a store opened once per
    /// command: the log never started over and grew by every action (12 MB after 300 adds, 110 MB behind
    /// a busy web server), and every open and write slowed with it. The line is low because every
    /// process that opens the store alone reads the whole log back to rebuild its index (~5,400
    /// instructions a page): at 4 MB a read of Today paid 5 M instructions more. This runs about once
    /// per ten actions, so a write stays cheap (`keepWALOnClose`); it waits, at most the busy timeout,
    /// for readers of older frames to finish.
    func foldLargeLog() {
        var status = stat()
        guard transactionDepth == 0, sqlite3_db_readonly(handle, "main") == 0,
              stat(path + "-wal", &status) == 0, status.st_size > Database.walFoldBytes else { return }
        for statement in statements.values { statement.reset() }
        sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    }

    /// Runs one or more SQL statements that take no parameters.
    package func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw DatabaseError(code: code, message: message)
        }
    }

    /// A cached prepared statement for `sql`, reset and ready to bind.
    package func statement(_ sql: String) throws -> Statement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        let statement = try Statement(database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs a statement that returns no rows.
    package func run(_ sql: String, _ bindings: [SQLValue] = []) throws {
        let statement = try self.statement(sql)
        try statement.bind(bindings)
        while try statement.step() {}
    }

    /// Every row `sql` returns, each as its column values in order.
    package func rows(_ sql: String, _ bindings: [SQLValue] = []) throws -> [[SQLValue]] {
        let statement = try self.statement(sql)
        try statement.bind(bindings)
        var result: [[SQLValue]] = []
        while try statement.step() {
            result.append(statement.row())
        }
        return result
    }

    /// Calls `body` with each row `sql` returns, without collecting them.
    package func forEachRow(_ sql: String, _ bindings: [SQLValue] = [], _ body: ([SQLValue]) throws -> Void) throws {
        let statement = try self.statement(sql)
        try statement.bind(bindings)
        while try statement.step() {
            try body(statement.row())
        }
    }

    /// The first column of the first row, or nil when there is no row.
    package func scalar(_ sql: String, _ bindings: [SQLValue] = []) throws -> SQLValue? {
        let statement = try self.statement(sql)
        try statement.bind(bindings)
        guard try statement.step() else { return nil }
        let value = statement.value(at: 0)
        statement.reset()
        return value
    }

    /// Keeps the write-ahead log when this connection closes, instead of checkpointing it into the main file.
    ///
    /// A checkpoint on close syncs the main file to disk: most of a one-action command's time. Without
    /// it the `-wal` file stays beside the store, every connection reads through it, and SQLite folds it
    /// in at its automatic checkpoint (1,000 pages) or when `checkpoint()` asks.
    package func keepWALOnClose() throws {
        let code = charflow_sqlite3_keep_wal_on_close(handle)
        if code != SQLITE_OK { throw DatabaseError(code: code, message: lastErrorMessage) }
    }

    /// Whether the store is already in WAL mode (the mode persists in the file, so an open need not set
    /// it again), asked of this connection.
    ///
    /// Never by reading the file with `open` and `close`: closing any descriptor of the file drops every
    /// POSIX lock this process holds on it, SQLite's among them, and another process may then take
    /// itself for the store's last user and delete the write-ahead log a connection here still writes to.
    package var isInWALMode: Bool {
        (try? scalar("PRAGMA journal_mode")?.text?.lowercased()) == "wal"
    }

    /// Reads by `pread` from now on rather than from the mapped file: a long pass over a whole store
    /// (a sync's hundreds of thousands of fields) would otherwise keep every page it read resident.
    package func stopMapping() throws {
        #if !CHARFLOW_PAGE_COUNT
        _ = try rows("PRAGMA mmap_size = 0")
        #endif
    }

    /// Folds the write-ahead log into the main file and empties it (`wal_checkpoint(TRUNCATE)`).
    package func checkpoint() throws {
        _ = try rows("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Gives the file's free pages back to the disk, outside any transaction, when the store was made
    /// with incremental auto-vacuum; elsewhere the free pages wait for the store's next growth.
    package func releaseFreePages() throws {
        guard transactionDepth == 0, try scalar("PRAGMA freelist_count")?.int ?? 0 > 0 else { return }
        _ = try rows("PRAGMA incremental_vacuum")
    }

    /// Whether this connection can only read (opened read-only, or the file is not writable).
    package var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    /// How a transaction ends when its body returns: kept, or thrown away (a dry run).
    package enum TransactionEnd: Sendable {
        case commit
        case rollback
    }

    /// Runs `body` inside one write transaction (`BEGIN IMMEDIATE`): all of it commits, or none.
    ///
    /// A nested call runs in a savepoint of the outer transaction: if its body throws, only its own
    /// changes are rolled back, and the outer body may go on.
    package func write<T>(_ body: () throws -> T) throws -> T {
        try transaction(.commit, body)
    }

    /// Runs `body` as `write` does, then rolls all of it back and returns its result: a dry run.
    ///
    /// Nested inside another transaction it discards only its own savepoint.
    package func dryRun<T>(_ body: () throws -> T) throws -> T {
        try transaction(.rollback, body)
    }

    /// Runs `body` in a transaction (a savepoint when one is open) that ends as `end` says; a body
    /// that throws always rolls back its own level and nothing else.
    package func transaction<T>(_ end: TransactionEnd, _ body: () throws -> T) throws -> T {
        if transactionDepth > 0 {
            return try savepoint(end, body)
        }
        try execute("BEGIN IMMEDIATE")
        transactionDepth = 1
        defer { transactionDepth = 0 }
        do {
            let result = try body()
            switch end {
            case .commit:
                try willCommit?(self)
                try execute("COMMIT")
                transactionDepth = 0
                foldLargeLog()
            case .rollback:
                try execute("ROLLBACK")
            }
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func savepoint<T>(_ end: TransactionEnd, _ body: () throws -> T) throws -> T {
        let name = "charflow_level_\(transactionDepth)"
        try execute("SAVEPOINT \(name)")
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        do {
            let result = try body()
            switch end {
            case .commit: try execute("RELEASE \(name)")
            case .rollback: try execute("ROLLBACK TO \(name); RELEASE \(name)")
            }
            return result
        } catch {
            try? execute("ROLLBACK TO \(name); RELEASE \(name)")
            throw error
        }
    }

    /// Whether a transaction is open on this connection.
    package var isInTransaction: Bool { transactionDepth > 0 }

    /// Runs inside every outermost write transaction just before it commits (the store's change
    /// version is bumped here); a throw rolls the transaction back.
    package var willCommit: ((Database) throws -> Void)?

    /// Runs `body` with foreign key enforcement off, and restores it afterwards.
    ///
    /// SQLite ignores the setting inside a transaction, so this must be called outside one; a table
    /// rebuild (create, copy, drop, rename) needs it, or dropping the old table deletes its children.
    package func withForeignKeysOff<T>(_ body: () throws -> T) throws -> T {
        precondition(transactionDepth == 0, "foreign keys cannot be switched inside a transaction")
        let wasOn = try scalar("PRAGMA foreign_keys")?.int == 1
        try execute("PRAGMA foreign_keys = OFF")
        defer { if wasOn { try? execute("PRAGMA foreign_keys = ON") } }
        return try body()
    }

    /// Column names of `table`, in order (cached).
    package func columns(of table: String) throws -> [String] {
        if let known = columnCache[table] { return known }
        let names = try rows("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap { $0[0].text }
        columnCache[table] = names
        return names
    }

    private var columnCache: [String: [String]] = [:]

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }
}
