import CharflowStore
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
        #expect(wal < 5 << 20, "the log is \(wal) bytes")
        #expect(try Database(path: path).scalar("SELECT count(*) FROM notes")?.int == 1000)
    }
}
