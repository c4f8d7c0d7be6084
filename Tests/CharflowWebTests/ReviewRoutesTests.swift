import CharflowApp
import CharflowCore
import Foundation
import Testing

/// `GET /api/review` and `GET /api/stats` on the real server: the documents `review --json` and
/// `stats --json` print, the week and the number of weeks from the query, a bad value answered 400
/// (R-1, R-2). The server's clock is Monday 2026-11-30 09:00, London.
@Suite("serve · review and stats")
struct ReviewRoutesTests {
    @Test("R-1 R-2 the review of last week (the usual one on a Monday) and of this one, and the trends, from the query")
    func routes() throws {
        // Last Wednesday, before the server opens the store on Monday: a Must-Do done in the morning, one
        // left open in the evening, which Monday's catch-up of the rollover defers.
        let local = try LocalServer { store in
            let wednesday = try StoreEnvironment.clock("2026-11-25T08:00", zone: store.timeZone)
            let app = try store.open(now: wednesday)
            var done = AddTask.Input(title: "Write report")
            done.region = .morning
            done.bucket = .mustDo
            _ = try app.completeTask(CompleteTask.Input(task: try app.addTask(done).task.id))
            var open = AddTask.Input(title: "Call the bank")
            open.region = .evening
            open.bucket = .mustDo
            _ = try app.addTask(open)
        }
        defer { local.stop() }
        let added = try local.post("/api/tasks", #"{"title": "Shop", "region": "afternoon", "bucket": "must"}"#)
        #expect(added.status == 200, "\(added.body)")

        let usual = try local.send("GET", "/api/review")
        #expect(usual.status == 200, "\(usual.body)")
        let last = try local.send("GET", "/api/review?week=last").json()
        #expect(NSDictionary(dictionary: try usual.json()) == NSDictionary(dictionary: last))
        #expect((last["week"] as? [String: Any])?["firstDay"] as? String == "2026-11-23")
        #expect((last["mustDos"] as? [String: Any])?["done"] as? Int == 1)
        #expect((last["mustDos"] as? [String: Any])?["placed"] as? Int == 2)
        let this = try local.send("GET", "/api/review?week=2026-W49").json()
        #expect((this["week"] as? [String: Any])?["firstDay"] as? String == "2026-11-30")
        #expect((this["week"] as? [String: Any])?["throughDay"] as? String == "2026-11-30")
        #expect((this["mustDos"] as? [String: Any])?["placed"] as? Int == 1, "today's Must-Do, placed so far")
        #expect((this["deferrals"] as? [String: Any])?["count"] as? Int == 1, "the bank, at today's rollover")

        let stats = try local.send("GET", "/api/stats?weeks=2").json()
        let weeks = try #require(stats["weeks"] as? [[String: Any]])
        #expect(weeks.map { $0["name"] as? String } == ["2026-W48", "2026-W49"])
        #expect((weeks[0]["mustDos"] as? [String: Any])?["percent"] as? Int == 50)
        #expect((try local.send("GET", "/api/stats").json()["weeks"] as? [Any])?.count == 12)
    }

    @Test("R-1 R-2 a week or a number of weeks not of its form is answered 400 and changes nothing")
    func badQuery() throws {
        let local = try LocalServer()
        defer { local.stop() }
        _ = try local.send("GET", "/api/today")
        let before = local.storeBytes()
        let week = try local.send("GET", "/api/review?week=soon")
        #expect(week.status == 400)
        #expect(week.error()?.message.contains("last, this or a week like 2026-W09") == true, "\(week.body)")
        let weeks = try local.send("GET", "/api/stats?weeks=500")
        #expect(weeks.status == 400)
        #expect(weeks.error()?.message.contains("weeks") == true, "\(weeks.body)")
        #expect(local.storeBytes() == before)
    }
}
