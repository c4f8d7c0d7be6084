import CharflowTestSupport
import Foundation
import Testing

/// `charflow calendar add|list|remove|refresh|events` against real sources: files and vdir folders on
/// disk, an `.ics` served over HTTP and a CalDAV collection on Radicale (rules F-9 to F-12).
@Suite("calendar · add, list, refresh, remove and the cache")
struct CalendarCommandTests {
    let now = CalendarCLI.now

    /// Five events around the test's day: a standup, an offsite over three days, a meeting the person
    /// declined, one that runs past midnight, and one far beyond the cache.
    static let home = CalendarCLI.calendar([
        CalendarCLI.event("standup", "Standup", "20260320T080000Z", "20260320T081500Z"),
        CalendarCLI.event("offsite", "Offsite", "20260325", "20260328"),
        CalendarCLI.event("review", "Review", "20260320T130000Z", "20260320T140000Z",
                          ["ORGANIZER:mailto:boss@example.org", "ATTENDEE;PARTSTAT=DECLINED:mailto:Me@Example.org"]),
        CalendarCLI.event("late", "Late call", "20260320T223000Z", "20260321T003000Z"),
        CalendarCLI.event("far", "Far away", "20261001T080000Z", "20261001T090000Z"),
    ])

    @Test("F-9 F-11 calendar add reads an .ics file once and keeps its events; list says when it was read; events shows them by day")
    func addsAFile() throws {
        let runner = try CalendarCLI.runner()
        let file = runner.folder.appendingPathComponent("home.ics")
        try Self.home.write(to: file, atomically: true, encoding: .utf8)
        let added = try runner.json(["calendar", "add", "Home", file.path, "--address", "me@example.org"], now: now)
        expectEqual(added["name"] as? String, "Home")
        expectEqual(added["kind"] as? String, "file")
        expectEqual(added["events"] as? Int, 4, "the one in October is beyond the 60 days")
        let window = try #require(added["window"] as? [String: Any])
        expectEqual(window["from"] as? String, "2026-03-06")
        expectEqual(window["through"] as? String, "2026-05-19")
        expectTrue(added["failure"] is NSNull)

        try expectEqual(CalendarCLI.titles(runner, on: "2026-03-20"), ["Standup", "Review", "Late call"])
        try expectEqual(CalendarCLI.titles(runner, on: "2026-03-21"), ["Late call"], "past midnight it is on the next day too")
        for day in ["2026-03-25", "2026-03-26", "2026-03-27"] {
            try expectEqual(CalendarCLI.titles(runner, on: day), ["Offsite"], "\(day)")
        }
        expectTrue(try CalendarCLI.titles(runner, on: "2026-03-28").isEmpty)
        let review = try #require(try CalendarCLI.events(runner, from: "2026-03-20").first { $0["uid"] as? String == "review" })
        expectEqual(review["busy"] as? Bool, false)
        expectEqual(review["notBusyBecause"] as? String, "declined")
        expectEqual(review["start"] as? String, "2026-03-20T14:00:00+01:00")
        let offsite = try CalendarCLI.events(runner, from: "2026-03-24", days: 7)
        expectEqual(offsite.filter { $0["uid"] as? String == "offsite" }.count, 1, "a range lists an event over several days once")

        let text = try runner.ok(["calendar", "list"], now: "2026-03-20T10:30").stdout
        expectContains(text, "Home  (file)  \(file.path)", "\(text)")
        expectContains(text, "read today at 09:00 · 4 events, 6 Mar to 19 May", "\(text)")
        let day = try runner.ok(["calendar", "events", "2026-03-20"], now: now).stdout
        expectContains(day, "09:00–09:15  Standup", "\(day)")
        expectTrue(day.contains("23:30–…") && day.contains("declined, not busy"), "\(day)")
    }

    @Test("F-9 a broken .ics is refused naming its line, and nothing is kept")
    func brokenFileChangesNothing() throws {
        let runner = try CalendarCLI.runner()
        try runner.ok(["today"], now: now)
        let before = try runner.contents()
        let file = runner.folder.appendingPathComponent("broken.ics")
        let broken = Self.home.replacingOccurrences(of: "DTEND;VALUE=DATE:20260328", with: "DTEND;VALUE=DATE:20260332")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let refused = try runner.run(["calendar", "add", "Broken", file.path], now: now)
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "The calendar “Broken” is not valid iCalendar: line 16 of broken.ics: DTEND is not a valid date", "\(refused.stderr)")
        let json = try runner.run(["calendar", "add", "Broken", file.path, "--json"], now: now).json()
        expectEqual((json["error"] as? [String: Any])?["code"] as? String, "calendar_malformed")
        try expectEqual(runner.contents(), before)
        try expectEmpty(CalendarCLI.list(runner))
    }

    @Test("F-9 a CalDAV collection that answers 401 is refused naming the calendar, and nothing changes; the right password reads it")
    func calDAVSignIn() throws {
        let servers = try CalendarServers.shared()
        let runner = try CalendarCLI.runner()
        try runner.ok(["today"], now: now)
        try CalendarCLI.netrc(runner, password: "wrong")
        let before = try runner.contents()
        let address = servers.radicale("\(CalendarServers.user)/work/")
        let refused = try runner.run(["calendar", "add", "Work", address, "--caldav"], now: now)
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "The calendar “Work” answered 401", "\(refused.stderr)")
        expectContains(refused.stderr, runner.folder.appendingPathComponent(".netrc").path, "it says where the password came from")
        try expectEqual(runner.contents(), before)

        try CalendarCLI.netrc(runner, password: CalendarServers.password)
        let added = try runner.json(["calendar", "add", "Work", address, "--caldav", "--address", "me@example.org"], now: now)
        expectEqual(added["kind"] as? String, "caldav")
        let events = try #require(added["events"] as? Int)
        expectTrue(events > 20)
        try expectContains(CalendarCLI.titles(runner, on: "2026-03-25"), "Offsite")

        // A refresh refused the same way keeps the events, names the calendar and says why in the list.
        try CalendarCLI.netrc(runner, password: "wrong")
        let failed = try runner.run(["calendar", "refresh", "Work"], now: "2026-03-20T09:30")
        expectEqual(failed.status, 1)
        expectContains(failed.stderr, "The calendar “Work” answered 401", "\(failed.stderr)")
        let entry = try CalendarCLI.entry("Work", runner, now: "2026-03-20T09:30")
        expectEqual(entry["events"] as? Int, events)
        let failure = try #require(entry["failure"] as? [String: Any])
        expectEqual(failure["code"] as? String, "calendar_unauthorized")
        expectEqual(entry["readAt"] as? String, "2026-03-20T09:00:00+01:00")
        try expectContains(CalendarCLI.titles(runner, on: "2026-03-25"), "Offsite")
    }

    @Test("F-9 F-10 the same events as a vdir folder, one .ics over HTTP and a CalDAV collection are the same occurrences in the cache")
    func threeKindsAgree() throws {
        let servers = try CalendarServers.shared()
        let runner = try CalendarCLI.runner()
        try CalendarCLI.netrc(runner, password: CalendarServers.password)
        let folder = try CalendarFixtureFiles.copy(into: runner.folder)
        try runner.ok(["calendar", "add", "Folder", folder.path, "--address", "me@example.org"], now: now)
        try runner.ok(["calendar", "add", "Web", servers.http("calendar.ics"), "--address", "me@example.org"], now: now)
        try runner.ok(["calendar", "add", "DAV", servers.radicale("\(CalendarServers.user)/work/"), "--caldav",
                       "--address", "me@example.org"], now: now)
        let kinds = try CalendarCLI.list(runner).compactMap { $0["kind"] as? String }
        expectEqual(kinds, ["folder", "web", "caldav"])
        let all = try CalendarCLI.events(runner, from: "2026-03-06", days: 75)
        func lines(_ calendar: String) -> [String] {
            all.filter { $0["calendar"] as? String == calendar }.map { event in
                ["uid", "recurrenceID", "title", "start", "end", "allDay", "busy", "notBusyBecause"]
                    .map { "\(event[$0] ?? "")" }.joined(separator: " ")
            }.sorted()
        }
        expectTrue(lines("Folder").count > 40)
        expectEqual(lines("Folder"), lines("Web"))
        expectEqual(lines("Folder"), lines("DAV"))
    }

    @Test("F-12 a refresh asks an address conditionally: a 304 keeps the events; a changed file is read again")
    func conditionalRefresh() throws {
        let servers = try CalendarServers.shared()
        let runner = try CalendarCLI.runner()
        let name = try CalendarCLI.serve(Self.home, servers: servers)
        try runner.ok(["calendar", "add", "Web", servers.http(name)], now: now)
        let unchanged = try runner.json(["calendar", "refresh"], now: "2026-03-20T09:20")
        let outcome = try #require((unchanged["calendars"] as? [[String: Any]])?.first)
        expectEqual(outcome["result"] as? String, "unchanged")
        expectEqual(outcome["events"] as? Int, 4)
        let asked = try CalendarCLI.requests(for: name, servers: servers)
        expectEqual(asked.map { $0["status"] as? Int }, [200, 304])
        expectNotEqual(asked.last?["ifNoneMatch"] as? String, nil)
        try expectEqual(CalendarCLI.entry("Web", runner, now: "2026-03-20T09:20")["readAt"] as? String, "2026-03-20T09:20:00+01:00")

        let moved = Self.home.replacingOccurrences(of: "SUMMARY:Standup", with: "SUMMARY:Standup, moved")
        try moved.write(to: servers.www.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let text = try runner.ok(["calendar", "refresh", "Web"], now: "2026-03-20T09:40").stdout
        expectEqual(text, "Web: 4 events, read again.\n")
        try expectEqual(CalendarCLI.titles(runner, on: "2026-03-20").first, "Standup, moved")
    }

    @Test("F-12 a source that fails keeps its last events, says why in the list, and a refresh of every calendar goes on to the next")
    func failureKeepsEvents() throws {
        let servers = try CalendarServers.shared()
        let runner = try CalendarCLI.runner()
        let name = try CalendarCLI.serve(Self.home, servers: servers)
        let file = runner.folder.appendingPathComponent("home.ics")
        try Self.home.replacingOccurrences(of: "SUMMARY:Standup", with: "SUMMARY:Home standup").write(to: file, atomically: true, encoding: .utf8)
        try runner.ok(["calendar", "add", "Web", servers.http(name)], now: now)
        try runner.ok(["calendar", "add", "Home", file.path], now: now)
        try FileManager.default.removeItem(at: servers.www.appendingPathComponent(name))

        let all = try runner.run(["calendar", "refresh"], now: "2026-03-20T10:00")
        expectEqual(all.status, 0)
        expectEqual(all.stdout, "The calendar “Web” answered HTTP 404 instead of a calendar. Nothing was read. Its last 4 events are kept.\n"
                + "Home: 4 events, unchanged.\n", "\(all.stdout)")
        let entry = try CalendarCLI.entry("Web", runner, now: "2026-03-20T10:00")
        expectEqual(entry["events"] as? Int, 4)
        let failure = try #require(entry["failure"] as? [String: Any])
        expectEqual(failure["code"] as? String, "calendar_http_status")
        expectEqual(failure["since"] as? String, "2026-03-20T10:00:00+01:00")
        try expectEqual(CalendarCLI.titles(runner, on: "2026-03-20"), ["Home standup", "Standup", "Review", "Review", "Late call", "Late call"])
        let listed = try runner.ok(["calendar", "list"], now: "2026-03-20T10:05").stdout
        expectContains(listed, "not read today at 10:00: The calendar “Web” answered HTTP 404", "\(listed)")

        // Failing again for the same reason keeps when it began; read again, the failure goes.
        try runner.ok(["calendar", "refresh"], now: "2026-03-20T10:15")
        expectEqual((try CalendarCLI.entry("Web", runner, now: "2026-03-20T10:15")["failure"] as? [String: Any])?["since"] as? String, "2026-03-20T10:00:00+01:00")
        try Self.home.write(to: servers.www.appendingPathComponent(name), atomically: true, encoding: .utf8)
        try runner.ok(["calendar", "refresh", "Web"], now: "2026-03-20T10:30")
        expectTrue(try CalendarCLI.entry("Web", runner, now: "2026-03-20T10:30")["failure"] is NSNull)
    }

    @Test("F-12 remove takes a calendar and its events; undo brings both back without reading the source; undo of add removes it")
    func removeAndUndo() throws {
        let runner = try CalendarCLI.runner()
        let file = runner.folder.appendingPathComponent("home.ics")
        try Self.home.write(to: file, atomically: true, encoding: .utf8)
        let added = try runner.json(["calendar", "add", "Home", file.path], now: now)
        let action = try #require(added["events"] as? Int)
        expectEqual(action, 4)
        try FileManager.default.removeItem(at: file)

        let removed = try runner.ok(["calendar", "remove", "home"], now: now).stdout
        expectEqual(removed, "Removed calendar Home and its 4 events.\n")
        try expectEmpty(CalendarCLI.list(runner))
        expectTrue(try CalendarCLI.titles(runner, on: "2026-03-20").isEmpty)

        try expectEqual(runner.ok(["undo"], now: now).stdout, "Undid calendar remove.\n")
        try expectEqual(CalendarCLI.entry("Home", runner)["events"] as? Int, 4)
        try expectEqual(CalendarCLI.titles(runner, on: "2026-03-20"), ["Standup", "Review", "Late call"], "expanded again from the kept snapshot: the file is gone")

        try runner.ok(["undo"], now: now)
        try expectEmpty(CalendarCLI.list(runner), "the undo of the add removes it")
        expectTrue(try CalendarCLI.titles(runner, on: "2026-03-20").isEmpty)
    }

    @Test("F-12 the cache holds 14 days back and 60 ahead, and moves with the day from the kept snapshot, no source read")
    func windowMovesWithTheDay() throws {
        let runner = try CalendarCLI.runner()
        let file = runner.folder.appendingPathComponent("edges.ics")
        // 20 March 2026: the window is 6 March through 19 May.
        try CalendarCLI.calendar([
            CalendarCLI.event("before", "Day before the window", "20260305T090000Z", "20260305T100000Z"),
            CalendarCLI.event("first", "First day", "20260306T090000Z", "20260306T100000Z"),
            CalendarCLI.event("last", "Last day", "20260519T090000Z", "20260519T100000Z"),
            CalendarCLI.event("after", "Day after the window", "20260520T090000Z", "20260520T100000Z"),
            CalendarCLI.event("edge", "Far edge", "20260624T090000Z", "20260624T100000Z"),
        ]).write(to: file, atomically: true, encoding: .utf8)
        let added = try runner.json(["calendar", "add", "Edges", file.path], now: now)
        expectEqual(added["events"] as? Int, 2)
        expectTrue(try CalendarCLI.titles(runner, on: "2026-03-05").isEmpty)
        try expectEqual(CalendarCLI.titles(runner, on: "2026-03-06"), ["First day"])
        try expectEqual(CalendarCLI.titles(runner, on: "2026-05-19"), ["Last day"])
        expectTrue(try CalendarCLI.titles(runner, on: "2026-05-20").isEmpty)

        // The file changes, but nothing reads it: the next days' windows come from what was kept.
        try "not a calendar any more".write(to: file, atomically: true, encoding: .utf8)
        let tomorrow = "2026-03-21T08:00"
        try runner.ok(["today"], now: tomorrow)
        let entry = try CalendarCLI.entry("Edges", runner, now: tomorrow)
        expectEqual(entry["window"] as? [String: String], ["from": "2026-03-07", "through": "2026-05-20"])
        expectEqual(entry["events"] as? Int, 2)
        expectTrue(try CalendarCLI.titles(runner, on: "2026-03-06", now: tomorrow).isEmpty)
        try expectEqual(CalendarCLI.titles(runner, on: "2026-05-20", now: tomorrow), ["Day after the window"])

        // Five weeks on, past the days expanded ahead: the kept snapshot is expanded again.
        let later = "2026-04-25T08:00"
        try runner.ok(["today"], now: later)
        let moved = try CalendarCLI.entry("Edges", runner, now: later)
        expectEqual(moved["window"] as? [String: String], ["from": "2026-04-11", "through": "2026-06-24"])
        expectEqual(moved["events"] as? Int, 3)
        try expectEqual(CalendarCLI.titles(runner, on: "2026-06-24", now: later), ["Far edge"])
        expectTrue(try CalendarCLI.titles(runner, on: "2026-03-06", now: later).isEmpty)
        expectTrue(moved["failure"] is NSNull, "nothing tried to read the broken file")
    }

    @Test("F-12 today and every other ordinary command never reach a calendar's server, even when the day moves")
    func ordinaryCommandsStayOffline() throws {
        let servers = try CalendarServers.shared()
        let runner = try CalendarCLI.runner()
        let name = try CalendarCLI.serve(Self.home, servers: servers)
        try runner.ok(["calendar", "add", "Web", servers.http(name)], now: now)
        try expectEqual(CalendarCLI.requests(for: name, servers: servers).count, 1)
        try runner.add("Write the report", ["--region", "morning"], now: now)
        for (arguments, clock) in [(["today"], now), (["list"], now), (["upcoming"], now), (["backlog"], now),
                                   (["calendar", "list"], now), (["calendar", "events"], now), (["status"], now),
                                   (["today"], "2026-03-21T09:00"), (["today", "--json"], "2026-03-23T07:00"),
                                   (["plan", "review"], "2026-03-23T21:00"), (["calendar"], "2026-03-24T09:00")] {
            try runner.ok(arguments, now: clock)
        }
        try expectEqual(CalendarCLI.requests(for: name, servers: servers).count, 1, "only the add read the address")
        try expectEqual(CalendarCLI.entry("Web", runner, now: "2026-03-24T09:00")["window"] as? [String: String], ["from": "2026-03-10", "through": "2026-05-23"])
        try runner.ok(["calendar", "refresh"], now: "2026-03-24T09:00")
        try expectEqual(CalendarCLI.requests(for: name, servers: servers).count, 2)
    }

    @Test("F-9 bad input names what is wrong and changes nothing: names, addresses, unknown calendars, a name taken, a password file open to others")
    func badInput() throws {
        let runner = try CalendarCLI.runner()
        let file = runner.folder.appendingPathComponent("home.ics")
        try Self.home.write(to: file, atomically: true, encoding: .utf8)
        try runner.ok(["calendar", "add", "Home", file.path], now: now)
        let before = try runner.contents()
        let cases: [([String], Int32, String)] = [
            (["calendar", "add", " ", file.path], 1, "calendar_name"),
            (["calendar", "add", String(repeating: "x", count: 61), file.path], 1, "calendar_name"),
            (["calendar", "add", "Line\u{1B}break", file.path], 1, "unfit_character"),
            (["calendar", "add", "HOME", file.path], 1, "calendar_name_taken"),
            (["calendar", "add", "Other", file.path, "--address", "nobody"], 1, "invalid_value"),
            (["calendar", "add", "Other", runner.folder.appendingPathComponent("missing.ics").path], 1, "calendar_unreadable"),
            (["calendar", "add", "Other", "http://192.0.2.10/calendar.ics"], 1, "calendar_address"),
            (["calendar", "add", "Other", "https://sam:pw@example.org/calendar.ics"], 1, "calendar_address"),
            (["calendar", "add", "Other"], 2, "usage"),
            (["calendar", "add", "Other", file.path, "--colour", "blue"], 2, "usage"),
            (["calendar", "remove", "Nope"], 1, "calendar_not_found"),
            (["calendar", "refresh", "Nope"], 1, "calendar_not_found"),
            (["calendar", "events", "someday"], 1, "bad_date"),
            (["calendar", "events", "--days", "76"], 1, "out_of_range"),
            (["calendar", "frobnicate"], 2, "usage"),
        ]
        for (arguments, status, code) in cases {
            let result = try runner.run(arguments + ["--json"], now: now)
            expectEqual(result.status, status, "\(arguments): \(result.stderr)")
            let error = try result.json()["error"] as? [String: Any]
            expectEqual(error?["code"] as? String, code, "\(arguments): \(result.stdout)")
        }
        let open = runner.folder.appendingPathComponent("password")
        try "secret\n".write(to: open, atomically: true, encoding: .utf8)
        chmod(open.path, 0o644)
        let refused = try runner.run(["calendar", "add", "Other", "https://sam@example.org/cal.ics", "--password-file", open.path], now: now)
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "may be read by others (mode 644)", "\(refused.stderr)")
        try expectEqual(runner.contents(), before)
    }
}
