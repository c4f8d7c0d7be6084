import CharflowTestSupport
import Foundation
import Testing

/// A backup import holds rows together to the rules the commands apply across records (issue 24
/// item 7): one name per category, habit and group, eight active categories, one running timer, a
/// habit's windows within its kind, a pause that ends after it starts, a session of one task or one
/// timed habit's window, and a deferral count equal to its records. Into an empty store and into one
/// with data alike, a refusal names the row and column, and nothing changes.
@Suite("Backup import: rows held together to the commands' rules")
struct ImportCrossRowRulesTests {
    static let now = "2026-11-30T09:00"

    /// A real export: a deferred task, a running session, a counted and a timed habit, a group.
    static func backup() throws -> [String: Any] {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let later = try cf.add("Renew passport", ["--due", "2026-11-29"], now: "2026-11-29T09:00")
        try cf.ok(["defer", later], now: now)
        let focus = try cf.add("Focus", ["--region", "morning"], now: now)
        try cf.ok(["begin", focus], now: now)
        try cf.addHabit("Water", ["--kind", "counted", "--target", "8"], now: now)
        try cf.addHabit("Reading", ["--kind", "timed", "--target", "20"], now: now)
        try cf.ok(["group", "add", "Mornings"], now: now)
        let export = try cf.run(["export"], now: now)
        expectEqual(export.status, 0)
        return try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
    }

    static func newID() -> String { UUID().uuidString.lowercased() }

    /// Applies `change` to the tables and imports the file into an empty store or one with a task.
    static func importChanged(into empty: Bool, _ change: (inout [String: [[String: Any]]]) -> String)
        throws -> (result: CharflowRunner.Result, changed: Bool, place: String)
    {
        var document = try backup()
        var tables = try #require(document["tables"] as? [String: [[String: Any]]])
        let place = change(&tables)
        document["tables"] = tables
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        if !empty { try cf.add("Already here", now: now) }
        let file = cf.folder.appendingPathComponent("backup.json")
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        let before = empty ? "" : try cf.contents()
        let result = try cf.run(["import", file.path], now: now)
        let after = empty ? (FileManager.default.fileExists(atPath: cf.storePath) ? try cf.contents() : "") : try cf.contents()
        return (result, empty ? after.contains("Renew passport") : after != before, place)
    }

    static func row(_ rows: [[String: Any]], _ column: String, _ value: String) -> Int {
        rows.firstIndex { $0[column] as? String == value } ?? -1
    }

    @Test("X-1 the unchanged backup imports into an empty store and into one with data")
    func baseline() throws {
        for empty in [true, false] {
            let (result, changed, _) = try Self.importChanged(into: empty) { _ in "" }
            expectEqual(result.status, 0, "\(result.stderr)")
            expectTrue(changed)
        }
    }

    @Test("X-5 T-5 T-7 S-7 S-13 H-2 H-4 H-13 H-15 Y-18 rows the commands would refuse together are refused, naming the row; nothing changes",
          arguments: [
              "category name twice", "ninth active category", "habit name twice", "group name twice", "second running session",
              "avoid habit per week", "fifth window", "window label twice", "avoid habit second window", "pause ends first",
              "session of task and habit", "session of no one", "session on a counted habit", "deferral count off",
              "weekly habit on day 8", "schedule on day 0", "unknown frequency", "window label of 41 characters",
          ], [true, false])
    func refused(_ fault: String, _ empty: Bool) throws {
        let (result, changed, place) = try Self.importChanged(into: empty) { tables in
            var categories = tables["categories"] ?? [], habits = tables["habits"] ?? [], windows = tables["habit_windows"] ?? []
            var sessions = tables["sessions"] ?? [], tasks = tables["tasks"] ?? [], groups = tables["habit_groups"] ?? []
            var pauses = tables["habit_pauses"] ?? []
            defer {
                tables["categories"] = categories; tables["habits"] = habits; tables["habit_windows"] = windows
                tables["sessions"] = sessions; tables["tasks"] = tasks; tables["habit_groups"] = groups
                tables["habit_pauses"] = pauses
            }
            let water = Self.row(habits, "title", "Water"), reading = Self.row(habits, "title", "Reading")
            let waterID = habits[water]["id"] as? String ?? ""
            let waterWindow = Self.row(windows, "habit_id", waterID)
            switch fault {
            case "category name twice":
                var twin = categories[0]
                twin["id"] = Self.newID()
                twin["name"] = (categories[0]["name"] as? String ?? "").uppercased()
                twin["preset_key"] = NSNull()
                categories.append(twin)
                return "categories[\(categories.count)].name"
            case "ninth active category":
                for number in 1...6 {
                    var extra = categories[0]
                    extra["id"] = Self.newID()
                    extra["name"] = "Extra \(number)"
                    extra["preset_key"] = NSNull()
                    extra["is_archived"] = 0
                    categories.append(extra)
                }
                return "categories[\(categories.count)].is_archived"
            case "habit name twice":
                var twin = habits[water]
                twin["id"] = Self.newID()
                twin["title"] = "water"
                habits.append(twin)
                return "habits[\(habits.count)].title"
            case "group name twice":
                var twin = groups[0]
                twin["id"] = Self.newID()
                twin["title"] = "MORNINGS"
                groups.append(twin)
                return "habit_groups[\(groups.count)].title"
            case "second running session":
                var twin = sessions[0]
                twin["id"] = Self.newID()
                sessions.append(twin)
                return "sessions[\(sessions.count)].ended_at"
            case "avoid habit per week":
                habits[water]["kind"] = "avoid"
                habits[water]["frequency"] = "daily"
                habits[water]["target_per_week"] = 3
                return "habits[\(water + 1)].target_per_week"
            case "fifth window", "window label twice", "avoid habit second window":
                let extra = fault == "fifth window" ? 4 : 1
                for number in 1...extra {
                    var twin = windows[waterWindow]
                    twin["id"] = Self.newID()
                    twin["label"] = fault == "window label twice" ? (windows[waterWindow]["label"] as? String ?? "") : "Window \(number)"
                    windows.append(twin)
                }
                if fault == "avoid habit second window" { habits[water]["kind"] = "avoid" }
                return fault == "window label twice" ? "habit_windows[\(windows.count)].label" : "habit_windows[\(windows.count)].habit_id"
            case "pause ends first":
                pauses.append(["id": Self.newID(), "habit_id": waterID, "from_day": "2026-11-20", "to_day": "2026-11-20",
                               "reason": "travel", "modified_at": "2026-11-30T09:00:00.000Z"])
                return "habit_pauses[\(pauses.count)].to_day"
            case "session of task and habit", "session of no one", "session on a counted habit":
                var twin = sessions[0]
                twin["id"] = Self.newID()
                twin["ended_at"] = "2026-11-30T09:00:00.000Z"
                twin["outcome"] = "manual"
                if fault != "session of no one" { twin["habit_window_id"] = windows[waterWindow]["id"] }
                if fault != "session of task and habit" { twin["task_id"] = NSNull() }
                sessions.append(twin)
                return fault == "session on a counted habit" ? "sessions[\(sessions.count)].habit_window_id" : "sessions[\(sessions.count)].task_id"
            case "weekly habit on day 8":
                habits[water]["frequency"] = "custom"
                habits[water]["scheduled_days"] = "1,8"
                return "habits[\(water + 1)].scheduled_days"
            case "schedule on day 0":
                var schedules = tables["habit_schedules"] ?? []
                schedules.append(["id": Self.newID(), "habit_id": waterID, "from_day": "2026-11-30", "frequency": "custom",
                                  "scheduled_days": "0", "target_per_week": 0, "modified_at": "2026-11-30T09:00:00.000Z"])
                tables["habit_schedules"] = schedules
                return "habit_schedules[\(schedules.count)].scheduled_days"
            case "unknown frequency":
                habits[water]["frequency"] = "fortnightly"
                return "habits[\(water + 1)].frequency"
            case "window label of 41 characters":
                windows[waterWindow]["label"] = String(repeating: "L", count: 41)
                return "habit_windows[\(waterWindow + 1)].label"
            case "deferral count off":
                let passport = Self.row(tasks, "title", "Renew passport")
                tasks[passport]["deferral_count"] = 3
                return "tasks[\(passport + 1)].deferral_count"
            default:
                Issue.record("unknown fault \(fault) \(reading)")
                return ""
            }
        }
        let store = empty ? "an empty store" : "a store with data"
        expectEqual(result.status, 1, "\(fault) into \(store): \(result.stderr)")
        expectContains(result.stderr, place, "\(fault) into \(store): expected \(place) in \(result.stderr)")
        expectContains(result.stderr, "Nothing was changed", "\(result.stderr)")
        expectTrue(!changed, "\(fault) into \(store) changed the store")
    }
}
