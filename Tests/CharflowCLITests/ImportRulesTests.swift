import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A backup import applies the commands' rules to every row, all or nothing (issue 17, items 2 and 3).
@Suite("Backup import: every row meets the commands' rules")
struct ImportRulesTests {
    static let now = "2026-11-30T09:00"

    /// A real export of a small store: a Must-Do and a Misc task in the morning, a deferred task,
    /// a counted habit with a log and a changed setting.
    static func backup() throws -> [String: Any] {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Write report", ["--region", "morning", "--bucket", "must"], now: now)
        try cf.add("Tidy desk", ["--region", "morning", "--effort", "15"], now: now)
        let later = try cf.add("Renew passport", ["--due", "2026-11-29"], now: "2026-11-29T09:00")
        try cf.run(["defer", later], now: now)
        try cf.addHabit("Water", ["--kind", "counted", "--target", "8"], now: now)
        try cf.ok(["habit", "log", "Water", "--count", "3"], now: now)
        try cf.run(["settings", "rollover-time", "04:00"], now: now)
        let export = try cf.run(["export"], now: now)
        expectEqual(export.status, 0)
        return try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
    }

    /// Applies `change` to the backup's tables, imports it into a fresh store and returns the result.
    static func importChanged(_ change: (inout [String: [[String: Any]]]) -> Void) throws
        -> (result: CharflowRunner.Result, changed: Bool)
    {
        var document = try backup()
        var tables = try #require(document["tables"] as? [String: [[String: Any]]])
        change(&tables)
        document["tables"] = tables
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Already here", now: now)
        let file = cf.folder.appendingPathComponent("backup.json")
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        let before = try cf.contents()
        let result = try cf.run(["import", file.path], now: now)
        return (result, try cf.contents() != before)
    }

    static func index(_ rows: [[String: Any]], title: String) -> Int {
        rows.firstIndex { $0["title"] as? String == title } ?? -1
    }

    @Test("F-15 a backup from before free time, with its day capacity row, still imports; the row shapes nothing")
    func capacityRowImports() throws {
        let (result, changed) = try Self.importChanged { tables in
            tables["settings", default: []].append(["key": "capacity", "value": "360", "modified_at": "2026-11-30T09:00:00.000Z"])
        }
        expectEqual(result.status, 0, "\(result.stderr)")
        expectTrue(changed)
    }

    @Test("X-1 the unchanged backup imports (the baseline the refusals below depart from)")
    func baseline() throws {
        let (result, changed) = try Self.importChanged { _ in }
        expectEqual(result.status, 0, "\(result.stderr)")
        expectTrue(changed)
    }

    @Test("X-5 B-1 T-2 B-3 B-4 T-19 P-7 a row the commands would refuse is refused, naming its place; nothing changes",
          arguments: [
              "empty title", "blank title", "effort -1", "effort 7", "effort 495", "second Must-Do", "bucket without region",
              "negative deferrals", "rollover 99:99", "duplicate id", "NUL in title", "due 10000", "due 1899",
              "instant 3000", "habit amount huge", "window target huge", "morning 99:00",
          ])
    func refused(_ fault: String) throws {
        var place = ""
        let (result, changed) = try Self.importChanged { tables in
            var tasks = tables["tasks"] ?? []
            let report = Self.index(tasks, title: "Write report"), tidy = Self.index(tasks, title: "Tidy desk")
            switch fault {
            case "empty title": tasks[report]["title"] = ""; place = "tasks[\(report + 1)].title"
            case "blank title": tasks[report]["title"] = "  \n "; place = "tasks[\(report + 1)].title"
            case "effort -1": tasks[tidy]["effort_minutes"] = -1; place = "tasks[\(tidy + 1)].effort_minutes"
            case "effort 7": tasks[tidy]["effort_minutes"] = 7; place = "tasks[\(tidy + 1)].effort_minutes"
            case "effort 495": tasks[tidy]["effort_minutes"] = 495; place = "tasks[\(tidy + 1)].effort_minutes"
            case "second Must-Do": tasks[tidy]["bucket"] = "mustDo"; place = "tasks[\(max(report, tidy) + 1)].bucket"
            case "bucket without region": tasks[tidy]["region"] = NSNull(); place = "tasks[\(tidy + 1)].bucket"
            case "negative deferrals": tasks[tidy]["deferral_count"] = -2; place = "tasks[\(tidy + 1)].deferral_count"
            case "NUL in title": tasks[report]["title"] = "Write\u{0}report"; place = "tasks[\(report + 1)].title"
            case "due 10000": tasks[report]["due_date"] = "10000-01-01"; place = "tasks[\(report + 1)].due_date"
            case "due 1899": tasks[report]["due_date"] = "1899-12-31"; place = "tasks[\(report + 1)].due_date"
            case "instant 3000": tasks[report]["created_at"] = "3000-01-01T00:00:00.000Z"; place = "tasks[\(report + 1)].created_at"
            case "duplicate id":
                var twin = tasks[tidy]
                twin["title"] = "Tidy desk again"
                tasks.append(twin)
                place = "tasks[\(tasks.count)].id"
            case "rollover 99:99", "morning 99:00":
                var settings = tables["settings"] ?? []
                let key = fault == "rollover 99:99" ? "rollover-time" : "morning"
                if let row = settings.firstIndex(where: { $0["key"] as? String == key }) {
                    settings[row]["value"] = fault == "rollover 99:99" ? "99:99" : "99:00-12:00"
                    place = "settings[\(row + 1)].value"
                } else {
                    settings.append(["key": key, "value": fault == "rollover 99:99" ? "99:99" : "99:00-12:00",
                                     "modified_at": "2026-11-30T09:00:00.000Z"])
                    place = "settings[\(settings.count)].value"
                }
                tables["settings"] = settings
            case "habit amount huge":
                var entries = tables["habit_entries"] ?? []
                entries[0]["amount"] = 9_000_000_000_000
                tables["habit_entries"] = entries
                place = "habit_entries[1].amount"
            case "window target huge":
                var windows = tables["habit_windows"] ?? []
                windows[0]["target"] = 5_000_000
                tables["habit_windows"] = windows
                place = "habit_windows[1].target"
            default: Issue.record("unknown fault \(fault)")
            }
            tables["tasks"] = tasks
        }
        expectEqual(result.status, 1, "\(fault): \(result.stderr)")
        expectContains(result.stderr, place, "\(fault): expected \(place) in \(result.stderr)")
        expectContains(result.stderr, "Nothing was changed", "\(result.stderr)")
        expectTrue(!changed, "\(fault) changed the store")
    }

    @Test("B-4 X-5 a merge that would overfill a bucket together with this store's tasks is refused")
    func mergeOverfills() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Mine", ["--region", "morning", "--bucket", "must"], now: Self.now)
        var document = try Self.backup()
        var tables = try #require(document["tables"] as? [String: [[String: Any]]])
        tables["settings"] = []
        document["tables"] = tables
        let file = cf.folder.appendingPathComponent("backup.json")
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        let before = try cf.contents()
        let result = try cf.run(["import", file.path], now: Self.now)
        expectEqual(result.status, 1, "\(result.stderr)")
        expectContains(result.stderr, "1–3–5", "\(result.stderr)")
        try expectEqual(cf.contents(), before)
    }
}
