import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// `charflow hub devices` lists the devices a hub knows and `charflow hub forget DEVICE` takes a lost
/// one off the list (spec D20, rule Y-31). Through a real PostgreSQL hub and the real binary.
@Suite("Sync hub devices and forgetting one (Y-31)", .serialized)
struct SyncHubDevicesTests {
    static let day = "2026-03-10"

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(Self.day)T\(time)")
    }

    func devices(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [[String: Any]] {
        try device.json(["hub", "devices", "--hub", hub.url], now: "\(Self.day)T\(time)")["devices"] as? [[String: Any]] ?? []
    }

    func title(_ device: CharflowRunner, _ id: String) throws -> String? {
        try Database(path: device.storePath).scalar("SELECT title FROM tasks WHERE id = ?", [.text(id)])?.text
    }

    @Test("Y-31: hub devices lists every device, this one marked, with when it registered, its last sync and the operations the hub holds from it")
    func devicesListed() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        try sync(b, hub, at: "08:01")
        let (idA, idB) = (try a.deviceID(), try b.deviceID())
        let listed = try devices(a, hub, at: "08:02")
        expectEqual(listed.compactMap { $0["id"] as? String }, [idA, idB])
        expectEqual(listed.map { $0["thisDevice"] as? Bool }, [true, false])
        for device in listed {
            let id = device["id"] as? String ?? ""
            #expect(device["operations"] as? Int == Int(try hub.value("SELECT count(*) FROM hub_operations WHERE device_id = '\(id)'")))
            expectTrue(Instant.parseStorageText(device["registered"] as? String ?? "") != nil, "\(device)")
            expectTrue(Instant.parseStorageText(device["lastSync"] as? String ?? "") != nil, "\(device)")
        }
        // A sync with nothing to send still counts as B's last sync.
        let before = try #require(listed.last?["lastSync"] as? String)
        usleep(20_000)
        try sync(b, hub, at: "08:03")
        expectTrue((try devices(b, hub, at: "08:04").last?["lastSync"] as? String ?? "") > before)
        try expectEqual(devices(b, hub, at: "08:04").map { $0["thisDevice"] as? Bool }, [false, true])

        let words = try a.ok(["hub", "devices", "--hub", hub.url], now: "\(Self.day)T08:05").stdout
        let lines = words.split(separator: "\n").map(String.init)
        expectEqual(lines.first, "The hub knows 2 devices:", "\(words)")
        expectEqual(lines.count, 3)
        expectTrue(lines[1].hasPrefix("  \(idA) (this device) · registered "), "\(words)")
        expectTrue(lines[2].hasPrefix("  \(idB) · registered "), "\(words)")
        expectTrue(lines[2].hasSuffix("· \(listed[1]["operations"] as? Int ?? -1) operations held"), "\(words)")
    }

    @Test("Y-31: hub forget takes a lost device off the list and keeps what it sent; the store, syncing again, goes on as a new device with everything it holds")
    func lostDeviceForgotten() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let a = try CharflowRunner(), lost = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        let id = try lost.add("Written on the lost laptop", now: "\(Self.day)T08:05")
        try sync(lost, hub, at: "08:06")
        try sync(a, hub, at: "08:07")
        // Its last edit never left it before it was lost.
        try lost.ok(["edit", id, "--title", "Edited after the last sync"], now: "\(Self.day)T08:10")
        let lostID = try lost.deviceID()
        let operations = try hub.value("SELECT count(*) FROM hub_operations WHERE device_id = '\(lostID)'")

        let forgot = try a.ok(["hub", "forget", lostID, "--hub", hub.url], now: "\(Self.day)T09:00")
        expectEqual(forgot.stdout, SyncMessages.deviceForgotten(lostID) + "\n")
        try expectEqual(devices(a, hub, at: "09:01").compactMap { $0["id"] as? String }, [try a.deviceID()])
        // What it sent stays: its operations for devices behind, its values in the hub's state.
        #expect(try hub.value("SELECT count(*) FROM hub_operations WHERE device_id = '\(lostID)'") == operations)
        let fresh = try CharflowRunner()
        try sync(fresh, hub, at: "09:02")
        try expectEqual(title(fresh, id), "Written on the lost laptop")

        // Found again, it syncs: a new id, said in words, and its unsent edit reaches every device.
        let back = try lost.run(["sync", "--hub", hub.url], now: "\(Self.day)T09:10")
        expectEqual(back.status, 0, "\(back.stderr)")
        expectTrue(back.stdout.hasPrefix(SyncMessages.forgottenDevice + "\n"), "\(back.stdout)")
        let newID = try lost.deviceID()
        expectNotEqual(newID, lostID)
        try sync(a, hub, at: "09:11")
        try sync(fresh, hub, at: "09:12")
        try expectEqual(title(a, id), "Edited after the last sync")
        try expectEqual(title(fresh, id), "Edited after the last sync")
        expectEqual(Set(try devices(a, hub, at: "09:13").compactMap { $0["id"] as? String }), [try a.deviceID(), try fresh.deviceID(), newID])
        try sync(lost, hub, at: "09:14")
        try expectEqual(a.syncedRecords(), lost.syncedRecords())
        try expectEqual(a.syncedRecords(), fresh.syncedRecords())
    }

    @Test("Y-31: hub forget refuses this device itself and an id the hub does not list, in words, with a code and a non-zero exit, changing nothing")
    func forgetRefusals() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        try sync(b, hub, at: "08:01")
        let own = try a.deviceID()
        let refusals = [(own, SyncMessages.forgetThisDevice, "this_device"),
                        ("no-such-device", SyncMessages.unknownDevice("no-such-device"), "device_not_found")]
        for (id, sentence, code) in refusals {
            let words = try a.run(["hub", "forget", id, "--hub", hub.url], now: "\(Self.day)T08:02")
            expectNotEqual(words.status, 0)
            expectEqual(words.stderr, "charflow: \(sentence)\n", "\(words.stderr)")
            let json = try a.run(["hub", "forget", id, "--hub", hub.url, "--json"], now: "\(Self.day)T08:02")
            expectEqual(json.status, words.status)
            expectContains((json.stdout + json.stderr), "\"\(code)\"", "\(json.stdout)\(json.stderr)")
        }
        try expectEqual(hub.value("SELECT count(*) FROM hub_devices WHERE forgotten_at IS NOT NULL"), "0")
        // Forgotten once, an id is not listed any more: a second forget is refused as unknown.
        try a.ok(["hub", "forget", try b.deviceID(), "--hub", hub.url], now: "\(Self.day)T08:03")
        let again = try a.run(["hub", "forget", try b.deviceID(), "--hub", hub.url, "--json"], now: "\(Self.day)T08:04")
        expectNotEqual(again.status, 0)
        expectContains((again.stdout + again.stderr), "\"device_not_found\"")
    }
}
