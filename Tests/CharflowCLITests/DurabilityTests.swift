import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The store file: a store from a newer build, the migrations it
/// records, a file that is not a store. Restarts, kills and processes at once are end to end
/// (`EndToEndDurabilityTests`).
@Suite("Durability: newer stores, foreign files")
struct DurabilityTests {
    @Test("B-23 a store written by a newer schema is refused with a clear message and not changed")
    func newerStoreRefused() throws {
        let runner = try CharflowRunner()
        try runner.add("Keep me")
        do {
            let db = try Database(path: runner.storePath)
            try db.run("INSERT INTO charflow_migrations (name, applied_at) VALUES ('9999-from-the-future', 'x')")
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: runner.storePath))
        let result = try runner.run(["add", "Should not land"])
        expectEqual(result.status, 1)
        expectContains(result.stderr, "newer Charflow")
        expectContains(result.stderr, "9999-from-the-future")
        try expectEqual(Data(contentsOf: URL(fileURLWithPath: runner.storePath)), bytes)
    }

    @Test("B-23 migrations are recorded by name in the store")
    func migrationsRecorded() throws {
        let runner = try CharflowRunner()
        try runner.run(["today"])
        let db = try Database(path: runner.storePath)
        let names = try db.rows("SELECT name FROM charflow_migrations").compactMap { $0[0].text }
        expectEqual(names, Schema.migrator.migrations.map(\.name))
        try expectEqual(db.scalar("PRAGMA journal_mode")?.text, "wal")
    }

    @Test("B-22 a file that is not a store is refused and left alone")
    func notAStore() throws {
        let runner = try CharflowRunner()
        let junk = Data("this is not a database, it is a shopping list\n".utf8)
        try junk.write(to: URL(fileURLWithPath: runner.storePath))
        let result = try runner.run(["today"])
        expectEqual(result.status, 1)
        expectContains(result.stderr, "could not be opened")
        try expectEqual(Data(contentsOf: URL(fileURLWithPath: runner.storePath)), junk)
    }
}
