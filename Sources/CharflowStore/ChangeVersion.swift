/// A number that grows with every committed write transaction, by any process on the store.
///
/// One row in `change_version`, raised inside the outermost write transaction just before it commits
/// (`Database.willCommit`), so it moves exactly when a change becomes visible to other connections.
/// A front end that must notice changes made elsewhere polls it: one indexed read of one row.
enum ChangeVersion {
    static let bumpSQL = "UPDATE change_version SET version = version + 1 WHERE id = 1"
    static let readSQL = "SELECT version FROM change_version WHERE id = 1"

    /// Raises the version by one; called from `Database.willCommit`.
    static func bump(_ db: Database) throws {
        try db.run(bumpSQL)
    }

    /// The current version (0 for a store no write has touched since it was created).
    static func read(_ db: Database) throws -> Int {
        try db.scalar(readSQL)?.int ?? 0
    }
}
