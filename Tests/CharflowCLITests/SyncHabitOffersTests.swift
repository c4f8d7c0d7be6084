import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A detected habit's offer is made once and declined once for every device, through a real
/// PostgreSQL hub: `habit_offers` syncs (its rows' ids derive from the title), where the nudge log does not.
@Suite("Sync shares the offers of detected habits", .serialized)
struct SyncHabitOffersTests {
    /// Two devices sharing "Stretch" done on 2, 3 and 4 March 2026 (Berlin, weeks by Sunday): the phone
    /// did them, the laptop has them after one sync each.
    func twoDevices() throws -> (PostgresHub, phone: CharflowRunner, laptop: CharflowRunner) {
        let hub = try PostgresHub.initialised(at: "2026-03-01T07:00")
        let phone = try CharflowRunner(timeZone: "Europe/Berlin"), laptop = try CharflowRunner(timeZone: "Europe/Berlin")
        try phone.ok(["settings", "first-weekday", "sunday"], now: "2026-03-01T08:00")
        for day in ["2026-03-02", "2026-03-03", "2026-03-04"] {
            let id = try phone.add("Stretch", now: "\(day)T08:00")
            try phone.ok(["done", id], now: "\(day)T08:30")
        }
        try phone.syncJSON(hub, now: "2026-03-04T09:00")
        try laptop.syncJSON(hub, now: "2026-03-04T09:01")
        return (hub, phone, laptop)
    }

    func offers(_ device: CharflowRunner, now: String) throws -> [[String: Any]] {
        try device.json(["today"], now: now)["habitOffers"] as? [[String: Any]] ?? []
    }

    @Test("R-6 Y-2 an offer declined on one device is not offered on the other after they sync")
    func declinedTravels() throws {
        let (hub, phone, laptop) = try twoDevices()
        try expectEqual(offers(laptop, now: "2026-03-04T09:02").map { $0["title"] as? String }, ["Stretch"], "the laptop detects it too")
        try phone.ok(["habit", "decline", "stretch"], now: "2026-03-04T10:00")
        try phone.syncJSON(hub, now: "2026-03-04T10:01")
        try laptop.syncJSON(hub, now: "2026-03-04T10:02")
        expectTrue(try offers(laptop, now: "2026-03-04T10:03").isEmpty)
        expectTrue(!(try laptop.ok(["today"], now: "2026-03-04T10:04").stdout.contains("Make it a habit")))
        try expectContains(laptop.ok(["habit", "offers"], now: "2026-03-04T10:05").stdout, "No habit is offered today.")
        try expectEqual(phone.syncedRecords(), laptop.syncedRecords())
    }

    @Test("R-6 Y-2 an offer shown on one device is not made again on the other: its line is not printed, and on a later day it is gone")
    func shownTravels() throws {
        let (hub, phone, laptop) = try twoDevices()
        try expectContains(phone.ok(["today"], now: "2026-03-04T10:00").stdout, "Make it a habit?")
        try phone.syncJSON(hub, now: "2026-03-04T10:01")
        try laptop.syncJSON(hub, now: "2026-03-04T10:02")
        // The same day it stands on the laptop as shown (the page's card), but Today's line is not said again.
        try expectEqual(offers(laptop, now: "2026-03-04T10:03").first?["shown"] as? Bool, true)
        expectTrue(!(try laptop.ok(["today"], now: "2026-03-04T10:04").stdout.contains("Make it a habit")))
        let id = try laptop.add("Stretch", now: "2026-03-05T08:00")
        try laptop.ok(["done", id], now: "2026-03-05T08:30")
        expectTrue(try offers(laptop, now: "2026-03-05T09:00").isEmpty, "made once, on every device")
    }
}
