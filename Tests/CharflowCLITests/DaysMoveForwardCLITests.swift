import CharflowTestSupport
import Foundation
import Testing

/// Days through the command line: the rollover time's meaning, clocks set back, empty options.
@Suite("Days move forward through the command line")
struct DaysMoveForwardCLITests {
    @Test("P-8 setting the rollover time says what it does, before and after noon")
    func settingSaysWhatItDoes() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let evening = try runner.run(["settings", "rollover-time", "23:00"])
        expectEqual(evening.status, 0)
        expectContains(evening.stdout, "rollover-time  23:00")
        expectContains(evening.stdout, "starts at 23:00 the evening before", "\(evening.stdout)")
        let morning = try runner.run(["settings", "rollover-time", "04:00"])
        expectContains(morning.stdout, "the small hours still count as the day before", "\(morning.stdout)")
        let json = try runner.json(["settings", "rollover-time", "02:00"])
        #expect(json.count == 1 && json["rollover-time"] as? String == "02:00", "--json keeps its shape")
        expectTrue(!(try runner.run(["settings"]).stdout.contains("A new day")), "only a change is explained")
    }

    @Test("P-8 with a 23:00 rollover, today at 23:30 shows tomorrow's date and Wednesday noon shows Wednesday")
    func eveningRolloverToday() throws {
        let runner = try CharflowRunner(timeZone: "America/New_York")
        defer { runner.removeFolder() }
        _ = try runner.run(["settings", "rollover-time", "23:00"], now: "2026-12-01T09:00")
        try expectEqual(runner.json(["today"], now: "2026-12-02T12:00")["date"] as? String, "2026-12-02")
        try expectEqual(runner.json(["today"], now: "2026-12-02T23:30")["date"] as? String, "2026-12-03")
    }

    @Test("P-8 B-14 done with the clock set back a little does not speak of tomorrow")
    func doneWithClockSetBack() throws {
        let runner = try CharflowRunner(timeZone: "Europe/London")
        defer { runner.removeFolder() }
        _ = try runner.run(["today"], now: "2026-12-01T09:00")
        let id = try runner.add("Tuesday's", ["--region", "morning"], now: "2026-12-01T00:10")
        let done = try runner.run(["done", id], now: "2026-11-30T23:55")
        expectEqual(done.status, 0, "\(done.stderr)")
        expectLacks(done.stdout, "tomorrow", "\(done.stdout)")
        try expectEqual(runner.json(["today"], now: "2026-11-30T23:56")["date"] as? String, "2026-12-01")
    }

    @Test("B-14 one far-future --now does not turn the rollover off for good (9999 is refused; 2999 is the last year)")
    func farFutureNow() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        try expectEqual(runner.run(["today"], now: "9999-12-31T23:59").status, 1, "a year past 2999 is refused where it enters")
        _ = try runner.json(["today"], now: "2999-12-31T23:59")
        let id = try runner.add("Real Tuesday", ["--region", "morning"], now: "2026-12-01T09:00")
        let next = try runner.show(id, now: "2026-12-02T09:00")
        #expect(next["region"] is NSNull || next["region"] == nil, "carried to the Backlog")
        expectEqual(next["deferralCount"] as? Int, 1)
    }

    @Test("B-14 an empty --now or --db is refused, not taken as not given", arguments: [
        ["today", "--now", ""], ["today", "--db", ""], ["add", "x", "--db", ""], ["erase", "--yes", "--db", ""],
        ["privacy", "--db", ""], ["today", "--db="],
    ])
    func emptyOptionsRefused(_ arguments: [String]) throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        _ = try runner.add("Kept")
        let before = try runner.contents()
        let result = try runner.run(arguments, now: nil, extra: ["CHARFLOW_NOW": "2026-11-30T09:00"])
        expectEqual(result.status, 1, "\(arguments): \(result.stdout)")
        expectTrue(!result.stderr.isEmpty)
        try expectEqual(runner.contents(), before)
    }

    @Test("T-26 T-27 add --repeat weekly:5 on a Wednesday is first due that Friday")
    func weeklyRepeatFromCLI() throws {
        let runner = try CharflowRunner(timeZone: "America/New_York")
        defer { runner.removeFolder() }
        let task = try runner.json(["add", "Weekly review", "--repeat", "weekly:5"], now: "2026-12-02T09:00")
        expectEqual(task["dueDate"] as? String, "2026-12-04")
        let friday = try runner.json(["add", "On a Friday", "--repeat", "weekly:fri"], now: "2026-12-04T09:00")
        expectEqual(friday["dueDate"] as? String, "2026-12-04")
    }
}
