import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The settings that shape the day follow the person from device to device; the ones that belong to
/// a device stay on it (spec D19, rule Y-26), through a real PostgreSQL hub.
@Suite("Sync shares the settings that shape the day, and no other", .serialized)
struct SyncSharedSettingsTests {
    static func settings(_ device: CharflowRunner, now: String) throws -> [String: String] {
        (try device.json(["settings"], now: now) as? [String: String]) ?? [:]
    }

    @Test("Y-26 another device's rollover time reaches this one and shapes its day, and so do the other day-shaping settings")
    func rolloverTravels() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let phone = try CharflowRunner(timeZone: "Europe/Berlin"), laptop = try CharflowRunner(timeZone: "Europe/Berlin")
        try phone.syncJSON(hub, now: "2026-03-10T08:00")
        try laptop.syncJSON(hub, now: "2026-03-10T08:01")
        for (key, value) in [("rollover-time", "04:00"), ("end-of-day", "20:30"), ("first-weekday", "sunday"),
                             ("lock-complementary", "on"), ("morning", "07:00-11:00"), ("review-time", "off")] {
            try phone.ok(["settings", key, value], now: "2026-03-10T09:00")
        }
        let sent = try phone.syncJSON(hub, now: "2026-03-10T09:05")
        expectEqual(sent["pushed"] as? Int, 6, "one change per setting: \(sent)")
        let received = try laptop.syncJSON(hub, now: "2026-03-10T09:10")
        // Applied, so none is set aside as a change this device could not take (issue 39, item 7).
        expectEqual(received["setAside"] as? Int, 0, "\(received)")
        try expectEqual(laptop.storeQuery("SELECT count(*) FROM sync_set_aside"), ["0"])
        try expectEqual(laptop.json(["sync", "--status"], now: "2026-03-10T09:10")["setAside"] as? Int, 0)
        let shared = try Self.settings(laptop, now: "2026-03-10T09:11")
        expectEqual(shared["rollover-time"], "04:00")
        expectEqual(shared["end-of-day"], "20:30")
        expectEqual(shared["first-weekday"], "sunday")
        expectEqual(shared["lock-complementary"], "on")
        expectEqual(shared["morning"], "07:00-11:00")
        expectEqual(shared["review-time"], "off")
        // At 02:00 the laptop's day is still the day before, as the phone's rollover says.
        try expectEqual(laptop.json(["today"], now: "2026-03-11T02:00")["date"] as? String, "2026-03-10")
        // Back to a default on one device (undo of the first change of a setting) travels too.
        try laptop.ok(["settings", "morning", "06:30-11:30"], now: "2026-03-11T10:00")
        try laptop.syncJSON(hub, now: "2026-03-11T10:01")
        try phone.syncJSON(hub, now: "2026-03-11T10:02")
        try expectEqual(Self.settings(phone, now: "2026-03-11T10:03")["morning"], "06:30-11:30")
        try phone.ok(["settings", "lock-complementary", "off"], now: "2026-03-11T10:04")
        try phone.syncJSON(hub, now: "2026-03-11T10:05")
        try laptop.syncJSON(hub, now: "2026-03-11T10:06")
        try expectEqual(Self.settings(laptop, now: "2026-03-11T10:07")["lock-complementary"], "off")
    }

    @Test("Y-26 an undone first change of a setting puts the other device back to the default too")
    func undoneSettingTravels() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let phone = try CharflowRunner(), laptop = try CharflowRunner()
        try phone.syncJSON(hub, now: "2026-03-10T08:00")
        try laptop.syncJSON(hub, now: "2026-03-10T08:01")
        // The phone takes the laptop's first state now, so the sync after its change receives nothing
        // and its undo history stands.
        try phone.syncJSON(hub, now: "2026-03-10T08:02")
        try phone.ok(["settings", "rollover-time", "03:00"], now: "2026-03-10T09:00")
        try phone.syncJSON(hub, now: "2026-03-10T09:01")
        try laptop.syncJSON(hub, now: "2026-03-10T09:02")
        try expectEqual(Self.settings(laptop, now: "2026-03-10T09:03")["rollover-time"], "03:00")
        try phone.ok(["undo"], now: "2026-03-10T09:04")
        try expectEqual(Self.settings(phone, now: "2026-03-10T09:05")["rollover-time"], "00:00")
        try phone.syncJSON(hub, now: "2026-03-10T09:06")
        try laptop.syncJSON(hub, now: "2026-03-10T09:07")
        try expectEqual(Self.settings(laptop, now: "2026-03-10T09:08")["rollover-time"], "00:00")
    }

    @Test("Y-26 the terminal colour and the hub's URL stay on their device; the hub holds neither")
    func perDeviceStays() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let phone = try CharflowRunner(), laptop = try CharflowRunner()
        // The laptop names the same hub in libpq's other spelling.
        let spelled = "host=127.0.0.1 port=\(hub.port) user=postgres dbname=\(hub.database)"
        try phone.syncJSON(hub, now: "2026-03-10T08:00")
        try laptop.ok(["sync", "--hub", spelled], now: "2026-03-10T08:01")
        try phone.ok(["settings", "color", "off"], now: "2026-03-10T09:00")
        try phone.ok(["settings", "rollover-time", "04:00"], now: "2026-03-10T09:00")
        try phone.syncJSON(hub, now: "2026-03-10T09:01")
        try laptop.ok(["sync"], now: "2026-03-10T09:02")
        let shared = try Self.settings(laptop, now: "2026-03-10T09:03")
        expectEqual(shared["color"], "on", "the colour is the phone's own")
        expectEqual(shared["rollover-time"], "04:00")
        try expectEqual(laptop.json(["sync", "--status"], now: "2026-03-10T09:04")["hub"] as? String, spelled)
        try expectEqual(phone.json(["sync", "--status"], now: "2026-03-10T09:04")["hub"] as? String, hub.url)
        let keys = try hub.rows("SELECT DISTINCT row_id FROM hub_operations WHERE table_name = 'settings' ORDER BY 1")
        expectEqual(keys, ["rollover-time"], "\(keys)")
        let urls = try hub.value("SELECT count(*) FROM hub_operations WHERE value LIKE '%127.0.0.1%' OR value LIKE '%postgres%'")
        expectEqual(urls, "0")
    }

    @Test("Y-26 Y-15 a device that joins later keeps the shared rollover time, and its own earlier change loses to the later one")
    func laterDeviceKeepsShared() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let phone = try CharflowRunner(), laptop = try CharflowRunner()
        // The laptop changed its Morning before the phone changed it, and has never synced.
        try laptop.ok(["settings", "morning", "07:00-11:00"], now: "2026-03-09T09:00")
        try phone.ok(["settings", "rollover-time", "04:00"], now: "2026-03-10T09:00")
        try phone.ok(["settings", "morning", "08:00-12:00"], now: "2026-03-10T09:00")
        try phone.syncJSON(hub, now: "2026-03-10T09:05")
        // Days later the laptop joins: its defaults and its older change must not win.
        try laptop.syncJSON(hub, now: "2026-03-14T18:00")
        try phone.syncJSON(hub, now: "2026-03-14T18:05")
        for device in [phone, laptop] {
            let shared = try Self.settings(device, now: "2026-03-14T18:10")
            expectEqual(shared["rollover-time"], "04:00")
            expectEqual(shared["morning"], "08:00-12:00")
        }
        // A change made later on the laptop wins on both.
        try laptop.ok(["settings", "rollover-time", "05:00"], now: "2026-03-14T19:00")
        try laptop.syncJSON(hub, now: "2026-03-14T19:01")
        try phone.syncJSON(hub, now: "2026-03-14T19:02")
        try expectEqual(Self.settings(phone, now: "2026-03-14T19:03")["rollover-time"], "05:00")
    }
}
