import CharflowTestSupport
import Foundation
import Testing

/// The habit and group routes: each reads its use case's input from the path and the body (or a read's
/// query), takes only that input's keys, and answers the document `--json` prints.
@Suite struct HabitRoutesTests {
    @Test("W-5: a habit route refuses a key another habit route takes, naming it, and changes nothing")
    func otherRoutesKeys() throws {
        let (local, _) = try StrictBodyTests.served()
        defer { local.stop() }
        let cases: [(path: String, body: String, field: String)] = [
            ("/api/habits/Water/log", #"{"preset": "quran"}"#, "preset"),
            ("/api/habits/Water/log", #"{"weeks": 4}"#, "weeks"),
            ("/api/habits/Water/pause", #"{"reason": "travel", "settle": "done"}"#, "settle"),
            ("/api/habits/Water/archive", #"{"reason": "travel"}"#, "reason"),
            ("/api/habits/Water/begin", #"{"count": 1}"#, "count"),
            ("/api/habits/new", #"{"title": "Tea", "date": "today"}"#, "date"),
            // The path names the habit; the body may not name it again.
            ("/api/habits/Water/log", #"{"habit": "Walk"}"#, "habit"),
        ]
        for item in cases {
            try StrictBodyTests.expectRefused(local, item.path, item.body, field: item.field)
        }
    }

    @Test("W-5: a habit body's value of the wrong JSON type is refused naming its field")
    func wrongTypes() throws {
        let (local, _) = try StrictBodyTests.served()
        defer { local.stop() }
        let cases: [(path: String, body: String, field: String)] = [
            ("/api/habits/new", #"{"title": "Swim", "per-week": "3"}"#, "per-week"),
            ("/api/habits/new", #"{"title": "Swim", "effort": "20"}"#, "effort"),
            ("/api/habits/new", #"{"title": "Swim", "weekdays": "yes"}"#, "weekdays"),
            ("/api/habits/new", #"{"title": "Swim", "window": ["Morning", 7]}"#, "window"),
            ("/api/habits/Water/edit", #"{"group": 1}"#, "group"),
            ("/api/habits/Water/log", #"{"undo": "yes"}"#, "undo"),
            ("/api/habits/Water/log", #"{"minutes": 2.5}"#, "minutes"),
            ("/api/habits/Water/pause", #"{"reason": "travel", "from": 5}"#, "from"),
            ("/api/habits/Water/begin", #"{"settle": true}"#, "settle"),
        ]
        for item in cases {
            try StrictBodyTests.expectRefused(local, item.path, item.body, field: item.field)
        }
    }

    @Test("H-2 H-15 H-20 a habit body's value that is not of its form is refused in the command line's words, nothing changed")
    func refusedValues() throws {
        let (local, _) = try StrictBodyTests.served()
        defer { local.stop() }
        let cases: [(path: String, body: String, code: String)] = [
            ("/api/habits/Water/pause", "{}", "missing_option"),
            ("/api/habits/Water/pause", #"{"reason": "holiday"}"#, "invalid_value"),
            ("/api/habits/Water/pause", #"{"reason": "travel", "from": "someday"}"#, "bad_date"),
            ("/api/habits/new", #"{"title": "Swim", "days": "1", "weekdays": true}"#, "at_most_one"),
            ("/api/habits/new", #"{"title": "Swim", "per-week": 8}"#, "invalid_value"),
            ("/api/habits/new", #"{"title": "Swim", "effort": 0}"#, "bad_effort"),
            ("/api/habits/new", #"{"title": "Swim", "target": 100001}"#, "out_of_range"),
            ("/api/habits/new", #"{"preset": "yoga"}"#, "unknown_preset"),
            ("/api/habits/new", #"{"title": "Swim", "group": "Nowhere"}"#, "group_not_found"),
            ("/api/habits/Water/log", #"{"count": 0}"#, "out_of_range"),
            ("/api/habits/Water/log", #"{"date": "soon"}"#, "bad_date"),
            ("/api/habits/Water/begin", #"{"settle": "later"}"#, "invalid_value"),
            ("/api/habits/Nowhere/archive", "{}", "habit_not_found"),
        ]
        for item in cases {
            let before = local.storeBytes()
            let answer = try local.post(item.path, item.body)
            expectContains([400, 404], answer.status, "\(item.path) \(item.body): \(answer.body)")
            expectEqual(answer.error()?.code, item.code, "\(item.path) \(item.body): \(answer.body)")
            expectEqual(local.storeBytes(), before, "\(item.path) \(item.body) changed the store")
        }
    }

    @Test("H-4 H-7 H-12 a habit body of the right types is taken: windows, a weekly target, no effort; an edit leaves its group")
    func bodiesTaken() throws {
        let (local, _) = try StrictBodyTests.served()
        defer { local.stop() }
        let added = try local.post("/api/habits/new", #"""
            {"title": "Stretch", "kind": "timed", "target": 20, "per-week": 3, "effort": null,
             "window": ["Morning 06:00-09:00 remind 06:30"], "notes": "slowly"}
            """#)
        expectEqual(added.status, 200, "\(added.body)")
        let habit = try added.json()
        let id = try #require(habit["id"] as? String)
        expectTrue(habit["action"] is String, "a write names the action it recorded")
        let windows = try #require(habit["windows"] as? [[String: Any]])
        #expect(windows.count == 1 && windows.first?["label"] as? String == "Morning")
        expectTrue(windows.first?["effortMinutes"] is NSNull, "effort null is none, not the target")

        let grouped = try local.post("/api/habits/\(id)/edit", #"{"group": "Morning"}"#)
        expectEqual(grouped.error()?.code, "group_not_found", "\(grouped.body)")
        let ungrouped = try local.post("/api/habits/\(id)/edit", #"{"group": "none", "title": "Stretch well"}"#)
        expectEqual(ungrouped.status, 200, "\(ungrouped.body)")
        try expectEqual(ungrouped.json()["title"] as? String, "Stretch well")
        expectTrue(try ungrouped.json()["group"] is NSNull)

        let paused = try local.post("/api/habits/\(id)/pause", #"{"reason": "travel", "to": "2026-12-03"}"#)
        expectEqual(paused.status, 200, "\(paused.body)")
        try expectEqual(local.post("/api/habits/\(id)/resume", "{}").status, 200)
        try expectEqual(local.send("GET", "/api/habits/\(id)/grid?weeks=2").status, 200)
        expectTrue(try local.send("GET", "/api/groups").json()["groups"] is [Any])
    }

    @Test("B-21 D8 W-15 a habit or planning route that finds things already as asked answers without an action and changes nothing")
    func unchangedAnswersNoAction() throws {
        let (local, _) = try StrictBodyTests.served()
        defer { local.stop() }
        let restoreBefore = local.storeBytes()
        let restored = try local.post("/api/habits/Water/restore", "{}")
        expectEqual(restored.status, 200, "\(restored.body)")
        try expectEqual(restored.json()["action"], nil, "restoring an active habit recorded an action: \(restored.body)")
        expectEqual(local.storeBytes(), restoreBefore, "restoring an active habit changed the store")
        let closed = try local.post("/api/plan/close", "{}")
        expectTrue(try closed.json()["action"] is String, "the first close is a change: \(closed.body)")
        let before = local.storeBytes()
        let again = try local.post("/api/plan/close", "{}")
        expectEqual(again.status, 200, "\(again.body)")
        try expectEqual(again.json()["action"], nil, "a second close recorded an action: \(again.body)")
        expectEqual(local.storeBytes(), before, "a second close changed the store")
        let undone = try local.post("/api/undo", "{}")
        try expectEqual(undone.json()["undone"] as? String, "plan close", "\(undone.body)")
    }
}
