import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Each route's body is decoded strictly: the wrong JSON type, a key the route does not take, a missing
/// required field or a body that is not a JSON object is a 400 that names the field and changes nothing.
@Suite struct StrictBodyTests {
    /// A server with one task on Today's morning board and one counted habit.
    static func served() throws -> (LocalServer, task: String) {
        let local = try LocalServer()
        let added = try local.post("/api/tasks", #"{"title": "Write the report", "region": "morning", "bucket": "must"}"#)
        let task = try #require(try added.json()["id"] as? String, "\(added.body)")
        try expectEqual(local.post("/api/habits/new", #"{"title": "Water", "kind": "counted", "target": 8}"#).status, 200)
        return (local, task)
    }

    /// Sends `body` to `path`, expecting a 400 `bad_field` naming `field`, with the store as it was.
    static func expectRefused(_ local: LocalServer, _ path: String, _ body: String, field: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = local.storeBytes()
        let answer = try local.post(path, body)
        #expect(answer.status == 400, "\(path) \(body): \(answer.body)", sourceLocation: sourceLocation)
        let error = answer.error()
        #expect(error?.code == "bad_field", "\(path) \(body): \(answer.body)", sourceLocation: sourceLocation)
        #expect(error?.message.contains("\"\(field)\"") == true, "\(path) \(body): \(answer.body)", sourceLocation: sourceLocation)
        #expect(local.storeBytes() == before, "\(path) \(body) changed the store", sourceLocation: sourceLocation)
    }

    @Test("W-5: a region given as a list is refused naming the region, and no task is added")
    func regionListRefused() throws {
        let (local, _) = try Self.served()
        defer { local.stop() }
        try Self.expectRefused(local, "/api/tasks", #"{"title": "Coerced", "region": ["morning"]}"#, field: "region")
        expectTrue(!(try local.send("GET", "/api/list?all=1").body.contains("Coerced")))
    }

    @Test("W-5: a position given as text is refused naming the position; the task keeps its place")
    func positionTextRefused() throws {
        let (local, task) = try Self.served()
        defer { local.stop() }
        try Self.expectRefused(local, "/api/tasks/\(task)/reorder", #"{"position": "1"}"#, field: "position")
    }

    @Test("W-5: a value of the wrong JSON type is refused naming its field, on every kind of route")
    func wrongTypes() throws {
        let (local, task) = try Self.served()
        defer { local.stop() }
        let cases: [(path: String, body: String, field: String)] = [
            ("/api/tasks", #"{"title": 5}"#, "title"),
            ("/api/tasks", #"{"title": "x", "effort": "30"}"#, "effort"),
            ("/api/tasks", #"{"title": "x", "effort": 1.5}"#, "effort"),
            ("/api/tasks", #"{"title": "x", "due": {"day": "tomorrow"}}"#, "due"),
            ("/api/tasks/\(task)/edit", #"{"importance": true}"#, "importance"),
            ("/api/tasks/\(task)/move", #"{"backlog": "yes"}"#, "backlog"),
            ("/api/tasks/\(task)/move", #"{"region": null, "bucket": 2}"#, "bucket"),
            ("/api/tasks/\(task)/reorder", #"{"position": 1.5}"#, "position"),
            ("/api/tasks/\(task)/check", #"{"item": "1"}"#, "item"),
            ("/api/tasks/\(task)/defer", #"{"to": ["tomorrow"]}"#, "to"),
            ("/api/seen", #"{"shown": "stale"}"#, "shown"),
            ("/api/seen", #"{"shown": ["stale", 3]}"#, "shown"),
            ("/api/undo", #"{"action": 1}"#, "action"),
            ("/api/sessions/begin", #"{"task": 12345678}"#, "task"),
            ("/api/sessions/finish", #"{"done": "true"}"#, "done"),
            ("/api/habits/new", #"{"title": "Walk", "target": "8"}"#, "target"),
            ("/api/habits/new", #"{"title": "Walk", "window": "Morning 07:00-09:00"}"#, "window"),
            ("/api/habits/Water/log", #"{"count": "2"}"#, "count"),
            ("/api/plan/carry", #"{"task": "\#(task)", "keep": 1}"#, "keep"),
            ("/api/settings/end-of-day", #"{"value": 1800}"#, "value"),
            ("/api/erase", #"{"yes": "yes"}"#, "yes"),
        ]
        for item in cases {
            try Self.expectRefused(local, item.path, item.body, field: item.field)
        }
    }

    @Test("W-5: a key the route does not take is refused naming it, also where the route takes no body")
    func unknownFields() throws {
        let (local, task) = try Self.served()
        defer { local.stop() }
        let cases: [(path: String, body: String, field: String)] = [
            ("/api/tasks", #"{"title": "x", "colour": "red"}"#, "colour"),
            ("/api/tasks", #"{"titles": "x"}"#, "titles"),
            ("/api/tasks/\(task)/edit", #"{"region": "evening"}"#, "region"),
            ("/api/tasks/\(task)/done", #"{"force": true}"#, "force"),
            ("/api/tasks/\(task)/reorder", #"{"position": 1, "bucket": "must"}"#, "bucket"),
            ("/api/habits/Water/edit", #"{"preset": "water"}"#, "preset"),
            ("/api/habits/Water/log", #"{"amount": 2}"#, "amount"),
            ("/api/sessions/pause", #"{"now": true}"#, "now"),
            ("/api/plan/close", #"{"task": "\#(task)"}"#, "task"),
            ("/api/undo", #"{"action": "1", "all": true}"#, "all"),
        ]
        for item in cases {
            try Self.expectRefused(local, item.path, item.body, field: item.field)
        }
    }

    @Test("W-5: a route's required field left out is refused naming it")
    func missingFields() throws {
        let (local, task) = try Self.served()
        defer { local.stop() }
        try Self.expectRefused(local, "/api/sessions/begin", "{}", field: "task")
        try Self.expectRefused(local, "/api/sessions/begin", #"{"task": null}"#, field: "task")
        try Self.expectRefused(local, "/api/tasks/\(task)/check", "{}", field: "item")
        try Self.expectRefused(local, "/api/plan/carry", #"{"keep": true}"#, field: "task")
        try Self.expectRefused(local, "/api/categories/new", #"{"color": "sage"}"#, field: "name")
    }

    @Test("W-4: a body that is not one JSON object is 400 with the error body and changes nothing")
    func notAnObject() throws {
        let (local, task) = try Self.served()
        defer { local.stop() }
        for body in [#"["title"]"#, #""Buy milk""#, "5", "null", #"{"title": "x""#] {
            for path in ["/api/tasks", "/api/tasks/\(task)/done"] {
                let before = local.storeBytes()
                let answer = try local.post(path, body)
                expectEqual(answer.status, 400, "\(path) \(body): \(answer.body)")
                expectEqual(answer.error()?.code, "bad_json", "\(path) \(body)")
                expectEqual(local.storeBytes(), before)
            }
        }
    }

    @Test("W-5: a body of the right types is taken and changes the store: add, reorder, clear the effort, log")
    func correctBodiesAccepted() throws {
        let (local, task) = try Self.served()
        defer { local.stop() }
        var before = local.storeBytes()
        let added = try local.post("/api/tasks", #"{"title": "Plan the week", "region": "morning", "bucket": "must", "effort": 30, "importance": "high"}"#)
        // The morning's one Must-Do is taken: the rules refuse a second, in their own code.
        expectEqual(added.status, 409, "\(added.body)")
        expectEqual(local.storeBytes(), before)
        let misc = try local.post("/api/tasks", #"{"title": "Plan the week", "region": "morning", "bucket": "misc", "effort": 30, "due": "today"}"#)
        expectEqual(misc.status, 200, "\(misc.body)")
        let id = try #require(try misc.json()["id"] as? String)
        try expectEqual(misc.json()["effortMinutes"] as? Int, 30)
        expectTrue(try misc.json()["action"] is String)
        expectNotEqual(local.storeBytes(), before)

        before = local.storeBytes()
        let cleared = try local.post("/api/tasks/\(id)/edit", #"{"effort": null}"#)
        expectEqual(cleared.status, 200, "\(cleared.body)")
        expectTrue(try local.send("GET", "/api/tasks/\(id)").json()["effortMinutes"] is NSNull)
        expectNotEqual(local.storeBytes(), before)

        let second = try local.post("/api/tasks", #"{"title": "Call Sam", "region": "morning", "bucket": "misc"}"#)
        let secondID = try #require(try second.json()["id"] as? String)
        let reordered = try local.post("/api/tasks/\(secondID)/reorder", #"{"position": 1}"#)
        expectEqual(reordered.status, 200, "\(reordered.body)")
        let misc2 = try #require(((try local.send("GET", "/api/today").json()["regions"] as? [String: Any])?["morning"] as? [String: Any])?["misc"] as? [[String: Any]])
        expectEqual(misc2.first?["id"] as? String, secondID)

        before = local.storeBytes()
        let logged = try local.post("/api/habits/Water/log", #"{"count": 2}"#)
        expectEqual(logged.status, 200, "\(logged.body)")
        expectNotEqual(local.storeBytes(), before)
        let moved = try local.post("/api/tasks/\(task)/move", #"{"backlog": true}"#)
        expectEqual(moved.status, 200, "\(moved.body)")
        expectTrue(try moved.json()["region"] is NSNull)
    }
}
