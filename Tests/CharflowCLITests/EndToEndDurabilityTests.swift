import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The store across processes, with the built binary: a restart, a process killed inside an action's
/// transaction (`kill -9` at the commit seam, or at random), and processes writing at once.
///
/// Only the processes under test are spawned; the set-up before them and the reads after them run the
/// command line in this process.
@Suite("End to end · durability: restarts, kill -9, processes at once")
struct EndToEndDurabilityTests {
    @Test("B-22 tasks survive process restarts with every field intact")
    func survivesRestart() throws {
        let runner = try CharflowRunner().spawning
        let id = try runner.add("Finish project proposal", ["--region", "morning", "--bucket", "must", "--notes", "draft v2"])
        try runner.run(["done", id])
        let shown = try runner.json(["show", id], now: "2026-11-30T18:00")
        expectEqual(shown["title"] as? String, "Finish project proposal")
        expectEqual(shown["notes"] as? String, "draft v2")
        expectEqual(shown["region"] as? String, "morning")
        expectEqual(shown["bucket"] as? String, "mustDo")
        expectEqual(shown["isCompleted"] as? Bool, true)
    }

    @Test("B-22 a finished action lives in the store's write-ahead log until a checkpoint folds it in; nothing is lost either way")
    func actionKeptInWriteAheadLog() throws {
        let runner = try CharflowRunner().spawning
        // The first command makes the store: its schema is more pages than the log keeps, so that one is folded in.
        try runner.add("Makes the store", ["--region", "evening"])
        let id = try runner.add("Kept in the log", ["--region", "evening"])
        // The store is in WAL mode by its header, which later opens read instead of setting the mode again.
        expectTrue(try Database(path: runner.storePath, readOnly: true).isInWALMode)
        // The process exits without checkpointing (a run inside this process closes its connection, which folds the log in): the action is in the -wal file beside the store.
        let wal = try FileManager.default.attributesOfItem(atPath: runner.storePath + "-wal")
        expectTrue((wal[.size] as? Int ?? 0) > 0)
        // A new process reads through the log.
        try expectEqual(runner.json(["show", id], now: "2026-11-30T09:01")["title"] as? String, "Kept in the log")
        // A checkpoint folds the log into the main file and empties it, with the store intact.
        try runner.add("Another", ["--region", "evening"])
        let db = try Database(path: runner.storePath)
        try db.checkpoint()
        let folded = try FileManager.default.attributesOfItem(atPath: runner.storePath + "-wal")
        expectEqual(folded[.size] as? Int, 0)
        try expectEqual(db.scalar("PRAGMA integrity_check")?.text, "ok")
        try expectEqual(db.scalar("SELECT count(*) FROM tasks")?.int, 3)
        try expectEqual(runner.json(["show", id], now: "2026-11-30T09:02")["region"] as? String, "evening")
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
        expectEqual(process.terminationReason, .uncaughtSignal)
        let db = try Database(path: runner.storePath)
        try expectEqual(db.scalar("PRAGMA integrity_check")?.text, "ok")
        expectTrue(try db.rows("PRAGMA foreign_key_check").isEmpty)
        try expectEqual(runner.contents(), before)
        let today = try runner.json(["today"], now: "2026-11-30T09:10")
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "regions", "morning", "misc")), ["Already there"])
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
        try expectEqual(db.scalar("PRAGMA integrity_check")?.text, "ok")
        expectTrue(try db.rows("PRAGMA foreign_key_check").isEmpty)
        // Every task that made it is whole: its notes match its title, and its undo record exists.
        for row in try db.rows("SELECT title, notes FROM tasks WHERE title LIKE 'Task %'") {
            let number = try #require(row[0].text?.dropFirst(5))
            expectEqual(row[1].text, "note \(number)")
        }
        let tasks = try db.scalar("SELECT count(*) FROM tasks")?.int ?? 0
        let actions = try db.scalar("SELECT count(*) FROM undo_actions WHERE label = 'add'")?.int ?? 0
        expectEqual(tasks, actions)
        try expectEqual(runner.run(["today"], now: "2026-11-30T10:05").status, 0)
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
            expectEqual(process.terminationStatus, 0, "a concurrent add failed: \(message)")
        }
        let list = try runner.json(["list"], now: "2026-11-30T11:01")
        expectEqual(JSONPath.tasks(list, "tasks").count, 16)
    }

    @Test("B-22 two processes opening a brand-new store at once both succeed")
    func twoProcessesCreateTheStore() throws {
        let runner = try CharflowRunner()
        let first = try runner.start(["add", "From one"], now: "2026-11-30T11:00")
        let second = try runner.start(["add", "From two"], now: "2026-11-30T11:00")
        for (process, _, err) in [first, second] {
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            expectEqual(process.terminationStatus, 0, "\(message)")
        }
        expectEqual(JSONPath.tasks(try runner.json(["list"]), "tasks").count, 2)
    }

    @Test("S-7 kill -9 inside begin --settle stop leaves exactly one live session, the old one, nothing half-closed")
    func killInsideSettle() throws {
        let runner = try CharflowRunner()
        let first = try runner.add("Write report", ["--region", "morning"])
        let second = try runner.add("Reply to Sam", ["--region", "morning"])
        try runner.run(["begin", first], now: "2026-11-30T09:00")
        let before = try runner.contents()

        let started = try runner.start(["begin", second, "--settle", "stop"], now: "2026-11-30T09:30",
                                               extra: ["CHARFLOW_TEST_STALL_MS": "60000"])
        try runner.waitForWriteLock(started)
        let process = started.0
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        expectEqual(process.terminationReason, .uncaughtSignal)

        try expectEqual(runner.sessionScalar("PRAGMA integrity_check")?.text, "ok")
        try expectEqual(runner.contents(), before)
        try expectEqual(runner.sessionScalar("SELECT count(*) FROM sessions WHERE ended_at IS NULL")?.int, 1)
        try expectEqual(runner.sessionScalar("SELECT count(*) FROM sessions WHERE outcome != 'running'")?.int, 0)
        #expect(try runner.sessionScalar("SELECT count(*) FROM sessions WHERE task_id = ?", [.text(second)])?.int == 0)
        let live = try #require(try runner.sessionStatus(now: "2026-11-30T09:31"))
        expectEqual(live["taskID"] as? String, first)
        expectEqual(live["actualSeconds"] as? Int, 0)
    }

    @Test("S-4 kill -9 inside finish --done leaves the session live and the task open")
    func killInsideFinish() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning"])
        try runner.run(["begin", id], now: "2026-11-30T09:00")
        let before = try runner.contents()

        let started = try runner.start(["finish", "--done", "--note", "half"], now: "2026-11-30T09:30",
                                               extra: ["CHARFLOW_TEST_STALL_MS": "60000"])
        try runner.waitForWriteLock(started)
        let process = started.0
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        expectEqual(process.terminationReason, .uncaughtSignal)

        try expectEqual(runner.sessionScalar("PRAGMA integrity_check")?.text, "ok")
        try expectEqual(runner.contents(), before)
        let live = try #require(try runner.sessionStatus(now: "2026-11-30T09:31"))
        expectEqual(live["taskID"] as? String, id)
        expectEqual(live["outcome"] as? String, "running")
        expectTrue(live["endedAt"] is NSNull)
        let shown = try runner.show(id, now: "2026-11-30T09:31")
        expectEqual(shown["isCompleted"] as? Bool, false)
        expectTrue(shown["completedAt"] is NSNull)
        expectTrue(shown["notes"] is NSNull)
    }

    @Test("S-7 two begins at the same moment on two tasks: exactly one starts, the other is refused", arguments: [0, 150])
    func racingBegins(stall: Int) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let first = try cf.add("Write report", ["--region", "morning"])
        let second = try cf.add("Call the bank", ["--region", "morning"])
        for round in 0..<6 {
            let extra = stall > 0 ? ["CHARFLOW_TEST_STALL_MS": String(stall)] : [:]
            let a = try cf.start(["begin", first, "--json"], now: "2026-11-30T09:0\(round)", extra: extra)
            let b = try cf.start(["begin", second, "--json"], now: "2026-11-30T09:0\(round)", extra: extra)
            var statuses: [Int32] = []
            var outputs: [String] = []
            for (process, out, err) in [a, b] {
                let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                statuses.append(process.terminationStatus)
                outputs.append(stdout + stderr)
            }
            expectEqual(statuses.sorted(), [0, 1], "round \(round): \(outputs)")
            expectTrue(outputs.contains { $0.contains("session_running") }, "round \(round): \(outputs)")
            let live = try cf.storeQuery("SELECT id FROM sessions WHERE ended_at IS NULL")
            expectEqual(live.count, 1, "round \(round): \(live.count) live sessions")
            let finished = try cf.run(["finish", "--stop"], now: "2026-11-30T09:0\(round)")
            expectEqual(finished.status, 0, "\(finished.stderr)")
        }
    }
}
