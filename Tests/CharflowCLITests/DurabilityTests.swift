import CharflowStore
import Foundation
import Testing

/// The store file: actions kept in its write-ahead log, a store from a newer build, the migrations it
/// records, a file that is not a store. Restarts, kills and processes at once are end to end
/// (`EndToEndDurabilityTests`).
@Suite("Durability: the write-ahead log, newer stores, foreign files")
struct DurabilityTests {
    @Test("B-22 a finished action lives in the store's write-ahead log until a checkpoint folds it in; nothing is lost either way")
    func actionKeptInWriteAheadLog() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Kept in the log", ["--region", "evening"])
        // The store is in WAL mode by its header, which later opens read instead of setting the mode again.
        #expect(try Database(path: runner.storePath, readOnly: true).isInWALMode)
        // The command exits without checkpointing: the action is in the -wal file beside the store.
        let wal = try FileManager.default.attributesOfItem(atPath: runner.storePath + "-wal")
        #expect((wal[.size] as? Int ?? 0) > 0)
        // A new process reads through the log.
        #expect(try runner.json(["show", id], now: "2026-11-30T09:01")["title"] as? String == "Kept in the log")
        // A checkpoint folds the log into the main file and empties it, with the store intact.
        try runner.add("Another", ["--region", "evening"])
        let db = try Database(path: runner.storePath)
        try db.checkpoint()
        let folded = try FileManager.default.attributesOfItem(atPath: runner.storePath + "-wal")
        #expect(folded[.size] as? Int == 0)
        #expect(try db.scalar("PRAGMA integrity_check")?.text == "ok")
        #expect(try db.scalar("SELECT count(*) FROM tasks")?.int == 2)
        #expect(try runner.json(["show", id], now: "2026-11-30T09:02")["region"] as? String == "evening")
    }

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
        #expect(result.status == 1)
        #expect(result.stderr.contains("newer Charflow"))
        #expect(result.stderr.contains("9999-from-the-future"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.storePath)) == bytes)
    }

    @Test("B-23 migrations are recorded by name in the store")
    func migrationsRecorded() throws {
        let runner = try CharflowRunner()
        try runner.run(["today"])
        let db = try Database(path: runner.storePath)
        let names = try db.rows("SELECT name FROM charflow_migrations").compactMap { $0[0].text }
        #expect(names == Schema.migrator.migrations.map(\.name))
        #expect(try db.scalar("PRAGMA journal_mode")?.text == "wal")
    }

    @Test("B-22 a file that is not a store is refused and left alone")
    func notAStore() throws {
        let runner = try CharflowRunner()
        let junk = Data("this is not a database, it is a shopping list\n".utf8)
        try junk.write(to: URL(fileURLWithPath: runner.storePath))
        let result = try runner.run(["today"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("could not be opened"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: runner.storePath)) == junk)
    }
}
