import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The `habit` verbs of `cli.md` through the command line on a real store, the clock set with `--now`.
@Suite("Habit commands")
struct HabitCommandTests {
    static let now = "2026-11-30T09:00"

    // MARK: H-1 adding, JSON names

    @Test("H-1 H-10 habit add prints the habit; --json uses habit.md's names with its windows")
    func addJSON() throws {
        let runner = try CharflowRunner()
        let text = try runner.ok(["habit", "add", "Water", "--kind", "counted", "--target", "8"], now: Self.now)
        expectTrue(text.stdout.hasPrefix("Added "))
        expectContains(text.stdout, "“Water” — daily.")
        let habit = try runner.json(["habit", "add", "Walk", "--weekdays"], now: Self.now)
        expectEqual(habit["title"] as? String, "Walk")
        expectEqual(habit["kind"] as? String, "binary")
        expectEqual(habit["frequency"] as? String, "weekdays")
        expectEqual(habit["scheduledDays"] as? String, "1,2,3,4,5")
        expectEqual(habit["targetPerWeek"] as? Int, 0)
        expectEqual(habit["isArchived"] as? Bool, false)
        expectTrue(habit["presetKey"] is NSNull)
        expectTrue(habit["notes"] is NSNull)
        expectEqual((habit["pauses"] as? [Any])?.isEmpty, true)
        expectEqual((habit["createdAt"] as? String)?.hasPrefix("2026-11-30T09:00:00"), true)
        let windows = try #require(habit["windows"] as? [[String: Any]])
        expectEqual(windows.count, 1)
        expectEqual(windows[0]["label"] as? String, "")
        expectEqual(windows[0]["startMinute"] as? Int, 0)
        expectEqual(windows[0]["endMinute"] as? Int, 1439)
        expectEqual(windows[0]["target"] as? Int, 1)
        expectTrue(windows[0]["effortMinutes"] is NSNull)
        expectTrue(windows[0]["reminderMinute"] is NSNull)
    }

    @Test("H-10 H-8 H-13 W-8 today --json says each habit's state today with its unit in todayText, never \"0 of 0\"")
    func todayText() throws {
        let runner = try CharflowRunner()
        let created = "2026-11-20T09:00"
        try runner.ok(["habit", "add", "Stretch"], now: created)
        try runner.ok(["habit", "add", "Water", "--kind", "counted", "--target", "8"], now: created)
        try runner.ok(["habit", "add", "Running", "--kind", "timed", "--target", "30"], now: created)
        try runner.ok(["habit", "add", "No sugar after dinner", "--kind", "avoid"], now: created)
        try runner.ok(["habit", "add", "Gym", "--per-week", "3"], now: created)
        try runner.ok(["habit", "add", "Call family", "--days", "7"], now: created)
        try runner.ok(["habit", "log", "Water", "--count", "3"], now: Self.now)
        try runner.ok(["habit", "log", "Stretch"], now: Self.now)
        let texts = { () throws -> [String: String] in
            let today = try runner.json(["habits"], now: Self.now)
            let habits = try #require(today["habits"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: habits.map { ($0["title"] as? String ?? "", $0["todayText"] as? String ?? "") })
        }
        var said = try texts()
        expectEqual(said["Stretch"], "done")
        expectEqual(said["Water"], "3 of 8 today")
        expectEqual(said["Running"], "0 of 30 min today")
        expectEqual(said["No sugar after dinner"], "no slips yet")
        expectEqual(said["Gym"], "0 of 3 this week")
        try runner.ok(["habit", "log", "No sugar after dinner", "--slip"], now: Self.now)
        said = try texts()
        expectEqual(said["No sugar after dinner"], "1 slip today")
        expectTrue(said.values.allSatisfy { !$0.contains("0 of 0") })
    }

    @Test("H-19 habit grid --json has days [{date, state, amount, target}] from the first column's start through today, and read")
    func gridJSONShape() throws {
        let runner = try CharflowRunner()
        let water = try runner.addHabit("Water", ["--kind", "counted", "--target", "8"], now: "2026-11-20T09:00")
        try runner.ok(["habit", "log", water, "--count", "3"], now: Self.now)
        let grid = try runner.habitGrid(water, weeks: 2, now: Self.now)
        let days = try #require(grid["days"] as? [[String: Any]])
        expectEqual(days.map { $0["date"] as? String ?? "" }, habitDates(from: "2026-11-23", count: 8))
        let states: Set<String> = ["empty", "missed", "partialLow", "partialHigh", "complete"]
        for day in days {
            expectContains(states, day["state"] as? String ?? "", "\(day)")
            expectTrue(day["amount"] is Int)
            expectEqual(day["target"] as? Int, 8)
        }
        let today = try #require(days.last)
        expectEqual(today["state"] as? String, "partialLow")
        expectEqual(today["amount"] as? Int, 3)
        expectEqual(days.first?["state"] as? String, "missed")
        expectEqual((grid["read"] as? String)?.hasPrefix("Missed 10 of the last 10."), true)
        expectEqual(grid["title"] as? String, "Water")
        expectEqual((grid["grids"] as? [Any])?.count, 1)
        // Twelve weeks by default.
        let full = try runner.habitGrid(water, weeks: 12, now: Self.now)["days"] as? [Any]
        expectEqual(full?.count, 11 * 7 + 1)
    }

    // MARK: H-17 H-16 partial days

    @Test("H-17 H-16 a partial counted day shows partialLow or partialHigh and \"2/3\", never a break")
    func partialCounted() throws {
        let runner = try CharflowRunner()
        let water = try runner.addHabit("Water", ["--kind", "counted", "--target", "3"], now: "2026-11-27T09:00")
        try runner.ok(["habit", "log", "Water"], now: "2026-11-27T20:00")
        try runner.ok(["habit", "log", "Water", "--count", "2"], now: "2026-11-28T20:00")
        try runner.ok(["habit", "log", "Water", "--count", "3"], now: "2026-11-29T20:00")
        let logged = try runner.ok(["habit", "log", "Water", "--count", "2"], now: Self.now)
        expectContains(logged.stdout, "Water: 2/3 today.")
        try expectEqual(runner.habitStates(water, habitDates(from: "2026-11-27", count: 4), now: Self.now), ["partialLow", "partialHigh", "complete", "partialHigh"])
        let days = try runner.habitDays(water, now: Self.now)
        expectEqual(days["2026-11-28"]?["amount"] as? Int, 2)
        expectEqual(days["2026-11-28"]?["target"] as? Int, 3)
        let habits = try runner.ok(["habits"], now: Self.now).stdout
        expectContains(habits, "2/3")
        let grid = try runner.ok(["habit", "grid", "Water"], now: Self.now).stdout
        expectContains(grid, "today 2/3")
        expectContains(grid, "Done on 1 of the last 3. 2 partly.")
    }

    // MARK: H-8 weekly targets

    @Test("H-8 a weekly-target habit never shows missed, shows \"2 of 3 this week\" and reads in weeks")
    func weeklyNeverMissed() throws {
        let runner = try CharflowRunner()
        let swim = try runner.addHabit("Swim", ["--per-week", "3"], now: "2026-11-02T09:00")
        try expectEqual(runner.json(["habit", "grid", swim], now: "2026-11-02T09:01")["targetPerWeek"] as? Int, 3)
        for day in ["2026-11-10", "2026-11-24", "2026-11-25", "2026-11-26"] {
            try runner.ok(["habit", "log", swim], now: "\(day)T20:00")
        }
        try runner.ok(["habit", "log", swim], now: "2026-12-01T20:00")
        try runner.ok(["habit", "log", swim], now: "2026-12-02T08:00")
        let now = "2026-12-02T09:00"
        let days = try runner.habitDays(swim, weeks: 5, now: now)
        expectEqual(days.count, 31)
        expectTrue(!days.values.contains { $0["state"] as? String == "missed" })
        expectEqual(days.values.filter { $0["state"] as? String == "complete" }.count, 6)
        let read = try runner.habitRead(swim, now: now)
        expectTrue(read.hasPrefix("2 of 3 this week. Met in 1 of the last 3 weeks."))
        let habits = try runner.ok(["habits"], now: now).stdout
        expectContains(habits, "2 of 3 this week")
        try expectEqual(runner.habitTodayTitles(now: now), ["Swim"])
        try runner.ok(["habit", "log", swim], now: "2026-12-03T08:00")
        let met = try runner.json(["habits"], now: "2026-12-04T09:00")
        let line = try #require((met["habits"] as? [[String: Any]])?.first)
        expectEqual(line["isDueToday"] as? Bool, false)
        expectEqual(line["isDoneToday"] as? Bool, true)
        expectEqual((line["week"] as? [String: Any])?["done"] as? Int, 3)
    }

    // MARK: H-1 edits affect the future only

    @Test("H-1 H-5 editing a target does not rewrite past cells")
    func targetEdit() throws {
        let runner = try CharflowRunner()
        let water = try runner.addHabit("Water", ["--kind", "counted", "--target", "3"], now: "2026-11-27T09:00")
        try runner.ok(["habit", "log", water, "--count", "2"], now: "2026-11-28T20:00")
        try runner.ok(["habit", "log", water, "--count", "3"], now: "2026-11-29T20:00")
        let before = try runner.habitDays(water, now: Self.now)
        try runner.ok(["habit", "edit", water, "--target", "8"], now: Self.now)
        let after = try runner.habitDays(water, now: "2026-11-30T09:01")
        for date in ["2026-11-28", "2026-11-29"] {
            expectEqual(after[date]?["state"] as? String, before[date]?["state"] as? String, "\(date)")
            expectEqual(after[date]?["target"] as? Int, 3, "\(date)")
        }
        expectEqual(after["2026-11-28"]?["state"] as? String, "partialHigh")
        expectEqual(after["2026-11-29"]?["state"] as? String, "complete")
        expectEqual(after["2026-11-30"]?["target"] as? Int, 8)
        let habit = try runner.json(["habit", "grid", water], now: "2026-11-30T09:02")
        expectEqual((habit["windows"] as? [[String: Any]])?.first?["target"] as? Int, 8)
    }

    @Test("H-1 H-2 editing the schedule does not turn past unscheduled days into missed ones")
    func scheduleEdit() throws {
        let runner = try CharflowRunner()
        let stretch = try runner.addHabit("Stretch", ["--weekdays"], now: "2026-11-16T09:00")
        try runner.ok(["habit", "edit", stretch, "--days", "1,2,3,4,5,6,7"], now: Self.now)
        let weekends = ["2026-11-21", "2026-11-22", "2026-11-28", "2026-11-29"]
        try expectEqual(runner.habitStates(stretch, weekends, now: "2026-12-07T09:00"), Array(repeating: "empty", count: 4))
        try expectEqual(runner.habitStates(stretch, ["2026-11-27", "2026-12-05", "2026-12-06"], now: "2026-12-07T09:00"), ["missed", "missed", "missed"])
        let days = try runner.habitDays(stretch, now: "2026-12-07T09:00")
        expectEqual(days["2026-11-28"]?["isDue"] as? Bool, false)
        try expectEqual(runner.json(["habit", "grid", stretch], now: "2026-12-07T09:00")["frequency"] as? String, "daily")
    }

    // MARK: H-15 pauses

    @Test("H-15 a paused week leaves the read's denominators and hides the habit from Today and from remind")
    func pausedWeek() throws {
        let runner = try CharflowRunner()
        let walk = try runner.addHabit("Walk", ["--window", "00:00-23:59 remind 08:00"], now: "2026-11-02T09:00")
        try runner.addHabit("Floss", ["--window", "00:00-23:59 remind 08:00"], now: "2026-11-02T09:00")
        for day in habitDates(from: "2026-11-09", count: 7) {
            try runner.ok(["habit", "log", walk], now: "\(day)T20:00")
        }
        let paused = try runner.ok(["habit", "pause", walk, "--from", "2026-11-16", "--to", "2026-11-23",
                                         "--reason", "travel"], now: "2026-11-15T21:00")
        expectContains(paused.stdout, "Walk: Paused — resumes 23 Nov")
        try expectEqual(runner.habitTodayTitles(now: "2026-11-18T09:00"), ["Floss"])
        try expectEqual(runner.habitReminders(now: "2026-11-18T09:00"), ["Floss"])
        let habits = try runner.ok(["habits"], now: "2026-11-18T09:05").stdout
        expectContains(habits, "Paused")
        expectContains(habits, "Walk  Paused — resumes 23 Nov")
        // Back, and the read counts 14 due days, not 21.
        try expectContains(runner.habitTodayTitles(now: "2026-11-23T09:00"), "Walk")
        let read = try runner.habitRead(walk, now: Self.now)
        expectEqual(read, "Missed 7 of the last 14. Seven a week may be more than this season allows — try four?")
        try expectEqual(runner.habitStates(walk, habitDates(from: "2026-11-16", count: 7), now: Self.now), Array(repeating: "empty", count: 7))
    }

    @Test("H-15 D15 overlapping pauses (10–25 Nov and 12–15 Nov) name the one day the habit resumes, 25 Nov, on every view")
    func overlappingPauses() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let walk = try runner.addHabit("Walk", now: "2026-11-02T09:00")
        try runner.ok(["habit", "pause", walk, "--from", "2026-11-10", "--to", "2026-11-25", "--reason", "travel"], now: "2026-11-09T21:00")
        let inner = try runner.ok(["habit", "pause", walk, "--from", "2026-11-12", "--to", "2026-11-15", "--reason", "illness"],
                                  now: "2026-11-11T21:00")
        expectEqual(inner.stdout, "Walk: Paused — resumes 25 Nov\n", "\(inner.stdout)")
        let habits = try runner.ok(["habits"], now: "2026-11-13T09:00").stdout
        expectContains(habits, "Walk  Paused — resumes 25 Nov", "\(habits)")
        expectLacks(habits, "15 Nov", "\(habits)")
        try expectContains(runner.ok(["habit", "grid", walk], now: "2026-11-13T09:00").stdout, "Paused — resumes 25 Nov")
        let json = try runner.json(["habits"], now: "2026-11-13T09:00")
        expectContains("\(json)", "Paused — resumes 25 Nov", "\(json)")
        expectLacks("\(json)", "resumes 15 Nov", "\(json)")
    }

    @Test("H-15 D15 a pause from 12 to 19 Oct reads \"Paused — resumes 19 Oct\"; an open-ended pause waits for resume")
    func pausedLine() throws {
        let runner = try CharflowRunner()
        let walk = try runner.addHabit("Walk", now: "2026-10-01T09:00")
        let paused = try runner.ok(["habit", "pause", walk, "--from", "2026-10-12", "--to", "2026-10-19",
                                         "--reason", "travel"], now: "2026-10-10T09:00")
        expectEqual(paused.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "Walk: Paused — resumes 19 Oct")
        let grid = try runner.ok(["habit", "grid", walk], now: "2026-10-14T09:00").stdout
        expectContains(grid, "Paused — resumes 19 Oct")
        let habits = try runner.json(["habits"], now: "2026-10-14T09:00")
        let line = try #require((habits["habits"] as? [[String: Any]])?.first)
        expectEqual(line["paused"] as? String, "Paused — resumes 19 Oct")
        let pauses = try #require(line["pauses"] as? [[String: Any]])
        expectEqual(pauses.first?["from"] as? String, "2026-10-12")
        expectEqual(pauses.first?["to"] as? String, "2026-10-19", "habit.md's own example: to is the day it resumes")
        expectEqual(pauses.first?["reason"] as? String, "travel")
        try expectEqual(runner.habitTodayTitles(now: "2026-10-19T09:00"), ["Walk"])

        try runner.ok(["habit", "pause", walk, "--reason", "illness"], now: "2026-10-20T09:00")
        expectTrue(try runner.habitTodayTitles(now: "2026-10-25T09:00").isEmpty)
        try runner.ok(["habit", "resume", walk], now: "2026-10-26T09:00")
        try expectEqual(runner.habitTodayTitles(now: "2026-10-26T09:01"), ["Walk"])
        try expectEqual(runner.habitStates(walk, ["2026-10-19", "2026-10-20", "2026-10-25"], now: "2026-10-26T09:02"), ["missed", "empty", "empty"])
    }

    @Test("H-15 H-18 days a habit spent archived are unscheduled once it is restored: not missed in its grid or its read; --reason archived is not a person's word",
          arguments: ["Europe/London", "America/New_York"])
    func archivedDaysUnscheduled(zone: String) throws {
        let runner = try CharflowRunner(timeZone: zone)
        let walk = try runner.addHabit("Walk", now: "2026-11-20T09:00")
        for day in 20...25 { try runner.ok(["habit", "log", walk], now: "2026-11-\(day)T20:00") }
        try runner.ok(["habit", "archive", walk], now: "2026-11-26T08:00")
        try runner.ok(["habit", "restore", walk], now: "2026-11-29T08:00")
        try runner.ok(["habit", "log", walk], now: "2026-11-29T20:00")
        try expectEqual(runner.habitStates(walk, ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"],
                                       now: "2026-11-30T09:00"), ["complete", "empty", "empty", "empty", "complete"])
        let read = try runner.habitRead(walk, now: "2026-11-30T09:00")
        expectLacks(read, "Missed", "the archived days count as missed: \(read)")
        let line = try #require((try runner.json(["habits"], now: "2026-11-30T09:00")["habits"] as? [[String: Any]])?.first)
        expectTrue(line["paused"] is NSNull, "restored, it is not paused: \(line)")
        let pauses = try #require(line["pauses"] as? [[String: Any]])
        expectEqual(pauses.map { $0["reason"] as? String }, ["archived"])
        #expect(pauses.first?["from"] as? String == "2026-11-26" && pauses.first?["to"] as? String == "2026-11-29")
        // Archived and restored on one day leaves no pause; resume does not end an archive.
        try runner.ok(["habit", "archive", walk], now: "2026-11-30T10:00")
        try runner.ok(["habit", "restore", walk], now: "2026-11-30T11:00")
        let again = try #require((try runner.json(["habits"], now: "2026-11-30T11:01")["habits"] as? [[String: Any]])?.first)
        expectEqual((again["pauses"] as? [Any])?.count, 1)
        let refused = try runner.run(["habit", "pause", walk, "--reason", "archived"], now: "2026-11-30T12:00")
        expectTrue(refused.status != 0 && refused.stderr.contains("travel, illness, cycle or other"), "\(refused.stderr)")
    }

    // MARK: Combinations no view could show

    @Test("H-2 H-13 an avoid habit takes no weekly target, on add or on edit; nothing changes")
    func avoidNoWeekly() throws {
        let runner = try CharflowRunner()
        try runner.addHabit("Water", now: Self.now)
        let message = try runner.habitRefused(["habit", "add", "Snacks", "--kind", "avoid", "--per-week", "3"],
                                              now: Self.now, code: "avoid_weekly")
        expectContains(message, "cannot have a weekly target")
        let snacks = try runner.addHabit("Snacks", ["--kind", "avoid", "--target", "1"], now: Self.now)
        try runner.habitRefused(["habit", "edit", snacks, "--per-week", "2"], now: Self.now, code: "avoid_weekly")
        try runner.ok(["habit", "edit", snacks, "--days", "1,2,3"], now: Self.now)
        try runner.addHabit("Swim", ["--per-week", "3"], now: Self.now)
    }

    @Test("H-4 two windows of one habit never share a label (ignoring case), nor go both unlabelled")
    func windowLabelsUnique() throws {
        let runner = try CharflowRunner()
        try runner.addHabit("Water", now: Self.now)
        let message = try runner.habitRefused(["habit", "add", "Meds", "--window", "Morning 07:00-09:00",
                                               "--window", "morning 19:00-21:00"], now: Self.now, code: "duplicate_window")
        expectContains(message, "'morning'")
        try runner.habitRefused(["habit", "add", "Meds", "--window", "07:00-09:00", "--window", "19:00-21:00"],
                                now: Self.now, code: "duplicate_window")
        let meds = try runner.addHabit("Meds", ["--window", "Morning 07:00-09:00", "--window", "Evening 19:00-21:00"],
                                       now: Self.now)
        try runner.ok(["habit", "log", meds, "--window", "Evening"], now: "2026-11-30T20:00")
    }

    @Test("H-1 two habits never share a name (ignoring case, archived ones included), on add or on edit")
    func habitNamesUnique() throws {
        let runner = try CharflowRunner()
        let walk = try runner.addHabit("Walk", now: Self.now)
        let message = try runner.habitRefused(["habit", "add", "walk"], now: Self.now, code: "duplicate_habit")
        expectContains(message, "'Walk'")
        let read = try runner.addHabit("Read", now: Self.now)
        try runner.habitRefused(["habit", "edit", read, "--title", "WALK"], now: Self.now, code: "duplicate_habit")
        try runner.ok(["habit", "edit", walk, "--title", "walk"], now: Self.now)
        try runner.ok(["habit", "archive", walk], now: Self.now)
        let archived = try runner.habitRefused(["habit", "add", "Walk"], now: Self.now, code: "duplicate_habit")
        expectTrue(archived.contains("archived") && archived.contains("restore"))
        try runner.ok(["habit", "add", "--preset", "running"], now: Self.now)
        try runner.habitRefused(["habit", "add", "--preset", "running"], now: Self.now, code: "duplicate_habit")
    }

    // MARK: H-13 avoid

    @Test("H-13 a day past its allowance of slips cannot be marked held; within it, it can")
    func heldAfterSlips() throws {
        let runner = try CharflowRunner()
        let snacks = try runner.addHabit("Snacks", ["--kind", "avoid", "--target", "1"], now: "2026-11-27T09:00")
        for _ in 0..<2 { try runner.ok(["habit", "log", snacks, "--slip", "--date", "2026-11-29"], now: Self.now) }
        let message = try runner.habitRefused(["habit", "log", snacks, "--held", "--date", "2026-11-29"], now: Self.now,
                                              code: "held_after_slips")
        expectContains(message, "2 slips, more than the 1 allowed")
        try expectEqual(runner.habitDays(snacks, now: Self.now)["2026-11-29"]?["state"] as? String, "missed")
        try runner.ok(["habit", "log", snacks, "--slip", "--date", "2026-11-28"], now: Self.now)
        try runner.ok(["habit", "log", snacks, "--held", "--date", "2026-11-28"], now: Self.now)
        try expectEqual(runner.habitDays(snacks, now: Self.now)["2026-11-28"]?["state"] as? String, "complete")
    }

    @Test("H-13 a day marked held shows as held in habits and the grid, today too, and its box is ticked")
    func heldIsShown() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let snacks = try runner.addHabit("Snacks", ["--kind", "avoid", "--target", "1"], now: "2026-11-27T09:00")
        let before = try runner.ok(["habits"], now: Self.now).stdout
        expectContains(before, "[ ] Snacks", "\(before)")
        try runner.ok(["habit", "log", snacks, "--held"], now: Self.now)
        let habits = try runner.ok(["habits"], now: Self.now).stdout
        expectContains(habits, "[x] Snacks", "\(habits)")
        expectContains(habits, "0 slips, held", "\(habits)")
        try expectContains(runner.ok(["habit", "grid", snacks], now: Self.now).stdout, "today 0 slips, held")
        // The documents say it too: today's cell in `habits --json` and the grid's day in `habit grid --json`.
        let listed = try runner.json(["habits"], now: Self.now)
        let habit = try #require((listed["habits"] as? [[String: Any]])?.first { $0["id"] as? String == snacks.lowercased() })
        expectEqual((habit["today"] as? [[String: Any]])?.first?["isHeld"] as? Bool, true, "\(habit)")
        try expectEqual(runner.habitDays(snacks, now: Self.now)[String(Self.now.prefix(10))]?["isHeld"] as? Bool, true)
        try expectEqual(runner.habitDays(snacks, now: Self.now)["2026-11-28"]?["isHeld"] as? Bool, false)
    }

    @Test("H-13 H-14 an avoid habit: empty with no engagement, complete with a completed task, missed over the allowance, today unresolved")
    func avoidHabit() throws {
        let runner = try CharflowRunner()
        let snacks = try runner.addHabit("Snacks", ["--kind", "avoid", "--target", "1"], now: "2026-11-24T09:00")
        let letter = try runner.add("Post the letter", ["--region", "morning"], now: "2026-11-26T09:00")
        try runner.ok(["done", letter], now: "2026-11-26T10:00")
        for _ in 0..<2 { try runner.ok(["habit", "log", snacks, "--slip"], now: "2026-11-27T20:00") }
        try runner.ok(["habit", "log", snacks, "--slip"], now: "2026-11-28T20:00")
        for _ in 0..<3 { try runner.ok(["habit", "log", snacks, "--slip"], now: "2026-11-30T08:00") }
        try expectEqual(runner.habitStates(snacks, habitDates(from: "2026-11-25", count: 6), now: Self.now), ["empty", "complete", "missed", "complete", "empty", "empty"])
        let today = try runner.habitDays(snacks, now: Self.now)["2026-11-30"]
        expectEqual(today?["amount"] as? Int, 3)
        try expectEqual(runner.habitRead(snacks, now: Self.now), "3 slips in the last 21 days, and 3 today.")
        let grid = try runner.ok(["habit", "grid", snacks], now: Self.now).stdout
        expectContains(grid, "today 3 slips")
        // Held today is an engagement: the day resolves complete once it has ended.
        try runner.ok(["habit", "log", snacks, "--held"], now: "2026-12-01T20:00")
        try expectEqual(runner.habitStates(snacks, ["2026-12-01"], now: "2026-12-02T09:00"), ["complete"])
    }

    // MARK: H-4 windows

    @Test("H-4 two windows keep independent grids; a log names its window")
    func twoWindows() throws {
        let runner = try CharflowRunner()
        let meds = try runner.addHabit("Meds", ["--window", "Morning 07:00-09:00", "--window", "Evening 19:00-21:00 remind 19:30"],
                                       now: "2026-11-26T09:00")
        // In the order of the clock: a command run with the clock a day back would still log today (P-8).
        for day in ["2026-11-27", "2026-11-28", "2026-11-29"] {
            try runner.ok(["habit", "log", meds, "--window", "Morning"], now: "\(day)T08:00")
            if day == "2026-11-28" {
                try runner.ok(["habit", "log", meds, "--window", "evening"], now: "2026-11-28T20:00")
            }
        }
        let dates = habitDates(from: "2026-11-27", count: 3)
        try expectEqual(runner.habitStates(meds, dates, grid: 0, now: Self.now), ["complete", "complete", "complete"])
        try expectEqual(runner.habitStates(meds, dates, grid: 1, now: Self.now), ["missed", "complete", "missed"])
        let evening = try runner.habitGrid(meds, window: "Evening", now: Self.now)
        expectEqual((evening["grids"] as? [Any])?.count, 1)
        expectEqual(((evening["grids"] as? [[String: Any]])?.first?["window"] as? [String: Any])?["label"] as? String, "Evening")
        expectEqual(((evening["grids"] as? [[String: Any]])?.first?["window"] as? [String: Any])?["reminderMinute"] as? Int, 1170)
        let text = try runner.ok(["habit", "grid", meds], now: Self.now).stdout
        expectContains(text, "Morning · today not yet")
        expectContains(text, "Evening · today not yet")
        expectContains(text, "Missed 1 of the last 4.")
        expectContains(text, "Missed 3 of the last 4.")
        let message = try runner.habitRefused(["habit", "log", meds], now: Self.now, code: "window_needed")
        expectEqual(message, "This habit has more than one time of day; name one with --window.")
    }

    @Test("H-4 one to four windows; a fifth is refused on add and on edit, exit 1, nothing changed")
    func fifthWindow() throws {
        let runner = try CharflowRunner()
        let four = ["A 06:00-07:00", "B 08:00-09:00", "C 12:00-13:00", "D 18:00-19:00"]
        let meds = try runner.addHabit("Meds", four.flatMap { ["--window", $0] }, now: Self.now)
        let habit = try runner.json(["habit", "grid", meds], now: Self.now)
        expectEqual((habit["windows"] as? [[String: Any]])?.map { $0["label"] as? String ?? "" }, ["A", "B", "C", "D"])
        let five = (four + ["E 21:00-22:00"]).flatMap { ["--window", $0] }
        let message = try runner.habitRefused(["habit", "add", "Pills"] + five, now: Self.now, code: "too_many_windows")
        expectEqual(message, "A habit has at most four times of day.")
        try runner.habitRefused(["habit", "edit", meds, "--window", "E 21:00-22:00"], now: Self.now, code: "too_many_windows")
    }

    // MARK: H-11 H-12 timed

    static let sessionRows: [([Int], Int)] = [
        ([40, 50], 2),  // 90 s
        ([20, 20], 1),  // 40 s: per session each would round to 0
        ([90, 90], 3),  // 180 s: per session 2 + 2 = 4
    ]

    @Test("H-11 timed minutes from two sessions sum before rounding (habit begin, finish --stop)", arguments: sessionRows)
    func timedSessionsSum(_ row: ([Int], Int)) throws {
        let (durations, minutes) = row
        let runner = try CharflowRunner()
        let read = try runner.addHabit("Read", ["--kind", "timed", "--target", "10"], now: "2026-11-30T08:00")
        for (index, seconds) in durations.enumerated() {
            let hour = String(format: "2026-11-30T%02d", 9 + index)
            try runner.ok(["habit", "begin", read], now: hour + ":00:00")
            try runner.ok(["finish", "--stop"], now: hour + String(format: ":%02d:%02d", seconds / 60, seconds % 60))
        }
        let today = try runner.habitDays(read, now: "2026-11-30T20:00")["2026-11-30"]
        expectEqual(today?["amount"] as? Int, minutes)
        expectEqual(today?["target"] as? Int, 10)
    }

    @Test("H-11 H-12 manual minutes add to real sessions; the day is complete at the target and does not over-fill")
    func manualMinutes() throws {
        let runner = try CharflowRunner()
        let read = try runner.addHabit("Read", ["--kind", "timed", "--target", "20"], now: "2026-11-30T08:00")
        let added = try runner.json(["habit", "grid", read], now: "2026-11-30T08:00")
        expectEqual((added["windows"] as? [[String: Any]])?.first?["effortMinutes"] as? Int, 20)
        try runner.ok(["habit", "begin", read], now: "2026-11-30T09:00:00")
        try runner.ok(["finish", "--stop"], now: "2026-11-30T09:00:40")
        let logged = try runner.ok(["habit", "log", read, "--minutes", "10"], now: "2026-11-30T10:00")
        expectContains(logged.stdout, "Read: 11/20 min today.")
        try runner.ok(["habit", "log", read, "--minutes", "25"], now: "2026-11-30T11:00")
        let today = try runner.habitDays(read, now: "2026-11-30T12:00")["2026-11-30"]
        expectEqual(today?["amount"] as? Int, 36)
        expectEqual(today?["state"] as? String, "complete")
        try runner.ok(["habit", "log", read, "--undo"], now: "2026-11-30T12:01")
        try expectEqual(runner.habitDays(read, now: "2026-11-30T12:02")["2026-11-30"]?["amount"] as? Int, 11)
    }

    @Test("H-12 Stop for now on a habit session keeps the partial time and names the habit")
    func stopForNowNamesHabit() throws {
        let runner = try CharflowRunner()
        let read = try runner.addHabit("Read", ["--kind", "timed", "--target", "30"], now: "2026-11-30T08:00")
        let began = try runner.ok(["habit", "begin", read], now: "2026-11-30T09:00")
        expectContains(began.stdout, "Began “Read” — 30 min.")
        let stopped = try runner.ok(["finish", "--stop"], now: "2026-11-30T09:12")
        expectContains(stopped.stdout, "“Read”", "the habit's session should be named by the habit: \(stopped.stdout)")
        expectContains(stopped.stdout, "12 of 30 min")
        try expectEqual(runner.habitDays(read, now: "2026-11-30T09:13")["2026-11-30"]?["amount"] as? Int, 12)
    }

    @Test("S-13 a running habit session is named by its habit on the chip, in status, status --json and today --json")
    func habitSessionNamedEverywhere() throws {
        let runner = try CharflowRunner()
        let read = try runner.addHabit("Read", ["--kind", "timed", "--target", "30"], now: "2026-11-30T08:00")
        try runner.ok(["habit", "begin", read], now: "2026-11-30T09:00")
        let status = try runner.ok(["status"], now: "2026-11-30T09:12").stdout
        expectContains(status, "▶ Read · 12 of 30 min", "status: \(status)")
        expectLacks(status, "Habit session")
        let chip = try runner.ok(["backlog"], now: "2026-11-30T09:12").stdout
        expectTrue(chip.hasPrefix("▶ Read · 12 of 30 min"), "the chip heads every screen: \(chip)")
        let json = try runner.json(["status"], now: "2026-11-30T09:12")
        expectEqual(json["title"] as? String, "Read")
        let habit = try #require(json["habit"] as? [String: Any])
        expectEqual(habit["id"] as? String, read)
        expectEqual(habit["title"] as? String, "Read")
        try expectEqual(runner.json(["today"], now: "2026-11-30T09:12")["sessionTitle"] as? String, "Read")
        try runner.ok(["pause"], now: "2026-11-30T09:15")
        try expectContains(runner.ok(["today"], now: "2026-11-30T09:16").stdout, "Ⅱ Read · 15 of 30 min · paused")
    }

    @Test("S-13 a task's session in status --json carries its title and no habit")
    func taskSessionHasNoHabit() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning"])
        try runner.ok(["begin", id], now: "2026-11-30T09:00")
        let json = try runner.json(["status"], now: "2026-11-30T09:05")
        expectEqual(json["title"] as? String, "Write report")
        expectTrue(json["habit"] is NSNull)
        try runner.ok(["finish", "--stop"], now: "2026-11-30T09:06")
        let idle = try runner.json(["status"], now: "2026-11-30T09:07")
        expectTrue(idle["title"] is NSNull && idle["habit"] is NSNull && idle["session"] is NSNull)
    }

    @Test("H-12 a running habit session is settled with done (Log it) or stop, never defer or drop",
          arguments: ["defer", "drop"])
    func habitSettle(_ choice: String) throws {
        let runner = try CharflowRunner()
        try runner.addHabit("Read", ["--kind", "timed", "--target", "30"], now: "2026-11-30T08:00")
        try runner.addHabit("Run", ["--kind", "timed", "--target", "20"], now: "2026-11-30T08:00")
        try runner.ok(["habit", "begin", "Read"], now: "2026-11-30T09:00")
        let message = try runner.habitRefused(["habit", "begin", "Run", "--settle", choice], now: "2026-11-30T09:05",
                                              code: "habit_settle")
        expectEqual(message, "A habit session can be logged (--settle done) or stopped (--settle stop), not deferred or dropped.")
        try runner.ok(["habit", "begin", "Run", "--settle", "done"], now: "2026-11-30T09:10")
        let read = try runner.json(["habits"], now: "2026-11-30T09:11")
        let line = (read["habits"] as? [[String: Any]])?.first { $0["title"] as? String == "Read" }
        expectEqual((line?["today"] as? [[String: Any]])?.first?["amount"] as? Int, 10)
    }

    // MARK: H-1 H-3 kind fixed, archive

    @Test("H-1 the kind is fixed at creation: habit edit --kind is refused, exit 1, nothing changed")
    func kindFixed() throws {
        let runner = try CharflowRunner()
        let water = try runner.addHabit("Water", ["--kind", "counted", "--target", "8"], now: Self.now)
        let message = try runner.habitRefused(["habit", "edit", water, "--kind", "timed"], now: Self.now, code: "kind_fixed")
        expectEqual(message, "A habit's kind is fixed. Archive it and create a new one to change it.")
    }

    @Test("H-3 archive keeps history in a collapsed Archived section; restore brings it back; a log while archived is refused")
    func archiveRestore() throws {
        let runner = try CharflowRunner()
        let floss = try runner.addHabit("Floss", now: "2026-11-25T09:00")
        try runner.ok(["habit", "log", floss], now: "2026-11-26T20:00")
        try runner.ok(["habit", "log", floss], now: "2026-11-28T20:00")
        let dates = habitDates(from: "2026-11-25", count: 6)
        let before = try runner.habitStates(floss, dates, now: Self.now)
        try runner.ok(["habit", "archive", floss], now: Self.now)
        let habits = try runner.ok(["habits"], now: "2026-11-30T09:01").stdout
        expectContains(habits, "Archived (1) — charflow habits --all")
        expectLacks(habits, "[ ] Floss")
        try expectContains(runner.ok(["habits", "--all"], now: "2026-11-30T09:01").stdout, "Floss")
        expectTrue(try runner.habitTodayTitles(now: "2026-11-30T09:01").isEmpty)
        try expectEqual(runner.habitStates(floss, dates, now: "2026-11-30T09:01"), before)
        let message = try runner.habitRefused(["habit", "log", floss], now: "2026-11-30T09:02", code: "habit_archived")
        expectEqual(message, "“Floss” is archived; restore it first.")
        try runner.ok(["habit", "restore", floss], now: "2026-11-30T09:03")
        try expectEqual(runner.habitStates(floss, dates, now: "2026-11-30T09:04"), before)
        expectEqual(before, ["missed", "complete", "missed", "complete", "missed", "empty"])
        try expectEqual(runner.habitTodayTitles(now: "2026-11-30T09:04"), ["Floss"])
    }

    // MARK: H-20 presets

    static let presets: [(String, String, String, Int, String, Int, Int)] = [
        ("quran", "Qur'an reading", "timed", 15, "daily", 0, 15),
        ("dhikr", "Dhikr", "counted", 33, "daily", 0, -1),
        ("exercise", "Exercise", "timed", 30, "custom", 3, 30),
        ("running", "Running", "timed", 30, "custom", 3, 30),
    ]

    @Test("H-20 habit add --preset makes exactly the table's habit", arguments: presets)
    func preset(_ row: (String, String, String, Int, String, Int, Int)) throws {
        let (key, title, kind, target, frequency, perWeek, effort) = row
        let runner = try CharflowRunner()
        let habit = try runner.json(["habit", "add", "--preset", key], now: Self.now)
        expectEqual(habit["title"] as? String, title)
        expectEqual(habit["presetKey"] as? String, key)
        expectEqual(habit["kind"] as? String, kind)
        expectEqual(habit["frequency"] as? String, frequency)
        expectEqual(habit["targetPerWeek"] as? Int, perWeek)
        let windows = try #require(habit["windows"] as? [[String: Any]])
        expectEqual(windows.count, 1)
        expectEqual(windows[0]["target"] as? Int, target)
        expectEqual(windows[0]["startMinute"] as? Int, 0)
        expectEqual(windows[0]["endMinute"] as? Int, 1439)
        if effort < 0 {
            expectTrue(windows[0]["effortMinutes"] is NSNull)
        } else {
            expectEqual(windows[0]["effortMinutes"] as? Int, effort)
        }
        // Everything is editable after creation.
        let id = try #require(habit["id"] as? String)
        let edited = try runner.json(["habit", "edit", id, "--target", "20", "--weekdays", "--title", "Mine"], now: Self.now)
        expectEqual(edited["title"] as? String, "Mine")
        expectEqual(edited["frequency"] as? String, "weekdays")
        expectEqual((edited["windows"] as? [[String: Any]])?.first?["target"] as? Int, 20)
    }

    @Test("H-20 an unknown preset is refused with a clear message, exit 1, nothing changed")
    func unknownPreset() throws {
        let runner = try CharflowRunner()
        try runner.addHabit("Walk", now: Self.now)
        let message = try runner.habitRefused(["habit", "add", "Yoga", "--preset", "yoga"], now: Self.now, code: "unknown_preset")
        expectEqual(message, "Unknown preset 'yoga'; expected quran, dhikr, exercise or running.")
    }

    // MARK: H-9 corrections

    @Test("H-9 the last 14 days are corrected by kind: binary toggle, counted stepper, timed minutes, avoid slips or held")
    func correctionsByKind() throws {
        let runner = try CharflowRunner()
        let setup = "2026-11-10T09:00"
        let walk = try runner.addHabit("Walk", now: setup)
        let water = try runner.addHabit("Water", ["--kind", "counted", "--target", "4"], now: setup)
        let read = try runner.addHabit("Read", ["--kind", "timed", "--target", "20"], now: setup)
        let snacks = try runner.addHabit("Snacks", ["--kind", "avoid"], now: setup)
        let sweets = try runner.addHabit("Sweets", ["--kind", "avoid"], now: setup)
        let oldest = "2026-11-17"
        try runner.ok(["habit", "log", walk, "--date", oldest], now: Self.now)
        try runner.ok(["habit", "log", water, "--count", "3", "--date", oldest], now: Self.now)
        try runner.ok(["habit", "log", read, "--minutes", "20", "--date", oldest], now: Self.now)
        try runner.ok(["habit", "log", snacks, "--held", "--date", oldest], now: Self.now)
        let slip = try runner.ok(["habit", "log", sweets, "--slip", "--date", oldest], now: Self.now)
        expectEqual(slip.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "Sweets: 1 slip 2026-11-17.", "a slip is not a held day")
        let now = "2026-11-30T09:30"
        try expectEqual(runner.habitStates(walk, [oldest], now: now), ["complete"])
        try expectEqual(runner.habitStates(water, [oldest], now: now), ["partialHigh"])
        try expectEqual(runner.habitStates(read, [oldest], now: now), ["complete"])
        try expectEqual(runner.habitStates(snacks, [oldest], now: now), ["complete"])
        try expectEqual(runner.habitStates(sweets, [oldest], now: now), ["missed"])
        // Toggling again takes the binary day back.
        try runner.ok(["habit", "log", walk, "--date", oldest], now: now)
        try expectEqual(runner.habitStates(walk, [oldest], now: "2026-11-30T09:31"), ["missed"])
    }

    @Test("H-9 a log older than 14 days, in the future, or before the habit existed is refused with a clear message and changes nothing",
          arguments: [
              ("2026-11-01T09:00", "2026-11-16", "correction_too_old", "Only the last 14 days can be corrected; 2026-11-16 is read-only."),
              ("2026-11-01T09:00", "2026-12-01", "future_day", "2026-12-01 has not happened yet."),
              ("2026-11-25T20:00", "2026-11-24", "before_habit", "The habit began on 2026-11-25; 2026-11-24 is before it."),
          ])
    func logOutsideCorrectableDays(_ row: (created: String, date: String, code: String, message: String)) throws {
        let runner = try CharflowRunner()
        let walk = try runner.addHabit("Walk", now: row.created)
        // A first command today runs the rollover (every command does, spec D4), so the refusals start from there.
        try runner.ok(["habit", "grid", walk], now: Self.now)
        let message = try runner.habitRefused(["habit", "log", walk, "--date", row.date], now: Self.now, code: row.code)
        expectEqual(message, row.message)
    }

    // MARK: Bad input

    @Test("H-10 a target outside the kind's range (counted 0, timed 0, binary 2) is refused with a clear message and changes nothing",
          arguments: [["--kind", "counted", "--target", "0"], ["--kind", "timed", "--target", "0"], ["--target", "2"]])
    func badTarget(_ options: [String]) throws {
        let runner = try CharflowRunner()
        try runner.addHabit("Walk", now: Self.now)
        let message = try runner.habitRefused(["habit", "add", "Water"] + options, now: Self.now, code: "bad_target")
        expectTrue(message.hasPrefix("'\(options.last ?? "")' is not a target for this kind"))
        try runner.addHabit("Tea", ["--kind", "counted", "--target", "3"], now: Self.now)
        try runner.habitRefused(["habit", "edit", "Tea", "--target", "0"], now: Self.now, code: "bad_target")
    }

    @Test("H-2 a schedule other than daily, weekdays, ISO days 1–7 or 1–7 times a week is refused, nothing changed",
          arguments: [["--per-week", "8"], ["--per-week", "0"], ["--days", "8"], ["--days", "1,9"], ["--days", "someday"]])
    func badSchedule(_ options: [String]) throws {
        let runner = try CharflowRunner()
        try runner.addHabit("Walk", now: Self.now)
        let message = try runner.habitRefused(["habit", "add", "Swim"] + options, now: Self.now, code: "invalid_value")
        expectContains(message, options[1].split(separator: ",").last.map(String.init) ?? "")
        try runner.habitRefused(["habit", "edit", "Walk"] + options, now: Self.now, code: "invalid_value")
    }

    @Test("H-15 a pause with an unknown reason, or ending before it starts, is refused and changes nothing")
    func badPause() throws {
        let runner = try CharflowRunner()
        let walk = try runner.addHabit("Walk", now: Self.now)
        let reason = try runner.habitRefused(["habit", "pause", walk, "--reason", "holiday"], now: Self.now, code: "invalid_value")
        expectContains(reason, "holiday")
        let order = try runner.habitRefused(["habit", "pause", walk, "--from", "2026-12-10", "--to", "2026-12-09",
                                             "--reason", "travel"], now: Self.now, code: "bad_pause")
        expectEqual(order, "A pause resumes on a day after it starts (--to is the day it resumes).")
        try runner.habitRefused(["habit", "pause", walk, "--from", "2026-12-10", "--to", "2026-12-10",
                                 "--reason", "travel"], now: Self.now, code: "bad_pause")
        try runner.habitRefused(["habit", "resume", walk], now: Self.now, code: "not_paused")
    }

    @Test("H-13 H-4 an avoid habit's one window is all-day: a second window, or a window with times, is refused")
    func avoidWindow() throws {
        let runner = try CharflowRunner()
        try runner.addHabit("Walk", now: Self.now)
        let two = try runner.habitRefused(["habit", "add", "Snacks", "--kind", "avoid", "--window", "Day", "--window", "Night"],
                                          now: Self.now, code: "avoid_one_window")
        expectEqual(two, "An avoid habit has one all-day window.")
        try runner.habitRefused(["habit", "add", "Snacks", "--kind", "avoid", "--window", "Evening 18:00-22:00"],
                                now: Self.now, code: "avoid_one_window")
    }

    // MARK: H-7 groups

    @Test("H-7 a group shows its ring % and \"4/5 today\" with a 14-day strip; archiving it keeps its habits")
    func groups() throws {
        let runner = try CharflowRunner()
        try runner.ok(["group", "add", "Morning routine"], now: "2026-11-27T09:00")
        let names = ["Water", "Stretch", "Pray", "Read", "Walk"]
        for name in names { try runner.addHabit(name, ["--group", "Morning routine"], now: "2026-11-27T09:00") }
        for name in names.prefix(4) { try runner.ok(["habit", "log", name], now: "2026-11-30T08:00") }
        let list = try runner.ok(["group", "list"], now: Self.now).stdout
        expectContains(list, "Morning routine  80%  4/5 today")
        let json = try runner.json(["group", "list"], now: Self.now)
        let group = try #require((json["groups"] as? [[String: Any]])?.first)
        expectEqual(group["percentToday"] as? Int, 80)
        expectEqual(group["doneToday"] as? Int, 4)
        expectEqual(group["dueToday"] as? Int, 5)
        let days = try #require(group["days"] as? [[String: Any]])
        expectEqual(days.count, 14)
        expectEqual(days.last?["date"] as? String, "2026-11-30")
        expectEqual(days.last?["share"] as? Int, 80)
        expectTrue(days.first?["share"] is NSNull, "nothing was due before the habits existed")
        expectEqual(days.first { $0["date"] as? String == "2026-11-28" }?["share"] as? Int, 0)

        let archived = try runner.ok(["group", "archive", "Morning routine"], now: Self.now)
        expectContains(archived.stdout, "its habits stay")
        expectTrue(!(try runner.ok(["group", "list"], now: Self.now).stdout.contains("Morning routine")))
        let habits = try runner.json(["habits"], now: Self.now)
        expectEqual((habits["habits"] as? [Any])?.count, 5)
        try expectEqual(runner.habitTodayTitles(now: Self.now).count, 5)
    }

    @Test("H-7 a group's ring and its strip count habits alike: a two-window habit is one, a weekly target counts where done")
    func groupFiguresAgree() throws {
        let runner = try CharflowRunner()
        try runner.ok(["group", "add", "Care"], now: "2026-11-23T09:00")
        let meds = try runner.addHabit("Meds", ["--window", "Morning 07:00-09:00", "--window", "Evening 19:00-21:00",
                                                "--group", "Care"], now: "2026-11-23T09:00")
        try runner.addHabit("Swim", ["--per-week", "2", "--group", "Care"], now: "2026-11-23T09:00")
        // Sat 28: Meds half done (one window of two), Swim done. Sun 29: Meds whole, no swim. Today: Morning only.
        try runner.ok(["habit", "log", meds, "--window", "Morning", "--date", "2026-11-28"], now: Self.now)
        try runner.ok(["habit", "log", "Swim", "--date", "2026-11-28"], now: Self.now)
        try runner.ok(["habit", "log", meds, "--window", "Morning", "--date", "2026-11-29"], now: Self.now)
        try runner.ok(["habit", "log", meds, "--window", "Evening", "--date", "2026-11-29"], now: Self.now)
        try runner.ok(["habit", "log", meds, "--window", "Morning"], now: Self.now)
        let group = try #require((try runner.json(["group", "list"], now: Self.now)["groups"] as? [[String: Any]])?.first)
        expectEqual(group["doneToday"] as? Int, 0)
        expectEqual(group["dueToday"] as? Int, 2, "two habits, not three windows")
        let days = try #require(group["days"] as? [[String: Any]])
        let share = { (date: String) in days.first { $0["date"] as? String == date }?["share"] as? Int }
        expectEqual(days.last?["share"] as? Int, group["percentToday"] as? Int, "today's strip cell is the ring")
        expectEqual(share("2026-11-28"), 50, "Meds half done is not done; Swim done")
        expectEqual(share("2026-11-29"), 100, "Meds whole; a weekly target not done that day asks nothing of it")
        expectEqual(share("2026-11-27"), 0, "Meds due and not done; Swim not counted")
    }

    @Test("H-7 an archived group comes back with group restore; its name is not taken by another group meanwhile")
    func groupRestore() throws {
        let runner = try CharflowRunner()
        try runner.ok(["group", "add", "Morning routine"], now: Self.now)
        try runner.addHabit("Water", ["--group", "Morning routine"], now: Self.now)
        try runner.ok(["group", "archive", "Morning routine"], now: Self.now)
        let before = try runner.contents()
        let message = try runner.habitRefused(["group", "add", "morning ROUTINE"], now: Self.now, code: "group_archived")
        expectTrue(message.contains("'Morning routine' is archived") && message.contains("restore"))
        try expectEqual(runner.contents(), before, "a refused add changes nothing")
        let restored = try runner.ok(["group", "restore", "Morning routine"], now: Self.now)
        expectContains(restored.stdout, "Restored group Morning routine.")
        let group = try #require((try runner.json(["group", "list"], now: Self.now)["groups"] as? [[String: Any]])?.first)
        expectEqual(group["title"] as? String, "Morning routine")
        expectEqual(group["dueToday"] as? Int, 1, "its habit is still in it")
        try runner.ok(["undo"], now: Self.now)
        expectTrue(!(try runner.ok(["group", "list"], now: Self.now).stdout.contains("Morning routine")), "undo archives it again")
    }

    // MARK: H-18 the read

    @Test("H-18 the read: \"Missed 9 of the last 21.\" with a lighter cadence, and no streak wording")
    func readMissedNine() throws {
        let runner = try CharflowRunner()
        let walk = try runner.addHabit("Walk", now: "2026-11-08T09:00")
        for day in habitDates(from: "2026-11-09", count: 6) {
            try runner.ok(["habit", "log", walk, "--date", day], now: "2026-11-16T09:00")
        }
        for day in habitDates(from: "2026-11-17", count: 6) {
            try runner.ok(["habit", "log", walk, "--date", day], now: Self.now)
        }
        let read = try runner.habitRead(walk, now: Self.now)
        expectEqual(read, "Missed 9 of the last 21. Seven a week may be more than this season allows — try four?")
        let grid = try runner.ok(["habit", "grid", walk], now: Self.now).stdout
        expectContains(grid, read)
        for word in ["streak", "in a row", "days since", "best", "!"] {
            expectLacks(grid.lowercased(), word, "the grid says “\(word)”")
        }
    }

    @Test("H-18 H-8 weekly habits speak in weeks in the read, and suggest what most recent weeks managed")
    func readWeeks() throws {
        let runner = try CharflowRunner()
        let run = try #require(try runner.json(["habit", "add", "--preset", "running"], now: "2026-11-02T09:00")["id"] as? String)
        for day in ["2026-11-23", "2026-11-25", "2026-11-27", "2026-11-30"] {
            try runner.ok(["habit", "log", run, "--minutes", "30"], now: "\(day)T07:00")
        }
        try expectEqual(runner.habitRead(run, now: Self.now), "1 of 3 this week. Met in 1 of the last 3 weeks. Three a week may be more than this season allows — try one?")
        let text = try runner.ok(["habit", "grid", run], now: Self.now).stdout
        expectContains(text, "1 of 3 this week")
    }

    // MARK: H-21 signals

    @Test("H-21 A-2 D11 fatigue is shown once a week: `habits --json` marks nothing, the text `habits` or Today marks what it printed")
    func fatigueOnce() throws {
        let runner = try CharflowRunner()
        let walk = try runner.addHabit("Walk", now: "2026-11-02T09:00")
        try runner.ok(["habit", "log", walk], now: "2026-11-28T20:00")
        let fatigue = "“Walk” has been missed on more than half its days these three weeks."
        for minute in ["05", "06"] {
            let listed = try runner.json(["habits"], now: "2026-11-30T09:\(minute)")
            expectEqual(((listed["signals"] as? [[String: Any]])?.first?["message"] as? String)?.hasPrefix(fatigue), true, "a script's read marks nothing")
        }
        let first = try runner.ok(["habits"], now: Self.now).stdout
        expectContains(first, fatigue)
        expectTrue(!(try runner.ok(["habits"], now: "2026-11-30T09:30").stdout.contains(fatigue)), "shown once, not on every call")
        expectTrue(!(try runner.ok(["today"], now: "2026-11-30T09:40").stdout.contains(fatigue)), "nor again by Today")
        let second = try runner.ok(["habits"], now: "2026-11-30T10:00").stdout
        expectLacks(second, fatigue)
        let json = try runner.json(["habits"], now: "2026-11-30T11:00")
        expectEqual((json["signals"] as? [Any])?.isEmpty, true)
        try expectContains(runner.ok(["habits"], now: "2026-12-07T09:00").stdout, fatigue)
    }

    @Test("H-21 A-2 D11 new-habit realism (4+ habits in a week) is shown once, by Today or the text `habits`")
    func realismOnce() throws {
        let runner = try CharflowRunner()
        for name in ["One", "Two", "Three"] { try runner.addHabit(name, now: "2026-11-29T09:00") }
        let realism = "Four new habits in a week is a lot to carry."
        expectTrue(!(try runner.ok(["habits"], now: "2026-11-29T10:00").stdout.contains(realism)))
        try runner.addHabit("Four", now: "2026-11-29T10:30")
        let json = try runner.json(["habits"], now: "2026-11-29T10:40")
        let signals = try #require(json["signals"] as? [[String: Any]])
        expectEqual(signals.map { $0["kind"] as? String ?? "" }, ["newHabitRealism"])
        expectEqual((signals.first?["message"] as? String)?.hasPrefix(realism), true)
        try expectContains(runner.ok(["today"], now: "2026-11-29T10:50").stdout, realism)
        expectTrue(!(try runner.ok(["habits"], now: "2026-11-29T11:00").stdout.contains(realism)))
        try runner.addHabit("Five", now: "2026-11-29T11:10")
        try runner.addHabit("Six", now: "2026-11-29T11:11")
        expectTrue(!(try runner.ok(["habits"], now: "2026-11-29T11:20").stdout.contains("new habits in a week")), "once a week, however many more are added")
    }

    // MARK: H-2 H-8 weeks, first weekday, time zones

    @Test("H-2 H-8 H-19 with first weekday sunday the week and the grid's rows start on Sunday",
          arguments: [("monday", "Mon", 0), ("sunday", "Sun", 1)])
    func firstWeekday(_ row: (String, String, Int)) throws {
        let (setting, firstRow, done) = row
        let runner = try CharflowRunner()
        try runner.ok(["settings", "first-weekday", setting], now: "2026-11-23T09:00")
        let swim = try runner.addHabit("Swim", ["--per-week", "2"], now: "2026-11-23T09:00")
        try runner.ok(["habit", "log", swim], now: "2026-11-29T20:00")
        let habits = try runner.json(["habits"], now: Self.now)
        let line = try #require((habits["habits"] as? [[String: Any]])?.first)
        expectEqual((line["week"] as? [String: Any])?["done"] as? Int, done)
        let grid = try runner.ok(["habit", "grid", swim, "--weeks", "2"], now: Self.now).stdout
        let rows = grid.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let labels = rows.compactMap { row in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].first { row.hasPrefix($0 + " ") } }
        expectEqual(labels.first, firstRow)
        expectEqual(labels.count, 7)
        expectEqual(rows.first { $0.hasPrefix(firstRow) }?.contains("\(done) of 2 this week"), true)
    }

    @Test("H-2 H-8 in America/New_York across 1 Nov 2026 (the clocks go back) logs keep their days and weeks")
    func newYork() throws {
        let runner = try CharflowRunner(timeZone: "America/New_York")
        let swim = try runner.addHabit("Swim", ["--per-week", "2"], now: "2026-10-26T09:00")
        let walk = try runner.addHabit("Walk", now: "2026-10-26T09:00")
        for day in ["2026-10-29", "2026-10-30", "2026-10-31"] {
            try runner.ok(["habit", "log", walk], now: "\(day)T23:30")
        }
        try runner.ok(["habit", "log", swim], now: "2026-10-31T23:35")
        // 01:30 on 1 November happens twice; either way it is Sunday 1 November.
        let ambiguous = try runner.json(["habit", "log", swim], now: "2026-11-01T01:30")
        expectEqual(ambiguous["date"] as? String, "2026-11-01")
        try runner.ok(["habit", "log", walk], now: "2026-11-01T23:30")
        let sunday = try runner.json(["habits"], now: "2026-11-01T23:35")
        expectEqual(sunday["date"] as? String, "2026-11-01")
        let swimLine = (sunday["habits"] as? [[String: Any]])?.first { $0["title"] as? String == "Swim" }
        expectEqual((swimLine?["week"] as? [String: Any])?["done"] as? Int, 2)
        try runner.ok(["settings", "first-weekday", "sunday"], now: "2026-11-01T23:40")
        let sundayStart = try runner.json(["habits"], now: "2026-11-01T23:50")
        let sundayLine = (sundayStart["habits"] as? [[String: Any]])?.first { $0["title"] as? String == "Swim" }
        expectEqual((sundayLine?["week"] as? [String: Any])?["done"] as? Int, 1)
        for day in ["2026-11-02", "2026-11-03"] {
            try runner.ok(["habit", "log", walk], now: "\(day)T23:30")
        }
        try expectEqual(runner.habitStates(walk, habitDates(from: "2026-10-29", count: 6), now: "2026-11-04T09:00"), Array(repeating: "complete", count: 6))
    }
}
