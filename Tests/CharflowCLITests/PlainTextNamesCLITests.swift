import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Titles and names are one line of plain text on every path; notes keep their lines and are printed escaped.
@Suite("Titles and names: control and direction characters refused on every path")
struct PlainTextNamesCLITests {
    static let now = "2026-11-30T09:00"
    /// A NUL cannot travel in an argument (the shell's strings end there), so it is sent through the page's API below.
    static let unfit = ["Pay\nrent", "Pay\trent", "Pay \u{1B}[31mrent", "Pay \u{202E}rent"]

    /// Runs a command that must be refused as unfit text: exit 1 like any bad input, code `unfit_character`, the field named
    /// on stderr, and the store's export unchanged.
    static func expectUnfit(_ cf: CharflowRunner, _ arguments: [String], field: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try cf.ok(["export"], now: now).stdout
        let result = try cf.run(arguments + ["--json"], now: now)
        #expect(result.status == 1, "\(arguments.debugDescription): \(result.stderr)", sourceLocation: sourceLocation)
        let error = try #require(try result.json()["error"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(error["code"] as? String == "unfit_character", "\(error)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("A \(field) is one line of plain text"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(try cf.ok(["export"], now: now).stdout == before, "the store changed", sourceLocation: sourceLocation)
    }

    @Test("B-1 B-10 add, edit --title and quick add refuse a title with a control or direction character",
          arguments: unfit)
    func taskTitles(_ title: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Pay rent")
        try Self.expectUnfit(cf, ["add", title], field: "task title")
        try Self.expectUnfit(cf, ["edit", id, "--title", title], field: "task title")
        try Self.expectUnfit(cf, ["add", "--parse", title + " ~30m"], field: "task title")
    }

    @Test("H-1 H-4 H-7 habit add and edit, a window label and group add refuse a control or direction character",
          arguments: unfit)
    func habitNames(_ name: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.addHabit("Water", ["--kind", "counted", "--target", "8"], now: Self.now)
        try Self.expectUnfit(cf, ["habit", "add", name], field: "habit name")
        try Self.expectUnfit(cf, ["habit", "edit", "Water", "--title", name], field: "habit name")
        try Self.expectUnfit(cf, ["habit", "add", "Meds", "--window", name + " 07:00-09:00"], field: "window label")
        try Self.expectUnfit(cf, ["habit", "edit", "Water", "--window", name], field: "window label")
        try Self.expectUnfit(cf, ["group", "add", name], field: "group name")
    }

    @Test("T-5 category add and rename refuse a name with a control or direction character", arguments: unfit)
    func categoryNames(_ name: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try Self.expectUnfit(cf, ["category", "add", String(name.prefix(20))], field: "category name")
        try Self.expectUnfit(cf, ["category", "rename", "Work", String(name.prefix(20))], field: "category name")
    }

    @Test("B-1 the page's API refuses a title holding NUL, an escape or a newline, and changes nothing",
          arguments: [#"Pay\u0000rent"#, #"Pay\u001b[31mrent"#, #"Pay\nrent"#, #"Pay\u202erent"#])
    func pageTitles(_ title: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let server = try ServedCharflow(cf)
        defer { server.stop() }
        let before = server.storeBytes()
        for (path, body) in [("/api/tasks", #"{"title": "\#(title)", "region": "morning"}"#),
                             ("/api/tasks", #"{"parse": "\#(title) ~15", "region": "morning", "bucket": "misc"}"#),
                             ("/api/parse", #"{"parse": "\#(title)"}"#)] {
            let answer = try server.send("POST", path, json: body)
            expectEqual(answer.status, 400, "\(path) \(body): \(answer.body)")
            // A NUL is refused by the body itself, for every field of every route (`bad_field`).
            #expect(try answer.errorCode() == (title.contains("u0000") ? "bad_field" : "unfit_character"), "\(answer.body)")
        }
        expectEqual(server.storeBytes(), before)
    }

    @Test("W-9 T-5 quick add names a category with a space through a backslash, on the CLI and the page alike")
    func escapedSpaceCategory() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.ok(["category", "add", "Side Project"], now: Self.now)
        let line = #"Sketch the logo #Side\ Project ~30m"#
        let server = try ServedCharflow(cf)
        defer { server.stop() }
        let preview = try server.send("POST", "/api/parse",
                                      json: String(decoding: try JSONSerialization.data(withJSONObject: ["parse": line]), as: UTF8.self))
        expectEqual(preview.status, 200, "\(preview.body)")
        try expectEqual(preview.json()["category"] as? String, "Side Project", "\(preview.body)")
        let refused = try server.send("POST", "/api/parse", json: #"{"parse": "Sketch\u001b[2J the logo"}"#)
        expectEqual(refused.status, 400, "\(refused.body)")
        try expectEqual(refused.errorCode(), "unfit_character")
        let task = try cf.json(["add", "--parse", line], now: Self.now)
        expectEqual(task["title"] as? String, "Sketch the logo")
        expectEqual(task["category"] as? String, "Side Project")
        expectEqual(task["effortMinutes"] as? Int, 30)
    }

    @Test("X-5 B-1 T-5 a backup row whose title or name holds a control or direction character refuses the whole import",
          arguments: [("tasks", "title", "Write\u{1B}[2Jreport"), ("tasks", "title", "Write\nreport"),
                      ("habits", "title", "Wa\u{202E}ter"), ("habit_windows", "label", "All\tday"),
                      ("categories", "name", "Wo\u{9B}rk")])
    func backupRow(_ table: String, _ column: String, _ text: String) throws {
        let (result, changed) = try ImportRulesTests.importChanged { tables in
            var rows = tables[table] ?? []
            rows[0][column] = text
            tables[table] = rows
        }
        expectNotEqual(result.status, 0, "\(result.stdout)")
        expectContains(result.stderr, "\(table)[1].\(column)", "\(result.stderr)")
        expectContains(result.stderr, "one line of plain text", "\(result.stderr)")
        expectTrue(!changed)
    }

    @Test("X-4 X-5 a Taskwarrior or todo.txt task whose text holds a control or direction character refuses the file; skipped, it is left out and named",
          arguments: [
              ("tasks.json", #"[{"description":"Buy milk","status":"pending"},{"description":"Pay\u001b[31m rent","status":"pending"}]"#,
               "task 2 (description)"),
              ("tasks.json", #"[{"description":"Buy milk","status":"pending"},{"description":"Pay\nrent","status":"pending"}]"#,
               "task 2 (description)"),
              ("todo.txt", "Buy milk\nPay \u{202E}rent +Home\n", "line 2"),
              ("todo.txt", "Buy milk\nPay \u{9B}31m rent\n", "line 2"),
          ])
    func foreignFile(_ name: String, _ text: String, _ place: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let path = try ImportFormatTests.write(text, name, in: cf)
        let refused = try cf.run(["import", path], now: Self.now)
        #expect(refused.status == 1 && refused.stderr.contains("\(place): holds"), "\(refused.stderr)")
        expectTrue(try cf.storeQuery("SELECT title FROM tasks ORDER BY title", []).isEmpty, "a refused import changes nothing")
        let result = try cf.run(["import", path, "--skip-unreadable"], now: Self.now)
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stdout, "Not imported: \(place): holds", "\(result.stdout)")
        expectContains(result.stdout, "a title is one line of plain text", "\(result.stdout)")
        let titles = try cf.storeQuery("SELECT title FROM tasks ORDER BY title", [])
        expectEqual(titles, ["Buy milk"], "only the readable task came in, unaltered")
    }

    @Test("X-5 a Taskwarrior file whose only task holds an escape character is refused and changes nothing")
    func foreignFileNothingRead() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Already here")
        let path = try ImportFormatTests.write(#"[{"description":"Pay\u001b[2J rent","status":"pending"}]"#, "tasks.json", in: cf)
        let before = try cf.contents()
        let result = try cf.run(["import", path], now: Self.now)
        expectNotEqual(result.status, 0, "\(result.stdout)")
        expectContains(result.stderr, "one line of plain text", "\(result.stderr)")
        try expectEqual(cf.contents(), before)
    }

    @Test("T-33 notes keep their lines and tabs, and show and backlog print an escape in them escaped")
    func notesEscaped() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Someday thing", ["--due", "someday", "--notes", "first\tline\n\u{1B}[31mred\u{202E}"])
        let show = try cf.ok(["show", id], now: Self.now).stdout
        expectContains(show, "first\tline\n", "\(show.debugDescription)")
        expectContains(show, "^[[31mred<U+202E>", "\(show.debugDescription)")
        let backlog = try cf.ok(["backlog"], now: Self.now).stdout
        expectContains(backlog, "Someday thing", "\(backlog.debugDescription)")
        for output in [show, backlog] {
            expectTrue(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, "\(output.debugDescription)")
        }
    }
}
