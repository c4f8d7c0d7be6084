import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The write-ahead log stays bounded however many actions run: it is folded into the store once it
/// passes a few megabytes, instead of growing by every action (the web server and the CLI both open
/// the store many times a minute, and a long log slows every open and write).
@Suite("The write-ahead log stays bounded")
struct WriteAheadLogTests {
    @Test("D13 B-22: a thousand write transactions of 4 KiB each leave a log under 5 MiB, and every row is in the store")
    func bounded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("charflow-wal-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store.sqlite").path
        let payload = String(repeating: "x", count: 4096)
        do {
            let setup = try Database(path: path)
            _ = try setup.rows("PRAGMA journal_mode = WAL")
            try setup.keepWALOnClose()
            try setup.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        }
        for index in 0..<1000 {
            // A connection per action, as each command opens the store.
            let db = try Database(path: path)
            try db.keepWALOnClose()
            try db.write { try db.run("INSERT INTO notes (id, body) VALUES (?, ?)", [.integer(Int64(index)), .text(payload)]) }
        }
        let wal = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0
        expectTrue(wal < 5 << 20, "the log is \(wal) bytes")
        try expectEqual(Database(path: path).scalar("SELECT count(*) FROM notes")?.int, 1000)
    }

    @Test("D13 B-22: the log is folded into the store whenever an action takes it to a hundred pages, so an open reads back at most those, and every action is kept")
    func foldedAtAHundredPages() throws {
        let store = try StoreFixture(zone: "Europe/Berlin")
        var largest = 0
        for index in 0..<300 {
            // A store opened per action, as each command opens it: the log once grew to 4 MB before it
            // was folded, every page of which the next open read back.
            let planner = try store.open("2026-03-07")
            try planner.addRecord("Task \(index)")
            largest = max(largest, try FileManager.default.attributesOfItem(atPath: store.path + "-wal")[.size] as? Int ?? 0)
        }
        // The commit that reaches the line writes its own pages past it first.
        expectTrue(largest <= Int(Database.walFoldBytes) + 20 * (4096 + 24), "the log reached \(largest) bytes")
        try expectEqual(store.open("2026-03-07").db.scalar("SELECT count(*) FROM tasks WHERE title LIKE 'Task %'")?.int, 300)
    }

    @Test("D13 B-22: an action made while another program opens and closes the store is kept: opening the store drops none of this process's locks")
    func anotherProgramsCloseKeepsTheLog() throws {
        let store = try StoreFixture(zone: "Europe/Berlin")
        let title = "Written after the other program closed"
        // The store exists and is in WAL mode before the open that matters.
        _ = try store.open("2026-03-07")
        do {
            let planner = try store.open("2026-03-07")
            // A program outside Charflow (a backup tool, the sqlite3 shell) opens the store and closes it.
            // It folds and deletes the write-ahead log on close only when it believes itself the store's
            // last user, which it can only do if this process's locks on the file are gone.
            try expectEqual(Self.otherProgram(counting: title, in: store.path), 0)
            _ = try planner.addRecord(title, region: .morning)
        }
        try expectEqual(Self.otherProgram(counting: title, in: store.path), 1)
    }

    /// How many tasks called `title` another process (Python's sqlite3, which folds the log when it
    /// closes last) finds in the store at `path`.
    static func otherProgram(counting title: String, in path: String) throws -> Int {
        let other = Process()
        let output = Pipe()
        // `scripts/test` names its environment's interpreter; otherwise python3 from PATH.
        let python = ProcessInfo.processInfo.environment["CHARFLOW_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
        other.executableURL = URL(fileURLWithPath: python ?? "/usr/bin/env")
        other.arguments = (python == nil ? ["python3"] : []) + ["-c", """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            print(c.execute("SELECT count(*) FROM tasks WHERE title = ?", (sys.argv[2],)).fetchone()[0])
            c.close()
            """, path, title]
        other.standardOutput = output
        try other.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        other.waitUntilExit()
        try #require(other.terminationStatus == 0, "python3 with its sqlite3 module is needed")
        return Int(String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
