import CharflowCore

/// One named change to the schema; applied once, in order, and recorded by name.
///
/// `then` runs after the SQL in the same transaction, for a change SQL alone cannot compute (a value
/// recovered from a derived id, say).
package struct Migration: Sendable {
    package let name: String
    package let sql: String
    package let then: (@Sendable (Database) throws -> Void)?

    package init(_ name: String, _ sql: String, then: (@Sendable (Database) throws -> Void)? = nil) {
        self.name = name
        self.sql = sql
        self.then = then
    }
}

/// Brings a store up to the schema this build knows, and refuses a store from a newer build.
///
/// Applied migrations are recorded in `charflow_migrations`. A store that records a migration this
/// build does not know was written by a newer Charflow: it is refused before anything is written.
package struct Migrator: Sendable {
    package let migrations: [Migration]

    package init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// Names recorded in the store, or empty for a new store.
    package func appliedNames(_ db: Database) throws -> [String] {
        let hasTable = try db.scalar(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'charflow_migrations'")
        guard hasTable?.int == 1 else { return [] }
        return try recordedNames(db)
    }

    /// The names `charflow_migrations` records, in order, for a caller that knows the table is there.
    package func recordedNames(_ db: Database) throws -> [String] {
        try db.rows("SELECT name FROM charflow_migrations ORDER BY rowid").compactMap { $0[0].text }
    }

    /// Throws `.newerStore` when the store records a migration unknown here.
    package func checkNotNewer(_ db: Database) throws {
        try refuseNewer(try appliedNames(db))
    }

    /// Throws `.newerStore` when `applied` names a migration unknown here.
    func refuseNewer(_ applied: [String]) throws {
        // A store this build made or brought up to date records exactly its names, in order.
        if applied.count <= migrations.count, zip(applied, migrations).allSatisfy({ $0 == $1.name }) { return }
        let known = Set(migrations.map(\.name))
        if let unknown = applied.first(where: { !known.contains($0) }) {
            throw StoreFailure.newerStore(unknown)
        }
    }

    /// Applies every pending migration in one transaction, with foreign keys off (rule A-5).
    ///
    /// With enforcement on, a migration that rebuilds a table (create the new one, copy, drop the old,
    /// rename) would delete every child row when it drops the old table. So enforcement is switched
    /// off around the transaction, and before it commits `PRAGMA foreign_key_check` must find no row
    /// pointing at a missing parent: if it finds one, the whole migration is rolled back and refused.
    /// Returns the names of the migrations it applied. `applied` is what the store recorded when it
    /// was opened, read once for both checks (what is pending is read again inside the transaction).
    @discardableResult
    package func migrate(_ db: Database, now: String, applied: [String]? = nil) throws -> [String] {
        let recorded = try applied ?? appliedNames(db)
        try refuseNewer(recorded)
        guard !pending(after: recorded).isEmpty else { return [] }
        var applied: [String] = []
        try db.withForeignKeysOff {
            try db.write {
                try db.execute("CREATE TABLE IF NOT EXISTS charflow_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)")
                // Another process may have migrated between the read above and the lock.
                let recordedNow = try appliedNames(db)
                try refuseNewer(recordedNow)
                for migration in pending(after: recordedNow) {
                    try db.execute(migration.sql)
                    try migration.then?(db)
                    try Migrator.checkForeignKeys(db, after: migration)
                    try db.run("INSERT INTO charflow_migrations (name, applied_at) VALUES (?, ?)",
                               [.text(migration.name), .text(now)])
                    applied.append(migration.name)
                }
            }
        }
        return applied
    }

    /// Throws when a row points at a parent that does not exist (what foreign keys would have refused).
    static func checkForeignKeys(_ db: Database, after migration: Migration) throws {
        guard let broken = try db.rows("PRAGMA foreign_key_check").first else { return }
        let table = broken[0].text ?? "?"
        let parent = broken.count > 2 ? broken[2].text ?? "?" : "?"
        throw DatabaseError(.constraintForeignKey,
                            message: "migration \(migration.name) leaves a row of \(table) pointing at a missing \(parent) row; nothing was changed")
    }

    /// The migrations of this build that `applied` does not name, in order.
    private func pending(after applied: [String]) -> [Migration] {
        let done = Set(applied)
        return migrations.filter { !done.contains($0.name) }
    }
}
