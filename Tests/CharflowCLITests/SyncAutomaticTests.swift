import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Sync that runs itself (rule Y-28, spec D20): `serve` and `sync --watch` on one device pick up
/// another device's push through the hub's announcement, send their own changes a moment after they
/// are made, and ride out a hub that goes away, against a real PostgreSQL hub.
///
/// The fallback timer is set far beyond each test's length (`CHARFLOW_SYNC_TIMING`), so what arrives
/// arrives through the announcement or the local change, never through the timer; every wait is for a
/// condition, with a deadline.
@Suite("Automatic sync through a PostgreSQL hub", .serialized)
struct SyncAutomaticTests {
    static let day = "2026-03-10"
    /// Debounce 0.3 s, fallback 10 min, retries from 0.2 s up to 1 s, the log read every 0.1 s.
    static let timing = ["CHARFLOW_SYNC_TIMING": "0.3,600,0.2,1,0.1"]

    /// True once `condition` holds, checked every 50 ms until `seconds` have passed.
    func eventually(within seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    /// Whether the hub's state holds a field of row `id`.
    func hubHolds(_ hub: PostgresHub, row id: String) throws -> Bool {
        try hub.value("SELECT count(*) FROM hub_fields WHERE row_id = '\(id)'") != "0"
    }

    /// Two devices of one hub, each synced once by hand (so each is bound to it and remembers it).
    func twoDevices() throws -> (PostgresHub, CharflowRunner, CharflowRunner) {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let a = try CharflowRunner(), b = try CharflowRunner()
        try a.syncJSON(hub, now: "\(Self.day)T08:00")
        try b.syncJSON(hub, now: "\(Self.day)T08:01")
        return (hub, a, b)
    }

    @Test("Y-28: serve picks up another device's push within seconds and sends its own change by itself; GET /api/sync says where it stands")
    func serveSyncsItself() throws {
        let (hub, a, b) = try twoDevices()
        let served = try ServedCharflow(b, now: "\(Self.day)T09:00", extra: Self.timing)
        defer { served.stop() }
        // Nobody types `sync` on B: A's push is announced, and B pulls it.
        let fromA = try a.add("Written on A", now: "\(Self.day)T09:05")
        try a.syncJSON(hub, now: "\(Self.day)T09:06")
        let pushed = Date()
        expectTrue(try eventually(within: 5) { try b.holdsTask(fromA) })
        expectTrue(Date().timeIntervalSince(pushed) < 5)
        // A change on B (through the page) reaches the hub a moment later, with no sync typed.
        let added = try served.send("POST", "/api/tasks", json: #"{"title": "Written on B"}"#)
        expectEqual(added.status, 200, "\(added.body)")
        let fromB = try #require(try added.json()["id"] as? String)
        expectTrue(try eventually(within: 5) { try hubHolds(hub, row: fromB) })
        // And a CLI change beside the running server too: the store is never held between syncs.
        let fromCLI = try b.add("Typed on B", now: "\(Self.day)T09:10")
        expectTrue(try eventually(within: 5) { try hubHolds(hub, row: fromCLI) })

        // `GET /api/sync`: `sync --status --json`'s fields, then what the loop knows.
        var state: [String: Any] = [:]
        expectTrue(try eventually(within: 5) {
            state = try served.send("GET", "/api/sync").json()
            return state["state"] as? String == "synced"
        }, "\(state)")
        let status = try b.json(["sync", "--status"], now: "\(Self.day)T09:11")
        expectEqual(Array(state.keys).sorted(), (Array(status.keys) + ["auto", "state", "offlineSince", "offlineSinceText", "lastError"]).sorted())
        expectEqual(state["auto"] as? Bool, true)
        expectEqual(state["unpushed"] as? Int, 0)
        expectTrue(state["offlineSince"] is NSNull)
        expectTrue(state["lastError"] is NSNull)
        expectEqual(state["conflicts"] as? Int, 0)

        // The hub goes away: the state says offline since when, in words, and the page keeps working.
        hub.stop()
        expectTrue(try eventually(within: 10) {
            state = try served.send("GET", "/api/sync").json()
            return state["state"] as? String == "offline"
        }, "\(state)")
        expectEqual(state["offlineSince"] as? String, "2026-03-10T09:00:00.000Z")
        expectEqual(state["offlineSinceText"] as? String, "09:00")
        expectEqual((state["lastError"] as? String)?.hasPrefix("The hub can't be reached"), true)
        let offline = try served.send("POST", "/api/tasks", json: #"{"title": "Written offline"}"#)
        expectEqual(offline.status, 200)
        let whileOffline = try #require(try offline.json()["id"] as? String)
        expectTrue(try eventually(within: 5) { try served.send("GET", "/api/sync").json()["unpushed"] as? Int == 1 })
        // Back again: caught up without a restart, nothing lost.
        try hub.start()
        expectTrue(try eventually(within: 10) { try hubHolds(hub, row: whileOffline) })
        expectTrue(try eventually(within: 5) { try served.send("GET", "/api/sync").json()["state"] as? String == "synced" })
        try a.syncJSON(hub, now: "\(Self.day)T09:20")
        for id in [fromB, fromCLI, whileOffline] { expectTrue(try a.holdsTask(id)) }
        // Offline was quiet: nothing on stderr but the stop line.
        let stopped = served.stop()
        expectEqual(stopped.status, 0)
        expectLacks(stopped.stderr, "hub", "\(stopped.stderr)")
    }

    @Test("Y-28: sync --watch keeps a device in sync without the page, quietly offline, and catches up when the hub is back")
    func watchSyncsItself() throws {
        let (hub, a, b) = try twoDevices()
        let (watch, out, err) = try b.start(["sync", "--watch"], now: "\(Self.day)T09:00", extra: Self.timing)
        defer { if watch.isRunning { kill(watch.processIdentifier, SIGKILL) } }
        let fromA = try a.add("Written on A", now: "\(Self.day)T09:05")
        try a.syncJSON(hub, now: "\(Self.day)T09:06")
        expectTrue(try eventually(within: 5) { try b.holdsTask(fromA) })
        // Every command still runs beside the watch.
        let fromB = try b.add("Typed on B", now: "\(Self.day)T09:07")
        expectTrue(try eventually(within: 5) { try hubHolds(hub, row: fromB) })

        hub.stop()
        let offline = try b.add("Typed offline", now: "\(Self.day)T09:08")
        let status = try b.run(["sync", "--status"], now: "\(Self.day)T09:09")
        expectEqual(status.status, 0)
        try hub.start()
        expectTrue(try eventually(within: 10) { try hubHolds(hub, row: offline) })
        try a.syncJSON(hub, now: "\(Self.day)T09:20")
        for id in [fromB, offline] { expectTrue(try a.holdsTask(id)) }

        kill(watch.processIdentifier, SIGTERM)
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        watch.waitUntilExit()
        expectEqual(watch.terminationStatus, 0)
        expectEmpty(errors, "\(errors)")
        let lines = printed.split(separator: "\n")
        // One line per sync that changed something, one when the hub went away, one when it came back.
        expectTrue(lines.contains { $0.hasSuffix("Sent 0 changes, received 1.") || $0.contains("received") }, "\(printed)")
        expectEqual(lines.filter { $0.contains("Offline:") }.count, 1, "\(printed)")
        expectEqual(lines.filter { $0.contains("answers again") }.count, 1, "\(printed)")
        expectTrue(lines.count < 12, "\(printed)")
    }

    @Test("Y-28: sync --watch --json prints each event as one JSON document on a line of its own")
    func watchPrintsJSONLines() throws {
        let (hub, a, b) = try twoDevices()
        let (watch, out, _) = try b.start(["sync", "--watch", "--json"], now: "\(Self.day)T09:00", extra: Self.timing)
        defer { if watch.isRunning { kill(watch.processIdentifier, SIGKILL) } }
        for title in ["First on A", "Second on A"] {
            let id = try a.add(title, now: "\(Self.day)T09:05")
            try a.syncJSON(hub, now: "\(Self.day)T09:06")
            expectTrue(try eventually(within: 5) { try b.holdsTask(id) })
        }
        kill(watch.processIdentifier, SIGTERM)
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        watch.waitUntilExit()
        let lines = printed.split(separator: "\n")
        expectEqual(lines.count, 2, "\(printed)")
        for line in lines {
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            expectEqual(event?["event"] as? String, "synced", "\(line)")
            expectEqual((event?["report"] as? [String: Any])?["pulled"] as? Int, 1, "\(line)")
        }
    }

    @Test("Y-28: serve syncs with a hub given only by CHARFLOW_HUB, and GET /api/sync says it is synced, not that there is no hub")
    func environmentHubIsShown() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let device = try CharflowRunner()
        let id = try device.add("Before the server", now: "\(Self.day)T08:00")
        var extra = Self.timing
        extra["CHARFLOW_HUB"] = hub.url
        let served = try ServedCharflow(device, now: "\(Self.day)T09:00", extra: extra)
        defer { served.stop() }
        expectTrue(try eventually(within: 5) { try hubHolds(hub, row: id) })
        var state: [String: Any] = [:]
        expectTrue(try eventually(within: 5) {
            state = try served.send("GET", "/api/sync").json()
            return state["state"] as? String == "synced"
        }, "\(state)")
        expectEqual(state["auto"] as? Bool, true)
    }

    @Test("Y-28: sync --watch refuses a store with no hub")
    func watchNeedsHub() throws {
        let lonely = try CharflowRunner()
        try lonely.add("Alone", now: "\(Self.day)T09:00")
        let result = try lonely.run(["sync", "--watch"], now: "\(Self.day)T09:01")
        expectNotEqual(result.status, 0)
        expectContains(result.stderr, "No hub is set", "\(result.stderr)")
    }
}
