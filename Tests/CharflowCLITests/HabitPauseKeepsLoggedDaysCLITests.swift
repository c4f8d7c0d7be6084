import CharflowTestSupport
import Foundation
import Testing

/// A pause that reaches back over logged days leaves them logged on every path that makes a pause:
/// `habit pause --from`, `POST /api/habits/ID/pause`, and a backup's pause rows (H-15).
@Suite("Habit pauses keep logged days, by the CLI, the API and an import (H-15)")
struct HabitPauseKeepsLoggedDaysCLITests {
    /// The grid's cells as the JSON gives them, by date.
    static func cells(_ grid: [String: Any]) -> [String: [String: Any]] {
        let windows = grid["windows"] as? [[String: Any]] ?? []
        let days = (windows.first?["days"] ?? grid["days"]) as? [[String: Any]] ?? []
        return Dictionary(days.compactMap { cell in (cell["date"] as? String).map { ($0, cell) } }, uniquingKeysWith: { a, _ in a })
    }

    @Test("H-15 habit pause --from a past day: the logged days keep their entries and say so, text and --json")
    func cliPause() throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        let id = try cf.addHabit("Water", ["--kind", "counted", "--target", "3"], now: "2026-11-20T08:00")
        try cf.ok(["habit", "log", id, "--count", "2"], now: "2026-11-27T20:00")
        try cf.ok(["habit", "log", id, "--count", "3"], now: "2026-11-29T20:00")
        let text = try cf.ok(["habit", "pause", id, "--from", "2026-11-26", "--to", "2026-12-03", "--reason", "illness"],
                             now: "2026-11-30T09:00").stdout
        expectContains(text, "27 Nov and 29 Nov keep what was logged on them.", "\(text)")
        try cf.ok(["undo"], now: "2026-11-30T09:01")
        let json = try cf.json(["habit", "pause", id, "--from", "2026-11-26", "--reason", "illness"], now: "2026-11-30T09:02")
        expectEqual(json["keptDays"] as? [String], ["2026-11-27", "2026-11-29"], "\(json)")
        let cells = Self.cells(try cf.json(["habit", "grid", id, "--weeks", "2"], now: "2026-11-30T10:00"))
        #expect(cells["2026-11-27"]?["amount"] as? Int == 2 && cells["2026-11-27"]?["isDue"] as? Bool == true, "\(cells)")
        expectEqual(cells["2026-11-29"]?["state"] as? String, "complete", "\(cells)")
        expectEqual(cells["2026-11-28"]?["isDue"] as? Bool, false, "a day with nothing logged rests")
    }

    @Test("H-15 POST /api/habits/ID/pause from a past day keeps the logged day; an imported pause over a logged day keeps it too")
    func apiAndImportPause() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.addHabit("Stretch", now: "2026-11-20T08:00")
        try cf.ok(["habit", "log", id], now: "2026-11-28T20:00")
        let server = try ServedCharflow(cf, now: "2026-11-30T09:00")
        let paused = try server.send("POST", "/api/habits/\(id)/pause", json: #"{"reason": "travel", "from": "2026-11-27"}"#)
        server.stop()
        expectEqual(paused.status, 200, "\(paused.body)")
        try expectEqual(paused.json()["keptDays"] as? [String], ["2026-11-28"], "\(paused.body)")
        let cells = Self.cells(try cf.json(["habit", "grid", id, "--weeks", "2"], now: "2026-11-30T10:00"))
        expectEqual(cells["2026-11-28"]?["state"] as? String, "complete", "\(cells)")
        // The same store's backup, imported into a new one, reads the same.
        let backup = cf.folder.appendingPathComponent("backup.json")
        try Data(try cf.ok(["export"], now: "2026-11-30T10:00").stdout.utf8).write(to: backup)
        let copy = try CharflowRunner()
        defer { copy.removeFolder() }
        try copy.ok(["import", backup.path], now: "2026-11-30T10:00")
        let copied = Self.cells(try copy.json(["habit", "grid", id, "--weeks", "2"], now: "2026-11-30T10:00"))
        expectEqual(copied["2026-11-28"]?["state"] as? String, "complete", "\(copied)")
        expectEqual(copied["2026-11-27"]?["isDue"] as? Bool, false)
    }
}
