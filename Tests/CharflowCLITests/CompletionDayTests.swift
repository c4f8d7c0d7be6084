import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A completion keeps the logical day it was made on (rules B-15, H-14, P-8): a later change of the
/// rollover time never moves it to another day, in history, in an avoid habit's engagement or
/// anywhere else, and the day travels through undo, import, backups and sync.
@Suite("A completion keeps the day it was made on")
struct CompletionDayTests {
    static let zones = ["Europe/Berlin", "America/New_York"]

    /// The titles `history DAY --json` lists, read at `now`.
    static func history(_ runner: CharflowRunner, _ day: String, now: String = "2028-05-29T09:00") throws -> [String] {
        JSONPath.titles(JSONPath.tasks(try runner.json(["history", day], now: now), "tasks"))
    }

    /// The stored day of the task titled `title`, read without writing.
    static func storedDay(_ runner: CharflowRunner, _ title: String) throws -> String? {
        try Database(path: runner.storePath, readOnly: true)
            .scalar("SELECT completed_day FROM tasks WHERE title = ?", [.text(title)])?.text
    }

    @Test("B-15 H-14 P-8 done at 02:00 under a 04:00 rollover: the 27th keeps it after the rollover moves to 00:00",
          arguments: zones)
    func rolloverChangeKeepsTheDay(_ zone: String) throws {
        let runner = try CharflowRunner(timeZone: zone)
        defer { runner.removeFolder() }
        let snacks = try runner.addHabit("Snacks", ["--kind", "avoid", "--target", "1"], now: "2028-05-20T09:00")
        try runner.ok(["settings", "rollover-time", "04:00"], now: "2028-05-20T09:00")
        let letter = try runner.add("Post the letter", ["--region", "evening"], now: "2028-05-27T18:00")
        try runner.ok(["done", letter], now: "2028-05-28T02:00")
        try expectEqual(Self.storedDay(runner, "Post the letter"), "2028-05-27")
        try expectEqual(Self.history(runner, "2028-05-27"), ["Post the letter"])
        expectTrue(try Self.history(runner, "2028-05-28").isEmpty)
        try expectEqual(runner.habitStates(snacks, ["2028-05-27", "2028-05-28"], now: "2028-05-29T09:00"), ["complete", "empty"])

        try runner.ok(["settings", "rollover-time", "00:00"], now: "2028-05-29T09:00")
        let history = try runner.json(["history", "2028-05-27"], now: "2028-05-29T09:01")
        expectEqual(JSONPath.titles(JSONPath.tasks(history, "tasks")), ["Post the letter"])
        expectTrue(try Self.history(runner, "2028-05-28", now: "2028-05-29T09:01").isEmpty)
        let text = try runner.ok(["history", "2028-05-28"], now: "2028-05-29T09:01").stdout
        expectLacks(text, "Post the letter", "\(text)")
        try expectEqual(runner.habitStates(snacks, ["2028-05-27", "2028-05-28"], now: "2028-05-29T09:01"), ["complete", "empty"])
    }

    @Test("B-15 P-8 R-1 done at 02:00 on a Monday under a 04:00 rollover: the week's review keeps it in the week before when the rollover moves")
    func reviewKeepsTheWeek() throws {
        let runner = try CharflowRunner(timeZone: "America/New_York")
        defer { runner.removeFolder() }
        try runner.ok(["settings", "first-weekday", "monday"], now: "2028-05-20T09:00")
        try runner.ok(["settings", "rollover-time", "04:00"], now: "2028-05-20T09:00")
        let letter = try runner.add("Post the letter", ["--region", "evening"], now: "2028-05-28T18:00")
        try runner.ok(["done", letter], now: "2028-05-29T02:00")
        try runner.ok(["settings", "rollover-time", "00:00"], now: "2028-06-06T09:00")
        func done(_ week: String) throws -> Int? {
            let review = try runner.json(["review", "--week", week], now: "2028-06-06T09:01")
            return (review["done"] as? [String: Any])?["count"] as? Int
        }
        try expectEqual(done("2028-W21"), 1)
        try expectEqual(done("2028-W22"), 0)
    }

    @Test("B-15 P-8 a task opened again loses its day; done again, it counts on the day of the new completion, and undo takes that away")
    func reopenClearsTheDay() throws {
        let runner = try CharflowRunner(timeZone: "Europe/Berlin")
        defer { runner.removeFolder() }
        try runner.ok(["settings", "rollover-time", "04:00"], now: "2028-05-20T09:00")
        let letter = try runner.add("Post the letter", ["--region", "evening"], now: "2028-05-27T18:00")
        try runner.ok(["done", letter], now: "2028-05-28T02:00")
        try runner.ok(["undone", letter], now: "2028-05-28T02:30")
        try expectEqual(Self.storedDay(runner, "Post the letter"), nil)
        expectTrue(try Self.history(runner, "2028-05-27", now: "2028-05-28T02:31").isEmpty)
        try runner.ok(["done", letter], now: "2028-05-28T10:00")
        try expectEqual(Self.storedDay(runner, "Post the letter"), "2028-05-28")
        try expectEqual(Self.history(runner, "2028-05-28", now: "2028-05-28T10:01"), ["Post the letter"])
        expectTrue(try Self.history(runner, "2028-05-27", now: "2028-05-28T10:01").isEmpty)
        try runner.ok(["undo"], now: "2028-05-28T10:02")
        try expectEqual(Self.storedDay(runner, "Post the letter"), nil)
        expectTrue(try Self.history(runner, "2028-05-28", now: "2028-05-28T10:03").isEmpty)
    }

    @Test("B-15 P-8 a task imported done gets the day its completion falls on here, and keeps it when the rollover moves")
    func importedCompletionGetsADay() throws {
        let runner = try CharflowRunner(timeZone: "Europe/Berlin")
        defer { runner.removeFolder() }
        try runner.ok(["settings", "rollover-time", "04:00"], now: "2028-05-20T09:00")
        let file = runner.folder.appendingPathComponent("tasks.json")
        // Done at 00:00 UTC on the 28th: 02:00 in Berlin, still the 27th under a 04:00 rollover.
        try Data("""
            [{"uuid": "0b0b0b0b-0000-4000-8000-000000000001", "description": "From Taskwarrior", "status": "completed",
              "entry": "20280520T090000Z", "modified": "20280528T000000Z", "end": "20280528T000000Z"}]
            """.utf8).write(to: file)
        let imported = try runner.run(["import", file.path], now: "2028-05-28T09:00")
        expectEqual(imported.status, 0, "\(imported.stderr)")
        try expectEqual(Self.storedDay(runner, "From Taskwarrior"), "2028-05-27")
        try runner.ok(["settings", "rollover-time", "00:00"], now: "2028-05-29T09:00")
        try expectEqual(Self.history(runner, "2028-05-27"), ["From Taskwarrior"])
        expectTrue(try Self.history(runner, "2028-05-28").isEmpty)
    }

    /// A store with one task done at 02:00 on the 28th under a 04:00 rollover, and its JSON backup.
    static func doneStoreBackup() throws -> (CharflowRunner, String) {
        let source = try CharflowRunner(timeZone: "Europe/Berlin")
        try source.ok(["settings", "rollover-time", "04:00"], now: "2028-05-20T09:00")
        let letter = try source.add("Post the letter", ["--region", "evening"], now: "2028-05-27T18:00")
        try source.ok(["done", letter], now: "2028-05-28T02:00")
        return (source, try source.ok(["export", "--format", "json"], now: "2028-05-28T09:00").stdout)
    }

    @Test("B-15 P-8 X-1 a backup carries the day a completion was made on, and the restored store keeps it when its rollover moves")
    func backupKeepsTheDay() throws {
        let (source, backup) = try Self.doneStoreBackup()
        defer { source.removeFolder() }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(backup.utf8)) as? [String: Any])
        let rows = try #require((document["tables"] as? [String: Any])?["tasks"] as? [[String: Any]])
        expectEqual(rows.first?["completed_day"] as? String, "2028-05-27", "\(rows)")

        let target = try CharflowRunner(timeZone: "Europe/Berlin")
        defer { target.removeFolder() }
        let file = target.folder.appendingPathComponent("backup.json")
        try Data(backup.utf8).write(to: file)
        let imported = try target.run(["import", file.path], now: "2028-05-28T10:00")
        expectEqual(imported.status, 0, "\(imported.stderr)")
        try expectEqual(target.ok(["export", "--format", "json"], now: "2028-05-28T09:00").stdout, backup)
        try target.ok(["settings", "rollover-time", "00:00"], now: "2028-05-29T09:00")
        try expectEqual(Self.history(target, "2028-05-27"), ["Post the letter"])
        expectTrue(try Self.history(target, "2028-05-28").isEmpty)
    }

    @Test("B-15 P-8 an older backup without completion days still imports; each done task gets the day its time falls on under the restored rollover")
    func olderBackupGetsDays() throws {
        let (source, backup) = try Self.doneStoreBackup()
        defer { source.removeFolder() }
        var document = try #require(try JSONSerialization.jsonObject(with: Data(backup.utf8)) as? [String: Any])
        var tables = try #require(document["tables"] as? [String: Any])
        let rows = try #require(tables["tasks"] as? [[String: Any]])
        tables["tasks"] = rows.map { row in row.filter { $0.key != "completed_day" } }
        document["tables"] = tables
        let older = try JSONSerialization.data(withJSONObject: document)
        expectLacks(String(decoding: older, as: UTF8.self), "completed_day")

        let target = try CharflowRunner(timeZone: "Europe/Berlin")
        defer { target.removeFolder() }
        let file = target.folder.appendingPathComponent("older.json")
        try older.write(to: file)
        let imported = try target.run(["import", file.path], now: "2028-05-28T10:00")
        expectEqual(imported.status, 0, "\(imported.stderr)")
        try expectEqual(Self.storedDay(target, "Post the letter"), "2028-05-27")
        try target.ok(["settings", "rollover-time", "00:00"], now: "2028-05-29T09:00")
        try expectEqual(Self.history(target, "2028-05-27"), ["Post the letter"])
    }
}

extension CompletionDayTests {
    @Test("B-15 P-8 a store from before completions kept their day gets them on its first opening, under its rollover time then")
    func upgradeFillsTheDays() throws {
        let runner = try CharflowRunner(timeZone: "America/New_York")
        defer { runner.removeFolder() }
        try runner.ok(["settings", "rollover-time", "04:00"], now: "2028-05-20T09:00")
        let letter = try runner.add("Post the letter", ["--region", "evening"], now: "2028-05-27T18:00")
        try runner.ok(["done", letter], now: "2028-05-28T02:00")
        // The store as the build before migration 0022 left it (and so before 0026, whose index reads the day).
        let db = try Database(path: runner.storePath)
        try db.execute("""
            DROP INDEX tasks_done_by_day; DROP INDEX tasks_done_without_day; DROP INDEX tasks_done_titles_by_day;
            ALTER TABLE tasks DROP COLUMN completed_day;
            DELETE FROM charflow_migrations WHERE name IN ('0022-completion-day', '0026-done-titles-by-day')
            """)
        try expectLacks(db.columns(of: "tasks"), "completed_day")
        try expectEqual(Self.history(runner, "2028-05-27", now: "2028-05-28T09:00"), ["Post the letter"])
        try expectEqual(Self.storedDay(runner, "Post the letter"), "2028-05-27")
        try runner.ok(["settings", "rollover-time", "00:00"], now: "2028-05-29T09:00")
        try expectEqual(Self.history(runner, "2028-05-27"), ["Post the letter"])
        expectTrue(try Self.history(runner, "2028-05-28").isEmpty)
    }
}

extension CompletionDayTests {
    @Test("B-15 P-8 undo of an action recorded before completions kept their day puts the done task back with the day its time falls on")
    func undoOfAnOlderImageFillsTheDay() throws {
        let runner = try CharflowRunner(timeZone: "Europe/Berlin")
        defer { runner.removeFolder() }
        try runner.ok(["settings", "rollover-time", "04:00"], now: "2028-05-20T09:00")
        let letter = try runner.add("Post the letter", ["--region", "evening"], now: "2028-05-27T18:00")
        try runner.ok(["done", letter], now: "2028-05-28T02:00")
        try runner.ok(["undone", letter], now: "2028-05-28T02:30")
        // The image `undone` kept, as a build before migration 0022 wrote it: no day in it.
        let db = try Database(path: runner.storePath)
        try db.execute("UPDATE undo_rows SET before = json_remove(before, '$.completed_day') WHERE table_name = 'tasks'")
        try expectEqual(db.scalar("SELECT count(*) FROM undo_rows WHERE before LIKE '%completed_day%'")?.int, 0)
        try runner.ok(["undo"], now: "2028-05-28T02:40")
        try expectEqual(Self.storedDay(runner, "Post the letter"), "2028-05-27")
        try expectEqual(Self.history(runner, "2028-05-27", now: "2028-05-28T02:41"), ["Post the letter"])
    }
}

extension CompletionDayTests {
    @Test("B-15 P-8 S-4 a session finished done after midnight under a 04:00 rollover: the task and the session both keep the day before",
          arguments: zones)
    func sessionFinishedDoneKeepsTheDay(_ zone: String) throws {
        let runner = try CharflowRunner(timeZone: zone)
        defer { runner.removeFolder() }
        try runner.ok(["settings", "rollover-time", "04:00"], now: "2028-05-20T09:00")
        let letter = try runner.add("Write the letter", ["--region", "evening"], now: "2028-05-27T18:00")
        try runner.ok(["begin", letter], now: "2028-05-28T01:30")
        try runner.ok(["finish", "--done"], now: "2028-05-28T02:00")
        try expectEqual(Self.storedDay(runner, "Write the letter"), "2028-05-27")
        let sessionDay = try Database(path: runner.storePath, readOnly: true).scalar("SELECT day FROM sessions")?.text
        expectEqual(sessionDay, "2028-05-27")
        try runner.ok(["settings", "rollover-time", "00:00"], now: "2028-05-29T09:00")
        try expectEqual(Self.history(runner, "2028-05-27"), ["Write the letter"])
        expectTrue(try Self.history(runner, "2028-05-28").isEmpty)
    }
}
