import CharflowStore
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
        #expect(refused.message.contains("up to 64 MB"), "\(refused)")
    }

    @Test("X-5 a large backup wrong from its first row is refused there, in a fraction of the memory its rows would take")
    func largeMalformedBackupStaysSmall() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", now: Self.now)
        let before = try cf.contents()
        // 16 MB of small rows, each wrong (an id that is no text): parsed whole, their objects need over
        // 600 MB; read row by row, the refusal comes at the first.
        let file = cf.folder.appendingPathComponent("wrong-rows.json")
        var text = #"{"format": "charflow-backup", "version": 1, "tables": {"tasks": ["#
        text += Array(repeating: #"{"id": 1}"#, count: 1_600_000).joined(separator: ",")
        text += "]}}"
        try Data(text.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // 400 MB of address space: the binary and the file's bytes fit, its rows as objects do not.
        process.arguments = ["-c", #"ulimit -v 409600 && exec "$0" "$@""#, CharflowRunner.binary.path,
                             "import", file.path, "--from", "charflow", "--now", Self.now]
        process.environment = cf.environment(extra: [:])
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(process.terminationStatus): \(message)")
        #expect(message.contains("tasks[1].id"), "\(message)")
        #expect(try cf.contents() == before)
    }

    @Test("B-1 B-10 a title over 500 characters is refused by add and edit; 500 is taken")
    func titleLength() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add(String(repeating: "t", count: 500), now: Self.now)
        let add = try cf.expectRefused(["add", String(repeating: "t", count: 501)], now: Self.now)
        #expect(add.code == "title_too_long")
        let edit = try cf.expectRefused(["edit", id, "--title", String(repeating: "é", count: 501)], now: Self.now)
        #expect(edit.code == "title_too_long")
    }

    @Test("X-5 a todo.txt line of a megabyte and a backup title over 500 characters are refused, naming the place")
    func importedTitleLength() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", now: Self.now)
        let todo = cf.folder.appendingPathComponent("todo.txt")
        try Data(("Fine\n" + String(repeating: "a", count: 1 << 20) + "\n").utf8).write(to: todo)
        let line = try cf.expectRefused(["import", todo.path], now: Self.now)
        #expect(line.message.contains("line 2"), "\(line)")

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
        #expect(row.message.contains("tasks[1].title"), "\(row)")
    }

    @Test("X-4 a long import shows its progress on a terminal's stderr, and none when piped")
    func progress() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let file = cf.folder.appendingPathComponent("many.txt")
        try Data((0..<2500).map { "Task number \($0)\n" }.joined().utf8).write(to: file)
        let piped = try cf.run(["import", file.path, "--dry-run"], now: Self.now)
        #expect(piped.status == 0)
        #expect(!piped.stderr.contains("Importing"), "\(piped.stderr)")
        let script = try #require(["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "script(1) gives the import a terminal")
        let typescript = cf.folder.appendingPathComponent("typescript").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", "'\(CharflowRunner.binary.path)' import '\(file.path)' --now \(Self.now)", typescript]
        process.environment = cf.environment()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let shown = String(decoding: FileManager.default.contents(atPath: typescript) ?? Data(), as: UTF8.self)
        #expect(shown.contains("Importing: 2000 of 2500 tasks"), "\(shown)")
        #expect(shown.contains("Imported 2500 tasks."), "\(shown)")
    }
}
