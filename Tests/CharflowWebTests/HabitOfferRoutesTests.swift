import CharflowApp
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// `GET /api/habits/offers` and the adopt and decline routes on the real server (R-6): the documents
/// `habit offers --json`, `habit adopt --json` and `habit decline --json` print, the offer named in the
/// path, a bad one answered 4xx naming what is wrong with the store unchanged. The server's clock is
/// Monday 2026-11-30 09:00, London; Stretch was done on Thursday, Saturday and this morning.
@Suite("serve · habit offers")
struct HabitOfferRoutesTests {
    static func served() throws -> LocalServer {
        try LocalServer { store in
            for day in ["2026-11-26T08:00", "2026-11-28T08:00", "2026-11-30T08:00"] {
                let app = try store.open(now: try StoreEnvironment.clock(day, zone: store.timeZone))
                _ = try app.completeTask(CompleteTask.Input(task: try app.addTask(AddTask.Input(title: "Stretch")).task.id))
            }
        }
    }

    func offers(_ local: LocalServer) throws -> [[String: Any]] {
        try local.send("GET", "/api/habits/offers").json()["offers"] as? [[String: Any]] ?? []
    }

    @Test("R-6 the offer is read without being used up, recorded as shown through /api/seen, adopted by its id with an undoable action")
    func readShowAdopt() throws {
        let local = try Self.served()
        defer { local.stop() }
        let before = local.storeBytes()
        let offer = try #require(try offers(local).first)
        expectEqual(offer["title"] as? String, "Stretch")
        expectEqual(offer["cadence"] as? String, "every 2 days")
        expectEqual(offer["shown"] as? Bool, false)
        expectEqual(((try local.send("GET", "/api/today").json()["habitOffers"] as? [[String: Any]])?.count), 1)
        expectEqual(local.storeBytes(), before, "reading marks nothing (A-2)")
        let id = try #require(offer["id"] as? String)
        let seen = try local.post("/api/seen", #"{"shown": ["habitOffer:\#(id)"]}"#)
        try expectEqual(seen.json()["marked"] as? Int, 1, "\(seen.body)")
        try expectEqual(offers(local).first?["shown"] as? Bool, true)

        let adopted = try local.post("/api/habits/offers/\(id.prefix(8))/adopt", "{}")
        expectEqual(adopted.status, 200, "\(adopted.body)")
        let habit = try adopted.json()
        expectEqual(habit["title"] as? String, "Stretch")
        expectEqual(habit["kind"] as? String, "binary")
        expectEqual(habit["targetPerWeek"] as? Int, 3)
        let action = try #require(habit["action"] as? String, "a write's answer carries its action")
        try expectEmpty(offers(local))
        let undone = try local.post("/api/undo", #"{"action": "\#(action)"}"#)
        expectEqual(undone.status, 200, "\(undone.body)")
        expectEqual((try local.send("GET", "/api/habits").json()["habits"] as? [Any])?.isEmpty, true)
        try expectEqual(offers(local).count, 1, "after undo the offer stands again for the day")
    }

    @Test("R-6 decline by title in the path: never offered again; a second decline changes nothing")
    func decline() throws {
        let local = try Self.served()
        defer { local.stop() }
        let declined = try local.post("/api/habits/offers/stretch/decline", "{}")
        expectEqual(declined.status, 200, "\(declined.body)")
        try expectEqual(declined.json()["changed"] as? Bool, true)
        try expectEmpty(offers(local))
        try expectEqual(local.post("/api/habits/offers/stretch/decline", "{}").json()["changed"] as? Bool, false)
    }

    @Test("R-6 bad input: an offer nobody made is 404 by name, a key the route does not take is 400 naming it, nothing changes")
    func refused() throws {
        let local = try Self.served()
        defer { local.stop() }
        let before = local.storeBytes()
        let missing = try local.post("/api/habits/offers/Juggle/adopt", "{}")
        expectEqual(missing.status, 404, "\(missing.body)")
        expectEqual(missing.error()?.code, "habit_offer_not_found")
        expectEqual(missing.error()?.message.contains("Juggle"), true)
        try expectEqual(local.post("/api/habits/offers/Juggle/decline", "{}").status, 404)
        expectEqual(local.storeBytes(), before)
        try StrictBodyTests.expectRefused(local, "/api/habits/offers/stretch/adopt", #"{"kind": "counted"}"#, field: "kind")
        try StrictBodyTests.expectRefused(local, "/api/habits/offers/stretch/decline", #"{"offer": "walk"}"#, field: "offer")
    }
}
