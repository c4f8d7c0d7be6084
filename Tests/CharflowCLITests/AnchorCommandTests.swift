import CharflowTestSupport
import Foundation
import Testing

/// `charflow anchor …`, `charflow prayers` and the settings of region hours and prayer times, run as the
/// real binary (spec D22): text and `--json`, undo, and bad input answered with exit 1 (refused) or 2
/// (bad usage) and the message, changing nothing.
@Suite("Anchor, prayers and region-hour commands")
struct AnchorCommandTests {
    static let friday = "2026-03-27T08:00"

    @Test("F-2 F-3 anchor add, list, show, edit, archive and restore on the command line, text and JSON, each undone")
    func lifecycle() throws {
        let cf = try CharflowRunner(timeZone: "Europe/London")
        defer { cf.removeFolder() }
        let added = try cf.ok(["anchor", "add", "Morning", "standup", "--at", "09:30", "--for", "15m", "--weekdays", "--remind", "5"],
                              now: Self.friday)
        expectContains(added.stdout, "“Morning standup” — 09:30, 15 min, weekdays · reminder 5 min before.", "\(added.stdout)")
        let prayers = try cf.ok(["anchor", "add", "--prayers", "--for", "20"], now: Self.friday)
        expectContains(prayers.stdout, "“Fajr” — Fajr, 20 min.")
        expectContains(prayers.stdout, "No location is set, so there are no prayer times yet. Set one with `charflow settings location LAT,LON`")
        let list = try cf.ok(["anchor", "list"], now: Self.friday).stdout
        expectTrue(list.contains("Morning standup") && list.contains("today 09:30–09:45, Morning, not marked yet"), "\(list)")
        expectContains(list, "Isha, 20 min  · no location set")
        let json = try cf.json(["anchor", "list"], now: Self.friday)
        expectEqual((json["anchors"] as? [[String: Any]])?.count, 6)
        let id = try #require((json["anchors"] as? [[String: Any]])?.first { $0["title"] as? String == "Morning standup" }?["id"] as? String)
        let show = try cf.ok(["anchor", "show", String(id.prefix(6))], now: Self.friday).stdout
        expectContains(show, "Today: 09:30–09:45, Morning, not marked yet", "\(show)")
        expectContains(show, "No past day to read yet.")
        let edited = try cf.json(["anchor", "edit", "morning standup", "--title", "Standup", "--at", "10:00", "--days", "1,3,5", "--remind", "none"],
                                 now: Self.friday)
        #expect(edited["title"] as? String == "Standup" && edited["start"] as? String == "10:00" && edited["days"] as? [Int] == [1, 3, 5])
        expectTrue(edited["remindMinutes"] is NSNull)
        try expectContains(cf.ok(["undo"], now: Self.friday).stdout, "anchor edit")
        try expectEqual(cf.json(["anchor", "show", id], now: Self.friday)["title"] as? String, "Morning standup")
        try expectEqual(cf.ok(["anchor", "archive", id], now: Self.friday).stdout, "Archived “Morning standup”; its marks are kept.\n")
        expectTrue(!(try cf.ok(["anchor", "list"], now: Self.friday).stdout.contains("Morning standup")))
        try expectContains(cf.ok(["anchor", "list", "--all"], now: Self.friday).stdout, "archived")
        try expectEqual(cf.ok(["anchor", "restore", id], now: Self.friday).stdout, "Restored “Morning standup”.\n")
        try cf.ok(["undo"], now: Self.friday)
        try cf.ok(["undo"], now: Self.friday)
        try expectEqual(cf.json(["anchor", "show", id], now: Self.friday)["isArchived"] as? Bool, false, "restore and archive undone")
        // Undo of the add takes all five prayers away at once.
        try expectContains(cf.ok(["undo"], now: Self.friday).stdout, "anchor add")
        expectEqual((try cf.json(["anchor", "list"], now: Self.friday)["anchors"] as? [[String: Any]])?.count, 1)
    }

    @Test("F-4 F-6 attend and miss name a day with --date; the grid and its read show the marks; undo takes a mark back to not marked")
    func marksAndGrid() throws {
        let cf = try CharflowRunner(timeZone: "Europe/London")
        defer { cf.removeFolder() }
        try cf.ok(["anchor", "add", "Standup", "--at", "09:30", "--for", "15", "--weekdays"], now: "2026-03-09T08:00")
        for (day, verb) in [("2026-03-16", "attend"), ("2026-03-17", "attend"), ("2026-03-18", "miss"), ("2026-03-19", "attend")] {
            try cf.ok(["anchor", verb, "standup"], now: day + "T10:00")
        }
        let late = try cf.ok(["anchor", "attend", "Standup", "--date", "2026-03-20"], now: "2026-03-23T10:00")
        expectEqual(late.stdout, "“Standup” on 2026-03-20: attended.\n")
        let now = "2026-03-23T10:00"
        let text = try cf.ok(["anchor", "grid", "Standup", "--weeks", "3"], now: now).stdout
        expectContains(text, "Attended 4 of 10 so far; 1 missed; 5 not marked.", "\(text)")
        expectTrue(text.contains("attended") && text.contains("not marked"))
        let grid = try cf.json(["anchor", "grid", "Standup", "--weeks", "3"], now: now)
        let states = try #require(grid["days"] as? [[String: Any]]).map { "\($0["date"] ?? "") \($0["state"] ?? "")" }
        expectEqual(states.count, 15)
        expectTrue(states.contains("2026-03-18 missed") && states.contains("2026-03-20 attended") && states.contains("2026-03-13 notMarked"))
        #expect(states.contains("2026-03-22 notScheduled") && states.last == "2026-03-23 open")
        try expectContains(cf.ok(["undo"], now: now).stdout, "anchor attend")
        try expectEqual(cf.json(["anchor", "show", "Standup"], now: now)["read"] as? String, "Attended 3 of 10 so far; 1 missed; 6 not marked.")
        // Miss after attend on one day is one mark, the later one.
        try cf.ok(["anchor", "attend", "Standup"], now: now)
        try cf.ok(["anchor", "miss", "Standup"], now: "2026-03-23T10:05")
        try expectEqual(cf.json(["anchor", "show", "Standup"], now: "2026-03-23T10:06")["today"].flatMap { ($0 as? [String: Any])?["outcome"] as? String }, "missed")
        let again = try cf.ok(["anchor", "miss", "Standup"], now: "2026-03-23T10:07")
        expectEqual(again.stdout, "“Standup” today was already marked missed.\n")
    }

    @Test("F-4 bad marks and bad anchors exit 1 with the refusal, bad usage exits 2 with the usage, and neither changes the store")
    func refusals() throws {
        let cf = try CharflowRunner(timeZone: "Europe/London")
        defer { cf.removeFolder() }
        try cf.ok(["anchor", "add", "Standup", "--at", "09:30", "--for", "15", "--weekdays"], now: "2026-03-09T08:00")
        let now = "2026-03-23T10:00"
        try cf.ok(["today"], now: now)
        let before = try Data(contentsOf: URL(fileURLWithPath: cf.storePath))
        let cases: [(args: [String], status: Int32, says: String)] = [
            (["anchor", "attend", "Standup", "--date", "yesterday"], 1, "This anchor is not on 2026-03-22 (a Sunday); only its days take a mark."),
            (["anchor", "attend", "Standup", "--date", "2026-03-24"], 1, "2026-03-24 has not happened yet."),
            (["anchor", "miss", "Standup", "--date", "2026-03-05"], 1, "Only the last 14 days can be corrected"),
            (["anchor", "attend", "Standup", "--date", "someday"], 1, "'someday' is not a date"),
            (["anchor", "attend", "Gym"], 1, "No anchor matches 'Gym'."),
            (["anchor", "attend", "Standup", "--date"], 2, "--date needs a value."),
            (["anchor", "attend"], 2, "Which anchor? Give its id or title."),
            (["anchor", "attend", "Standup", "--when", "today"], 2, "Unknown option --when."),
            (["anchor", "frobnicate"], 2, "Unknown anchor action 'frobnicate'."),
            (["anchor", "add", "Gym", "--at", "18:00"], 2, "Give --for."),
            (["anchor", "add", "--at", "18:00", "--for", "15"], 2, "What is it called? Give a title."),
            (["anchor", "add", "Gym", "--at", "18:00", "--for", "15", "--prayer", "asr"], 2, "Choose one of --at, --prayer or --prayers."),
            (["anchor", "add", "Gym", "--for", "15"], 2, "Choose one of --at, --prayer or --prayers."),
            (["anchor", "add", "Gym", "--at", "18:00", "--for", "15", "--days", "1", "--weekdays"], 2, "Choose one of --days or --weekdays."),
            (["anchor", "add", "--prayer", "asr", "--weekdays"], 1, "--days and --weekdays belong to an anchor with --at"),
            (["anchor", "add", "Gym", "--at", "6pm", "--for", "15"], 1, "Unknown time '6pm'; expected HH:MM."),
            (["anchor", "add", "Gym", "--at", "18:00", "--for", "2d"], 1, "'2d' is not a duration"),
            (["anchor", "add", "Gym", "--at", "18:00", "--for", "15", "--days", "8"], 1, "Unknown day '8'"),
            (["anchor", "add", "Gym", "--at", "18:00", "--for", "15", "--remind", "soon"], 2, "--remind takes a whole number, not 'soon'."),
            (["anchor", "add", "Gym", "--at", "18:00", "--for", "15", "--remind", "9999"], 1, "'9999' is out of range for a reminder's minutes"),
            (["anchor", "add", "Standup", "--at", "18:00", "--for", "15"], 1, "There is already an anchor called 'Standup'; choose another name."),
            (["anchor", "add", "--prayer", "sunrise"], 1, "Unknown prayer 'sunrise'"),
            (["anchor", "edit", "Standup"], 2, "Nothing to change."),
            (["anchor", "grid", "Standup", "--weeks", "0"], 1, "'0' is out of range for the number of weeks"),
            (["anchor", "grid", "Standup", "--weeks", "many"], 2, "--weeks takes a whole number, not 'many'."),
            (["anchor", "show", "Standup", "extra"], 2, "Unexpected 'extra'."),
        ]
        for (args, status, says) in cases {
            let result = try cf.run(args, now: now)
            expectEqual(result.status, status, "\(args): \(result.stderr)")
            expectContains(result.stderr, says, "\(args): \(result.stderr)")
            expectEmpty(result.stdout, "\(args)")
        }
        let json = try cf.run(["anchor", "attend", "Gym", "--json"], now: now)
        try expectEqual(json.json()["error"].flatMap { ($0 as? [String: Any])?["code"] as? String }, "anchor_not_found")
        try expectEqual(Data(contentsOf: URL(fileURLWithPath: cf.storePath)), before)
    }

    @Test("F-1 settings of region hours: set, listed, refused when they overlap or leave the day with a 04:00 and a 23:00 rollover, and undone")
    func regionHours() throws {
        let cf = try CharflowRunner(timeZone: "Europe/London")
        defer { cf.removeFolder() }
        let now = "2026-03-23T10:00"
        try expectEqual(cf.ok(["settings", "morning"], now: now).stdout, "morning  06:00-12:00\n")
        try cf.ok(["settings", "rollover-time", "04:00"], now: now)
        try expectEqual(cf.json(["settings", "evening", "20:00-01:30"], now: now)["evening"] as? String, "20:00-01:30")
        let cases: [(args: [String], says: String)] = [
            (["settings", "evening", "20:00-05:00"], "Evening (20:00–05:00) would run past the end of the day at 04:00"),
            (["settings", "morning", "05:00-13:00"], "Morning (05:00–13:00) and Afternoon (12:00–17:00) would overlap"),
            (["settings", "rollover-time", "00:00"], "Evening (20:00–01:30) would run past the end of the day at 00:00"),
            (["settings", "afternoon", "noon-5pm"], "'noon-5pm' is not a region's hours; use HH:MM-HH:MM"),
        ]
        for (args, says) in cases {
            let result = try cf.run(args, now: now)
            expectEqual(result.status, 1, "\(args)")
            expectContains(result.stderr, says, "\(args): \(result.stderr)")
        }
        try expectEqual(cf.json(["settings"], now: now)["rollover-time"] as? String, "04:00")
        try cf.ok(["undo"], now: now)
        try cf.ok(["settings", "rollover-time", "23:00"], now: now)
        let late = try cf.run(["settings", "evening", "17:00-23:30"], now: now)
        #expect(late.status == 1 && late.stderr.contains("Evening (17:00–23:30) would run past the end of the day at 23:00"), "\(late.stderr)")
        try expectEqual(cf.json(["settings", "morning", "23:00-11:00"], now: now)["morning"] as? String, "23:00-11:00")
    }

    @Test("F-7 F-8 prayers: refused with how to set a location, then the times in the user's zone across the change to summer time; prayer settings and adjustments through settings")
    func prayers() throws {
        let cf = try CharflowRunner(timeZone: "Europe/London")
        defer { cf.removeFolder() }
        let now = "2026-03-27T10:00"
        let refused = try cf.run(["prayers"], now: now)
        expectEqual(refused.status, 1)
        expectEqual(refused.stderr, "charflow: No location is set, so there are no prayer times yet. Set one with `charflow settings location LAT,LON`, such as 51.5074,-0.1278.\n")
        try expectContains(cf.run(["settings", "location", "91,0"], now: now).stderr, "the latitude must be from -90 to 90")
        try cf.ok(["settings", "location", "51.5074,-0.1278"], now: now)
        let text = try cf.ok(["prayers", "2026-03-28", "--days", "2"], now: now).stdout
        let lines = text.split(separator: "\n").map(String.init)
        expectEqual(lines.first, "Prayer times at 51.5074,-0.1278 · Muslim World League, Asr standard")
        #expect(lines.count == 3 && lines[1].hasPrefix("2026-03-28 Sat  Fajr ") && lines[2].hasPrefix("2026-03-29 Sun  Fajr "), "\(text)")
        let json = try cf.json(["prayers", "2026-03-28", "--days", "2"], now: now)
        let days = try #require(json["days"] as? [[String: Any]])
        expectEqual((days[0]["dhuhr"] as? String)?.hasSuffix("+00:00"), true)
        expectEqual((days[1]["dhuhr"] as? String)?.hasSuffix("+01:00"), true, "summer time from 29 March")
        expectEqual(json["zone"] as? String, "Europe/London")
        for (key, value) in [("prayer-method", "moonsighting"), ("asr", "hanafi"), ("high-latitude", "angle")] {
            try expectEqual(cf.json(["settings", key, value], now: now)[key] as? String, value)
        }
        try expectEqual(cf.json(["settings", "prayer-adjust", "isha", "+3"], now: now)["prayer-adjust"] as? String, "isha=3")
        try expectEqual(cf.json(["settings", "prayer-adjust", "fajr", "-2"], now: now)["prayer-adjust"] as? String, "fajr=-2,isha=3")
        try expectContains(cf.ok(["prayers"], now: now).stdout, "Adjusted by you: Fajr -2 min, Isha +3 min.")
        let bad: [(args: [String], status: Int32, says: String)] = [
            (["settings", "prayer-adjust", "isha"], 2, "By how many minutes?"),
            (["settings", "prayer-adjust", "isha", "90"], 1, "'90' is not a prayer time adjustment"),
            (["settings", "prayer-adjust", "sunrise", "2"], 1, "Unknown prayer 'sunrise'"),
            (["settings", "asr", "maliki"], 1, "Unknown Asr rule 'maliki'; expected standard or hanafi."),
            (["settings", "rollover-time", "04:00", "5"], 2, "Unexpected '5'."),
            (["prayers", "--days", "400"], 1, "'400' is out of range for the number of days"),
            (["prayers", "someday"], 1, "'someday' is not a date"),
        ]
        for (args, status, says) in bad {
            let result = try cf.run(args, now: now)
            expectEqual(result.status, status, "\(args): \(result.stderr)")
            expectContains(result.stderr, says, "\(args): \(result.stderr)")
        }
        try cf.ok(["undo"], now: now)
        try expectEqual(cf.json(["settings", "prayer-adjust"], now: now)["prayer-adjust"] as? String, "isha=3")
        try expectEqual(cf.json(["settings", "prayer-adjust", "none"], now: now)["prayer-adjust"] as? String, "none")
    }

    @Test("F-3 remind lists an anchor's reminder at its minutes before, once an occurrence, and not for an archived anchor")
    func remind() throws {
        let cf = try CharflowRunner(timeZone: "Europe/London")
        defer { cf.removeFolder() }
        try cf.ok(["settings", "review-time", "off"], now: "2026-03-23T08:00")
        try cf.ok(["anchor", "add", "Standup", "--at", "09:30", "--for", "15", "--weekdays", "--remind", "10"], now: "2026-03-23T08:00")
        try expectEqual(cf.ok(["remind"], now: "2026-03-24T09:19").stdout, "\n")
        try expectEqual(cf.ok(["remind"], now: "2026-03-24T09:20").stdout, "Standup at 09:30\n")
        try expectEqual(cf.ok(["remind"], now: "2026-03-24T09:21").stdout, "\n", "once")
        let json = try cf.json(["remind", "--dry-run"], now: "2026-03-25T09:25")
        let reminder = try #require((json["reminders"] as? [[String: Any]])?.first)
        #expect(reminder["kind"] as? String == "anchor" && reminder["message"] as? String == "Standup at 09:30")
        expectNotEqual(reminder["anchor"] as? String, nil)
        try cf.ok(["anchor", "archive", "Standup"], now: "2026-03-25T09:26")
        try expectEqual(cf.ok(["remind"], now: "2026-03-25T09:27").stdout, "\n")
    }
}
