/// The hub's tables in PostgreSQL, as numbered migrations recorded in `hub_schema_version`.
///
/// `hub_operations` keeps every operation in arrival order under `hub_seq`, taken from a sequence
/// while the pushing transaction holds an advisory lock, so numbers commit in order and a reader
/// that pulls past its cursor never skips one. `UNIQUE (device_id, device_seq)` with `ON CONFLICT
/// DO NOTHING` makes a repeated push harmless. `hub_records` holds each record's fields with their
/// winning values and clocks (one row a field in `hub_fields` until schema 11, a view of the records
/// since), the state a new device starts from (rule Y-12). A sync reaches them through two functions
/// the schema defines, `hub_push` and `hub_pull`: one round trip each (rule Y-29).
///
/// Each version's SQL is a literal of its own, kept as it shipped (`HubSchema/HubSchemaV01.swift` …):
/// a hub records only the number it reached, so a changed text would never run on a hub that ran the
/// old one. The constants here are written into those texts as they stand (`HubSchemaTextTests`
/// checks the latest functions against them): changing one means a new version.
package enum HubSchema {
    /// The channel a push is announced on (`LISTEN charflow_hub`), with the pushing device's id.
    static let channel = "charflow_hub"

    /// The advisory lock key that serialises schema changes and operation numbering.
    static let lockKey = 7_239_105

    /// Every version's SQL, in order: version N is `migrations[N - 1]`, each kept as it shipped in a
    /// file of its own (`HubSchema/HubSchemaV01.swift` …), never built from code that can change.
    static let migrations: [String] = [v01, v02, v03, v04, v05, v06, v07, v08, v09, v10, v11, v12, v13, v14]

    /// How long a device may stay away before it no longer holds back compaction (rule Y-30).
    static let compactionGraceDays = 30

    /// The number a pull answers with, alone, when the device's cursor is behind the compaction: the
    /// operations it lacks are gone, and it starts again from the hub's state (rule Y-30).
    static let behindCompaction: Int64 = -1

    /// The version this build brings a hub to.
    package static var version: Int { migrations.count }

    /// Creates or completes the schema (up to `target`, this build's version unless a test asks for an
    /// older one) in one transaction; safe to run again, and at once from two places. Returns the
    /// version the hub is at.
    static func install(_ hub: HubConnection, through target: Int = version) throws -> Int {
        try hub.transaction {
            try hub.query("SELECT pg_advisory_xact_lock(\(lockKey))")
            try hub.execute("""
                CREATE TABLE IF NOT EXISTS hub_schema_version (
                    version integer PRIMARY KEY,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """)
            let current = try installedVersion(hub)
            if current > version { throw SyncError.hubTooNew(current) }
            for (index, sql) in migrations.enumerated() where index + 1 > current && index + 1 <= target {
                try hub.execute(sql)
                try hub.query("INSERT INTO hub_schema_version (version) VALUES ($1)", [String(index + 1)])
            }
            return max(current, target)
        }
    }

    /// Makes the database at `url` a hub at the older schema `version` from the texts as they shipped,
    /// as the builds up to that one left it: a seam for the tests of upgrading a hub in place.
    package static func installOlder(url: String, through version: Int) throws {
        _ = try install(try HubConnection(url: url), through: version)
    }

    /// The version a hub is at; refuses a database that is not a hub, or a newer hub.
    static func check(_ hub: HubConnection) throws {
        guard try hub.query("SELECT to_regclass('hub_schema_version') IS NOT NULL").first?.first == "t" else {
            throw SyncError.hubNotReady
        }
        let current = try installedVersion(hub)
        if current == 0 { throw SyncError.hubNotReady }
        if current > version { throw SyncError.hubTooNew(current) }
    }

    /// Checks the hub, and brings an older one's schema up to this build's (sync and `hub switch`
    /// need every table; each step adds, never removes).
    static func ensure(_ hub: HubConnection) throws {
        try check(hub)
        if try installedVersion(hub) < version { _ = try install(hub) }
    }

    private static func installedVersion(_ hub: HubConnection) throws -> Int {
        Int(try hub.query("SELECT coalesce(max(version), 0) FROM hub_schema_version").first?.first.flatMap { $0 } ?? "0") ?? 0
    }
}
