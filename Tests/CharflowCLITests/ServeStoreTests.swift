import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// `charflow serve` sharing its store with the CLI, and keeping time (issue 13, W-7); CLI processes
/// writing beside it (W-6) are end to end (`EndToEndServeTests`).
@Suite("serve · shared store and time (W-7)")
struct ServeStoreTests {
    @Test("W-7: GET /api/changes answers a version that grows after a change made by the CLI or the server")
    func changeVersion() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let server = try ServedCharflow(runner)
        defer { server.stop() }
        func version() throws -> Int {
            let answer = try server.send("GET", "/api/changes")
            expectEqual(answer.status, 200)
            return try #require(try answer.json()["version"] as? Int)
        }
        let first = try version()
        try expectEqual(version(), first, "nothing changed, the version must stay")
        try runner.add("From the terminal")
        let second = try version()
        expectTrue(second > first)
        try expectEqual(server.send("POST", "/api/tasks", json: #"{"title": "From the page"}"#).status, 200)
        expectTrue(try version() > second)
    }

    @Test("W-7: at the rollover the day turns with no request: the board goes to the Backlog and a running session closes")
    func rolloverWithoutRequests() throws {
        let runner = try CharflowRunner(timeZone: "America/New_York")
        defer { runner.removeFolder() }
        let clock = runner.folder.appendingPathComponent("clock")
        try "2026-11-30T23:50\n".write(to: clock, atomically: true, encoding: .utf8)
        let task = try runner.add("Late letter", ["--region", "evening"], now: "2026-11-30T23:50")
        try expectEqual(runner.run(["begin", task], now: "2026-11-30T23:51").status, 0)
        let server = try ServedCharflow(runner, now: nil, extra: ["CHARFLOW_CLOCK_FILE": clock.path])
        defer { server.stop() }
        let db = try Database(path: runner.storePath)
        func region() throws -> String? { try db.scalar("SELECT region FROM tasks WHERE id = ?", [.text(task)])?.text }
        func openSessions() throws -> Int? { try db.scalar("SELECT count(*) FROM sessions WHERE ended_at IS NULL")?.int }
        Thread.sleep(forTimeInterval: 1.5)
        try expectEqual(region(), "evening")
        try expectEqual(openSessions(), 1)
        try "2026-12-01T00:01\n".write(to: clock, atomically: true, encoding: .utf8)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, try region() != nil || openSessions() != 0 {
            Thread.sleep(forTimeInterval: 0.2)
        }
        try expectEqual(region(), nil)
        try expectEqual(openSessions(), 0)
        // The page, asked afterwards, shows the new day.
        let page = try server.send("GET", "/")
        expectContains(page.body, "2026-12-01")
    }
}
