import CharflowTestSupport
import Foundation
import Testing

/// What `sync` and `sync --status` tell a person, through a real PostgreSQL hub: changes counted as
/// changes, which hub, and the last sync in local words.
@Suite("Sync speaks in changes, names its hub, and says when in local time", .serialized)
struct SyncStatusWordsTests {
    @Test("D19 a task added is one change waiting and one sent, not its fields; the status names the hub and the local time")
    func changesHubAndLocalTime() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let device = try CharflowRunner(timeZone: "America/New_York")
        try device.syncJSON(hub, now: "2026-03-10T08:00")
        try device.add("Call the bank", ["--region", "morning"], now: "2026-03-10T09:00")
        let waiting = try device.ok(["sync", "--status"], now: "2026-03-10T09:01").stdout
        expectContains(waiting, "1 change waits to be sent.", "\(waiting)")
        try expectEqual(device.json(["sync", "--status"], now: "2026-03-10T09:01")["unpushed"] as? Int, 1)
        let sent = try device.ok(["sync", "--hub", hub.url], now: "2026-03-10T09:05").stdout
        expectContains(sent, "Sent 1 change, received 0.", "\(sent)")
        let status = try device.ok(["sync", "--status"], now: "2026-03-10T10:00").stdout
        expectContains(status, "Last sync: today at 09:05.", "local time, not UTC storage text: \(status)")
        expectContains(status, "Hub: \(hub.url).", "\(status)")
        try expectEqual(device.json(["sync", "--status"], now: "2026-03-10T10:00")["hub"] as? String, hub.url)
        let later = try device.ok(["sync", "--status"], now: "2026-03-11T10:00").stdout
        expectContains(later, "Last sync: yesterday at 09:05.", "\(later)")
    }

    @Test("D19 a change that arrives and changes nothing here is not counted as received (issue 39, item 8)")
    func sameValueIsNotReceived() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let phone = try CharflowRunner(timeZone: "Europe/Berlin"), laptop = try CharflowRunner(timeZone: "Europe/Berlin")
        try phone.syncJSON(hub, now: "2026-03-10T08:00")
        let id = try phone.add("Call the bank", ["--region", "morning"], now: "2026-03-10T08:01")
        try phone.syncJSON(hub, now: "2026-03-10T08:02")
        expectTrue(try laptop.syncJSON(hub, now: "2026-03-10T08:03")["pulled"] as? Int ?? 0 > 0)
        // Both devices make the same edit; the later one arrives where the value is already the same.
        try phone.ok(["edit", id, "--title", "Call the landlord"], now: "2026-03-10T09:00")
        try laptop.ok(["edit", id, "--title", "Call the landlord"], now: "2026-03-10T09:01")
        try laptop.syncJSON(hub, now: "2026-03-10T09:02")
        let phoneSync = try phone.ok(["sync", "--hub", hub.url], now: "2026-03-10T09:03").stdout
        expectContains(phoneSync, "Sent 1 change, received 0.", "\(phoneSync)")
        // A change that does change something still counts.
        try laptop.ok(["edit", id, "--title", "Call the plumber"], now: "2026-03-10T09:04")
        try laptop.syncJSON(hub, now: "2026-03-10T09:05")
        let received = try phone.ok(["sync", "--hub", hub.url], now: "2026-03-10T09:06").stdout
        expectContains(received, "received 1.", "\(received)")
        try expectEqual(phone.json(["show", id], now: "2026-03-10T09:07")["title"] as? String, "Call the plumber")
    }

    @Test("D19 two syncs of one store started together send each change once and say so: the second waits for the first (issue 39, item 8)")
    func twoSyncsAtOnce() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let device = try CharflowRunner(timeZone: "Europe/Berlin")
        try device.syncJSON(hub, now: "2026-03-10T08:00")
        let ids = try (0..<3).map { try device.add("Task \($0)", now: "2026-03-10T08:1\($0)") }
        // The first is held after the hub took its changes and before the store marked them sent.
        let (first, firstOut, _) = try device.start(["sync", "--hub", hub.url, "--json"], now: "2026-03-10T08:20",
                                                     extra: ["CHARFLOW_TEST_STALL_MS": "1500"])
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, try hub.value("SELECT count(DISTINCT row_id) FROM hub_operations WHERE row_id IN ('\(ids.joined(separator: "','"))')") != "3" {
            usleep(20_000)
        }
        let second = try device.run(["sync", "--hub", hub.url, "--json"], now: "2026-03-10T08:20")
        let firstReport = try JSONSerialization.jsonObject(with: firstOut.fileHandleForReading.readDataToEndOfFile()) as? [String: Any]
        first.waitUntilExit()
        expectEqual(first.terminationStatus, 0)
        expectEqual(firstReport?["pushed"] as? Int, 3, "\(String(describing: firstReport))")
        expectEqual(second.status, 0, "\(second.stderr)")
        try expectEqual(second.json()["pushed"] as? Int, 0, "\(second.stdout)")
        try expectEqual(device.json(["sync", "--status"], now: "2026-03-10T08:21")["unpushed"] as? Int, 0)
    }
}
