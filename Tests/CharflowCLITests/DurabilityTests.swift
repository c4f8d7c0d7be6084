import CharflowStore
import Foundation
import Testing

@Suite("Durability: restarts, kill -9, two processes, newer stores")
struct DurabilityTests {
    @Test("B-22 tasks survive process restarts with every field intact")
    func survivesRestart() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Finish project proposal", ["--region", "morning", "--bucket", "must", "--notes", "draft v2"])
        try runner.run(["done", id])
        let shown = try runner.json(["show", id], now: "2026-11-30T18:00")
        #expect(shown["title"] as? String == "Finish project proposal")
        #expect(shown["notes"] as? String == "draft v2")
        #expect(shown["region"] as? String == "morning")
        #expect(shown["bucket"] as? String == "mustDo")
        #expect(shown["isCompleted"] as? Bool == true)
    }

    @Test("B-22 kill -9 inside an action's transaction leaves the store consistent and without the action")
    func killInsideTransaction() throws {
        let runner = try CharflowRunner()
        try runner.add("Already there", ["--region", "morning"])
        let before = try runner.contents()
        let started = try runner.start(["add", "Half written", "--region", "morning"], now: "2026-11-30T09:05",
                                              extra: ["CHARFLOW_TEST_STALL_MS": "60000"])
        // Wait until the action holds the write lock: a second writer then cannot get in.
        try runner.waitForWriteLock(started)
        let process = started.0
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let db = try Database(path: runner.storePath)
        #expect(try db.scalar("PRAGMA integrity_check")?.text == "ok")
        #expect(try db.rows("PRAGMA foreign_key_check").isEmpty)
        #expect(try runner.contents() == before)
        let today = try runner.json(["today"], now: "2026-11-30T09:10")
        #expect(JSONPath.titles(JSONPath.tasks(today, "regions", "morning", "misc")) == ["Already there"])
    }

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

    @Test("B-22 kill -9 at random moments of many writes never leaves a half-made task")
    func killAtRandomMoments() throws {
        let runner = try CharflowRunner()
        try runner.add("Seed")
        var generator = SystemRandomNumberGenerator()
        for round in 0..<12 {
            let (process, _, _) = try runner.start(["add", "Task \(round)", "--notes", "note \(round)"],
                                                  now: "2026-11-30T10:00")
            usleep(UInt32.random(in: 0...25_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let db = try Database(path: runner.storePath)
        #expect(try db.scalar("PRAGMA integrity_check")?.text == "ok")
        #expect(try db.rows("PRAGMA foreign_key_check").isEmpty)
        // Every task that made it is whole: its notes match its title, and its undo record exists.
        for row in try db.rows("SELECT title, notes FROM tasks WHERE title LIKE 'Task %'") {
            let number = try #require(row[0].text?.dropFirst(5))
            #expect(row[1].text == "note \(number)")
        }
        let tasks = try db.scalar("SELECT count(*) FROM tasks")?.int ?? 0
        let actions = try db.scalar("SELECT count(*) FROM undo_actions WHERE label = 'add'")?.int ?? 0
        #expect(tasks == actions)
        #expect(try runner.run(["today"], now: "2026-11-30T10:05").status == 0)
    }

    @Test("B-22 two charflow processes writing at once both succeed")
    func twoProcessesAtOnce() throws {
        let runner = try CharflowRunner()
        try runner.run(["today"])
        var running: [(Process, Pipe, Pipe)] = []
        for index in 0..<16 {
            running.append(try runner.start(["add", "Parallel \(index)"], now: "2026-11-30T11:00"))
        }
        for (process, _, err) in running {
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "a concurrent add failed: \(message)")
        }
        let list = try runner.json(["list"], now: "2026-11-30T11:01")
        #expect(JSONPath.tasks(list, "tasks").count == 16)
    }

    @Test("B-22 two processes opening a brand-new store at once both succeed")
    func twoProcessesCreateTheStore() throws {
        let runner = try CharflowRunner()
        let first = try runner.start(["add", "From one"], now: "2026-11-30T11:00")
        let second = try runner.start(["add", "From two"], now: "2026-11-30T11:00")
        for (process, _, err) in [first, second] {
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(message)")
        }
        #expect(JSONPath.tasks(try runner.json(["list"]), "tasks").count == 2)
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
