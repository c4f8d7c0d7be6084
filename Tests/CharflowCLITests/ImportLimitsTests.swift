import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Imports are bounded and a long one says how far it is (issue 17, item 4).
@Suite("Import limits: file size, title length, progress")
struct ImportLimitsTests {
    static let now = "2026-11-30T09:00"

    @Test("X-5 a file over 64 MB is refused before it is read, and nothing changes")
    func fileTooBig() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", now: Self.now)
        let file = cf.folder.appendingPathComponent("huge.txt")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(65 << 20))
        try handle.close()
        let refused = try cf.expectRefused(["import", file.path], now: Self.now)
        expectContains(refused.message, "up to 64 MB", "\(refused)")
    }

    @Test("B-1 B-10 a title over 500 characters is refused by add and edit; 500 is taken")
    func titleLength() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add(String(repeating: "t", count: 500), now: Self.now)
        let add = try cf.expectRefused(["add", String(repeating: "t", count: 501)], now: Self.now)
        expectEqual(add.code, "title_too_long")
        let edit = try cf.expectRefused(["edit", id, "--title", String(repeating: "é", count: 501)], now: Self.now)
        expectEqual(edit.code, "title_too_long")
    }

    @Test("X-5 a todo.txt line of a megabyte and a backup title over 500 characters are refused, naming the place")
    func importedTitleLength() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", now: Self.now)
        let todo = cf.folder.appendingPathComponent("todo.txt")
        try Data(("Fine\n" + String(repeating: "a", count: 1 << 20) + "\n").utf8).write(to: todo)
        let line = try cf.expectRefused(["import", todo.path], now: Self.now)
        expectContains(line.message, "line 2", "\(line)")

        let source = try CharflowRunner()
        defer { source.removeFolder() }
        try source.add("Short", now: Self.now)
        var document = try #require(try JSONSerialization.jsonObject(with: Data(try source.run(["export"]).stdout.utf8)) as? [String: Any])
        var tables = try #require(document["tables"] as? [String: [[String: Any]]])
        tables["tasks"]![0]["title"] = String(repeating: "b", count: 501)
        document["tables"] = tables
        let backup = cf.folder.appendingPathComponent("backup.json")
        try JSONSerialization.data(withJSONObject: document).write(to: backup)
        let row = try cf.expectRefused(["import", backup.path], now: Self.now)
        expectContains(row.message, "tasks[1].title", "\(row)")
    }
}
