import CharflowTestSupport
import Foundation
import Testing

/// Habit reads and signals in words, through the command line (H-12, H-13, H-18, H-21, H-4, P-4).
@Suite("Habit reads and signals in words (charflow CLI)")
struct HabitReadsInWordsCLITests {
    @Test("H-21 H-18 P-5 on a day an MWF habit is not due, its fatigue and lighter-cadence lines still name it",
          arguments: ["Europe/London", "America/New_York"])
    func signalsNameTheHabit(zone: String) throws {
        let cf = try CharflowRunner(timeZone: zone)
        defer { cf.removeFolder() }
        _ = try cf.addHabit("Stretch", ["--days", "1,3,5"], now: "2026-11-02T08:00")
        // Tuesday 1 December: not a day the habit is due.
        let signals = try cf.todaySignals(now: "2026-12-01T09:00")
        let fatigue = try #require(signals.first { $0.kind == "habitFatigue" }, "\(signals)")
        expectTrue(fatigue.message.hasPrefix("“Stretch” has been missed"), "\(fatigue.message)")
        let lighter = try #require(signals.first { $0.kind == "densityRead" }, "\(signals)")
        expectTrue(lighter.message.hasPrefix("“Stretch”: Three a week"), "\(lighter.message)")
        try expectContains(cf.ok(["today"], now: "2026-12-01T09:01").stdout, "“Stretch” has been missed")
    }

    @Test("H-18 H-8 a habit switched from three a week to fixed days counts only the fixed days in its read",
          arguments: ["monday", "sunday"])
    func readCountsDueDaysOnly(firstWeekday: String) throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        _ = try cf.json(["settings", "first-weekday", firstWeekday], now: "2026-11-05T08:00")
        let id = try cf.addHabit("Swim", ["--per-week", "3"], now: "2026-11-05T08:00")
        _ = try cf.json(["habit", "edit", id, "--days", "1,3,5"], now: "2026-11-16T08:00")
        for day in ["2026-11-16", "2026-11-18"] { _ = try cf.json(["habit", "log", id], now: day + "T09:00") }
        // Fixed days since the switch: the 16th, 18th, 20th, 23rd and 25th; the 20th, 23rd and 25th missed.
        let read = try cf.habitRead(id, now: "2026-11-26T09:00")
        expectTrue(read.hasPrefix("Missed 3 of the last 5."), "\(read)")
    }

    @Test("H-13 an avoid habit's read counts today's slips; H-18 a habit begun today reads nothing due before today and what today holds")
    func readsSayWhatHappened() throws {
        let cf = try CharflowRunner(timeZone: "Europe/London")
        defer { cf.removeFolder() }
        let phone = try cf.addHabit("No phone", ["--kind", "avoid", "--target", "1"], now: "2026-11-30T08:00")
        for minute in ["10:00", "10:05"] { _ = try cf.json(["habit", "log", phone, "--slip"], now: "2026-11-30T" + minute) }
        try expectEqual(cf.habitRead(phone, now: "2026-11-30T11:00"), "0 slips in the last 21 days, and 2 today.")
        try expectContains(cf.ok(["habit", "grid", phone], now: "2026-11-30T11:00").stdout, "0 slips in the last 21 days, and 2 today.")

        let read = try cf.addHabit("Read", now: "2026-11-30T08:00")
        _ = try cf.json(["habit", "log", read], now: "2026-11-30T10:00")
        try expectEqual(cf.habitRead(read, now: "2026-11-30T11:00"), "Nothing was due before today; today is done.")
        // A day later the first day counts.
        try expectEqual(cf.habitRead(read, now: "2026-12-01T11:00"), "Done on 1 of the last 1.")
        try expectEqual(cf.habitRead(phone, now: "2026-12-01T11:00"), "2 slips in the last 21 days.")
    }

    @Test("H-10 a log that does not fit an avoid habit says \"an avoid habit\"")
    func articleBeforeAvoid() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let phone = try cf.addHabit("No phone", ["--kind", "avoid"], now: "2026-11-30T08:00")
        let message = try cf.habitRefused(["habit", "log", phone, "--count", "2"], now: "2026-11-30T09:00", code: "wrong_log")
        expectTrue(message.hasSuffix("does not fit an avoid habit."), "\(message)")
    }

    @Test("H-12 H-20 a timed preset given another target takes it as its effort, and a target edit moves an effort that followed it")
    func timedEffortFollowsTarget() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        func effort(_ habit: [String: Any]) -> Int? {
            ((habit["windows"] as? [[String: Any]])?.first?["effortMinutes"] as? NSNumber)?.intValue
        }
        let run = try cf.json(["habit", "add", "--preset", "running", "--target", "45"], now: "2026-11-30T08:00")
        expectEqual(effort(run), 45)
        let id = try #require(run["id"] as? String)
        expectEqual(effort(try cf.json(["habit", "edit", id, "--target", "20"], now: "2026-11-30T08:01")), 20)
        let quran = try cf.json(["habit", "add", "--preset", "quran"], now: "2026-11-30T08:02")
        expectEqual(effort(quran), 15)
        // An effort set apart from the target stays when the target changes.
        let set = try #require(quran["id"] as? String)
        _ = try cf.json(["habit", "edit", set, "--effort", "60"], now: "2026-11-30T08:03")
        expectEqual(effort(try cf.json(["habit", "edit", set, "--target", "25"], now: "2026-11-30T08:04")), 60)
    }

    @Test("H-4 a second window added to a one-window habit gives the first a label it can be logged by")
    func secondWindowLabelsTheFirst() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.addHabit("Water", ["--kind", "counted", "--target", "4"], now: "2026-11-30T08:00")
        let edited = try cf.json(["habit", "edit", id, "--window", "Evening 18:00-21:00"], now: "2026-11-30T08:01")
        let labels = (edited["windows"] as? [[String: Any]])?.map { $0["label"] as? String }
        expectEqual(labels, ["Main", "Evening"])
        _ = try cf.json(["habit", "log", id, "--window", "Main", "--count", "1"], now: "2026-11-30T09:00")
        _ = try cf.json(["habit", "log", id, "--window", "Evening", "--count", "1"], now: "2026-11-30T19:00")
    }

    @Test("P-4 F-15 night planning's load line says how much of the free time the habits took")
    func loadSaysHabits() throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        _ = try cf.addHabit("Walk", ["--kind", "timed", "--target", "30"], now: "2026-11-30T08:00")
        _ = try cf.add("Draft the letter", ["--due", "tomorrow", "--effort", "30"], now: "2026-11-30T08:00")
        let text = try cf.ok(["plan"], now: "2026-11-30T21:00").stdout
        expectContains(text, "1 task, about 30 min; 15 h 30 free after 30 min of habits.", "\(text)")
    }

    @Test("S-13 H-12 a running habit session's chip names the habit on every screen, and status --json carries the habit")
    func habitSessionChipNamesHabit() throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        let id = try cf.addHabit("", ["--preset", "quran"], now: "2026-11-30T08:00")
        _ = try cf.json(["habit", "begin", id], now: "2026-11-30T08:05")
        let status = try cf.ok(["status"], now: "2026-11-30T08:10").stdout
        expectContains(status, "▶ Qur'an reading · ", "\(status)")
        expectLacks(status, "Habit session")
        try expectContains(cf.ok(["today"], now: "2026-11-30T08:10").stdout, "▶ Qur'an reading · ")
        try expectContains(cf.ok(["backlog"], now: "2026-11-30T08:10").stdout, "▶ Qur'an reading · ")
        let habit = try #require(try cf.json(["status"], now: "2026-11-30T08:11")["habit"] as? [String: Any])
        expectEqual(habit["title"] as? String, "Qur'an reading")
        expectEqual(habit["window"] as? String, "")
        // A task session's answer has no habit.
        _ = try cf.json(["finish", "--stop"], now: "2026-11-30T08:20")
        let task = try cf.add("Draft the letter", now: "2026-11-30T08:21")
        _ = try cf.json(["begin", task], now: "2026-11-30T08:22")
        expectTrue(try cf.json(["status"], now: "2026-11-30T08:23")["habit"] is NSNull)
    }

    @Test("H-15 overlapping pauses read as one: the habit resumes on the day the last of them ends",
          arguments: ["Europe/London", "Pacific/Auckland"])
    func overlappingPausesResumeOnce(zone: String) throws {
        let cf = try CharflowRunner(timeZone: zone)
        defer { cf.removeFolder() }
        let id = try cf.addHabit("Read", now: "2026-11-20T08:00")
        _ = try cf.json(["habit", "pause", id, "--from", "2026-11-27", "--to", "2026-12-02", "--reason", "travel"],
                        now: "2026-11-27T09:00")
        _ = try cf.json(["habit", "pause", id, "--from", "2026-11-30", "--to", "2026-12-05", "--reason", "illness"],
                        now: "2026-11-27T09:02")
        let habits = try cf.json(["habits"], now: "2026-11-28T09:00")
        let listed = (habits["habits"] as? [[String: Any]])?.first { $0["id"] as? String == id }
        expectEqual(listed?["paused"] as? String, "Paused — resumes 5 Dec", "\(String(describing: listed?["paused"]))")
    }

    @Test("H-2 D15 a weekly target of one reads 'once a week' when the habit is added, more read 'N times a week'")
    func onceAWeek() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let once = try cf.ok(["habit", "add", "Call home", "--per-week", "1"], now: "2026-11-30T08:00").stdout
        expectContains(once, "— once a week.", "\(once)")
        let twice = try cf.ok(["habit", "add", "Swim", "--per-week", "2"], now: "2026-11-30T08:00").stdout
        expectContains(twice, "— 2 times a week.", "\(twice)")
    }
}
