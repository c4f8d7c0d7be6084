import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The lossless JSON backup (`export --format json` / `import`) through the command line.
@Suite("Backup: export, import, merge")
struct BackupTests {
    static let now = "2026-11-30T21:00"

    /// A store holding every kind of record: placed, done, deferred, repeating and purged tasks,
    /// a custom category, a session, habits of each kind with windows, entries, a pause and a group,
    /// a closed night-planning session and nudges, anchors with their marks, and the day's settings.
    static func fullStore() throws -> CharflowRunner {
        let cf = try CharflowRunner()
        try cf.run(["category", "add", "Garden", "--color", "plum"], now: "2026-11-20T08:00")
        try cf.run(["group", "add", "Morning routine"], now: "2026-11-20T08:00")
        try cf.run(["habit", "add", "--preset", "quran", "--group", "Morning routine"], now: "2026-11-20T08:00")
        try cf.run(["habit", "add", "Water", "--kind", "counted", "--target", "8"], now: "2026-11-20T08:00")
        try cf.run(["habit", "add", "Meds", "--window", "Morning 07:00-09:00 remind 07:30", "--window", "Evening"],
                   now: "2026-11-20T08:00")
        try cf.run(["habit", "add", "No sugar", "--kind", "avoid", "--target", "1"], now: "2026-11-20T08:00")
        try cf.run(["settings", "location", "51.5074,-0.1278"], now: "2026-11-20T08:00")
        try cf.run(["settings", "prayer-adjust", "isha", "2"], now: "2026-11-20T08:00")
        try cf.run(["settings", "evening", "17:30-22:30"], now: "2026-11-20T08:00")
        try cf.run(["anchor", "add", "Standup", "--at", "09:30", "--for", "15", "--weekdays", "--remind", "5", "--category", "Garden"],
                   now: "2026-11-20T08:00")
        try cf.run(["anchor", "add", "--prayer", "maghrib", "--for", "20"], now: "2026-11-20T08:00")
        try cf.run(["anchor", "attend", "Standup"], now: "2026-11-20T10:00")
        try cf.run(["anchor", "miss", "Maghrib"], now: "2026-11-21T20:00")
        let slipping = try cf.add("Renew passport", ["--importance", "high", "--category", "Garden"], now: "2026-11-24T09:00")
        let rent = try cf.add("Pay rent", ["--repeat", "monthly", "--due", "2026-11-30"], now: "2026-11-24T09:00")
        let gone = try cf.add("Old idea", now: "2026-11-24T09:00")
        try cf.run(["purge", gone], now: "2026-11-24T09:05")
        for day in ["2026-11-25", "2026-11-26", "2026-11-27"] {
            try cf.run(["habit", "log", "Water", "--count", "5"], now: day + "T12:00")
            try cf.run(["habit", "log", "Qur'an reading", "--minutes", "10"], now: day + "T12:00")
            try cf.run(["habit", "log", "Meds", "--window", "Morning"], now: day + "T08:00")
        }
        try cf.run(["habit", "log", "No sugar", "--slip"], now: "2026-11-27T20:00")
        try cf.run(["habit", "pause", "Meds", "--from", "2026-12-10", "--to", "2026-12-15", "--reason", "travel"],
                   now: "2026-11-28T08:00")
        try cf.run(["defer", slipping], now: "2026-11-28T09:00")
        let report = try cf.add("Write report", ["--region", "morning", "--bucket", "must"], now: "2026-11-30T09:00")
        try cf.run(["begin", report], now: "2026-11-30T09:00")
        try cf.run(["finish", "--stop", "--note", "first draft"], now: "2026-11-30T10:00")
        try cf.run(["done", rent], now: "2026-11-30T11:00")
        try cf.run(["plan", "close"], now: "2026-11-30T21:00")
        try cf.run(["today"], now: now)
        return cf
    }

    @Test("X-1 export, import into an empty store, export again: byte for byte the same")
    func roundTrip() throws {
        let source = try Self.fullStore()
        defer { source.removeFolder() }
        let first = try source.run(["export", "--format", "json"], now: Self.now)
        expectEqual(first.status, 0)
        let file = source.folder.appendingPathComponent("backup.json")
        try Data(first.stdout.utf8).write(to: file)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let tables = try #require(document["tables"] as? [String: [Any]])
        for table in ["tasks", "deferrals", "sessions", "categories", "habits", "habit_windows", "habit_entries",
                      "habit_pauses", "habit_groups", "habit_schedules", "night_planning", "nudge_log", "tombstones",
                      "settings", "anchors", "anchor_resolutions"] {
            expectTrue(!(tables[table] ?? []).isEmpty, "the source store has no \(table)")
        }

        let target = try CharflowRunner()
        defer { target.removeFolder() }
        let imported = try target.run(["import", file.path], now: Self.now)
        expectEqual(imported.status, 0, "\(imported.stderr)")
        expectContains(imported.stdout, "Restored the backup")
        let second = try target.run(["export", "--format", "json"], now: Self.now)
        expectEqual(second.stdout, first.stdout)
    }

    /// The notes carry `title` exactly; the title carries it without the control characters a title
    /// cannot hold (`TextRules`).
    @Test("X-1 text that needs escaping, and text beyond ASCII, survives export and import exactly",
          arguments: ["Say \"hi\" to C:\\temp", "tab\there", "bell \u{07} and \u{1F}", "Café — 東京 🍵",
                      "line one\nline two", "\r\n at the start", "abcdefghijklmnop\"q", "abcdefghijklmnopqrstuvw\u{01}",
                      "0123456789abcdef\\", "0123456789abcdefé", "only plain ASCII, long enough for three words"])
    func escapedText(title: String) throws {
        let source = try CharflowRunner()
        defer { source.removeFolder() }
        let plain = String(String.UnicodeScalarView(title.unicodeScalars.filter { !TextRules.isUnfit($0) }))
            .trimmingCharacters(in: .whitespaces)
        try source.add("x" + plain, ["--notes", "note: " + title], now: Self.now)
        let first = try source.run(["export"], now: Self.now)
        expectEqual(first.status, 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let tables = try #require(document["tables"] as? [String: [[String: Any]]])
        let task = try #require(tables["tasks"]?.first)
        expectEqual(task["title"] as? String, "x" + plain)
        expectEqual(task["notes"] as? String, "note: " + title)
        expectEqual(task["deferral_count"] as? Int, 0)
        let file = source.folder.appendingPathComponent("backup.json")
        try Data(first.stdout.utf8).write(to: file)
        let target = try CharflowRunner()
        defer { target.removeFolder() }
        try expectEqual(target.run(["import", file.path], now: Self.now).status, 0)
        try expectEqual(target.run(["export"], now: Self.now).stdout, first.stdout)
    }

    @Test("X-1 an export that cannot be written (a full disk) says so and exits 1")
    func exportToFullDisk() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Something to export", now: Self.now)
        let result = try cf.run(["export"], now: Self.now, standardOutput: "/dev/full")
        expectEqual(result.status, 1)
        expectEqual(result.stderr, "charflow: Could not write the export: No space left on device.\n")
    }

    @Test("X-1 with --json, export prints one JSON document: the backup itself, or the file it wrote; a CSV or iCalendar export to standard output is a usage error")
    func exportJSONIsOneDocument() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Something to export", now: Self.now)
        let file = cf.folder.appendingPathComponent("backup.json")
        let written = try cf.run(["export", "--out", file.path, "--json"], now: Self.now)
        expectEqual(written.status, 0, "\(written.stderr)")
        let document = try written.json()
        expectEqual(document["exported"] as? String, file.path)
        expectEqual(document["format"] as? String, "json")
        expectEmpty(written.stderr, "the text note was printed too: \(written.stderr)")
        expectTrue(FileManager.default.fileExists(atPath: file.path))
        let text = try cf.run(["export", "--out", file.path], now: Self.now)
        #expect(text.stderr == "Exported to \(file.path).\n" && text.stdout.isEmpty)
        for format in ["csv", "ics"] {
            let refused = try cf.run(["export", "--format", format, "--json"], now: Self.now)
            expectEqual(refused.status, 2, "\(format): exit \(refused.status)")
            try expectEqual(refused.errorDocument().code, "usage")
            expectContains(refused.stderr, "give --out FILE", "\(refused.stderr)")
        }
    }

    @Test("X-1 a dry run reports what would change and changes nothing")
    func dryRun() throws {
        let source = try Self.fullStore()
        defer { source.removeFolder() }
        let file = source.folder.appendingPathComponent("backup.json")
        try source.run(["export", "--out", file.path], now: Self.now)
        let target = try CharflowRunner()
        defer { target.removeFolder() }
        try target.add("Already here", now: Self.now)
        let before = try target.contents()
        let result = try target.run(["import", file.path, "--dry-run", "--json"], now: Self.now)
        expectEqual(result.status, 0)
        let report = try result.json()
        expectEqual(report["dryRun"] as? Bool, true)
        expectTrue((report["inserted"] as? Int ?? 0) > 10)
        try expectEqual(target.contents(), before)
    }

    @Test("X-1 merging keeps the newer change of each record and the file's deletions")
    func mergeNewerWins() throws {
        let a = try CharflowRunner()
        defer { a.removeFolder() }
        let shared = try a.add("Shared task", now: "2026-11-28T09:00")
        let doomed = try a.add("Doomed task", now: "2026-11-28T09:00")
        let fileA = a.folder.appendingPathComponent("a.json")
        try a.run(["export", "--out", fileA.path], now: "2026-11-28T09:01")

        let b = try CharflowRunner()
        defer { b.removeFolder() }
        try expectEqual(b.run(["import", fileA.path], now: "2026-11-28T09:02").status, 0)
        // B edits the shared task later; A purges the doomed one and edits the shared one earlier than B.
        try a.run(["edit", shared, "--title", "Shared (A)"], now: "2026-11-28T10:00")
        try b.run(["edit", shared, "--title", "Shared (B)"], now: "2026-11-28T11:00")
        try a.run(["purge", doomed], now: "2026-11-28T10:30")
        let fileA2 = a.folder.appendingPathComponent("a2.json")
        try a.run(["export", "--out", fileA2.path], now: "2026-11-28T12:00")

        let merged = try b.run(["import", fileA2.path, "--json"], now: "2026-11-28T12:01")
        expectEqual(merged.status, 0, "\(merged.stderr)")
        let list = try b.json(["list", "--all"], now: "2026-11-28T12:02")
        let titles = JSONPath.titles(JSONPath.tasks(list, "tasks"))
        expectEqual(titles, ["Shared (B)"], "B's later edit wins and A's purge reaches B: \(titles)")
    }

    @Test("X-1 merging applies the (seriesID, dueDate) dedup: two next instances become one")
    func mergeSeriesDedup() throws {
        let a = try CharflowRunner()
        defer { a.removeFolder() }
        let rent = try a.add("Pay rent", ["--repeat", "monthly", "--due", "2026-11-30"], now: "2026-11-28T09:00")
        let fileA = a.folder.appendingPathComponent("a.json")
        try a.run(["export", "--out", fileA.path], now: "2026-11-28T09:01")
        let b = try CharflowRunner()
        defer { b.removeFolder() }
        try b.run(["import", fileA.path], now: "2026-11-28T09:02")
        // Both devices complete the instance: each makes its own next instance for 2026-12-30.
        try a.run(["done", rent], now: "2026-11-30T09:00")
        try b.run(["done", rent], now: "2026-11-30T09:05")
        let fileA2 = a.folder.appendingPathComponent("a2.json")
        try a.run(["export", "--out", fileA2.path], now: "2026-11-30T09:10")
        try expectEqual(b.run(["import", fileA2.path], now: "2026-11-30T09:11").status, 0)
        let upcoming = JSONPath.tasks(try b.json(["upcoming"], now: "2026-11-30T09:12"), "tasks")
        expectEqual(upcoming.count, 1)
        expectEqual(upcoming.first?["dueDate"] as? String, "2026-12-30")
    }

    @Test("X-1 S-11 merging two stores each with a live session stops the later one and says so once")
    func mergeOneLiveSession() throws {
        let a = try CharflowRunner()
        defer { a.removeFolder() }
        let first = try a.add("First", now: "2026-11-30T08:00")
        let second = try a.add("Second", now: "2026-11-30T08:00")
        let file = a.folder.appendingPathComponent("a.json")
        try a.run(["export", "--out", file.path], now: "2026-11-30T08:01")
        let b = try CharflowRunner()
        defer { b.removeFolder() }
        try b.run(["import", file.path], now: "2026-11-30T08:02")
        try a.run(["begin", first], now: "2026-11-30T09:00")
        try b.run(["begin", second], now: "2026-11-30T09:30")
        let file2 = a.folder.appendingPathComponent("a2.json")
        try a.run(["export", "--out", file2.path], now: "2026-11-30T10:00")
        let merged = try b.run(["import", file2.path], now: "2026-11-30T10:00")
        expectEqual(merged.status, 0, "\(merged.stderr)")
        let status = try b.json(["status"], now: "2026-11-30T10:01")
        let session = try #require(status["session"] as? [String: Any])
        expectEqual(session["taskID"] as? String, first, "the earlier-started session stays live")
        let secondSessions = try #require(try b.json(["show", second], now: "2026-11-30T10:01")["sessions"] as? [[String: Any]])
        expectEqual(secondSessions.first?["outcome"] as? String, "abandoned")
        expectEqual((secondSessions.first?["actualSeconds"] as? Int ?? 0), 30 * 60)
        let signals = (try b.json(["today"], now: "2026-11-30T10:02")["signals"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        expectContains(signals, "twoTimersStopped")
        try expectContains(b.run(["today"], now: "2026-11-30T10:02").stdout, "stopped", "the text Today shows the notice and marks it seen")
        let again = (try b.json(["today"], now: "2026-11-30T10:03")["signals"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        expectLacks(again, "twoTimersStopped")
    }

    @Test("X-5 a malformed backup is refused with the place at fault and the store untouched", arguments: [
        ("{\"format\": \"charflow-backup\", \"version\": 1, \"tables\": {\"tasks\": [{\"id\": 5}]}}", "tasks[1].id"),
        ("{\"format\": \"charflow-backup\", \"version\": 1, \"tables\": {\"tasks\": [TASK_BAD_DATE]}}", "tasks[1].due_date"),
        ("{\"format\": \"charflow-backup\", \"version\": 1, \"tables\": {\"tasks\": [TASK_BAD_ENUM]}}", "tasks[1].importance"),
        ("{\"format\": \"charflow-backup\", \"version\": 1, \"tables\": {\"gadgets\": []}}", "tables.gadgets"),
        ("{\"format\": \"charflow-backup\", \"version\": 99, \"tables\": {}}", "version"),
        ("{\"format\": \"charflow-backup\", \"version\": 1, \"tables\": {\"deferrals\": [ORPHAN]}}", "deferrals"),
        ("{\"format\": \"charflow-backup\", \"version\": 1, \"tables\": {\"tasks\": [", "file"),
        // T-25: every command gives a repeating task a day; a row without one is refused.
        ("{\"format\": \"charflow-backup\", \"version\": 1, \"tables\": {\"tasks\": [TASK_REPEAT_NO_DAY]}}", "tasks[1].due_date"),
        // F-2: what `anchor add` refuses, a backup's anchor row may not hold either.
        ("{\"format\": \"charflow-backup\", \"version\": 1, \"tables\": {\"anchors\": [ANCHOR_BAD_DAYS]}}", "anchors[1].weekdays"),
        ("{\"format\": \"charflow-backup\", \"version\": 1, \"tables\": {\"anchors\": [ANCHOR_BAD_DURATION]}}", "anchors[1].duration_minutes"),
        ("{\"format\": \"charflow-backup\", \"version\": 1, \"tables\": {\"anchors\": [ANCHOR_BAD_KIND]}}", "anchors[1].schedule_kind"),
        ("{\"format\": \"charflow-backup\", \"version\": 1, \"tables\": {\"settings\": [BAD_HOURS]}}", "settings[1].value"),
    ])
    func malformed(_ template: String, _ place: String) throws {
        let task = { (field: String, value: String) -> String in
            var fields: [String: String] = [
                "id": "\"0b0b0b0b-0000-4000-8000-000000000001\"", "title": "\"x\"", "importance": "\"low\"",
                "is_completed": "0", "deferral_count": "0", "repeat_kind": "\"none\"", "repeat_weekdays": "\"\"",
                "repeat_day_of_month": "0", "created_at": "\"2026-11-30T09:00:00.000Z\"", "sort_order": "0",
                "modified_at": "\"2026-11-30T09:00:00.000Z\"",
            ]
            fields[field] = value
            return "{" + fields.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
        let orphan = "{\"id\": \"0c0c0c0c-0000-4000-8000-000000000001\", \"task_id\": \"0d0d0d0d-0000-4000-8000-000000000001\", "
            + "\"deferred_on\": \"2026-11-30T09:00:00.000Z\", \"day\": \"2026-11-30\", \"deferred_to\": null, "
            + "\"reason\": \"reschedule\", \"modified_at\": \"2026-11-30T09:00:00.000Z\"}"
        let anchor = { (field: String, value: String) -> String in
            var fields: [String: String] = [
                "id": "\"0e0e0e0e-0000-4000-8000-000000000001\"", "title": "\"Standup\"", "schedule_kind": "\"fixed\"",
                "start_minute": "570", "weekdays": "\"1,2,3,4,5\"", "prayer": "\"fajr\"", "duration_minutes": "15",
                "is_archived": "0", "created_at": "\"2026-11-30T09:00:00.000Z\"", "modified_at": "\"2026-11-30T09:00:00.000Z\"",
            ]
            fields[field] = value
            return "{" + fields.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
        }
        let text = template
            .replacingOccurrences(of: "ANCHOR_BAD_DAYS", with: anchor("weekdays", "\"1,9\""))
            .replacingOccurrences(of: "ANCHOR_BAD_DURATION", with: anchor("duration_minutes", "0"))
            .replacingOccurrences(of: "ANCHOR_BAD_KIND", with: anchor("schedule_kind", "\"sometimes\""))
            .replacingOccurrences(of: "BAD_HOURS", with: "{\"key\": \"morning\", \"value\": \"6-12\", \"modified_at\": \"2026-11-30T09:00:00.000Z\"}")
            .replacingOccurrences(of: "TASK_BAD_DATE", with: task("due_date", "\"2026-02-30\""))
            .replacingOccurrences(of: "TASK_BAD_ENUM", with: task("importance", "\"urgent\""))
            .replacingOccurrences(of: "ORPHAN", with: orphan)
            .replacingOccurrences(of: "TASK_REPEAT_NO_DAY", with: task("repeat_kind", "\"daily\""))
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", now: Self.now)
        let file = cf.folder.appendingPathComponent("bad.json")
        try Data(text.utf8).write(to: file)
        let before = try cf.contents()
        let result = try cf.run(["import", file.path, "--from", "charflow"], now: Self.now)
        expectEqual(result.status, 1)
        expectContains(result.stderr, place, "\(result.stderr)")
        expectContains(result.stderr, "Nothing was changed")
        try expectEqual(cf.contents(), before)
    }

    @Test("X-5 H-10 a window target its habit's kind cannot take is refused, the habit in the file or in the store")
    func windowTargetOfItsKind() throws {
        let source = try CharflowRunner()
        defer { source.removeFolder() }
        try expectEqual(source.run(["habit", "add", "Dhikr", "--preset", "dhikr"], now: Self.now).status, 0)
        let exported = try source.run(["export"], now: Self.now)
        var document = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
        var tables = try #require(document["tables"] as? [String: Any])
        var windows = try #require(tables["habit_windows"] as? [[String: Any]])
        try #require(windows.count == 1)
        windows[0]["target"] = 0
        tables["habit_windows"] = windows
        document["tables"] = tables
        let broken = source.folder.appendingPathComponent("zero-target.json")
        try JSONSerialization.data(withJSONObject: document).write(to: broken)

        // The habit comes in the same file: a fresh store refuses the row and stays empty.
        let fresh = try CharflowRunner()
        defer { fresh.removeFolder() }
        try fresh.add("Keep me", now: Self.now)
        let before = try fresh.contents()
        let refused = try fresh.run(["import", broken.path, "--from", "charflow"], now: Self.now)
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "habit_windows[1].target", "\(refused.stderr)")
        try expectEqual(fresh.contents(), before)

        // The habit is already in the store: merging the file's window is refused the same way.
        let sourceBefore = try source.contents()
        let merged = try source.run(["import", broken.path, "--from", "charflow"], now: Self.now)
        expectEqual(merged.status, 1)
        expectContains(merged.stderr, "habit_windows[1].target", "\(merged.stderr)")
        try expectEqual(source.contents(), sourceBefore)
    }

    @Test("X-5 fifty megabytes of garbage are refused quickly and change nothing")
    func garbage() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", now: Self.now)
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: 50 * 1024 * 1024)
        for index in stride(from: 0, to: bytes.count, by: 8) {
            let value = generator.next()
            withUnsafeBytes(of: value) { raw in
                for offset in 0..<min(8, bytes.count - index) { bytes[index + offset] = raw[offset] }
            }
        }
        let file = cf.folder.appendingPathComponent("garbage.bin")
        try Data(bytes).write(to: file)
        let before = try cf.contents()
        let started = Date()
        let result = try cf.run(["import", file.path], now: Self.now)
        expectEqual(result.status, 1)
        expectContains(result.stderr, "file")
        try expectEqual(cf.contents(), before)
        expectTrue(Date().timeIntervalSince(started) < 30)
    }
}
