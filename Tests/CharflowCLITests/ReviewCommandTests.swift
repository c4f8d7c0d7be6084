import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// `review`, `stats` and the learned estimate on the command line: the numbers in `--json`, the calm text,
/// the refusal of a week that is no week.
@Suite("review and stats (charflow CLI)")
struct ReviewCommandTests {
    /// A week by Sunday in Berlin across the March change: Sunday 22 March to Saturday 28 March 2026,
    /// reviewed from Sunday 29 March (the change day), when the usual week is the one that ended.
    func week() throws -> (CharflowRunner, report: String) {
        let runner = try CharflowRunner(timeZone: "Europe/Berlin")
        try runner.ok(["settings", "first-weekday", "sunday"], now: "2026-03-22T07:00")
        let report = try runner.add("Write report", ["--region", "morning", "--bucket", "must", "--effort", "30"], now: "2026-03-22T08:00")
        try runner.ok(["begin", report], now: "2026-03-22T09:00")
        try runner.ok(["finish", "--done"], now: "2026-03-22T09:50")
        // Left open on Monday: the rollover takes it off the board and counts it as placed, not done.
        _ = try runner.add("Call the bank", ["--region", "evening", "--bucket", "must"], now: "2026-03-23T08:00")
        let shop = try runner.add("Shop", ["--region", "afternoon", "--bucket", "must"], now: "2026-03-24T08:00")
        try runner.ok(["defer", shop, "--reason", "too-much"], now: "2026-03-24T10:00")
        let walk = try runner.json(["anchor", "add", "Walk", "--at", "07:00", "--for", "30"], now: "2026-03-24T06:00")
        let anchor = try #require((walk["anchors"] as? [[String: Any]])?.first?["id"] as? String ?? walk["id"] as? String)
        try runner.ok(["anchor", "attend", anchor], now: "2026-03-25T08:00")
        try runner.ok(["anchor", "miss", anchor], now: "2026-03-26T08:00")
        return (runner, report)
    }

    @Test("R-1 review --json counts a week by Sunday: Must-Dos per region, done, deferrals by reason, estimates, focus per day, anchors")
    func reviewJSON() throws {
        let (runner, report) = try week()
        let json = try runner.json(["review", "--week", "2026-W13"], now: "2026-03-29T12:00")
        let usual = try runner.json(["review"], now: "2026-03-29T12:00")
        expectEqual(NSDictionary(dictionary: json), NSDictionary(dictionary: usual))
        let week = try #require(json["week"] as? [String: Any])
        expectEqual(week["firstDay"] as? String, "2026-03-22")
        expectEqual(week["lastDay"] as? String, "2026-03-28")
        expectEqual(week["name"] as? String, "2026-W13")
        let mustDos = try #require(json["mustDos"] as? [String: Any])
        expectEqual(mustDos["done"] as? Int, 1)
        expectEqual(mustDos["placed"] as? Int, 2)
        expectEqual(mustDos["percent"] as? Int, 50)
        let regions = try #require(mustDos["regions"] as? [String: [String: Any]])
        expectEqual(regions["morning"]?["placed"] as? Int, 1)
        expectEqual(regions["evening"]?["placed"] as? Int, 1)
        expectEqual(regions["evening"]?["done"] as? Int, 0)
        expectEqual(regions["afternoon"]?["placed"] as? Int, 0)
        let deferrals = try #require(json["deferrals"] as? [String: Any])
        let reasons = try #require(deferrals["byReason"] as? [String: Int])
        expectEqual(reasons["tooMuch"], 1)
        // Rollovers ran on the days a command ran: "Call the bank" slips on Tuesday, Wednesday and
        // Thursday, the Shop (due Wednesday) on Thursday; Sunday's catch-up counts for Sunday, the next week.
        expectEqual(reasons["unspecified"], 3 + 1)
        let slipping = try #require(deferrals["slipping"] as? [[String: Any]])
        expectEqual(slipping.map { $0["title"] as? String }, ["Call the bank", "Shop"])
        let estimates = try #require(json["estimates"] as? [[String: Any]])
        expectEqual(estimates.count, 1)
        expectEqual(estimates.first?["id"] as? String, report)
        expectEqual(estimates.first?["effortMinutes"] as? Int, 30)
        expectEqual(estimates.first?["actualSeconds"] as? Int, 3000)
        let focus = try #require(json["focus"] as? [String: Any])
        let days = try #require(focus["days"] as? [[String: Any]])
        expectEqual(days.map { $0["date"] as? String }, (22...28).map { "2026-03-\($0)" })
        expectEqual(days.map { $0["seconds"] as? Int }, [3000, 0, 0, 0, 0, 0, 0])
        let anchors = try #require(json["anchors"] as? [String: Any])
        expectEqual(anchors["attended"] as? Int, 1)
        expectEqual(anchors["marked"] as? Int, 2)
    }

    @Test("R-1 R-3 review as text: a heading with the week's days, numbers and plain words, nothing loaded")
    func reviewText() throws {
        let (runner, _) = try week()
        let text = try runner.ok(["review", "--week", "last"], now: "2026-03-30T12:00").stdout
        expectTrue(text.hasPrefix("Week 2026-W13 · Sunday 22 March 2026 to Saturday 28 March 2026\n"))
        expectContains(text, "Must-Dos: 1 of 2 done.\n  Morning 1 of 1 · Afternoon 0 of 0 · Evening 0 of 1\n")
        expectContains(text, "Moved: 5 deferrals (1 too much, 4 at rollover).")
        expectContains(text, "Write report: estimated 30 min, took 50 min.")
        expectContains(text, "Anchors: 1 of 2 marked were attended.")
        for word in ["great", "well done", "only", "failed", "!", "should", "behind"] { expectLacks(text.lowercased(), word) }
        let soFar = try runner.ok(["review"], now: "2026-03-25T12:00").stdout
        expectTrue(soFar.hasPrefix("Week 2026-W13 · Sunday 22 March 2026 to Saturday 28 March 2026 · so far, through 25 Mar\n"))
    }

    @Test("R-1 a week that is no week is refused with the forms named, and nothing changes")
    func badWeek() throws {
        let (runner, _) = try week()
        _ = try runner.ok(["today"], now: "2026-03-29T12:00")
        let before = try runner.contents()
        for word in ["2026-W54", "next", "2026-13"] {
            let result = try runner.run(["review", "--week", word], now: "2026-03-29T12:00")
            expectNotEqual(result.status, 0)
            expectContains(result.stderr, "expected last, this or a week like 2026-W09")
        }
        let extra = try runner.run(["stats", "--weeks", "0"], now: "2026-03-29T12:00")
        expectNotEqual(extra.status, 0)
        expectContains(extra.stderr, "weeks")
        try expectEqual(runner.contents(), before)
    }

    @Test("R-1 a purged task leaves no kept row behind and counts nowhere")
    func purgedTask() throws {
        let (runner, _) = try week()
        let before = try runner.json(["review", "--week", "2026-W13"], now: "2026-03-29T12:00")
        expectEqual((before["mustDos"] as? [String: Any])?["placed"] as? Int, 2)
        func kept() throws -> Int? {
            try Database(path: runner.storePath).scalar("SELECT count(*) FROM open_must_dos WHERE day = '2026-03-23'")?.int
        }
        try expectEqual(kept(), 1)
        let list = try runner.json(["list", "--all"], now: "2026-03-29T12:01")
        let bank = try #require(JSONPath.tasks(list, "tasks").first { ($0["title"] as? String) == "Call the bank" }?["id"] as? String)
        try runner.ok(["purge", bank], now: "2026-03-29T12:02")
        let after = try runner.json(["review", "--week", "2026-W13"], now: "2026-03-29T12:03")
        expectEqual((after["mustDos"] as? [String: Any])?["placed"] as? Int, 1)
        try expectEqual(kept(), 0)
    }

    @Test("R-2 stats --json: a row per week ending with this one, the Must-Do rate, focus and deferrals")
    func stats() throws {
        let (runner, _) = try week()
        let json = try runner.json(["stats", "--weeks", "3"], now: "2026-03-29T12:00")
        let weeks = try #require(json["weeks"] as? [[String: Any]])
        expectEqual(weeks.map { $0["firstDay"] as? String }, ["2026-03-15", "2026-03-22", "2026-03-29"])
        expectEqual((weeks[1]["mustDos"] as? [String: Any])?["percent"] as? Int, 50)
        expectEqual(weeks[1]["focusSeconds"] as? Int, 3000)
        expectEqual(weeks[1]["deferrals"] as? Int, 5)
        expectEqual((weeks[0]["mustDos"] as? [String: Any])?["placed"] as? Int, 0)
        let twelve = try runner.json(["stats"], now: "2026-03-29T12:00")
        expectEqual((twelve["weeks"] as? [Any])?.count, 12)
        let text = try runner.ok(["stats", "--weeks", "2"], now: "2026-03-29T12:00").stdout
        expectContains(text, "2026-W13  22 Mar  1 of 2 (50%)")
    }

    @Test("R-5 add without an effort offers the learned one in a line and never sets it; show --json and the quick add's preview carry it for a task without one")
    func learnedEstimate() throws {
        let runner = try CharflowRunner(timeZone: "Europe/Berlin")
        for (day, minutes) in [(2, 40), (3, 50), (4, 45)] {
            let id = try runner.add("Write report", ["--effort", "30"], now: "2026-03-0\(day)T08:00")
            try runner.ok(["begin", id], now: "2026-03-0\(day)T09:00")
            try runner.ok(["finish", "--done"], now: "2026-03-0\(day)T09:\(minutes)")
        }
        let added = try runner.ok(["add", "WRITE report"], now: "2026-03-05T08:00").stdout
        expectTrue(added.contains("Effort: usually about 45 min (`charflow edit "))
        let list = try runner.json(["list"], now: "2026-03-05T08:01")
        let task = try #require(JSONPath.tasks(list, "tasks").first { ($0["title"] as? String) == "WRITE report" })
        expectEqual(task["effortMinutes"] as? Int, 30)
        let none = try runner.add("Write report", ["--effort", "none"], now: "2026-03-05T08:02")
        let shown = try runner.json(["show", none], now: "2026-03-05T08:03")
        expectEqual(shown["learnedEffort"] as? Int, 45)
        expectTrue(shown["effortMinutes"] is NSNull)
        let other = try runner.ok(["add", "Something new"], now: "2026-03-05T08:04").stdout
        expectLacks(other, "usually")
        let given = try runner.ok(["add", "Write report", "--effort", "45"], now: "2026-03-05T08:05").stdout
        expectLacks(given, "usually")
        // The quick add's preview (what the page's `POST /api/parse` answers) carries the offer for a line
        // without an effort, and none for a line with one; the text of the dry run is as before.
        let preview = try runner.json(["add", "--parse", "write Report", "--dry-run"], now: "2026-03-05T08:06")
        expectEqual(preview["learnedEffort"] as? Int, 45)
        expectTrue(preview["effortMinutes"] is NSNull)
        expectTrue(try runner.json(["add", "--parse", "Write report ~15m", "--dry-run"], now: "2026-03-05T08:06")["learnedEffort"] is NSNull)
        expectTrue(!(try runner.ok(["add", "--parse", "Write report", "--dry-run"], now: "2026-03-05T08:06").stdout.contains("usually")))
    }
}
