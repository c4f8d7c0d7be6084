import CharflowTestSupport
import Foundation
import Testing

/// Issue 16's words (D15) and the running session's chip on every screen, through the command line.
@Suite("Words and the session chip through the command line")
struct WordsAndChipCLITests {
    static let now = "2026-11-30T09:00"

    // MARK: the session chip on every screen (task.md)

    /// The screens beyond Today and `status` that show the chip, as text.
    static let screens: [[String]] = [["region", "morning"], ["backlog"], ["habits"], ["list"], ["upcoming"],
                                      ["plan"], ["plan", "review"]]

    @Test("S-1 a running session shows one chip line on region, backlog, habits, list and plan; never in --json",
          arguments: screens)
    func chipOnEveryScreen(_ screen: [String]) throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let id = try runner.add("Write report", ["--region", "morning"])
        expectLacks((try runner.run(screen)).stdout, "▶", "no chip before a session")
        try expectEqual(runner.run(["begin", id]).status, 0)
        let text = try runner.run(screen, now: "2026-11-30T09:12")
        expectEqual(text.status, 0, "\(text.stderr)")
        expectTrue(text.stdout.hasPrefix("▶ Write report · 12"), "\(screen): \(text.stdout.prefix(120))")
        expectEqual(text.stdout.components(separatedBy: "▶").count, 2, "one chip line")
        let json = try runner.run(screen + ["--json"], now: "2026-11-30T09:12")
        expectLacks(json.stdout, "▶", "--json keeps its shape")
        try expectEqual(runner.run(["pause"], now: "2026-11-30T09:13").status, 0)
        expectTrue(try runner.run(screen, now: "2026-11-30T09:20").stdout.hasPrefix("Ⅱ Write report"))
    }

    // MARK: D15 words

    @Test("A-3 D15 T-20 plan carry --keep at the third deferral points to --later, defer to --to")
    func keepPointsToLater() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let id = try runner.add("Tax return", ["--due", "today"])
        try expectEqual(runner.run(["defer", id]).status, 0)
        try expectEqual(runner.run(["defer", id], now: "2026-12-01T09:00").status, 0)
        try expectEqual(runner.run(["today"], now: "2026-12-02T20:59").status, 0)
        let keep = try runner.expectRefused(["plan", "carry", id, "--keep"], now: "2026-12-02T21:00")
        expectContains(keep.message, "--later later-this-week", "\(keep.message)")
        expectLacks(keep.message, "--to")
        expectEqual(keep.code, "pick_a_day")
        let deferred = try runner.expectRefused(["defer", id], now: "2026-12-02T21:00")
        expectContains(deferred.message, "--to later-this-week", "\(deferred.message)")
    }

    @Test("A-3 D15 S-13 with a habit session running, begin offers only what a habit session takes")
    func habitSessionOffer() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let habit = try runner.addHabit("Meditate", ["--kind", "timed", "--target", "20"], now: Self.now)
        try runner.ok(["habit", "begin", habit], now: Self.now)
        let task = try runner.add("Write report")
        let refusal = try runner.expectRefused(["begin", task], now: "2026-11-30T09:05")
        expectContains(refusal.message, "--settle done (log it) or stop", "\(refusal.message)")
        expectTrue(!refusal.message.contains("defer") && !refusal.message.contains("drop"))
        expectEqual(refusal.code, "session_running")
        let other = try runner.add("Call back")
        try expectEqual(runner.run(["begin", other, "--settle", "stop"], now: "2026-11-30T09:06").status, 0)
        let taskRefusal = try runner.expectRefused(["begin", task], now: "2026-11-30T09:07")
        expectContains(taskRefusal.message, "--settle done, stop, defer or drop", "a task session keeps all four")
    }

    @Test("D15 an unknown option is named as unknown wherever it stands, even last", arguments: [
        ["list", "--bogus"], ["list", "--bogus", "x"], ["add", "Milk", "--bogus"], ["today", "--no-color", "--bogus"],
    ])
    func unknownOptionLast(_ arguments: [String]) throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let result = try runner.run(arguments)
        expectEqual(result.status, 2)
        expectContains(result.stderr, "Unknown option --bogus", "\(result.stderr)")
        expectLacks(result.stderr, "needs a value")
        let missing = try runner.run(["add", "Milk", "--region"])
        #expect(missing.status == 2 && missing.stderr.contains("--region needs a value."), "\(missing.stderr)")
    }

    @Test("D15 T-10 the deferral history reads reasons in words, not their stored names")
    func reasonsInWords() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let id = try runner.add("Tax return", ["--due", "today"])
        try expectEqual(runner.run(["defer", id, "--to", "next-week", "--reason", "too-much"]).status, 0)
        let shown = try runner.run(["show", id]).stdout
        expectContains(shown, "too much", "\(shown)")
        expectLacks(shown, "tooMuch")
        try expectEqual(runner.show(id, now: Self.now)["deferrals"].map { "\($0)" }?.contains("tooMuch"), true, "--json keeps the stored name")
    }

    @Test("a task's category label appears in its row on Today, the Backlog, a region and list")
    func categoryInRows() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        _ = try runner.add("Placed", ["--region", "evening", "--category", "Work"])
        _ = try runner.add("Parked", ["--category", "Personal"])
        _ = try runner.add("Unlabelled", ["--region", "evening"])
        let today = try runner.run(["today"]).stdout
        expectContains(today, "Work", "\(today)")
        try expectContains(runner.run(["region", "evening"]).stdout, "Work")
        try expectContains(runner.run(["backlog"]).stdout, "Personal")
        let list = try runner.run(["list"]).stdout
        expectTrue(list.contains("Work") && list.contains("Personal"))
        let unlabelled = try #require(list.split(separator: "\n").first { $0.contains("Unlabelled") })
        expectLacks(unlabelled, "·", "no label, no separator: \(unlabelled)")
    }

    // MARK: H-2 H-15 a log no view would show

    @Test("H-2 H-15 habit log on an unscheduled or paused day is refused with its reason (exit 1, nothing stored)")
    func unshownLogRefused() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let stretch = try runner.addHabit("Stretch", ["--days", "1,3,5"], now: "2026-11-16T09:00")
        try runner.ok(["habit", "pause", stretch, "--from", "2026-11-27", "--to", "2026-11-28", "--reason", "other"],
                           now: "2026-11-20T09:00")
        try expectEqual(runner.run(["today"], now: Self.now).status, 0)
        let off = try runner.habitRefused(["habit", "log", stretch, "--date", "2026-11-24"], now: Self.now, code: "not_scheduled")
        expectEqual(off, "This habit is not scheduled on 2026-11-24 (a Tuesday); only its scheduled days take a log.")
        let paused = try runner.habitRefused(["habit", "log", stretch, "--date", "2026-11-27"], now: Self.now, code: "habit_paused")
        expectEqual(paused, "This habit is paused on 2026-11-27; paused days take no log.")
        try runner.ok(["habit", "log", stretch, "--date", "2026-11-25"], now: Self.now)
    }

    @Test("S-13 while a habit session runs, today --json and status --json name its habit and window; a task's session has none")
    func habitSessionNamed() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let habit = try runner.addHabit("Meditate", ["--kind", "timed", "--target", "20"], now: Self.now)
        try runner.ok(["habit", "begin", habit], now: Self.now)
        let today = try runner.json(["today"], now: "2026-11-30T09:05")
        let named = try #require(today["sessionHabit"] as? [String: Any], "\(today)")
        expectEqual(named["id"] as? String, habit.lowercased())
        expectEqual(named["title"] as? String, "Meditate")
        expectEqual(today["sessionTitle"] as? String, "Meditate")
        let status = try runner.json(["status"], now: "2026-11-30T09:05")
        expectEqual((status["habit"] as? [String: Any])?["id"] as? String, habit.lowercased())
        let task = try runner.add("Write report", now: "2026-11-30T09:07")
        try runner.ok(["begin", task, "--settle", "stop"], now: "2026-11-30T09:07")
        let withTask = try runner.json(["today"], now: "2026-11-30T09:08")
        expectTrue(withTask["sessionHabit"] is NSNull)
        expectEqual(withTask["sessionTitle"] as? String, "Write report")
    }
}
