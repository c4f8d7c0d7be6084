import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Other people's files, read-only stores and damaged ones (issue 17, item 15).
@Suite("Foreign, read-only and damaged stores")
struct StoreDamageTests {
    static let now = "2026-11-30T09:00"

    /// Every byte of the file at `path`, and whether the -wal and -shm beside it exist.
    static func snapshot(_ path: String) -> (Data?, Bool, Bool) {
        (FileManager.default.contents(atPath: path), FileManager.default.fileExists(atPath: path + "-wal"),
         FileManager.default.fileExists(atPath: path + "-shm"))
    }

    @Test("B-23 another program's SQLite file is refused and left byte for byte as it was", arguments: ["notes", "tasks"])
    func foreignDatabase(table: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let path = cf.folder.appendingPathComponent("other.db").path
        do {
            let other = try Database(path: path)
            try other.execute("CREATE TABLE \(table) (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO \(table) (body) VALUES ('mine')")
        }
        let before = Self.snapshot(path)
        for arguments in [["today"], ["add", "Hello"], ["list"], ["export"]] {
            let result = try cf.run(arguments + ["--db", path], now: Self.now)
            expectEqual(result.status, 1, "\(arguments): \(result.stderr)")
            expectContains(result.stderr, "another program's SQLite database", "\(result.stderr)")
        }
        let after = Self.snapshot(path)
        expectEqual(after.0, before.0, "the file's bytes changed")
        #expect(after.1 == before.1 && after.2 == before.2)
    }

    /// Makes `folder` read-only: a read-only bind mount for root (whom permissions do not stop), else
    /// mode 0555. Returns the path to use and how to undo it.
    static func readOnly(_ folder: URL) throws -> (path: String, undo: () -> Void) {
        if getuid() != 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
            return (folder.path, { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) })
        }
        let mount = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-ro").path
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        func sh(_ command: String) -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
            try? process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        let status = sh("mount --bind '\(folder.path)' '\(mount)' && mount -o remount,ro,bind '\(mount)'")
        try #require(status == 0, "cannot make a read-only folder here")
        return (mount, { _ = sh("umount '\(mount)'"); try? FileManager.default.removeItem(atPath: mount) })
    }

    @Test("A-2 a store in a read-only folder: today, list, backlog and show work; an action is refused calmly")
    func readOnlyFolder() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let folder = cf.folder.appendingPathComponent("store")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("charflow.sqlite").path
        try expectEqual(cf.run(["add", "Read me", "--region", "morning", "--db", store], now: Self.now).status, 0)
        try expectEqual(cf.run(["add", "Later", "--db", store], now: Self.now).status, 0)
        let (path, undo) = try Self.readOnly(folder)
        defer { undo() }
        let readOnlyStore = path + "/charflow.sqlite"
        for arguments in [["today"], ["list"], ["backlog"], ["list", "--all", "--json"]] {
            let result = try cf.run(arguments + ["--db", readOnlyStore], now: "2026-11-30T09:30")
            expectEqual(result.status, 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("Read me") || arguments[0] == "backlog", "\(arguments): \(result.stdout)")
        }
        let refused = try cf.run(["add", "Nope", "--db", readOnlyStore, "--json"], now: "2026-11-30T09:31")
        expectEqual(refused.status, 1)
        try expectEqual(refused.errorDocument().code, "store_read_only", "\(refused.stdout)")
        expectLacks(refused.stderr, "readonly database", "\(refused.stderr)")
    }

    @Test("A-2 a folded store in a read-only folder, with no -wal or -shm beside it, still answers every read")
    func readOnlyFolderWithoutSharedMemory() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let folder = cf.folder.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = folder.appendingPathComponent("charflow.sqlite").path
        try expectEqual(cf.run(["add", "Read me", "--region", "morning", "--db", store], now: Self.now).status, 0)
        try expectEqual(cf.run(["add", "Later", "--db", store], now: Self.now).status, 0)
        do {
            let db = try Database(path: store)
            try db.checkpoint()
        }
        // As a copy on read-only media holds it: the log folded in, nothing else beside the file.
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        expectTrue(!FileManager.default.fileExists(atPath: store + "-shm"))
        let (path, undo) = try Self.readOnly(folder)
        defer { undo() }
        let readOnlyStore = path + "/charflow.sqlite"
        for arguments in [["today"], ["list", "--all"], ["backlog"]] {
            let result = try cf.run(arguments + ["--db", readOnlyStore], now: "2026-11-30T09:30")
            expectEqual(result.status, 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains("Read me") || arguments[0] == "backlog", "\(arguments): \(result.stdout)")
            expectTrue(result.stdout.contains("Later") || arguments[0] != "backlog", "\(arguments): \(result.stdout)")
        }
        let refused = try cf.run(["add", "Nope", "--db", readOnlyStore, "--json"], now: "2026-11-30T09:31")
        expectEqual(refused.status, 1)
        try expectEqual(refused.errorDocument().code, "store_read_only", "\(refused.stdout)")
    }

    @Test("X-1 export of a store missing a table saves every other table and names the missing one, without SQL")
    func exportSalvagesMissingTable() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", ["--region", "morning"], now: Self.now)
        try cf.storeSQL("DROP TABLE habit_pauses")
        let result = try cf.run(["export"], now: Self.now)
        expectEqual(result.status, 1)
        expectContains(result.stderr, "habit_pauses", "\(result.stderr)")
        for word in ["SELECT", "FROM", "syntax"] { expectLacks(result.stderr, word, "\(result.stderr)") }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let tables = try #require(document["tables"] as? [String: [[String: Any]]])
        expectEqual(tables["tasks"]?.compactMap { $0["title"] as? String }, ["Keep me"])
    }

    @Test("a store with damaged pages is never answered with SQL text")
    func damagedPages() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        for index in 0..<200 { try cf.add("Task number \(index) with a longer title to fill pages", now: Self.now) }
        do {
            let db = try Database(path: cf.storePath)
            try db.checkpoint()
        }
        let handle = try #require(FileHandle(forUpdatingAtPath: cf.storePath))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 8192))
        try handle.close()
        for arguments in [["export"], ["list", "--all"], ["add", "More"]] {
            let result = try cf.run(arguments, now: Self.now)
            for word in ["SELECT", "INSERT", "UPDATE tasks", "syntax", " FROM "] {
                expectLacks(result.stderr, word, "\(arguments): \(result.stderr)")
            }
            #expect(result.status == 0 || !result.stderr.isEmpty, "\(arguments): a failure says something")
        }
    }
}
