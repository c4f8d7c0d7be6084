import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Named schema migrations; a newer store is refused and never damaged")
struct MigratorTests {
    func fileBytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    func sidecars(_ path: String) -> [String] {
        ["-wal", "-shm", "-journal"].filter { FileManager.default.fileExists(atPath: path + $0) }
    }

    @Test("B-23 a new store records its migrations by name, once, in order")
    func freshStore() throws {
        let store = try StoreFixture()
        do {
            let planner = try store.open("2026-03-02")
            let names = try Schema.migrator.appliedNames(planner.db)
            expectEqual(names, Schema.migrator.migrations.map(\.name))
            expectEqual(names.first, "0001-tasks-and-board")
            for table in ["tasks", "deferrals", "settings", "tombstones", "categories"] {
                #expect(try StoreFixture.count(planner, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
                                            [.text(table)]) == 1, "table \(table)")
            }
            try planner.addRecord("kept", region: .morning)
        }
        let planner = try store.open("2026-03-02", "10:00")
        try expectEqual(Schema.migrator.appliedNames(planner.db), Schema.migrator.migrations.map(\.name), "not re-applied")
        try expectEqual(planner.db.rows("SELECT title FROM tasks").compactMap { $0[0].text }, ["kept"])
        try expectEqual(planner.db.rows("PRAGMA journal_mode").first?.first, .text("wal"))
    }

    @Test("B-23 a store that records an unknown migration is refused with its name, and left byte for byte unchanged")
    func newerStoreRefused() throws {
        let store = try StoreFixture()
        do {
            let planner = try store.open("2026-03-02")
            try planner.addRecord("precious", region: .morning, bucket: .mustDo)
            try planner.writeRolloverMarker(try #require(LocalDay("2026-03-02")))
        }
        do {
            let db = try Database(path: store.path)
            try db.run("INSERT INTO charflow_migrations (name, applied_at) VALUES ('0099-from-the-future', '2027-01-01T00:00:00.000Z')")
        }
        expectEmpty(sidecars(store.path), "every connection closed and checkpointed")
        let before = try fileBytes(store.path)

        for attempt in 1...2 {
            do {
                _ = try store.open("2026-03-03", "09:00")
                Issue.record("attempt \(attempt): a newer store was opened")
            } catch let error as StoreFailure {
                expectEqual(error, .newerStore("0099-from-the-future"))
                expectEqual(error.message, "This store was written by a newer Charflow (it has '0099-from-the-future'); update Charflow to open it. Nothing was changed.")
                expectEqual(error.code, "newer_store")
            }
            try expectEqual(fileBytes(store.path), before, "attempt \(attempt) changed the file")
        }

        // Its content is intact: no rollover ran, no migration row was added or removed.
        let db = try Database(path: store.path)
        try expectEqual(db.scalar("SELECT count(*) FROM tasks")?.int, 1)
        try expectEqual(db.scalar("SELECT region FROM tasks")?.text, "morning", "the rollover did not run")
        try expectEqual(db.scalar("SELECT count(*) FROM deferrals")?.int, 0)
        #expect(try db.scalar("SELECT value FROM settings WHERE key = 'last-rollover-day'")?.text == "2026-03-02")
        try expectEqual(db.rows("SELECT name FROM charflow_migrations ORDER BY rowid").compactMap { $0[0].text }, Schema.migrator.migrations.map(\.name) + ["0099-from-the-future"])
    }

    @Test("B-23 a file that is not a store is refused as unreadable and not overwritten")
    func notAStore() throws {
        let store = try StoreFixture()
        let garbage = Data("this is a shopping list, not a database\n".utf8) + Data(repeating: 7, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: store.path))
        #expect {
            _ = try store.open("2026-03-02")
        } throws: { error in
            guard case StoreFailure.storeUnreadable(let detail)? = error as? StoreFailure else { return false }
            return detail.hasPrefix(store.path)
        }
        try expectEqual(fileBytes(store.path), garbage)
    }

    @Test("B-23 pending migrations are applied in order and recorded; known ones are skipped")
    func appliesPending() throws {
        let store = try StoreFixture()
        let db = try Database(path: store.path)
        let first = Migration("0001-notes", "CREATE TABLE notes (id TEXT PRIMARY KEY NOT NULL, body TEXT NOT NULL DEFAULT '');")
        let second = Migration("0002-notes-pinned", "ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;")
        try Migrator([first]).migrate(db, now: "2026-03-02T09:00:00.000Z")
        try db.run("INSERT INTO notes (id, body) VALUES ('n1', 'kept')")
        try Migrator([first, second]).migrate(db, now: "2026-03-03T09:00:00.000Z")
        try expectEqual(Migrator([first, second]).appliedNames(db), ["0001-notes", "0002-notes-pinned"])
        #expect(try db.scalar("SELECT applied_at FROM charflow_migrations WHERE name = '0002-notes-pinned'")?.text
            == "2026-03-03T09:00:00.000Z")
        #expect(try db.scalar("SELECT body || ':' || pinned FROM notes WHERE id = 'n1'")?.text == "kept:0")
        // Running again is a no-op.
        try Migrator([first, second]).migrate(db, now: "2026-03-04T09:00:00.000Z")
        try expectEqual(db.scalar("SELECT count(*) FROM charflow_migrations")?.int, 2)
    }

    @Test("B-23 a failing migration applies nothing: all pending migrations are one transaction")
    func failingMigrationRollsBack() throws {
        let store = try StoreFixture()
        let db = try Database(path: store.path)
        let good = Migration("0001-good", "CREATE TABLE good (id TEXT PRIMARY KEY NOT NULL);")
        let bad = Migration("0002-bad", "CREATE TABLE half (id TEXT); INSERT INTO no_such_table VALUES (1);")
        #expect(throws: DatabaseError.self) { try Migrator([good, bad]).migrate(db, now: "2026-03-02T09:00:00.000Z") }
        expectTrue(try Migrator([good, bad]).appliedNames(db).isEmpty)
        try expectEqual(db.scalar("SELECT count(*) FROM sqlite_master WHERE name IN ('good', 'half')")?.int, 0)
    }

    @Test("B-23 the migrator itself refuses a newer store before writing anything")
    func migratorRefusesNewer() throws {
        let store = try StoreFixture()
        let db = try Database(path: store.path)
        let first = Migration("0001-a", "CREATE TABLE a (id TEXT);")
        let second = Migration("0002-b", "CREATE TABLE b (id TEXT);")
        try Migrator([first, second]).migrate(db, now: "2026-03-02T09:00:00.000Z")
        let older = Migrator([first])
        #expect(throws: StoreFailure.newerStore("0002-b")) { try older.checkNotNewer(db) }
        #expect(throws: StoreFailure.newerStore("0002-b")) { try older.migrate(db, now: "2026-03-03T09:00:00.000Z") }
        let third = Migration("0003-c", "CREATE TABLE c (id TEXT);")
        #expect(throws: StoreFailure.newerStore("0002-b")) {
            try Migrator([first, third]).migrate(db, now: "2026-03-03T09:00:00.000Z")
        }
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'c'")?.int == 0)
        try expectEqual(Migrator([first, second]).appliedNames(db), ["0001-a", "0002-b"])
    }
}
