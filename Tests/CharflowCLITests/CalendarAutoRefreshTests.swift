import CharflowTestSupport
import Foundation
import Testing

/// The calendars' own refresh in `serve` and `sync --watch` (rule F-12), with its interval shortened
/// (`CHARFLOW_CALENDAR_REFRESH`), against the HTTP test server, which logs every request it answers.
@Suite("calendar · the refresh that runs itself in serve and sync --watch", .serialized)
struct CalendarAutoRefreshTests {
    let now = CalendarCLI.now

    /// True once `condition` holds, checked every 50 ms until `seconds` have passed.
    func eventually(within seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    @Test("F-12 sync --watch refreshes every interval with conditional requests, and says a failure once and a recovery once")
    func watchRefreshes() throws {
        let servers = try CalendarServers.shared()
        let hub = try PostgresHub.initialised(at: "2026-03-20T07:00")
        let runner = try CalendarCLI.runner()
        try runner.syncJSON(hub, now: "2026-03-20T08:00")
        let name = try CalendarCLI.serve(CalendarCommandTests.home, servers: servers)
        try runner.ok(["calendar", "add", "Web", servers.http(name)], now: now)
        let (watch, out, _) = try runner.start(["sync", "--watch"], now: now,
                                               extra: ["CHARFLOW_CALENDAR_REFRESH": "0.3", "CHARFLOW_SYNC_TIMING": "0.3,600,0.2,1,0.1"])
        defer { if watch.isRunning { kill(watch.processIdentifier, SIGKILL) } }
        func asked() throws -> [[String: Any]] { try CalendarCLI.requests(for: name, servers: servers) }

        // At start, then every interval; each asks with the ETag and is told nothing changed.
        expectTrue(try eventually(within: 15) { try asked().count >= 4 })
        let quiet = try asked().dropFirst()
        expectTrue(quiet.allSatisfy { $0["status"] as? Int == 304 && $0["ifNoneMatch"] as? String != nil }, "\(quiet)")

        // The address stops answering with a calendar: the last events stay, and the failure is said once
        // however many refreshes fail after it.
        try FileManager.default.removeItem(at: servers.www.appendingPathComponent(name))
        let before = try asked().count
        expectTrue(try eventually(within: 15) { try asked().count >= before + 5 })
        let failing = try CalendarCLI.entry("Web", runner)
        expectEqual(failing["events"] as? Int, 4)
        expectEqual((failing["failure"] as? [String: Any])?["code"] as? String, "calendar_http_status")
        try expectEqual(CalendarCLI.titles(runner, on: "2026-03-20"), ["Standup", "Review", "Late call"])

        try CalendarCommandTests.home.write(to: servers.www.appendingPathComponent(name), atomically: true, encoding: .utf8)
        expectTrue(try eventually(within: 15) { try CalendarCLI.entry("Web", runner)["failure"] is NSNull })
        let settled = try asked().count
        expectTrue(try eventually(within: 15) { try asked().count >= settled + 2 })
        kill(watch.processIdentifier, SIGTERM)
        watch.waitUntilExit()
        expectEqual(watch.terminationStatus, 0)
        let lines = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        let failures = lines.filter { $0.contains("The calendar “Web” answered HTTP 404") }
        expectEqual(failures.count, 1, "\(lines)")
        expectEqual(failures.first?.hasSuffix("Nothing was read. Its last events are kept."), true, "\(lines)")
        expectEqual(failures.first?.hasPrefix("09:00 "), true, "the watch's clock: \(lines)")
        expectEqual(lines.filter { $0.contains("The calendar “Web” is read again.") }.count, 1, "\(lines)")
    }

    @Test("F-12 sync --watch --json tells a calendar's failure as one JSON line")
    func watchJSON() throws {
        let servers = try CalendarServers.shared()
        let hub = try PostgresHub.initialised(at: "2026-03-20T07:00")
        let runner = try CalendarCLI.runner()
        try runner.syncJSON(hub, now: "2026-03-20T08:00")
        let name = try CalendarCLI.serve(CalendarCommandTests.home, servers: servers)
        try runner.ok(["calendar", "add", "Web", servers.http(name)], now: now)
        try FileManager.default.removeItem(at: servers.www.appendingPathComponent(name))
        let (watch, out, _) = try runner.start(["sync", "--watch", "--json"], now: now,
                                               extra: ["CHARFLOW_CALENDAR_REFRESH": "0.3", "CHARFLOW_SYNC_TIMING": "0.3,600,0.2,1,0.1"])
        defer { if watch.isRunning { kill(watch.processIdentifier, SIGKILL) } }
        expectTrue(try eventually(within: 15) { try CalendarCLI.requests(for: name, servers: servers).count >= 4 })
        kill(watch.processIdentifier, SIGTERM)
        watch.waitUntilExit()
        let lines = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        let events = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            .filter { $0["event"] as? String == "calendarFailed" }
        expectEqual(events.count, 1, "\(lines)")
        expectEqual(events.first?["calendar"] as? String, "Web")
        expectEqual(events.first?["code"] as? String, "calendar_http_status")
    }

    @Test("F-12 serve refreshes by itself; the API lists the calendars and their events, refreshes on request without waiting, and removes with undo")
    func serveRefreshes() throws {
        let servers = try CalendarServers.shared()
        let runner = try CalendarCLI.runner()
        let name = try CalendarCLI.serve(CalendarCommandTests.home, servers: servers)
        try runner.ok(["calendar", "add", "Web", servers.http(name)], now: now)
        // A long interval: the refreshes seen are the one at start and the ones asked for. As a process, since
        // the refresh loop and what it says on standard error are `serve`'s own.
        let served = try ServedCharflow(runner, now: now, extra: ["CHARFLOW_CALENDAR_REFRESH": "600"], asProcess: true)
        defer { served.stop() }
        expectTrue(try eventually(within: 10) { try CalendarCLI.requests(for: name, servers: servers).count == 2 })

        let listed = try served.send("GET", "/api/calendars")
        expectEqual(listed.status, 200)
        let calendars = try #require(try listed.json()["calendars"] as? [[String: Any]])
        expectEqual(calendars.map { $0["name"] as? String }, ["Web"])
        expectEqual(calendars.first?["events"] as? Int, 4)
        let day = try served.send("GET", "/api/calendars/events?day=2026-03-20").json()
        let events = ((day["days"] as? [[String: Any]])?.first?["events"] as? [[String: Any]]) ?? []
        expectEqual(events.compactMap { $0["title"] as? String }, ["Standup", "Review", "Late call"])
        let offsite = try served.send("GET", "/api/calendars/events?day=2026-03-25&days=3").json()
        expectEqual((offsite["days"] as? [[String: Any]])?.count, 3)

        let moved = CalendarCommandTests.home.replacingOccurrences(of: "SUMMARY:Standup", with: "SUMMARY:Standup, moved")
        try moved.write(to: servers.www.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let asked = try served.send("POST", "/api/calendars/refresh")
        expectEqual(asked.status, 200, "\(asked.body)")
        try expectEqual(asked.json()["refreshing"] as? Bool, true)
        expectTrue(try eventually(within: 10) {
            let first = try served.send("GET", "/api/calendars/events?day=2026-03-20").json()
            return ((first["days"] as? [[String: Any]])?.first?["events"] as? [[String: Any]])?.first?["title"] as? String == "Standup, moved"
        })

        // Calendars are added on the command line only.
        try expectEqual(served.send("POST", "/api/calendars", json: #"{"name": "Mine", "source": "/etc/passwd"}"#).status, 405)
        try expectEqual(served.send("POST", "/api/calendars/new", json: #"{"name": "Mine", "source": "/etc/passwd"}"#).status, 404)

        let missing = try served.send("POST", "/api/calendars/Nope/remove")
        expectEqual(missing.status, 404)
        try expectEqual(missing.errorCode(), "calendar_not_found")
        let removed = try served.send("POST", "/api/calendars/Web/remove")
        expectEqual(removed.status, 200, "\(removed.body)")
        let action = try #require(try removed.json()["action"] as? String)
        expectEqual((try served.send("GET", "/api/calendars").json()["calendars"] as? [Any])?.isEmpty, true)
        let undone = try served.send("POST", "/api/undo", json: #"{"action": "\#(action)"}"#)
        expectEqual(undone.status, 200, "\(undone.body)")
        let back = try served.send("GET", "/api/calendars/events?day=2026-03-20").json()
        expectEqual(((back["days"] as? [[String: Any]])?.first?["events"] as? [[String: Any]])?.count, 3)

        // A failure is said once on serve's standard error, however often it is asked.
        try FileManager.default.removeItem(at: servers.www.appendingPathComponent(name))
        for _ in 0..<3 {
            let count = try CalendarCLI.requests(for: name, servers: servers).count
            _ = try served.send("POST", "/api/calendars/refresh")
            expectTrue(try eventually(within: 10) { try CalendarCLI.requests(for: name, servers: servers).count > count })
        }
        expectTrue(try eventually(within: 10) { try CalendarCLI.entry("Web", runner)["failure"] is [String: Any] })
        let stopped = served.stop()
        expectEqual(stopped.stderr.components(separatedBy: "answered HTTP 404").count, 2, "\(stopped.stderr)")
    }
}
