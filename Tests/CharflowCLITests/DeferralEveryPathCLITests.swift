import CharflowTestSupport
import Foundation
import Testing

/// One way of deferring a task from the CLI: every path that counts a deferral.
struct DeferralPath: Sendable, CustomTestStringConvertible {
    let name: String
    /// The command that defers `task` to `day` (YYYY-MM-DD); `other` is a second task it may use.
    let command: @Sendable (_ task: String, _ other: String, _ day: String) -> [[String]]

    var testDescription: String { name }

    static let all: [DeferralPath] = [
        DeferralPath(name: "defer --to") { task, _, day in [["defer", task, "--to", day]] },
        DeferralPath(name: "edit --due") { task, _, day in [["edit", task, "--due", day]] },
        DeferralPath(name: "move --region --day") { task, _, day in [["move", task, "--region", "morning", "--day", day]] },
        DeferralPath(name: "plan carry --later") { task, _, day in [["plan", "carry", task, "--later", day]] },
        DeferralPath(name: "plan move --to") { task, _, day in [["plan", "move", task, "--to", day]] },
        DeferralPath(name: "begin OTHER --settle defer --to") { task, other, day in
            [["begin", task], ["begin", other, "--settle", "defer", "--to", day]]
        },
    ]
}

/// T-13, T-21, T-19, T-20 on every path that counts a deferral, through the command line: what it did
/// is said in text and in `--json`, and a deferral only ever goes to a later day.
@Suite("Deferrals on every path (charflow CLI)")
struct DeferralEveryPathCLITests {
    static let eased = "This one keeps slipping, so I've eased it to low. Raise it again when it's real."
    static let fiveTimes = "has moved five times or more."
    /// New York, across the spring change (8 March 2026).
    static let zone = "America/New_York"
    static let day0 = "2026-03-06"

    static func day(_ offset: Int) -> String { TestDay.adding(offset, to: day0) }

    /// A high task deferred twice by `defer` (to day 2).
    static func twiceDeferred(_ cf: CharflowRunner) throws -> String {
        let task = try cf.add("File the claim", ["--due", "today", "--importance", "high"], now: day(0) + "T09:00")
        _ = try cf.json(["defer", task], now: day(0) + "T10:00")
        _ = try cf.json(["defer", task], now: day(1) + "T10:00")
        return task
    }

    /// Runs the path's commands on day `offset`, a new other task made for it; returns the last result.
    static func run(_ path: DeferralPath, _ cf: CharflowRunner, task: String, on offset: Int, json: Bool) throws -> CharflowRunner.Result {
        let now = day(offset) + "T10:00"
        let other = try cf.add("Reply to Sam \(offset)", now: now)
        var last: CharflowRunner.Result?
        for command in path.command(task, other, day(offset + 1)) {
            last = try cf.ok(command + (json ? ["--json"] : []), now: now)
        }
        return try #require(last)
    }

    /// The `deferral` object of a task change, or the `settledDeferral` of a begin.
    static func deferral(_ document: [String: Any]) -> [String: Any]? {
        (document["deferral"] ?? document["settledDeferral"]) as? [String: Any]
    }

    @Test("T-13 T-21 the third deferral's easing and the fifth's removal suggestion are said in text, on every path",
          arguments: DeferralPath.all)
    func saidInText(path: DeferralPath) throws {
        let cf = try CharflowRunner(timeZone: Self.zone)
        defer { cf.removeFolder() }
        let task = try Self.twiceDeferred(cf)

        let third = try Self.run(path, cf, task: task, on: 2, json: false)
        expectContains(third.stdout, Self.eased, "\(path.name): \(third.stdout)")
        let shown = try cf.json(["show", task], now: Self.day(2) + "T11:00")
        expectEqual(shown["importance"] as? String, "low")
        expectEqual(TaskDocument.int(shown, "deferralCount"), 3)

        let fourth = try Self.run(path, cf, task: task, on: 3, json: false)
        expectLacks(fourth.stdout, Self.eased)
        expectLacks(fourth.stdout, Self.fiveTimes, "\(fourth.stdout)")
        let fifth = try Self.run(path, cf, task: task, on: 4, json: false)
        expectEqual(TaskDocument.int(try cf.json(["show", task], now: Self.day(4) + "T11:00"), "deferralCount"), 5)
        expectContains(fifth.stdout, Self.fiveTimes, "\(path.name): \(fifth.stdout)")
    }

    @Test("T-13 T-21 the third deferral's easing and the fifth's removal suggestion are in --json, on every path",
          arguments: DeferralPath.all)
    func saidInJSON(path: DeferralPath) throws {
        let cf = try CharflowRunner(timeZone: Self.zone)
        defer { cf.removeFolder() }
        let task = try Self.twiceDeferred(cf)

        let third = try #require(Self.deferral(try Self.run(path, cf, task: task, on: 2, json: true).json()), "\(path.name)")
        expectEqual(third["counted"] as? Bool, true)
        expectEqual(third["importanceEased"] as? Bool, true, "\(path.name): \(third)")
        expectEqual(third["suggestRemoval"] as? Bool, false)
        let fourth = try #require(Self.deferral(try Self.run(path, cf, task: task, on: 3, json: true).json()))
        expectEqual(fourth["importanceEased"] as? Bool, false)
        expectEqual(fourth["suggestRemoval"] as? Bool, false)
        let fifth = try #require(Self.deferral(try Self.run(path, cf, task: task, on: 4, json: true).json()))
        expectEqual(fifth["counted"] as? Bool, true)
        expectEqual(fifth["suggestRemoval"] as? Bool, true, "\(path.name): \(fifth)")
    }

    @Test("T-21 D11 the removal suggestion is made once a week for a task, on every path: the sixth deferral that week says nothing, the next week's says it again",
          arguments: DeferralPath.all)
    func removalOnceAWeek(path: DeferralPath) throws {
        let cf = try CharflowRunner(timeZone: Self.zone)
        defer { cf.removeFolder() }
        let task = try Self.twiceDeferred(cf)
        for offset in 2...3 { _ = try Self.run(path, cf, task: task, on: offset, json: false) }
        // Day 4 is Tuesday 10 March: the fifth deferral suggests it, the sixth (Wednesday) does not.
        try expectContains(Self.run(path, cf, task: task, on: 4, json: false).stdout, Self.fiveTimes, "\(path.name)")
        let sixth = try #require(Self.deferral(try Self.run(path, cf, task: task, on: 5, json: true).json()))
        expectEqual(sixth["counted"] as? Bool, true)
        expectEqual(sixth["suggestRemoval"] as? Bool, false, "\(path.name): once a week")
        expectTrue(!(try cf.ok(["today"], now: Self.day(5) + "T11:00").stdout.contains(Self.fiveTimes)), "nor again by Today")
        // Monday 16 March begins another week.
        let next = try Self.run(path, cf, task: task, on: 10, json: false)
        expectContains(next.stdout, Self.fiveTimes, "\(path.name): \(next.stdout)")
    }

    @Test("T-13 T-21 T-23 rollover's automatic deferrals say the easing and the removal suggestion on Today, in text and --json")
    func rolloverSaysIt() throws {
        let cf = try CharflowRunner(timeZone: Self.zone)
        defer { cf.removeFolder() }
        let task = try cf.add("Renew the lease", ["--due", "today", "--importance", "medium"], now: Self.day(0) + "T09:00")
        for offset in 1...2 { _ = try cf.json(["list"], now: Self.day(offset) + "T09:00") }
        expectEqual(TaskDocument.int(try cf.json(["show", task], now: Self.day(2) + "T09:01"), "deferralCount"), 2)

        // The third day's rollover (the night of the clock change) makes the third deferral.
        let signals = try cf.todaySignals(now: Self.day(3) + "T09:00")
        expectTrue(signals.contains { $0.kind == "importanceEased" && $0.task == task }, "\(signals)")
        try expectContains(cf.ok(["today"], now: Self.day(3) + "T09:01").stdout, Self.eased)
        for offset in 4...5 { _ = try cf.json(["list"], now: Self.day(offset) + "T09:00") }
        let later = try cf.todaySignals(now: Self.day(5) + "T09:05")
        expectTrue(later.contains { $0.kind == "suggestRemoval" && $0.task == task }, "\(later)")
        try expectContains(cf.ok(["today"], now: Self.day(5) + "T09:06").stdout, Self.fiveTimes)
    }

    @Test("T-13 the page's API says the easing of a move that counts the third deferral")
    func apiSaysIt() throws {
        let cf = try CharflowRunner(timeZone: Self.zone)
        defer { cf.removeFolder() }
        let task = try Self.twiceDeferred(cf)
        let server = try ServedCharflow(cf, now: Self.day(2) + "T10:00")
        defer { server.stop() }
        let answer = try server.send("POST", "/api/tasks/\(task)/move",
                                     json: #"{"region": "evening", "day": "\#(Self.day(3))"}"#)
        expectEqual(answer.status, 200, "\(answer.body)")
        let deferral = try #require(try answer.json()["deferral"] as? [String: Any], "\(answer.body)")
        expectEqual(deferral["importanceEased"] as? Bool, true)
    }

    // MARK: To a later day only (T-19)

    @Test("T-19 defer --to today, an earlier day or the task's own day is refused from the first deferral, not taken as a reschedule",
          arguments: ["today", "2026-03-05", "2026-03-01"])
    func deferNeverBackwards(word: String) throws {
        let cf = try CharflowRunner(timeZone: Self.zone)
        defer { cf.removeFolder() }
        let task = try cf.add("Call the bank", ["--due", "today", "--importance", "high"], now: Self.day(0) + "T09:00")
        let refusal = try cf.refusedAfterRollover(["defer", task, "--to", word], now: Self.day(0) + "T10:00")
        expectEqual(refusal.code, "defer_to_later_day")
        // With the picker in force too (third deferral): an earlier day is no way past it.
        _ = try cf.json(["defer", task], now: Self.day(0) + "T10:01")
        _ = try cf.json(["defer", task], now: Self.day(1) + "T10:00")
        let third = try cf.refusedAfterRollover(["defer", task, "--to", word], now: Self.day(2) + "T10:00")
        expectEqual(third.code, "defer_to_later_day")
        let shown = try cf.json(["show", task], now: Self.day(2) + "T10:01")
        expectEqual(shown["importance"] as? String, "high")
        expectEqual(TaskDocument.int(shown, "deferralCount"), 2)
    }

    @Test("T-19 a task not yet due is deferred only past its day; a later day is a reschedule that counts nothing")
    func notYetDue() throws {
        let cf = try CharflowRunner(timeZone: Self.zone)
        defer { cf.removeFolder() }
        let task = try cf.add("Book the dentist", ["--due", Self.day(4)], now: Self.day(0) + "T09:00")
        try expectEqual(cf.refusedAfterRollover(["defer", task, "--to", Self.day(2)], now: Self.day(0) + "T10:00").code, "defer_to_later_day")
        let moved = try cf.json(["defer", task, "--to", Self.day(6)], now: Self.day(0) + "T10:01")
        expectEqual(moved["dueDate"] as? String, Self.day(6))
        expectEqual(TaskDocument.int(moved, "deferralCount"), 0)
    }

    @Test("T-19 P-2 plan carry --later refuses today and a past day; a later day counts", arguments: ["today", "2026-03-02"])
    func carryLaterIsLater(word: String) throws {
        let cf = try CharflowRunner(timeZone: Self.zone)
        defer { cf.removeFolder() }
        let task = try cf.add("Draft the agenda", ["--due", "today"], now: Self.day(0) + "T09:00")
        try expectEqual(cf.refusedAfterRollover(["plan", "carry", task, "--later", word], now: Self.day(0) + "T21:00").code, "defer_to_later_day")
        let carried = try cf.json(["plan", "carry", task, "--later", "next-week"], now: Self.day(0) + "T21:01")
        expectEqual((carried["deferral"] as? [String: Any])?["counted"] as? Bool, true)
        expectEqual(TaskDocument.int(carried, "deferralCount"), 1)
    }

    @Test("T-20 begin OTHER --settle defer at the third deferral needs the picker's day, not tomorrow; --to goes to a later day only")
    func settleDeferNeedsPicker() throws {
        let cf = try CharflowRunner(timeZone: Self.zone)
        defer { cf.removeFolder() }
        let task = try Self.twiceDeferred(cf)
        let now = Self.day(2) + "T10:00"
        let other = try cf.add("Sort receipts", now: now)
        _ = try cf.json(["begin", task], now: now)
        let refusal = try cf.refusedAfterRollover(["begin", other, "--settle", "defer"], now: now)
        expectEqual(refusal.code, "pick_a_day")
        expectTrue(refusal.message.hasPrefix("This one keeps slipping"))
        try expectEqual(cf.refusedAfterRollover(["begin", other, "--settle", "defer", "--to", "today"], now: now).code, "defer_to_later_day")
        let before = try cf.contents()
        let alone = try cf.run(["begin", other, "--to", "next-week"], now: now)
        #expect(alone.status == 2 && alone.stderr.contains("--settle"), "\(alone.stderr)")
        try expectEqual(cf.contents(), before)

        // Day 2 is Sunday 8 March 2026, the clock change; with Sunday first, next week starts on the 15th
        // (with Monday first it would be tomorrow, the 9th).
        _ = try cf.json(["settings", "first-weekday", "sunday"], now: now)
        let begun = try cf.json(["begin", other, "--settle", "defer", "--to", "next-week"], now: Self.day(2) + "T10:05")
        expectEqual(Self.deferral(begun)?["importanceEased"] as? Bool, true)
        let shown = try cf.json(["show", task], now: Self.day(2) + "T10:06")
        expectEqual(shown["dueDate"] as? String, "2026-03-15")
        expectEqual(TaskDocument.int(shown, "deferralCount"), 3)
    }

    @Test("T-19 the API refuses a deferral to today as the CLI does")
    func apiRefusesToday() throws {
        let cf = try CharflowRunner(timeZone: Self.zone)
        defer { cf.removeFolder() }
        let task = try cf.add("Call the bank", ["--due", "today"], now: Self.day(0) + "T09:00")
        let server = try ServedCharflow(cf, now: Self.day(0) + "T10:00")
        defer { server.stop() }
        let before = server.storeBytes()
        let answer = try server.send("POST", "/api/tasks/\(task)/defer", json: #"{"to": "today"}"#)
        expectEqual(answer.status, 409, "\(answer.body)")
        try expectEqual(answer.errorCode(), "defer_to_later_day")
        let carry = try server.send("POST", "/api/plan/carry", json: #"{"task": "\#(task)", "later": "2026-03-05"}"#)
        try expectEqual(carry.errorCode(), "defer_to_later_day")
        expectEqual(server.storeBytes(), before)
    }
}
