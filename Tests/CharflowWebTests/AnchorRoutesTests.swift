import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The anchor, prayer-time and region-hour routes of the API (spec D22), answered by the real server
/// over HTTP: each use case's document, `"action"` on a write and its undo, and bad input answered 400
/// naming the field or the value, changing nothing. The server's clock is Monday 2026-11-30 09:00, London.
@Suite("serve · anchors, prayer times and region hours")
struct AnchorRoutesTests {
    @Test("F-2 F-4 F-6 every anchor route: add, list, show, grid, edit, attend, miss, archive, restore, each write undone by its action")
    func everyRoute() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let added = try local.post("/api/anchors/new", #"{"title": "Standup", "at": "09:30", "for": "15m", "weekdays": true, "remind": 5}"#)
        expectEqual(added.status, 200, "\(added.body)")
        let anchor = try #require(try added.json()["id"] as? String)
        try expectEqual(added.json()["days"] as? [Int], [1, 2, 3, 4, 5])
        try expectEqual(added.json()["remindMinutes"] as? Int, 5)
        try expectNotEqual(added.json()["action"] as? String, nil)
        let prayers = try local.post("/api/anchors/new", #"{"prayers": true, "for": 20}"#)
        try expectEqual((prayers.json()["anchors"] as? [[String: Any]])?.map { $0["title"] as? String }, ["Fajr", "Dhuhr", "Asr", "Maghrib", "Isha"])

        let list = try local.send("GET", "/api/anchors").json()
        expectEqual((list["anchors"] as? [[String: Any]])?.count, 6)
        expectEqual((list["today"] as? [[String: Any]])?.map { $0["title"] as? String }, ["Standup"], "no location, so no prayer today")
        let show = try local.send("GET", "/api/anchors/\(anchor)/show").json()
        expectEqual((show["today"] as? [String: Any])?["start"] as? String, "2026-11-30T09:30:00+00:00")
        expectEqual(show["read"] as? String, "No past day to read yet.")

        let attended = try local.post("/api/anchors/standup/attend", "{}")
        try expectEqual(attended.json()["outcome"] as? String, "attended")
        let markID = try #require(try attended.json()["id"] as? String)
        let missed = try local.post("/api/anchors/\(anchor.prefix(8))/miss", #"{"date": "today"}"#)
        try expectEqual(missed.json()["id"] as? String, markID, "one record a day")
        let undo = try local.post("/api/undo", #"{"action": "\#(try #require(try missed.json()["action"] as? String))"}"#)
        try expectEqual(undo.json()["undone"] as? String, "anchor miss")
        let grid = try local.send("GET", "/api/anchors/\(anchor)/grid?weeks=2").json()
        expectEqual((grid["days"] as? [[String: Any]])?.count, 8)
        expectEqual((grid["days"] as? [[String: Any]])?.last?["state"] as? String, "attended")

        let edited = try local.post("/api/anchors/\(anchor)/edit", #"{"at": "10:00", "remind": null, "category": "Work"}"#)
        expectEqual(edited.status, 200, "\(edited.body)")
        try expectEqual(edited.json()["start"] as? String, "10:00")
        expectTrue(try edited.json()["remindMinutes"] is NSNull)
        try expectEqual(edited.json()["category"] as? String, "Work")
        let archived = try local.post("/api/anchors/\(anchor)/archive", "{}")
        try expectEqual(archived.json()["isArchived"] as? Bool, true)
        expectEqual((try local.send("GET", "/api/anchors").json()["anchors"] as? [[String: Any]])?.count, 5)
        expectEqual((try local.send("GET", "/api/anchors?all=1").json()["anchors"] as? [[String: Any]])?.count, 6)
        let restored = try local.post("/api/anchors/\(anchor)/restore", "{}")
        try expectEqual(restored.json()["isArchived"] as? Bool, false)
        let undoRestore = try local.post("/api/undo", #"{"action": "\#(try #require(try restored.json()["action"] as? String))"}"#)
        try expectEqual(undoRestore.json()["undone"] as? String, "anchor restore")
    }

    @Test("F-2 bad input is 400 and changes nothing: a value of the wrong type or a key the route does not take names the field; a value not of its form, or two timings, says what is wrong")
    func badInput() throws {
        let local = try LocalServer()
        defer { local.stop() }
        _ = try local.post("/api/anchors/new", #"{"title": "Standup", "at": "09:30", "for": 15}"#)
        let before = local.storeBytes()
        let cases: [(path: String, body: String, code: String, names: String)] = [
            ("/api/anchors/new", #"{"title": "Gym", "at": 930, "for": 15}"#, "bad_field", "at"),
            ("/api/anchors/new", #"{"title": "Gym", "at": "18:00", "for": true}"#, "bad_field", "for"),
            ("/api/anchors/new", #"{"title": "Gym", "at": "18:00", "for": 15, "colour": "red"}"#, "bad_field", "colour"),
            ("/api/anchors/new", #"{"title": "Gym", "at": "25:00", "for": 15}"#, "invalid_value", "25:00"),
            ("/api/anchors/new", #"{"title": "Gym", "at": "18:00", "for": "2d"}"#, "bad_duration", "2d"),
            ("/api/anchors/new", #"{"title": "Gym", "at": "18:00"}"#, "missing_option", "for"),
            ("/api/anchors/new", #"{"title": "Gym", "at": "18:00", "for": 15, "prayer": "asr"}"#, "choose_one", "at"),
            ("/api/anchors/new", #"{"prayer": "asr", "days": "1,2"}"#, "prayer_every_day", "prayer"),
            ("/api/anchors/new", #"{"prayer": "sunrise"}"#, "invalid_value", "sunrise"),
            ("/api/anchors/new", #"{"title": "Gym", "at": "18:00", "for": 15, "remind": 900}"#, "out_of_range", "900"),
            ("/api/anchors/standup/attend", #"{"date": "2026-12-01"}"#, "future_day", "2026-12-01"),
            ("/api/anchors/standup/attend", #"{"date": 20261201}"#, "bad_field", "date"),
            ("/api/anchors/standup/edit", "{}", "nothing_to_change", "Nothing"),
            ("/api/anchors/standup/edit", #"{"weeks": 2}"#, "bad_field", "weeks"),
            ("/api/settings/morning", #"{"value": "06:00-13:00"}"#, "hours_overlap", "Afternoon"),
            ("/api/settings/evening", #"{"value": "20:00-01:00"}"#, "hours_outside_day", "00:00"),
            ("/api/settings/evening", #"{"value": "20:00"}"#, "bad_hours", "20:00"),
            ("/api/settings/location", #"{"value": "91,0"}"#, "bad_location", "latitude"),
            ("/api/settings/prayer-adjust/isha", #"{"minutes": 90}"#, "bad_adjustment", "90"),
            ("/api/settings/prayer-adjust/isha", #"{"minutes": "2"}"#, "bad_field", "minutes"),
        ]
        for (path, body, code, names) in cases {
            let answer = try local.post(path, body)
            let status = ["hours_overlap", "hours_outside_day", "future_day"].contains(code) ? 409 : 400
            expectEqual(answer.status, status, "\(path) \(body): \(answer.body)")
            expectEqual(answer.error()?.code, code, "\(path) \(body): \(answer.body)")
            expectEqual(answer.error()?.message.contains(names), true, "\(path) \(body): \(answer.body)")
        }
        let missing = try local.post("/api/anchors/gym/attend", "{}")
        #expect(missing.status == 404 && missing.error()?.code == "anchor_not_found")
        expectEqual(local.storeBytes(), before)
    }

    @Test("F-7 F-8 the prayer times answer with a location and say how to set one without it; adjustments and the region hours are settings")
    func prayersAndSettings() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let none = try local.send("GET", "/api/prayers")
        #expect(none.status == 409 && none.error()?.code == "no_location")
        expectEqual(none.error()?.message, "No location is set, so there are no prayer times yet.")
        try expectEqual(local.post("/api/settings/location", #"{"value": "21.4225,39.8262,277"}"#).status, 200)
        try expectEqual(local.post("/api/settings/prayer-method", #"{"value": "umm-al-qura"}"#).status, 200)
        let adjusted = try local.post("/api/settings/prayer-adjust/isha", #"{"minutes": 2}"#)
        try expectEqual(adjusted.json()["prayer-adjust"] as? String, "isha=2")
        try expectNotEqual(adjusted.json()["action"] as? String, nil)
        let times = try local.send("GET", "/api/prayers?date=2026-12-01&days=2").json()
        expectEqual(times["location"] as? String, "21.4225,39.8262,277")
        expectEqual(times["method"] as? String, "umm-al-qura")
        expectEqual(times["adjustments"] as? [String: Int], ["isha": 2])
        let days = try #require(times["days"] as? [[String: Any]])
        expectEqual(days.map { $0["date"] as? String }, ["2026-12-01", "2026-12-02"])
        // The times the core computes for the same settings, in the server's zone.
        let zone = try #require(TimeZone(identifier: "Europe/London"))
        let makkah = try #require(PrayerLocation(word: "21.4225,39.8262,277"))
        let adjustments = try #require(PrayerAdjustments(isha: 2))
        let expected = PrayerTimes(on: try #require(LocalDay("2026-12-01")), at: makkah,
                                   settings: PrayerSettings(location: makkah, method: .ummAlQura, adjustments: adjustments), in: zone)
        let calendar = PlannerCalendar(timeZone: zone)
        for prayer in Prayer.allCases {
            expectEqual(days.first?[prayer.word] as? String, Instant.isoText(expected[prayer], in: calendar), "\(prayer)")
        }
        expectEqual(days.first?["sunrise"] as? String, Instant.isoText(expected.sunrise, in: calendar))
        let settings = try local.send("GET", "/api/settings").json()
        expectEqual(settings["morning"] as? String, "06:00-12:00")
        expectEqual(settings["prayer-adjust"] as? String, "isha=2")
        try expectEqual(local.post("/api/settings/evening", #"{"value": "18:00-22:30"}"#).json()["evening"] as? String, "18:00-22:30")
    }
}
