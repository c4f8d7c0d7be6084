import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Night planning, settings, erase and privacy through the command line (issue 6; spec D4, D8, D10, D13).
@Suite("Night planning on the command line")
struct PlanningCLITests {
    // MARK: P-3 after midnight

    @Test("P-3 T-22 at 00:30 plan reviews the day that ended; Keep refines the rollover's deferral; at 21:00 it plans tomorrow")
    func afterMidnight() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let report = try cf.add("Report", ["--due", "today"], now: "2026-11-30T09:00")
        let placed = try cf.add("Placed later", now: "2026-11-30T09:00")

        // Nobody planned on Monday night; the rollover at midnight deferred the report automatically.
        let review = try cf.json(["plan", "review"], now: "2026-12-01T00:30")
        expectEqual(review["date"] as? String, "2026-11-30", "after midnight it reviews the day that just ended")
        expectEqual(review["planDay"] as? String, "2026-12-01", "and plans the day now begun")
        expectEqual(JSONPath.titles(JSONPath.tasks(review, "open")), ["Report"])
        try expectEqual(cf.planningDeferrals(report, now: "2026-12-01T00:30"), [PlanningDeferral("2026-12-01", "2026-12-01", "unspecified")])

        let kept = try cf.json(["plan", "carry", report, "--keep"], now: "2026-12-01T00:31")
        expectEqual(kept["dueDate"] as? String, "2026-12-01", "Keep moves it to the day now begun, not to Wednesday")
        expectEqual(kept["deferralCount"] as? Int, 1, "the rollover's deferral is refined, not counted again")
        let change = kept["deferral"] as? [String: Any] ?? [:]
        expectEqual(change["refined"] as? Bool, true)
        expectEqual(change["counted"] as? Bool, false)
        try expectEqual(cf.planningDeferrals(report, now: "2026-12-01T00:31"), [PlanningDeferral("2026-12-01", "2026-12-01", "reschedule")], "one record for the day, its reason now the user's")

        // Planning "tomorrow" at 00:30 places on the board of the day now begun.
        let onBoard = try cf.json(["plan", "tomorrow", placed, "--region", "morning"], now: "2026-12-01T00:32")
        expectEqual(onBoard["dueDate"] as? String, "2026-12-01")
        let closed = try cf.json(["plan", "close"], now: "2026-12-01T00:33")
        expectEqual(closed["date"] as? String, "2026-11-30")
        expectEqual(closed["planDay"] as? String, "2026-12-01")
        let today = try cf.json(["today"], now: "2026-12-01T08:00")
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "regions", "morning", "misc")), ["Placed later"])
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "due")), ["Report"])

        // In the evening it is today's review and tomorrow's plan again.
        let evening = try cf.json(["plan", "review"], now: "2026-12-01T21:00")
        expectEqual(evening["date"] as? String, "2026-12-01")
        expectEqual(evening["planDay"] as? String, "2026-12-02")
        let session = evening["session"] as? [String: Any]
        expectEqual(session, nil, "last night's closed session belongs to 30 November, not tonight")
        // Same logical day, same task: the one record is refined again (at most one deferral per day).
        let keptAgain = try cf.json(["plan", "carry", report, "--keep"], now: "2026-12-01T21:01")
        expectEqual(keptAgain["dueDate"] as? String, "2026-12-02")
        expectEqual(keptAgain["deferralCount"] as? Int, 1)
        try expectEqual(cf.planningDeferrals(report, now: "2026-12-01T21:01"), [PlanningDeferral("2026-12-01", "2026-12-02", "reschedule")])
    }

    @Test("P-3 P-7 with the rollover at 04:00, 02:00 is still the old day and 04:30 is last night's planning")
    func afterMidnightWithLateRollover() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.ok(["settings", "rollover-time", "04:00"], now: "2026-11-30T09:00")
        let early = try cf.add("Kept at two", ["--due", "today"], now: "2026-11-30T09:00")
        let late = try cf.add("Kept at half past four", ["--due", "today"], now: "2026-11-30T09:00")

        // 02:00 on 1 December: the logical day is still 30 November; no rollover yet.
        let atTwo = try cf.json(["plan", "review"], now: "2026-12-01T02:00")
        expectEqual(atTwo["date"] as? String, "2026-11-30")
        expectEqual(atTwo["planDay"] as? String, "2026-12-01")
        let kept = try cf.json(["plan", "carry", early, "--keep"], now: "2026-12-01T02:01")
        expectEqual(kept["deferralCount"] as? Int, 1)
        expectEqual((kept["deferral"] as? [String: Any])?["counted"] as? Bool, true, "a new deferral, counted on 30 November")
        try expectEqual(cf.planningDeferrals(early, now: "2026-12-01T02:01"), [PlanningDeferral("2026-11-30", "2026-12-01", "reschedule")])

        // 04:30: the rollover ran; the task kept at 02:00 is due today and gains nothing.
        let atHalfFour = try cf.json(["plan", "review"], now: "2026-12-01T04:30")
        expectEqual(atHalfFour["date"] as? String, "2026-11-30", "half an hour into the new day is still last night")
        expectEqual(atHalfFour["planDay"] as? String, "2026-12-01")
        try expectEqual(cf.show(early, now: "2026-12-01T04:30")["deferralCount"] as? Int, 1)
        try expectEqual(cf.planningDeferrals(late, now: "2026-12-01T04:30"), [PlanningDeferral("2026-12-01", "2026-12-01", "unspecified")])
        let refined = try cf.json(["plan", "carry", late, "--keep"], now: "2026-12-01T04:31")
        expectEqual(refined["deferralCount"] as? Int, 1)
        expectEqual(refined["dueDate"] as? String, "2026-12-01")
        try expectEqual(cf.planningDeferrals(late, now: "2026-12-01T04:31"), [PlanningDeferral("2026-12-01", "2026-12-01", "reschedule")])

        // Later in the morning (more than six hours after 04:00) it is today's planning.
        let morning = try cf.json(["plan", "review"], now: "2026-12-01T10:30")
        expectEqual(morning["date"] as? String, "2026-12-01")
        expectEqual(morning["planDay"] as? String, "2026-12-02")
    }

    // MARK: P-4 overload and Move, the prioritisation prompt

    @Test("P-4 F-15 overload notice when tomorrow's planned effort exceeds its free time after habits; plan move is a reschedule")
    func overloadAndMove() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let now = "2026-11-30T21:00"
        // Regions of 30, 15 and 15 minutes: an hour, 40 minutes of it free after the daily habit.
        for (key, value) in [("morning", "06:00-06:30"), ("afternoon", "12:00-12:15"), ("evening", "17:00-17:15")] {
            try cf.ok(["settings", key, value], now: "2026-11-30T09:00")
        }
        _ = try cf.addHabit("Stretch", ["--effort", "20"], now: "2026-11-30T09:00")
        _ = try cf.addHabit("Gym", ["--per-week", "3", "--effort", "60"], now: "2026-11-30T09:00")
        let write = try cf.add("Write", ["--due", "tomorrow", "--effort", "30"], now: "2026-11-30T09:00")
        let read = try cf.add("Read", ["--effort", "15"], now: "2026-11-30T09:00")
        _ = try cf.add("No estimate", ["--due", "tomorrow", "--effort", "none"], now: "2026-11-30T09:00")

        let before = (try cf.json(["plan"], now: now))["load"] as? [String: Any] ?? [:]
        expectEqual(before["taskMinutes"] as? Int, 30, "no estimate counts as zero")
        expectEqual(before["habitMinutes"] as? Int, 20, "the daily habit's minutes count; a weekly target's are flexible")
        expectEqual(before["freeMinutes"] as? Int, 40, "an hour of regions less the habit's 20 minutes")
        expectEqual(before["overloaded"] as? Bool, false, "30 of 40 minutes")

        // 30 + 15 of tasks fit in the hour, not in the 40 minutes the habit leaves.
        let placing = try cf.ok(["plan", "tomorrow", read, "--region", "afternoon"], now: now).stdout
        expectContains(placing, Messages.overload(load: 45, free: 40), "the overload notice: \(placing)")
        expectContains(placing, "45 min", "\(placing)")
        let after = (try cf.json(["plan"], now: now))["load"] as? [String: Any] ?? [:]
        expectEqual(after["taskMinutes"] as? Int, 45)
        expectEqual(after["overloaded"] as? Bool, true)
        let text = try cf.ok(["plan"], now: now).stdout
        expectContains(text, "Move something to another day?", "\(text)")

        // Move: a reschedule, never a deferral.
        let moved = try cf.json(["plan", "move", read, "--to", "2026-12-04"], now: "2026-11-30T21:01")
        expectEqual(moved["dueDate"] as? String, "2026-12-04")
        expectTrue(moved["region"] is NSNull, "moving off the day clears the placement")
        expectEqual(moved["deferralCount"] as? Int, 0)
        expectTrue(try cf.planningDeferrals(read, now: "2026-11-30T21:01").isEmpty)
        let movedTomorrow = try cf.json(["plan", "move", write, "--to", "later-this-week"], now: "2026-11-30T21:02")
        expectEqual(movedTomorrow["dueDate"] as? String, "2026-12-03")
        expectEqual(movedTomorrow["deferralCount"] as? Int, 0)
        expectTrue(try cf.planningDeferrals(write, now: "2026-11-30T21:02").isEmpty, "pushing tomorrow's task on is rescheduling")
        let relieved = (try cf.json(["plan"], now: "2026-11-30T21:03"))["load"] as? [String: Any] ?? [:]
        expectEqual(relieved["overloaded"] as? Bool, false)
        expectEqual(relieved["taskMinutes"] as? Int, 0)
        let quiet = try cf.ok(["plan"], now: "2026-11-30T21:03").stdout
        expectLacks(quiet, "Move something", "no notice within the free time: \(quiet)")
    }

    @Test("P-4 T-14 the prioritisation prompt: five or more tasks on the planned day and fewer than two important")
    func prioritisationPrompt() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let now = "2026-11-30T21:00"
        var ids: [String] = []
        for index in 1...4 { ids.append(try cf.add("Task \(index)", ["--due", "tomorrow"], now: "2026-11-30T09:00")) }
        func prompt() throws -> Bool? {
            ((try cf.json(["plan"], now: now))["load"] as? [String: Any])?["prioritisationPrompt"] as? Bool
        }
        let promptLine = Messages.text(.prioritisationPrompt(day: try #require(LocalDay("2026-12-01"))))
        try expectEqual(prompt(), false, "four tasks are not a full day")

        ids.append(try cf.add("Task 5", now: "2026-11-30T09:00"))
        let fifth = try cf.ok(["plan", "tomorrow", ids[4]], now: now).stdout
        expectContains(fifth, promptLine, "shown in the plan step as the fifth task lands: \(fifth)")
        try expectEqual(prompt(), true)

        let oneHigh = try cf.json(["plan", "tomorrow", ids[0], "--importance", "high"], now: now)
        expectEqual(oneHigh["importance"] as? String, "high")
        expectEqual(oneHigh["dueDate"] as? String, "2026-12-01", "important: dated the planned day")
        try expectEqual(prompt(), true, "one important task of five")

        let twoImportant = try cf.ok(["plan", "tomorrow", ids[1], "--importance", "medium"], now: now).stdout
        expectLacks(twoImportant, promptLine, "\(twoImportant)")
        try expectEqual(prompt(), false, "two important tasks answer it")

        // Back to one important, then a dropped task does not count toward the plan.
        try cf.ok(["plan", "tomorrow", ids[1], "--importance", "low"], now: now)
        try expectEqual(prompt(), true)
        try cf.ok(["delete", ids[2]], now: now)
        try expectEqual(prompt(), false, "four live tasks remain")
    }

    // MARK: P-1 engagement

    @Test("P-1 H-14 a closed or skipped planning session makes an avoid habit's day complete; an absent one does not")
    func planningIsEngagement() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let habit = try cf.addHabit("No sugar", ["--kind", "avoid"], now: "2026-11-30T09:00")
        try cf.ok(["plan", "close"], now: "2026-11-30T21:00")
        try cf.ok(["plan", "skip"], now: "2026-12-01T21:00")
        // 2 December: only looked at (nothing stored).
        try cf.ok(["plan", "review"], now: "2026-12-02T21:00")
        try cf.ok(["plan"], now: "2026-12-02T21:01")
        // 3 December's planning closed at 00:30 on the 4th: it engages the 3rd, the day reviewed.
        let late = try cf.json(["plan", "close"], now: "2026-12-04T00:30")
        expectEqual(late["date"] as? String, "2026-12-03")

        let states = try cf.planningGridStates(habit, now: "2026-12-05T10:00")
        expectEqual(states["2026-11-30"], "complete", "closed: engaged")
        expectEqual(states["2026-12-01"], "complete", "skipped: engaged")
        expectEqual(states["2026-12-02"], "empty", "opening planning does not count")
        expectEqual(states["2026-12-03"], "complete", "the late close counts for the day it reviewed")
        expectEqual(states["2026-12-04"], "empty", "not for the day it happened on")
    }

    // MARK: P-7 settings

    static let settingValues: [(key: String, value: String)] = [
        ("rollover-time", "04:30"), ("end-of-day", "18:15"), ("first-weekday", "sunday"),
        ("lock-complementary", "on"), ("review-time", "19:45"), ("review-time", "off"),
        ("color", "off"),
    ]

    @Test("P-7 settings have their defaults, and each key set is read back, alone and in settings --json")
    func settingsRoundTrip() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let now = "2026-11-30T09:00"
        let defaults = try cf.json(["settings"], now: now)
        expectEqual(defaults["rollover-time"] as? String, "00:00")
        expectEqual(defaults["end-of-day"] as? String, "19:00")
        expectEqual(defaults["lock-complementary"] as? String, "off")
        expectEqual(defaults["capacity"], nil, "night planning weighs free time, not a flat capacity (F-15)")
        expectEqual(defaults["review-time"] as? String, "18:00")
        expectEqual(defaults["color"] as? String, "on")
        expectEqual(Set(defaults.keys), Set(PlannerSettings.keys))

        for (key, value) in Self.settingValues {
            let set = try cf.json(["settings", key, value], now: now)
            expectEqual(set.count, 1, "setting one key reports that key: \(set)")
            expectEqual(set[key] as? String, value)
            try expectEqual(cf.json(["settings", key], now: now)[key] as? String, value)
            try expectEqual(cf.json(["settings"], now: now)[key] as? String, value)
            let line = try cf.ok(["settings", key], now: now).stdout
            expectTrue(line.hasPrefix(key) && line.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(value), "\(line)")
        }
        // Words are accepted in any case and the three-letter weekday form.
        try expectEqual(cf.json(["settings", "first-weekday", "Tue"], now: now)["first-weekday"] as? String, "tuesday")
        try expectEqual(cf.json(["settings", "color", "ON"], now: now)["color"] as? String, "on")
    }

    static let badSettings: [[String]] = [
        ["rollover-time", "24:00"], ["rollover-time", "7pm"], ["end-of-day", "19:60"], ["end-of-day", ""],
        ["first-weekday", "funday"], ["lock-complementary", "maybe"],
        ["review-time", "never"], ["review-time", "18"], ["color", "blue"],
    ]

    @Test("P-7 a bad setting value is refused with exit 1 and changes nothing", arguments: badSettings)
    func badSettingValue(_ words: [String]) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.ok(["settings", "end-of-day", "18:00"], now: "2026-11-30T09:00")
        let before = try cf.json(["settings"], now: "2026-11-30T09:00")
        try cf.expectRefused(["settings"] + words, now: "2026-11-30T09:01").message
        let json = try cf.run(["--json", "settings"] + words, now: "2026-11-30T09:01")
        expectEqual(json.status, 1)
        let error = (try json.json())["error"] as? [String: Any]
        expectEqual(error?["code"] as? String, "invalid_value", "\(json.stdout)")
        let after = try cf.json(["settings"], now: "2026-11-30T09:02")
        expectEqual(NSDictionary(dictionary: after), NSDictionary(dictionary: before))
    }

    @Test("P-7 an unknown setting key is refused with exit 1, read or written")
    func unknownSettingKey() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.ok(["settings"], now: "2026-11-30T09:00")
        try cf.expectRefused(["settings", "timezone", "UTC"], now: "2026-11-30T09:01").message
        try cf.expectRefused(["settings", "timezone"], now: "2026-11-30T09:01").message
        let json = try cf.run(["--json", "settings", "dark-mode", "on"], now: "2026-11-30T09:01")
        expectEqual(json.status, 1)
        expectEqual(((try json.json())["error"] as? [String: Any])?["code"] as? String, "unknown_setting")
    }

    @Test("F-15 the day capacity setting is gone: read or written it is refused with a word on free time, and nothing changes")
    func capacityRetired() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let before = try cf.json(["settings"], now: "2026-11-30T09:00")
        let written = try cf.expectRefused(["settings", "capacity", "300"], now: "2026-11-30T09:01").message
        expectContains(written, "free time", "\(written)")
        try cf.expectRefused(["settings", "capacity"], now: "2026-11-30T09:01").message
        let json = try cf.run(["--json", "settings", "capacity", "300"], now: "2026-11-30T09:01")
        expectEqual(((try json.json())["error"] as? [String: Any])?["code"] as? String, "unknown_setting")
        expectEqual(NSDictionary(dictionary: try cf.json(["settings"], now: "2026-11-30T09:02")), NSDictionary(dictionary: before))
    }

    @Test("P-7 review-time moves the review reminder; lock-complementary locks the board")
    func settingsTakeEffect() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.ok(["settings", "review-time", "19:45"], now: "2026-11-30T09:00")
        expectTrue(try cf.planningReminders(now: "2026-11-30T19:30").isEmpty, "18:00 is no longer the review time")
        try expectEqual(cf.planningReminders(now: "2026-11-30T19:50").map(\.message), ["Time to review?"])

        _ = try cf.add("Big one", ["--region", "morning", "--bucket", "must"], now: "2026-11-30T09:00")
        let small = try cf.add("Side one", ["--region", "morning", "--bucket", "complementary"], now: "2026-11-30T09:00")
        func locked() throws -> Bool? {
            let today = try cf.json(["today"], now: "2026-11-30T10:00")
            return ((today["regions"] as? [String: Any])?["morning"] as? [String: Any])?["complementaryLocked"] as? Bool
        }
        try expectEqual(locked(), false)
        try cf.ok(["settings", "lock-complementary", "on"], now: "2026-11-30T10:00")
        try expectEqual(locked(), true)
        try cf.expectRefused(["done", small], now: "2026-11-30T10:01").message
    }

    @Test("P-6 remind --notify without notify-send on the PATH still prints each reminder once, and exits 0")
    func remindNotifyWithoutNotifier() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let empty = cf.folder.appendingPathComponent("empty-bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let first = try cf.run(["remind", "--notify"], now: "2026-11-30T18:30", extra: ["PATH": empty.path])
        expectEqual(first.status, 0, "\(first.stderr)")
        expectEqual(first.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "Time to review?")
        let second = try cf.run(["remind", "--notify"], now: "2026-11-30T18:35", extra: ["PATH": empty.path])
        expectEqual(second.status, 0)
        expectTrue(second.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "given once a day: \(second.stdout)")
    }

    // MARK: P-8 stored days stand

    @Test("P-8 changing the rollover time never re-buckets stored session days or habit entry dates")
    func rolloverChangeKeepsStoredDays() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let task = try cf.add("Deep work", ["--due", "2026-12-01"], now: "2026-11-30T09:00")
        let pages = try cf.addHabit("Pages", ["--kind", "counted", "--target", "2"], now: "2026-11-30T09:00")

        // 01:00 on 1 December with the midnight rollover: logical day 1 December.
        try cf.ok(["begin", task], now: "2026-12-01T01:00")
        try cf.ok(["finish", "--stop"], now: "2026-12-01T01:30")
        try cf.ok(["habit", "log", pages, "--count", "1"], now: "2026-12-01T01:10")

        try cf.ok(["settings", "rollover-time", "04:00"], now: "2026-12-01T09:00")
        func sessionDays(_ now: String) throws -> [String] {
            let sessions = try cf.show(task, now: now)["sessions"] as? [[String: Any]] ?? []
            return sessions.compactMap { $0["day"] as? String }.sorted()
        }
        try expectEqual(sessionDays("2026-12-01T09:01"), ["2026-12-01"], "01:00 would be 30 November under 04:00, but the stored day stands")
        var grid = try cf.planningGridStates(pages, now: "2026-12-01T09:02")
        expectEqual(grid["2026-12-01"], "partialHigh", "the 01:10 entry stays on 1 December")
        expectTrue(grid["2026-11-30"] != "partialHigh" && grid["2026-11-30"] != "complete")

        // Under 04:00, 02:00 on the 2nd is still 1 December: new records get the new rule.
        try cf.ok(["begin", task], now: "2026-12-02T02:00")
        try cf.ok(["finish", "--stop"], now: "2026-12-02T02:30")
        try cf.ok(["habit", "log", pages, "--count", "1"], now: "2026-12-02T02:10")
        try expectEqual(sessionDays("2026-12-02T09:00"), ["2026-12-01", "2026-12-01"])

        // Back to midnight: neither is moved to 2 December.
        try cf.ok(["settings", "rollover-time", "00:00"], now: "2026-12-02T09:00")
        try expectEqual(sessionDays("2026-12-02T09:01"), ["2026-12-01", "2026-12-01"])
        grid = try cf.planningGridStates(pages, now: "2026-12-02T09:02")
        expectEqual(grid["2026-12-01"], "complete", "both entries stay on 1 December: 2/2")
        expectTrue(grid["2026-12-02"] != "partialHigh" && grid["2026-12-02"] != "complete", "nothing moved onto 2 December")
    }

    // MARK: P-9 erase and privacy

    @Test("P-9 erase without --yes is refused (exit 1) and leaves the store as it was")
    func eraseNeedsYes() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.add("Keep me", now: "2026-11-30T09:00")
        let stderr = try cf.expectRefused(["erase"], now: "2026-11-30T09:01").message
        expectContains(stderr, "--yes", "\(stderr)")
        expectTrue(FileManager.default.fileExists(atPath: cf.storePath))
        let json = try cf.run(["--json", "erase"], now: "2026-11-30T09:01")
        expectEqual(json.status, 1)
        expectEqual(((try json.json())["error"] as? [String: Any])?["code"] as? String, "needs_yes")
        expectEqual(JSONPath.titles(JSONPath.tasks(try cf.json(["list"], now: "2026-11-30T09:02"), "tasks")), ["Keep me"])
    }

    @Test("P-9 erase --yes removes the store file and its WAL files; the next run starts empty")
    func eraseRemovesEverything() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Secret", now: "2026-11-30T09:00")
        _ = try cf.addHabit("Water", [], now: "2026-11-30T09:00")
        let paths = [cf.storePath, cf.storePath + "-wal", cf.storePath + "-shm"]
        let result: CharflowRunner.Result
        do {
            // An open connection keeps the -wal and -shm files in place while erase runs.
            let reader = try Database(path: cf.storePath)
            _ = try reader.rows("SELECT count(*) FROM tasks")
            for path in paths { try #require(FileManager.default.fileExists(atPath: path), "\(path) exists before erase") }
            result = try withExtendedLifetime(reader) { try cf.run(["erase", "--yes"], now: "2026-11-30T09:01") }
            for path in paths { expectTrue(!FileManager.default.fileExists(atPath: path), "\(path) is gone") }
        }
        expectEqual(result.status, 0, "\(result.stderr)")
        expectTrue(!result.stdout.isEmpty, "erase says what it did")
        for path in paths { expectTrue(!FileManager.default.fileExists(atPath: path), "\(path) stays gone") }

        let after = try cf.run(["show", id, "--json"], now: "2026-11-30T09:02")
        expectEqual(after.status, 1, "the task is gone for good")
        let habits = try cf.json(["habits"], now: "2026-11-30T09:02")
        expectEqual((habits["habits"] as? [Any])?.isEmpty, true, "\(habits)")
        expectTrue(JSONPath.tasks(try cf.json(["list", "--all"], now: "2026-11-30T09:02"), "tasks").isEmpty)
    }

    @Test("P-9 privacy says nothing leaves the machine and names the store")
    func privacy() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let text = try cf.ok(["privacy"], now: "2026-11-30T09:00").stdout
        expectContains(text, "sends nothing anywhere", "\(text)")
        expectContains(text, "on this machine")
        expectContains(text, cf.storePath)
        expectLacks(text, "!", "a calm voice (D15)")
        let json = try cf.json(["privacy"], now: "2026-11-30T09:00")
        expectEqual((json["message"] as? String)?.contains("sends nothing anywhere"), true)
        expectEqual(json["store"] as? String, cf.storePath)
    }
}
