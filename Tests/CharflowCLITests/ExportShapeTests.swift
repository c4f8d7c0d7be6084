import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// CSV a spreadsheet cannot run, options that do not fit refused, a dry run that creates nothing
/// (issue 17, item 11).
@Suite("Export and import details: formulas, --table, dry runs, column names")
struct ExportShapeTests {
    static let now = "2026-11-30T09:00"

    @Test("X-3 a CSV cell that begins like a formula is written as text", arguments: [
        "=HYPERLINK(\"http://x\")", "+1+2", "-2+3", "@SUM(A1)", "\tTabbed",
    ])
    func formulaCells(title: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add(title, ["--notes", title], now: Self.now)
        try cf.addHabit(title, now: Self.now)
        for table in ["tasks", "habits", "entries"] {
            let result = try cf.run(["export", "--format", "csv", "--table", table], now: Self.now)
            expectEqual(result.status, 0)
            let cells = result.stdout.split(whereSeparator: { $0 == "," || $0 == "\r\n" || $0 == "\n" })
                .map { $0.hasPrefix("\"") ? String($0.dropFirst()) : String($0) }
            expectTrue(!cells.contains { cell in ["=", "+", "-", "@", "\t"].contains { cell.hasPrefix($0) } }, "\(table): \(result.stdout)")
            if table == "tasks" {
                // Notes keep their first character, so the guarded cell shows up as text.
                expectContains(result.stdout, "'" + title.prefix(3), "\(table): \(result.stdout)")
            }
        }
    }

    @Test("X-3 the habits CSV says title, as every other table does")
    func habitsTitle() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let result = try cf.run(["export", "--format", "csv", "--table", "habits"], now: Self.now)
        expectTrue(result.stdout.hasPrefix("position,id,title,"), "\(result.stdout)")
    }

    @Test("X-2 X-1 --table with --format ics or json is a usage error", arguments: ["ics", "json"])
    func tableNeedsCSV(format: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let result = try cf.run(["export", "--format", format, "--table", "habits"], now: Self.now)
        expectEqual(result.status, 2, "\(result.stderr)")
        expectEmpty(result.stdout)
    }

    @Test("X-4 import --dry-run without a store reports and creates nothing")
    func dryRunCreatesNoStore() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let file = cf.folder.appendingPathComponent("todo.txt")
        try Data("Buy milk\nCall mum\n".utf8).write(to: file)
        let store = cf.folder.appendingPathComponent("new/charflow.sqlite").path
        let result = try cf.run(["import", file.path, "--dry-run", "--db", store, "--json"], now: Self.now)
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectEqual(result.json()["inserted"] as? Int, 2)
        expectTrue(!FileManager.default.fileExists(atPath: store))
        expectTrue(!FileManager.default.fileExists(atPath: cf.folder.appendingPathComponent("new").path))
    }
}
