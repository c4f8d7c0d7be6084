import CharflowCore

/// One named change to the schema; applied once, in order, and recorded by name.
public struct Migration: Sendable {
    public let name: String
    public let sql: String

    public init(_ name: String, _ sql: String) {
        self.name = name
        self.sql = sql
    }
}

/// Brings a store up to the schema this build knows, and refuses a store from a newer build.
///
/// Applied migrations are recorded in `charflow_migrations`. A store that records a migration this
/// build does not know was written by a newer Charflow: it is refused before anything is written.
public struct Migrator: Sendable {
    public let migrations: [Migration]

    public init(_ migrations: [Migration]) {
        self.migrations = migrations
    }

    /// Names recorded in the store, or empty for a new store.
    public func appliedNames(_ db: Database) throws -> [String] {
        let hasTable = try db.scalar(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'charflow_migrations'")
        guard hasTable?.int == 1 else { return [] }
        return try db.rows("SELECT name FROM charflow_migrations ORDER BY rowid").compactMap { $0[0].text }
    }

    /// Throws `.newerStore` when the store records a migration unknown here.
    public func checkNotNewer(_ db: Database) throws {
        let known = Set(migrations.map(\.name))
        if let unknown = try appliedNames(db).first(where: { !known.contains($0) }) {
            throw PlannerError.newerStore(unknown)
        }
    }

    /// Applies every pending migration in one transaction.
    public func migrate(_ db: Database, now: String) throws {
        try checkNotNewer(db)
        let pending = try pendingMigrations(db)
        guard !pending.isEmpty else { return }
        try db.write {
            try db.execute("CREATE TABLE IF NOT EXISTS charflow_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL)")
            // Another process may have migrated between the read above and the lock.
            try checkNotNewer(db)
            for migration in try pendingMigrations(db) {
                try db.execute(migration.sql)
                try db.run("INSERT INTO charflow_migrations (name, applied_at) VALUES (?, ?)",
                           [.text(migration.name), .text(now)])
            }
        }
    }

    private func pendingMigrations(_ db: Database) throws -> [Migration] {
        let applied = Set(try appliedNames(db))
        return migrations.filter { !applied.contains($0.name) }
    }
}
