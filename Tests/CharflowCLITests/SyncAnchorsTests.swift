import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Anchors and their marks sync like every record, through a real PostgreSQL hub (spec D22, D19): a
/// mark's id derives from (anchor, day), so two devices' marks of one occurrence are one record; the
/// region hours and the prayer settings are shared settings, each prayer's adjustment its own.
@Suite("Sync shares anchors, their marks and the day's settings", .serialized)
struct SyncAnchorsTests {
    static let day = "2026-03-10"

    func at(_ time: String) -> String { "\(Self.day)T\(time)" }

    /// The marks of the store: id, anchor, day, outcome.
    func marks(_ device: CharflowRunner) throws -> [String] {
        try Database(path: device.storePath, readOnly: true)
            .rows("SELECT id, anchor_id, day, coalesce(outcome, '-') FROM anchor_resolutions ORDER BY id")
            .map { $0.map { $0.text ?? "" }.joined(separator: " ") }
    }

    @Test("F-4 Y-3 two devices that mark one occurrence offline make one record under the derived id, and both keep the later mark")
    func marksAreOneRecord() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let phone = try CharflowRunner(), laptop = try CharflowRunner()
        let anchor = try #require(try phone.json(["anchor", "add", "Standup", "--at", "09:30", "--for", "15"], now: at("08:00"))["id"] as? String)
        try phone.syncJSON(hub, now: at("08:01"))
        try laptop.syncJSON(hub, now: at("08:02"))
        let attended = try phone.json(["anchor", "attend", "Standup"], now: at("09:45"))
        let missed = try laptop.json(["anchor", "miss", String(anchor.prefix(8))], now: at("09:50"))
        expectEqual(attended["id"] as? String, missed["id"] as? String, "the id derives from (anchor, day) on both")
        try phone.syncJSON(hub, now: at("10:00"))
        try laptop.syncJSON(hub, now: at("10:01"))
        try phone.syncJSON(hub, now: at("10:02"))
        for device in [phone, laptop] {
            let held = try marks(device)
            expectEqual(held.count, 1, "\(held)")
            expectEqual(held.first, "\(attended["id"] as? String ?? "") \(anchor) \(Self.day) missed", "the later mark wins")
        }
        try expectEqual(phone.syncedRecords(), laptop.syncedRecords())
        try expectEqual(laptop.json(["anchor", "show", "Standup"], now: at("10:03"))["read"] as? String, "No past day to read yet.")
    }

    @Test("F-4 Y-25 a mark taken back by undo reaches the other device as not marked, under the same record")
    func undoneMarkTravels() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let phone = try CharflowRunner(), laptop = try CharflowRunner()
        try phone.ok(["anchor", "add", "Standup", "--at", "09:30", "--for", "15"], now: at("08:00"))
        try phone.syncJSON(hub, now: at("08:01"))
        try laptop.syncJSON(hub, now: at("08:02"))
        try phone.syncJSON(hub, now: at("08:03"))
        try phone.ok(["anchor", "attend", "Standup"], now: at("09:40"))
        try phone.syncJSON(hub, now: at("09:41"))
        try laptop.syncJSON(hub, now: at("09:42"))
        try expectEqual(marks(laptop).first?.hasSuffix("attended"), true)
        try expectContains(phone.ok(["undo"], now: at("09:43")).stdout, "anchor attend")
        try phone.syncJSON(hub, now: at("09:44"))
        try laptop.syncJSON(hub, now: at("09:45"))
        let held = try marks(laptop)
        #expect(held.count == 1 && held.first?.hasSuffix(" -") == true, "\(held)")
        let today = try laptop.json(["anchor", "show", "Standup"], now: at("09:46"))["today"] as? [String: Any]
        expectTrue(today?["outcome"] is NSNull)
        // Marked again on the laptop: still the one record.
        try laptop.ok(["anchor", "attend", "Standup"], now: at("09:47"))
        try laptop.syncJSON(hub, now: at("09:48"))
        try phone.syncJSON(hub, now: at("09:49"))
        try expectEqual(marks(phone), marks(laptop))
        #expect(try marks(phone).count == 1 && marks(phone).first?.hasSuffix("attended") == true)
    }

    @Test("F-1 F-7 Y-26 anchors, their edits and archive, the region hours, the location and the prayer settings reach the other device; two prayers adjusted on two devices both stay")
    func anchorsAndSettingsTravel() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let phone = try CharflowRunner(), laptop = try CharflowRunner()
        try phone.syncJSON(hub, now: at("08:00"))
        try laptop.syncJSON(hub, now: at("08:01"))
        try phone.ok(["anchor", "add", "--prayers"], now: at("08:10"))
        try phone.ok(["anchor", "add", "Gym", "--at", "18:00", "--for", "1h30m", "--days", "2,4", "--remind", "15"], now: at("08:11"))
        try phone.ok(["anchor", "archive", "Asr"], now: at("08:12"))
        for (key, value) in [("morning", "05:30-12:00"), ("location", "51.5074,-0.1278,35"), ("prayer-method", "isna"), ("asr", "hanafi"),
                             ("high-latitude", "seventh")] {
            try phone.ok(["settings", key, value], now: at("08:13"))
        }
        try phone.ok(["settings", "prayer-adjust", "fajr", "2"], now: at("08:14"))
        try laptop.ok(["settings", "prayer-adjust", "isha", "-3"], now: at("08:15"))
        try phone.syncJSON(hub, now: at("08:20"))
        try laptop.syncJSON(hub, now: at("08:21"))
        try phone.syncJSON(hub, now: at("08:22"))
        let expected = ["morning": "05:30-12:00", "location": "51.5074,-0.1278,35", "prayer-method": "isna", "asr": "hanafi",
                        "high-latitude": "seventh", "prayer-adjust": "fajr=2,isha=-3"]
        for device in [phone, laptop] {
            let settings = try #require(try device.json(["settings"], now: at("08:23")) as? [String: String])
            for (key, value) in expected { expectEqual(settings[key], value, "\(key) on \(device.folder.lastPathComponent)") }
        }
        let list = try laptop.json(["anchor", "list", "--all"], now: at("08:24"))
        let titles = (list["anchors"] as? [[String: Any]])?.compactMap { $0["title"] as? String }.sorted()
        expectEqual(titles, ["Asr", "Dhuhr", "Fajr", "Gym", "Isha", "Maghrib"])
        expectEqual((list["anchors"] as? [[String: Any]])?.first { $0["title"] as? String == "Asr" }?["isArchived"] as? Bool, true)
        // The laptop computes the same prayer times from the shared settings.
        #expect(try phone.json(["prayers"], now: at("08:25"))["days"] as? [[String: String]]
                == laptop.json(["prayers"], now: at("08:25"))["days"] as? [[String: String]])
        try expectEqual(phone.syncedRecords(), laptop.syncedRecords())
        let shared = try hub.rows("SELECT DISTINCT row_id FROM hub_operations WHERE table_name = 'settings' ORDER BY 1")
        expectTrue(shared.contains("prayer-adjust-fajr") && shared.contains("prayer-adjust-isha") && shared.contains("location"))
    }
}
