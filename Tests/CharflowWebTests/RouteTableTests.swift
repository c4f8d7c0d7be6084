@testable import CharflowWeb
import CharflowCore
import Foundation
import CharflowTestSupport
import Testing

/// The route table is what the server dispatches by: each line answers at its method and path, any
/// other method there is 405, and a path no line takes is 404.
@Suite struct RouteTableTests {
    /// The path of `route` with each placeholder filled by a subject that exists in the store.
    static func path(_ route: APIRoute, task: String, habit: String, anchor: String = "standup") -> String {
        route.pattern.replacingOccurrences(of: "{task}", with: task).replacingOccurrences(of: "{habit}", with: habit)
            .replacingOccurrences(of: "{region}", with: "morning").replacingOccurrences(of: "{name}", with: "garden")
            .replacingOccurrences(of: "{key}", with: "rollover-time").replacingOccurrences(of: "{day}", with: "yesterday")
            .replacingOccurrences(of: "{anchor}", with: anchor).replacingOccurrences(of: "{prayer}", with: "fajr")
            .replacingOccurrences(of: "{version}", with: PageAssetDelivery.version).replacingOccurrences(of: "{file}", with: "app.css")
    }

    @Test("W-5: docs/api.md lists every route of the table by its method and path, and no route the table lacks")
    func documentedRoutes() throws {
        // This file is Tests/CharflowWebTests/RouteTableTests.swift: the repository is two folders up.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/api.md"), encoding: .utf8)
        let documented = Set(text.split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, ["GET", "POST"].contains(cells[0]) else { return nil }
            return cells[0] + " " + cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        })
        let table = Set(RouteTable.routes.filter { $0.pattern.hasPrefix("/api/") }.map { $0.method.rawValue + " " + $0.pattern })
        expectEqual(table.subtracting(documented).sorted(), [], "routes docs/api.md does not list")
        expectEqual(documented.subtracting(table).sorted(), [], "docs/api.md lists routes the table does not have")
    }

    @Test("W-5: every line of the route table answers at its method and path; every read answers 200 and changes nothing")
    func everyRouteAnswers() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let task = try #require(try local.post("/api/tasks", #"{"title": "Route me", "region": "morning"}"#).json()["id"] as? String)
        let habit = try #require(try local.post("/api/habits/new", #"{"title": "Water", "kind": "counted", "target": 8}"#).json()["id"] as? String)
        try expectEqual(local.post("/api/categories/new", #"{"name": "garden"}"#).status, 200)
        let anchor = try #require(try local.post("/api/anchors/new", #"{"title": "Standup", "at": "09:30", "for": 15}"#).json()["id"] as? String)
        // The prayer times need a place.
        try expectEqual(local.post("/api/settings/location", #"{"value": "51.5074,-0.1278"}"#).status, 200)
        // Reads first, so every subject they name still exists, and they change nothing; then each write
        // with an empty body.
        let before = local.storeBytes()
        for route in RouteTable.routes where route.isRead {
            let answer = try local.send("GET", Self.path(route, task: task, habit: habit, anchor: anchor))
            expectEqual(answer.status, 200, "\(route.pattern): \(answer.body)")
        }
        expectEqual(local.storeBytes(), before, "a read changed the store")
        for route in RouteTable.routes where !route.isRead {
            let answer = try local.send("POST", Self.path(route, task: task, habit: habit, anchor: anchor))
            expectNotEqual(answer.error()?.message, WebMessages.notFound, "\(route.pattern): \(answer.body)")
            expectNotEqual(answer.error()?.code, "wrong_method", "\(route.pattern): \(answer.body)")
        }
    }

    @Test("W-5: a path the table takes, asked with another method, is 405 and changes nothing")
    func wrongMethod() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let before = local.storeBytes()
        for route in RouteTable.routes {
            let path = Self.path(route, task: "abcd1234", habit: "water")
            for method in route.isRead ? ["POST", "PUT", "DELETE"] : ["GET", "HEAD", "PUT"] {
                let answer = try local.send(method, path)
                expectEqual(answer.status, 405, "\(method) \(route.pattern): \(answer.body)")
                if method != "HEAD" { expectEqual(answer.error()?.code, "wrong_method", "\(method) \(route.pattern)") }
            }
        }
        expectEqual(local.storeBytes(), before)
    }

    @Test("W-4: a path no line of the table takes is 404 with the error body, for reads and writes")
    func unknownPaths() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let before = local.storeBytes()
        for path in ["/api/nowhere", "/api/today/", "/api/tasks/abcd1234/frobnicate", "/api/plan/later", "/api/sessions/stop",
                     "/api/habits/water/log/again", "/api", "/index.html", "/api//today"] {
            for method in ["GET", "POST"] {
                let answer = try local.send(method, path)
                expectEqual(answer.status, 404, "\(method) \(path): \(answer.body)")
                expectEqual(answer.error()?.code, "not_found", "\(method) \(path)")
            }
        }
        expectEqual(local.storeBytes(), before)
    }

    @Test("W-3: GET never writes: every read route, with the values a page sends it, leaves the store as it was")
    func readsAreGets() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let added = try local.post("/api/tasks", #"{"title": "Water plants", "region": "morning"}"#)
        let task = try #require(try added.json()["id"] as? String)
        _ = try local.post("/api/habits/new", #"{"title": "Walk"}"#)
        _ = try local.post("/api/anchors/new", #"{"title": "Standup", "at": "09:30", "for": 15}"#)
        let values = ["{task}": task, "{habit}": "Walk", "{region}": "morning", "{day}": "2026-11-30",
                      "{category}": "Work", "{conflict}": "1", "{key}": "rollover-time", "{anchor}": "Standup", "{prayer}": "fajr",
                      "{version}": PageAssetDelivery.version, "{file}": "main.mjs"]
        let before = local.storeBytes()
        var reads = 0
        for route in RouteTable.routes where route.isRead {
            var path = route.pattern
            for (placeholder, value) in values { path = path.replacingOccurrences(of: placeholder, with: value) }
            expectLacks(path, "{", "\(route.pattern) has a placeholder this test does not fill")
            let answer = try local.send("GET", path)
            expectTrue(answer.status < 500, "GET \(path): \(answer.body)")
            reads += 1
        }
        expectTrue(reads > 20)
        expectEqual(local.storeBytes(), before, "a read route changed the store")
    }

    @Test("The table names each method and path once, so no line hides another")
    func linesAreDistinct() {
        let lines = RouteTable.routes.map { "\($0.method.rawValue) \($0.pattern)" }
        expectEqual(Set(lines).count, lines.count)
    }
}
