import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Days outside 1900–2999 are refused where they enter, so every stored day round-trips (issue 17, item 2).
@Suite("Date range: 1900 to 2999 where a date enters")
struct DateRangeTests {
    @Test("T-24 a date word outside the supported years is refused", arguments: [
        ["add", "Far away", "--due", "3000-01-01"], ["add", "Long ago", "--due", "1899-12-31"],
        ["add", "Far away", "--due", "9999-12-31"], ["add", "Long ago", "--due", "0001-01-01"],
    ])
    func dueOutOfRange(arguments: [String]) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Something")
        let refused = try cf.expectRefused(arguments, now: "2026-11-30T09:00")
        expectEqual(refused.code, "bad_date", "\(refused)")
        expectContains(refused.message, "1900 to 2999", "\(refused)")
    }

    @Test("T-24 the first and last supported days are taken", arguments: ["1900-01-01", "2999-12-31"])
    func edgesTaken(day: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Edge", ["--due", day])
        try expectEqual(cf.show(id, now: "2026-11-30T09:00")["dueDate"] as? String, day)
    }

    @Test("--now outside the supported years is refused before the store is touched")
    func clockOutOfRange() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let result = try cf.run(["today"], now: "3000-01-01T09:00")
        expectEqual(result.status, 1)
        expectTrue(!FileManager.default.fileExists(atPath: cf.storePath))
    }

    @Test("T-28 X-1 a daily task done on 2999-12-31 makes no instance in 3000, and the backup restores")
    func repeatStopsAtTheEdge() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Daily", ["--repeat", "daily", "--due", "2999-12-31"], now: "2999-12-31T09:00")
        let done = try cf.run(["done", id], now: "2999-12-31T10:00")
        expectEqual(done.status, 0, "\(done.stderr)")
        let days = try cf.storeQuery("SELECT due_date FROM tasks ORDER BY due_date")
        expectEqual(days, ["2999-12-31"], "\(days)")
        let export = try cf.run(["export"], now: "2999-12-31T10:00")
        expectEqual(export.status, 0)
        let file = cf.folder.appendingPathComponent("backup.json")
        try Data(export.stdout.utf8).write(to: file)
        let target = try CharflowRunner()
        defer { target.removeFolder() }
        let imported = try target.run(["import", file.path], now: "2999-12-31T10:00")
        expectEqual(imported.status, 0, "\(imported.stderr)")
    }
}
