import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Detected habits on the command line (R-6): the offer on Today and in night planning's review, once;
/// `habit offers`, `habit adopt` and `habit decline`; a store made day by day with `--now`.
@Suite("Detected habits (charflow CLI)")
struct HabitOfferCommandTests {
    /// Adds `title` and marks it done on `day`, in the morning.
    func doneOn(_ runner: CharflowRunner, _ title: String, _ day: String) throws {
        let id = try runner.add(title, now: "\(day)T08:00")
        try runner.ok(["done", id], now: "\(day)T08:30")
    }

    /// Today's offers as `today --json` gives them.
    func offers(_ runner: CharflowRunner, now: String) throws -> [[String: Any]] {
        try runner.json(["today"], now: now)["habitOffers"] as? [[String: Any]] ?? []
    }

    @Test("R-6 a title done three times two days apart is offered after the third, across New York's spring-forward night; the line comes once")
    func offeredOnceAfterTheThird() throws {
        let runner = try CharflowRunner(timeZone: "America/New_York")
        try doneOn(runner, "Stretch", "2026-03-05")
        try doneOn(runner, "Stretch", "2026-03-07")
        expectTrue(try offers(runner, now: "2026-03-07T20:00").isEmpty, "two completions are no habit yet")
        expectTrue(!(try runner.ok(["today"], now: "2026-03-07T20:01").stdout.contains("Make it a habit")))
        try doneOn(runner, "stretch", "2026-03-09")
        let offered = try offers(runner, now: "2026-03-09T09:00")
        expectEqual(offered.count, 1)
        let offer = try #require(offered.first)
        expectEqual(offer["title"] as? String, "stretch")
        expectEqual(offer["days"] as? [String], ["2026-03-05", "2026-03-07", "2026-03-09"])
        expectEqual(offer["cadence"] as? String, "every 2 days")
        expectEqual((offer["schedule"] as? [String: Any])?["perWeek"] as? Int, 3)
        expectEqual(offer["shown"] as? Bool, false, "a --json read marks nothing")
        let line = "You've done “stretch” every 2 days lately. Make it a habit? charflow habit adopt stretch"
        try expectContains(runner.ok(["today"], now: "2026-03-09T09:01").stdout, line)
        expectTrue(!(try runner.ok(["today"], now: "2026-03-09T12:00").stdout.contains("Make it a habit")), "said once")
        // It stands for the day it was made (the page's card and the evening's review), shown.
        try expectEqual(offers(runner, now: "2026-03-09T20:00").first?["shown"] as? Bool, true)
        let review = try runner.json(["plan", "review"], now: "2026-03-09T21:00")
        expectEqual((review["habitOffers"] as? [[String: Any]])?.count, 1)
        try expectContains(runner.ok(["plan", "review"], now: "2026-03-09T21:01").stdout, line)
        // The next day, and after a fourth completion, it is not offered again.
        expectTrue(try offers(runner, now: "2026-03-10T09:00").isEmpty)
        try doneOn(runner, "Stretch", "2026-03-11")
        expectTrue(try offers(runner, now: "2026-03-11T09:00").isEmpty)
        try expectContains(runner.ok(["habit", "offers"], now: "2026-03-11T09:01").stdout, "No habit is offered today.")
    }

    @Test("R-6 B-15 a completion counts on the day it was done, kept with it: after the rollover time moves, the offer's days stay those days")
    func offerReadsTheKeptDay() throws {
        let runner = try CharflowRunner(timeZone: "Europe/Berlin")
        try runner.ok(["settings", "rollover-time", "04:00"], now: "2026-03-01T12:00")
        // Done at 02:30, before the 04:00 rollover: on the logical day before each date.
        for date in ["2026-03-03", "2026-03-05", "2026-03-07"] {
            let id = try runner.add("Stretch", now: "\(date)T02:20")
            try runner.ok(["done", id], now: "\(date)T02:30")
        }
        try runner.ok(["settings", "rollover-time", "00:00"], now: "2026-03-07T08:00")
        let offer = try #require(try offers(runner, now: "2026-03-07T09:00").first)
        expectEqual(offer["days"] as? [String], ["2026-03-02", "2026-03-04", "2026-03-06"], "the days were read again under the new rollover time")
        let adopted = try runner.json(["habit", "adopt", "Stretch"], now: "2026-03-07T09:05")
        let id = try #require(adopted["id"] as? String)
        let grid = try runner.json(["habit", "grid", id, "--weeks", "2"], now: "2026-03-07T09:06")
        let done = (grid["days"] as? [[String: Any]] ?? []).filter { $0["state"] as? String == "complete" }.compactMap { $0["date"] as? String }
        expectEqual(done, ["2026-03-02", "2026-03-04", "2026-03-06"])
    }

    @Test("R-6 uneven gaps, a run that left the 21 days and a run that stopped are not offered")
    func notOffered() throws {
        let runner = try CharflowRunner(timeZone: "Europe/Berlin")
        for day in ["2026-03-02", "2026-03-03", "2026-03-08"] { try doneOn(runner, "Call mum", day) }
        expectTrue(try offers(runner, now: "2026-03-08T12:00").isEmpty, "one day, then five: uneven")
        for day in ["2026-03-10", "2026-03-11", "2026-03-12"] { try doneOn(runner, "Water plants", day) }
        try expectEqual(offers(runner, now: "2026-03-12T12:00").map { $0["title"] as? String }, ["Water plants"])
        expectTrue(try offers(runner, now: "2026-03-16T12:00").isEmpty, "last done four days ago: it stopped")
        expectTrue(try offers(runner, now: "2026-04-02T12:00").isEmpty, "21 days on, the first completions are outside")
    }

    @Test("R-6 a repeating task's instances are not offered: the series has its schedule already")
    func seriesLeftOut() throws {
        let runner = try CharflowRunner(timeZone: "Europe/London")
        try runner.add("Floss", ["--repeat", "daily", "--due", "2026-03-10"], now: "2026-03-10T07:00")
        for day in ["2026-03-10", "2026-03-11", "2026-03-12"] {
            // Each day's instance is due that day, not placed.
            let due = try runner.json(["today"], now: "\(day)T08:00")["due"] as? [[String: Any]] ?? []
            let id = try #require(due.first { $0["title"] as? String == "Floss" }?["id"] as? String, "no Floss due on \(day)")
            try runner.ok(["done", id], now: "\(day)T21:00")
        }
        expectTrue(try offers(runner, now: "2026-03-12T23:30").isEmpty)
    }

    @Test("R-6 a title that already is a habit, in any case, is not offered, and adopting it is refused with its name")
    func existingHabit() throws {
        let runner = try CharflowRunner(timeZone: "Europe/London")
        try runner.addHabit("Stretch", now: "2026-03-01T08:00")
        for day in ["2026-03-02", "2026-03-03", "2026-03-04"] { try doneOn(runner, "stretch", day) }
        expectTrue(try offers(runner, now: "2026-03-04T12:00").isEmpty)
        let message = try runner.habitRefused(["habit", "adopt", "stretch"], now: "2026-03-04T12:01", code: "duplicate_habit")
        expectContains(message, "Stretch")
    }

    @Test("R-6 adopt makes a binary weekly habit on Sundays (weeks from Sunday, Berlin's autumn change) with the three days done, and undo takes it back")
    func adoptWeekly() throws {
        let runner = try CharflowRunner(timeZone: "Europe/Berlin")
        try runner.ok(["settings", "first-weekday", "sunday"], now: "2026-10-10T08:00")
        for day in ["2026-10-11", "2026-10-18", "2026-10-25"] { try doneOn(runner, "Long run", day) }
        let offer = try #require(try offers(runner, now: "2026-10-25T18:00").first)
        expectEqual(offer["cadence"] as? String, "every Sunday")
        let id = try #require(offer["id"] as? String)
        let adopted = try runner.json(["habit", "adopt", String(id.prefix(8))], now: "2026-10-25T18:05")
        expectEqual(adopted["title"] as? String, "Long run")
        expectEqual(adopted["kind"] as? String, "binary")
        expectEqual(adopted["frequency"] as? String, "custom")
        expectEqual(adopted["scheduledDays"] as? String, "7")
        let habit = try #require(adopted["id"] as? String)
        let states = try runner.habitStates(habit, ["2026-10-11", "2026-10-12", "2026-10-18", "2026-10-25"], now: "2026-10-25T18:06")
        expectEqual(states, ["complete", "empty", "complete", "complete"], "\(states)")
        expectTrue(try offers(runner, now: "2026-10-25T18:07").isEmpty, "a habit now")
        try expectContains(runner.ok(["undo"], now: "2026-10-25T18:08").stdout, "habit adopt")
        let left = try runner.json(["habits", "--all"], now: "2026-10-25T18:09")["habits"] as? [Any]
        expectEqual(left?.isEmpty, true, "undo leaves no habit: \(left ?? [])")
        try expectEqual(offers(runner, now: "2026-10-25T18:10").count, 1, "the offer stands again for the day")
    }

    @Test("R-6 adopt of a daily title backdates its days with the task's completion times; the text says what was made")
    func adoptDaily() throws {
        let runner = try CharflowRunner(timeZone: "Australia/Sydney")
        for day in ["2026-04-03", "2026-04-04", "2026-04-05"] { try doneOn(runner, "Journal", day) }
        let text = try runner.ok(["habit", "adopt", "journal"], now: "2026-04-05T20:00").stdout
        expectTrue(text.contains("Adopted") && text.contains("“Journal” — daily."), "\(text)")
        let habit = try #require((try runner.json(["habits"], now: "2026-04-05T20:01")["habits"] as? [[String: Any]])?.first?["id"] as? String)
        let days = try runner.habitDays(habit, now: "2026-04-05T20:02")
        for day in ["2026-04-03", "2026-04-04", "2026-04-05"] {
            expectEqual(days[day]?["state"] as? String, "complete", "\(day): \(days[day] ?? [:])")
        }
        expectNotEqual(days["2026-04-02"]?["state"] as? String, "missed", "no day before the run is counted against it")
        // Each entry is done when that day's task was: the same instant as the task's completion.
        let db = try Database(path: runner.storePath, readOnly: true)
        let entries = try db.rows("SELECT date, completed_at FROM habit_entries ORDER BY date").map { "\($0[0].text ?? "") \($0[1].text ?? "-")" }
        let tasks = try db.rows("SELECT completed_at FROM tasks WHERE title = 'Journal' ORDER BY completed_at").map { $0[0].text ?? "" }
        expectEqual(entries, zip(["2026-04-03", "2026-04-04", "2026-04-05"], tasks).map { "\($0) \($1)" }, "\(entries) \(tasks)")
    }

    @Test("R-6 decline: never offered again, also after more completions; a second decline says so; adopting by name still works")
    func decline() throws {
        let runner = try CharflowRunner(timeZone: "Europe/London")
        for day in ["2026-03-02", "2026-03-03", "2026-03-04"] { try doneOn(runner, "Tidy desk", day) }
        let declined = try runner.json(["habit", "decline", "tidy desk"], now: "2026-03-04T12:00")
        expectEqual(declined["changed"] as? Bool, true)
        expectTrue(try offers(runner, now: "2026-03-04T12:01").isEmpty)
        for day in ["2026-03-05", "2026-03-06", "2026-03-07"] { try doneOn(runner, "Tidy desk", day) }
        expectTrue(try offers(runner, now: "2026-03-07T12:00").isEmpty)
        expectTrue(!(try runner.ok(["plan", "review"], now: "2026-03-07T21:00").stdout.contains("Make it a habit")))
        try expectContains(runner.ok(["habit", "decline", "Tidy desk"], now: "2026-03-07T21:01").stdout, "was declined before")
        try expectEqual(runner.json(["habit", "adopt", "Tidy desk"], now: "2026-03-07T21:02")["title"] as? String, "Tidy desk")
    }

    @Test("R-6 bad input: an offer nobody made is refused by name, no word is a usage error, and nothing changes")
    func badInput() throws {
        let runner = try CharflowRunner(timeZone: "Europe/London")
        for day in ["2026-03-02", "2026-03-03", "2026-03-04"] { try doneOn(runner, "Stretch", day) }
        let message = try runner.habitRefused(["habit", "adopt", "Juggle"], now: "2026-03-04T12:00", code: "habit_offer_not_found")
        expectContains(message, "Juggle")
        try runner.habitRefused(["habit", "decline", "Juggle"], now: "2026-03-04T12:00", code: "habit_offer_not_found")
        let before = try runner.contents()
        let missing = try runner.run(["habit", "adopt"], now: "2026-03-04T12:00")
        expectEqual(missing.status, 2, "\(missing.stderr)")
        expectContains(missing.stderr, "offer")
        let unknown = try runner.run(["habit", "adopt", "Stretch", "--kind", "counted"], now: "2026-03-04T12:00")
        #expect(unknown.status == 2 && unknown.stderr.contains("--kind"), "\(unknown.stderr)")
        try expectEqual(runner.contents(), before)
    }
}
