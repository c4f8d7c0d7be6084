import CharflowCore

/// Why the store cannot serve a request: it cannot be opened, belongs to another program or to a newer
/// Charflow, cannot be written, or SQLite failed.
///
/// Every case leaves the store as it was. SQLite's own message may quote SQL, so a failure carries only
/// SQLite's generic sentence for its code (`DatabaseError.summary`).
package enum StoreFailure: CharflowRefusal, Equatable {
    /// The store records this migration, unknown here: a newer Charflow wrote it.
    case newerStore(String)
    /// SQLite could not open the file at all (damaged, not SQLite); the detail names the path and why.
    case storeUnreadable(String)
    /// `--db` names another program's SQLite database; it is left untouched.
    case foreignStore(String)
    /// The store cannot be written (a read-only folder or file); reads still work.
    case storeReadOnly
    /// SQLite refused or failed, in its own generic words (never the SQL text).
    case storeFailed(String)

    /// The failure SQLite's `error` means to the store.
    package init(_ error: DatabaseError) {
        self = error.isReadOnly ? .storeReadOnly : .storeFailed(error.summary)
    }

    package var kind: RefusalKind { .unavailable }

    package var hint: Hint? {
        if case .foreignStore = self { return .nameAnotherStore }
        return nil
    }

    package var code: String {
        switch self {
        case .newerStore: "newer_store"
        case .storeUnreadable: "store_unreadable"
        case .foreignStore: "foreign_store"
        case .storeReadOnly: "store_read_only"
        case .storeFailed: "store"
        }
    }

    package var message: String {
        switch self {
        case .newerStore(let migration):
            "This store was written by a newer Charflow (it has '\(migration)'); update Charflow to open it. Nothing was changed."
        case .storeUnreadable(let detail):
            "The store could not be opened: \(detail)"
        case .foreignStore(let path):
            "'\(path)' is another program's SQLite database, not a Charflow store; it was left untouched."
        case .storeReadOnly:
            "The store cannot be written here (a read-only folder or file); commands that only read still work. Nothing was changed."
        case .storeFailed(let summary):
            "The store refused the change (\(summary)). Nothing was changed."
        }
    }
}
