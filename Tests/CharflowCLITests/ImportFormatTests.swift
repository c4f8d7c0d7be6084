import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// What an import is given: recognised formats, refused foreign files, nothing to import (issue 17, item 5).
@Suite("Import formats: recognised, refused by name, or nothing to import")
struct ImportFormatTests {
    static let now = "2026-11-30T09:00"

    static func write(_ text: String, _ name: String, in cf: CharflowRunner) throws -> String {
        let file = cf.folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test("X-5 Charflow's own .ics and .csv exports are refused by name, never read as todo.txt",
          arguments: [("ics", "tasks"), ("csv", "tasks"), ("csv", "habits"), ("csv", "entries")])
    func ownExportsRefused(format: String, table: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Water the plants", ["--due", "2026-12-01", "--repeat", "daily"], now: Self.now)
        try cf.add("Call the bank, then the school", now: Self.now)
        try cf.addHabit("Water", ["--kind", "counted", "--target", "8"], now: Self.now)
        let export = try cf.run(["export", "--format", format] + (format == "csv" ? ["--table", table] : []), now: Self.now)
        expectEqual(export.status, 0, "\(export.stderr)")
        let path = try Self.write(export.stdout, "export." + format, in: cf)
        for from in [[], ["--from", "todotxt"]] {
            let refused = try cf.expectRefused(["import", path] + from, now: Self.now)
            expectTrue(refused.message.contains(format == "ics" ? "an iCalendar file" : "a CSV file"), "\(refused)")
            expectContains(refused.message, "Nothing was changed", "\(refused)")
        }
    }

    @Test("X-5 a binary file and a file that is not UTF-8 are refused")
    func binaryRefused() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", now: Self.now)
        for (name, bytes) in [("a.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00] as [UInt8]),
                              ("latin1.txt", Array("caf".utf8) + [0xE9, 0x0A])] {
            let file = cf.folder.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            try cf.expectRefused(["import", file.path], now: Self.now)
        }
    }

    @Test("X-4 an empty file, blank lines or JSON null import nothing and say so", arguments: ["", "\n\n  \n", "null", " null\n"])
    func nothingToImport(text: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", now: Self.now)
        let path = try Self.write(text, "empty.txt", in: cf)
        let before = try cf.contents()
        let result = try cf.run(["import", path], now: Self.now)
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stdout, "nothing to import", "\(result.stdout)")
        try expectEqual(cf.contents(), before)
        let json = try cf.json(["import", path], now: Self.now)
        expectEqual(json["inserted"] as? Int, 0)
    }

    @Test("X-4 a todo.txt whose lines hold commas is still todo.txt")
    func commasInTodo() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let path = try Self.write("Buy milk, eggs, bread\nCall mum, then dad, then the bank\n", "todo.txt", in: cf)
        let result = try cf.run(["import", path], now: Self.now)
        expectEqual(result.status, 0, "\(result.stderr)")
        expectEqual(JSONPath.titles(JSONPath.tasks(try cf.json(["list", "--all"]), "tasks")).count, 2)
    }
}

/// An import is one action `undo` reverts, and re-importing an unchanged file changes nothing
/// (issue 17, items 6 and 7).
@Suite("Import and undo; importing again")
struct ImportUndoTests {
    static let now = "2026-11-30T09:00"

    static let todo = """
        (A) Renew passport due:2026-12-04 +Admin
        Water the plants @home
        x Pay rent
        2026-11-20 Read the lease
        """

    @Test("B-21 X-4 undo reverts a whole todo.txt import, and the action before it stays undoable", arguments: ["todo", "taskwarrior", "backup"])
    func undoImport(kind: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Before", ["--region", "morning"], now: Self.now)
        let edited = try cf.add("Edited before", now: Self.now)
        try cf.run(["edit", edited, "--title", "Edited title"], now: Self.now)
        let file = cf.folder.appendingPathComponent("import.txt")
        switch kind {
        case "todo":
            try Data(Self.todo.utf8).write(to: file)
        case "taskwarrior":
            try Data("""
                [{"uuid": "0b0b0b0b-0000-4000-8000-000000000001", "description": "From Taskwarrior", "status": "pending",
                  "entry": "20261120T090000Z", "modified": "20261120T090000Z", "project": "Errands"}]
                """.utf8).write(to: file)
        default:
            let source = try CharflowRunner()
            defer { source.removeFolder() }
            try source.add("From a backup", ["--region", "evening"], now: Self.now)
            try source.addHabit("Water", ["--kind", "counted", "--target", "8"], now: Self.now)
            try Data(try source.run(["export"], now: Self.now).stdout.utf8).write(to: file)
        }
        let before = try cf.contents()
        let imported = try cf.run(["import", file.path], now: "2026-11-30T09:05")
        expectEqual(imported.status, 0, "\(imported.stderr)")
        try expectNotEqual(cf.contents(), before)
        let undo = try cf.run(["undo"], now: "2026-11-30T09:06")
        expectEqual(undo.status, 0, "\(undo.stderr)")
        let titles = JSONPath.titles(JSONPath.tasks(try cf.json(["list", "--all"], now: "2026-11-30T09:07"), "tasks"))
        expectEqual(Set(titles), ["Before", "Edited title"], "\(titles)")
        try expectEqual(cf.storeQuery("SELECT count(*) FROM habits"), ["0"])
        try expectEqual(cf.storeQuery("SELECT count(*) FROM categories WHERE name IN ('Admin', 'Errands')"), ["0"])
        // The edit before the import is still the next undo.
        try expectEqual(cf.run(["undo"], now: "2026-11-30T09:08").status, 0)
        try expectEqual(cf.show(edited, now: "2026-11-30T09:09")["title"] as? String, "Edited before")
    }

    @Test("X-4 importing an unchanged todo.txt again changes nothing, and work done in Charflow stays")
    func reimportUnchanged() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let file = cf.folder.appendingPathComponent("todo.txt")
        try Data(Self.todo.utf8).write(to: file)
        try expectEqual(cf.run(["import", file.path], now: Self.now).status, 0)
        let list = JSONPath.tasks(try cf.json(["list", "--all"], now: Self.now), "tasks")
        let water = try #require(list.first { $0["title"] as? String == "Water the plants" }?["id"] as? String)
        let lease = try #require(list.first { $0["title"] as? String == "Read the lease" }?["id"] as? String)
        try cf.run(["done", water], now: "2026-11-30T10:00")
        try cf.run(["note", lease, "Asked about the deposit"], now: "2026-11-30T10:01")
        let again = try cf.json(["import", file.path], now: "2026-12-01T09:00")
        expectEqual(again["updated"] as? Int, 0, "\(again)")
        expectEqual(again["inserted"] as? Int, 0, "\(again)")
        try expectEqual(cf.show(water, now: "2026-12-01T09:01")["isCompleted"] as? Bool, true)
        expectEqual((try cf.show(lease, now: "2026-12-01T09:01")["notes"] as? String)?.contains("deposit"), true)
        let after = try cf.json(["import", file.path, "--dry-run"], now: "2026-12-01T09:02")
        expectEqual(after["updated"] as? Int, 0)
    }
}

/// Foreign files follow one rule (issue 40, item 16): an item that cannot be read refuses the file, naming
/// the first ten places, and changes nothing; `--skip-unreadable` imports the rest and lists what it left out.
@Suite("Import: unreadable items in foreign files")
struct ImportSkipTests {
    @Test("X-5 a todo.txt with a bad due: is refused whole, naming the line; --skip-unreadable imports the rest and lists it")
    func skipBadLine() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let file = cf.folder.appendingPathComponent("todo.txt")
        try Data("Buy milk\nPay bill due:2026-02-30\nCall mum\n".utf8).write(to: file)
        _ = try cf.json(["today"])
        let before = try cf.contents()
        let refused = try cf.run(["import", file.path])
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "line 2: due:2026-02-30 is not a real date", "\(refused.stderr)")
        expectContains(refused.stderr, "Nothing was changed", "\(refused.stderr)")
        expectContains(refused.stderr, "--skip-unreadable", "\(refused.stderr)")
        try expectEqual(cf.contents(), before, "a refused import changes nothing")
        let dry = try cf.json(["import", file.path, "--dry-run", "--skip-unreadable"])
        let listed = try #require(dry["notImported"] as? [[String: Any]])
        expectEqual(listed.map { $0["place"] as? String }, ["line 2"])
        let result = try cf.run(["import", file.path, "--skip-unreadable"])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stdout, "Not imported: line 2: due:2026-02-30", "\(result.stdout)")
        expectEqual(Set(JSONPath.titles(JSONPath.tasks(try cf.json(["list", "--all"]), "tasks"))), ["Buy milk", "Call mum"])
    }

    @Test("X-5 a Taskwarrior export with a bad entry and twelve bad due dates is refused naming the first ten places, with --json's code")
    func firstTenPlaces() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        var objects = [#"{"description":"Readable","status":"pending","entry":"20261120T090000Z"}"#,
                       #"{"description":"Bad entry","status":"pending","entry":"20261340T090000Z"}"#]
        for n in 1...12 { objects.append(#"{"description":"Bad due \#(n)","status":"pending","due":"20260230T000000Z"}"#) }
        let file = cf.folder.appendingPathComponent("export.json")
        try Data(("[" + objects.joined(separator: ",\n") + "]").utf8).write(to: file)
        _ = try cf.json(["today"])
        let before = try cf.contents()
        let refused = try cf.run(["import", file.path, "--json"])
        expectEqual(refused.status, 1)
        let error = try #require(try refused.json()["error"] as? [String: Any], "\(refused.stdout)")
        expectEqual(error["code"] as? String, "import_refused")
        let message = try #require(error["message"] as? String)
        expectContains(message, "13 items of the file could not be read", "\(message)")
        expectContains(message, "task 2 (entry)", "\(message)")
        for n in 3...11 { expectContains(message, "task \(n) (due)", "\(message)") }
        expectLacks(message, "task 12 (due)", "only the first ten places are named: \(message)")
        expectContains(message, "… and 3 more", "\(message)")
        try expectEqual(cf.contents(), before)
        let rest = try cf.json(["import", file.path, "--skip-unreadable"])
        expectEqual(rest["inserted"] as? Int, 1)
        expectEqual((rest["notImported"] as? [Any])?.count, 13)
    }

    @Test("T-7 X-4 a project that finds no room among eight categories is kept in the task's notes")
    func ninthCategoryKept() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        for name in ["One", "Two", "Three", "Four", "Five"] { try cf.run(["category", "add", name]) }
        let file = cf.folder.appendingPathComponent("todo.txt")
        try Data("Plan the trip +Travel\n".utf8).write(to: file)
        try expectEqual(cf.run(["import", file.path]).status, 0)
        let task = try #require(JSONPath.tasks(try cf.json(["list", "--all"]), "tasks").first)
        expectEqual((task["notes"] as? String)?.contains("Category: Travel"), true, "\(task)")
    }
}

/// A dry run reports what was made of each task's fields (issue 17, item 9).
@Suite("Import: dry run per task")
struct ImportDryRunReportTests {
    @Test("X-4 a Taskwarrior dry run names, per task, the project filed under its top and the tags kept in notes")
    func perTask() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let file = cf.folder.appendingPathComponent("export.json")
        try Data(#"""
            [{"uuid":"0b0b0b0b-0000-4000-8000-000000000001","description":"Draft the report","status":"pending",
              "entry":"20261120T090000Z","project":"Work.Reports","tags":["next","someday"]},
             {"uuid":"0b0b0b0b-0000-4000-8000-000000000002","description":"Plain","status":"pending","entry":"20261120T090000Z"}]
            """#.utf8).write(to: file)
        let result = try cf.run(["import", file.path, "--dry-run"])
        expectEqual(result.status, 0, "\(result.stderr)")
        expectContains(result.stdout, "task 1 “Draft the report”: project Work.Reports filed under Work; tags kept in the notes.", "\(result.stdout)")
        expectLacks(result.stdout, "“Plain”", "\(result.stdout)")
    }
}

/// Ids are shown by the shortest prefix that is their own, 8 characters at least (issue 40, item 18).
@Suite("Short ids of tasks whose ids share a prefix")
struct TaskShortIDTests {
    /// Imports `count` tasks whose uuids share their first 8 characters (and more), and one that does not.
    static func imported(_ count: Int, in cf: CharflowRunner) throws -> [String] {
        let ids = (1...count).map { String(format: "5a1b2c3d-%04x-4000-8000-000000000001", $0) }
        let objects = ids.enumerated().map { #"{"uuid":"\#($1)","description":"Shared \#($0 + 1)","status":"pending","entry":"20261120T090000Z"}"# }
            + [#"{"uuid":"9f000000-0000-4000-8000-000000000001","description":"Alone","status":"pending","entry":"20261120T090000Z"}"#]
        let file = cf.folder.appendingPathComponent("export.json")
        try Data(("[" + objects.joined(separator: ",\n") + "]").utf8).write(to: file)
        try cf.ok(["import", file.path])
        return ids
    }

    @Test("B-1 X-4 imported tasks whose ids share 8 characters show prefixes of their own, which resolve; a list past 64 lines too",
          arguments: [3, 80])
    func ownPrefixes(count: Int) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let ids = try Self.imported(count, in: cf)
        let listed = try cf.ok(["list", "--all"]).stdout
        var shown: [String] = []
        for line in listed.split(separator: "\n") where line.contains("Shared ") {
            let last = String(line.split(separator: " ").last ?? "")
            shown.append(last)
            expectTrue(last.count > 8, "\(line)")
            #expect(try cf.json(["show", last])["title"] as? String == line.components(separatedBy: "]").dropFirst().first?
                .trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").first, "\(line)")
        }
        expectEqual(shown.count, ids.count)
        expectEqual(Set(shown).count, shown.count, "every shown id is its own")
        expectTrue(zip(shown.sorted(), ids.sorted()).allSatisfy { $1.hasPrefix($0) })
        expectTrue(listed.contains("9f000000\n") || listed.hasSuffix("9f000000"), "an id of its own shows 8: \(listed)")
        let edited = try cf.ok(["edit", ids[0], "--title", "Renamed"]).stdout
        expectTrue(edited.contains("Edited \(ids[0].prefix(13)) “Renamed”") || edited.contains(String(ids[0].prefix(13))), "\(edited)")
    }

    @Test("B-1 B-21 the 8 characters imported tasks share are kept while two tasks have them, and an undo of the import takes them back")
    func sharedPrefixesFollowTheTasks() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        func shared() throws -> [String] {
            try Database(path: cf.storePath).rows("SELECT prefix FROM task_id_prefixes_shared ORDER BY prefix").compactMap { $0[0].text }
        }
        try cf.ok(["add", "Before the import"])
        try expectEqual(shared(), [])
        _ = try Self.imported(3, in: cf)
        try expectEqual(shared(), ["5a1b2c3d"])
        try cf.ok(["undo"])
        try expectEqual(shared(), [], "no task has those 8 characters any more")
        try expectContains(cf.ok(["list", "--all"]).stdout, "Before the import")
    }
}

