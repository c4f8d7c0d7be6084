import CharflowApp
import CharflowCore
import CharflowTestSupport
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
        expectEqual(added.status, 200, "\(added.body)")

        let usual = try local.send("GET", "/api/review")
        expectEqual(usual.status, 200, "\(usual.body)")
        let last = try local.send("GET", "/api/review?week=last").json()
        expectEqual(NSDictionary(dictionary: try usual.json()), NSDictionary(dictionary: last))
        expectEqual((last["week"] as? [String: Any])?["firstDay"] as? String, "2026-11-23")
        expectEqual((last["mustDos"] as? [String: Any])?["done"] as? Int, 1)
        expectEqual((last["mustDos"] as? [String: Any])?["placed"] as? Int, 2)
        let this = try local.send("GET", "/api/review?week=2026-W49").json()
        expectEqual((this["week"] as? [String: Any])?["firstDay"] as? String, "2026-11-30")
        expectEqual((this["week"] as? [String: Any])?["throughDay"] as? String, "2026-11-30")
        expectEqual((this["mustDos"] as? [String: Any])?["placed"] as? Int, 1, "today's Must-Do, placed so far")
        expectEqual((this["deferrals"] as? [String: Any])?["count"] as? Int, 1, "the bank, at today's rollover")

        let stats = try local.send("GET", "/api/stats?weeks=2").json()
        let weeks = try #require(stats["weeks"] as? [[String: Any]])
        expectEqual(weeks.map { $0["name"] as? String }, ["2026-W48", "2026-W49"])
        expectEqual((weeks[0]["mustDos"] as? [String: Any])?["percent"] as? Int, 50)
        expectEqual((try local.send("GET", "/api/stats").json()["weeks"] as? [Any])?.count, 12)
    }

    @Test("R-5 POST /api/parse offers the learned estimate for a line without an effort, and none for one with an effort or a new title")
    func parseOffersLearnedEffort() throws {
        // "Write report" done three times with 40, 50 and 45 minutes of focus: the median is 45.
        let local = try LocalServer { store in
            for (day, minutes) in [(23, 40), (24, 50), (25, 45)] {
                let morning = try store.open(now: try StoreEnvironment.clock("2026-11-\(day)T08:00", zone: store.timeZone))
                var add = AddTask.Input(title: "Write report")
                add.effort = EffortChoice(minutes: 30)
                let id = try morning.addTask(add).task.id
                _ = try morning.beginSession(BeginSession.Input(task: id))
                let later = try store.open(now: try StoreEnvironment.clock("2026-11-\(day)T08:\(minutes)", zone: store.timeZone))
                _ = try later.finishSession(FinishSession.Input(.done))
            }
        }
        defer { local.stop() }
        let before = local.storeBytes()
        let offered = try local.post("/api/parse", #"{"parse": "write REPORT @today"}"#)
        expectEqual(offered.status, 200, "\(offered.body)")
        try expectEqual(offered.json()["learnedEffort"] as? Int, 45)
        expectTrue(try offered.json()["effortMinutes"] is NSNull, "offered, not read into the line")
        expectTrue(try local.post("/api/parse", #"{"parse": "Write report ~15m"}"#).json()["learnedEffort"] is NSNull)
        expectTrue(try local.post("/api/parse", #"{"parse": "Something new"}"#).json()["learnedEffort"] is NSNull)
        expectEqual(local.storeBytes(), before, "a preview writes nothing")
        // The add of the same line sets the usual effort, not the learned one.
        let added = try local.post("/api/tasks", #"{"parse": "Write report"}"#).json()
        expectEqual(added["effortMinutes"] as? Int, TaskItem.defaultEffortMinutes)
    }

    @Test("R-1 the review's habit days say whether each day was due, and the habit its kind, for the page to draw")
    func reviewHabitDays() throws {
        let local = try LocalServer()
        defer { local.stop() }
        let habit = try local.post("/api/habits/new", #"{"title": "Stretch"}"#)
        expectEqual(habit.status, 200, "\(habit.body)")
        let id = try #require(try habit.json()["id"] as? String)
        try expectEqual(local.post("/api/habits/\(id)/log", "{}").status, 200)
        let review = try local.send("GET", "/api/review?week=this").json()
        let habits = try #require(review["habits"] as? [[String: Any]])
        expectEqual(habits.count, 1)
        expectEqual(habits.first?["kind"] as? String, "binary")
        let days = try #require(habits.first?["days"] as? [[String: Any]])
        expectEqual(days.map { $0["date"] as? String }, ["2026-11-30"])
        expectEqual(days.first?["isDue"] as? Bool, true)
        expectEqual(days.first?["state"] as? String, "complete")
    }

    @Test("R-1 R-2 a week or a number of weeks not of its form is answered 400 and changes nothing")
    func badQuery() throws {
        let local = try LocalServer()
        defer { local.stop() }
        _ = try local.send("GET", "/api/today")
        let before = local.storeBytes()
        let week = try local.send("GET", "/api/review?week=soon")
        expectEqual(week.status, 400)
        expectEqual(week.error()?.message.contains("last, this or a week like 2026-W09"), true, "\(week.body)")
        let weeks = try local.send("GET", "/api/stats?weeks=500")
        expectEqual(weeks.status, 400)
        expectEqual(weeks.error()?.message.contains("weeks"), true, "\(weeks.body)")
        expectEqual(local.storeBytes(), before)
    }
}
