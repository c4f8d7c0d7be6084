import CharflowTestSupport
import Foundation
import Testing

/// Refused input through the command line: exit 1, one clear line on stderr, the `--json` error document,
/// and the store unchanged in content. Bad usage: exit 2.
@Suite("Bad input through the command line")
struct BadInputTests {
    static let now = "2026-11-30T09:00"

    /// A small store to be refused against: a placed Must-Do, a Backlog task, a done task, a deleted one.
    ///
    /// Made once through the command line, then copied into a fresh folder for every case.
    struct Seed {
        let runner: CharflowRunner
        let placed: String
        let parked: String
        let finished: String
        let gone: String

        /// The store every case starts from, and the ids in it.
        struct Template: Sendable {
            let path: String
            let ids: [String]
        }

        static let template: Template? = try? makeTemplate()

        static func makeTemplate() throws -> Template {
            let runner = try CharflowRunner()  // kept for the whole run: every case copies its store
            let now = BadInputTests.now
            let placed = try runner.add("Seeded must", ["--region", "morning", "--bucket", "must"], now: now)
            let parked = try runner.add("Seeded backlog", now: now)
            let finished = try runner.add("Seeded done", ["--region", "evening"], now: now)
            let gone = try runner.add("Seeded deleted", ["--region", "evening"], now: now)
            _ = try runner.json(["done", finished], now: now)
            _ = try runner.json(["delete", gone], now: now)
            return Template(path: runner.storePath, ids: [placed, parked, finished, gone])
        }

        init() throws {
            let template = try #require(Seed.template, "the seed store could not be made")
            runner = try CharflowRunner()
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: template.path + suffix) {
                try FileManager.default.copyItem(atPath: template.path + suffix, toPath: runner.storePath + suffix)
            }
            (placed, parked, finished, gone) = (template.ids[0], template.ids[1], template.ids[2], template.ids[3])
            expectEqual(JSONPath.tasks(try runner.json(["list", "--all"], now: BadInputTests.now), "tasks").count, 4)
        }

        /// A hex prefix that names none of the seeded tasks.
        var absent: String {
            let ids = [placed, parked, finished, gone]
            return ["00000000", "ffffffff", "12345678"].first { prefix in !ids.contains { $0.hasPrefix(prefix) } }!
        }

        /// The arguments with `{placed}`, `{placed3}`, `{parked}`, `{finished}`, `{gone}`, `{absent}` filled in.
        func fill(_ arguments: [String]) -> [String] {
            let values = ["{placed}": placed, "{placed3}": String(placed.prefix(3)), "{parked}": parked,
                          "{finished}": finished, "{gone}": gone, "{absent}": absent]
            return arguments.map { values[$0] ?? $0 }
        }
    }

    /// One refused command line, the error code it must give, and a word its message must contain.
    struct Refusal: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let code: String
        var mentions: String?
        var now: String = BadInputTests.now

        init(_ arguments: [String], _ code: String, mentions: String? = nil, now: String = BadInputTests.now) {
            self.arguments = arguments
            self.code = code
            self.mentions = mentions
            self.now = now
        }

        var testDescription: String {
            (arguments.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 } + (now == BadInputTests.now ? [] : ["--now", now]))
                .joined(separator: " ")
        }
    }

    static func check(_ refusal: Refusal, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let seed = try Seed()
        defer { seed.runner.removeFolder() }
        let arguments = seed.fill(refusal.arguments)
        let result = try seed.runner.expectRefused(arguments, now: refusal.now, sourceLocation: sourceLocation)
        #expect(result.code == refusal.code, "message: \(result.message)", sourceLocation: sourceLocation)
        if let word = refusal.mentions {
            let filled = seed.fill([word])[0]
            #expect(result.message.contains(filled), "'\(result.message)' does not name '\(filled)'",
                    sourceLocation: sourceLocation)
        }
    }

    // MARK: Titles

    static let emptyTitles = [
        Refusal(["add", ""], "empty_title"),
        Refusal(["add", "   "], "empty_title"),
        Refusal(["add", " \t\n "], "empty_title"),
        Refusal(["add", "  ", "--region", "morning"], "empty_title"),
        Refusal(["edit", "{placed}", "--title", ""], "empty_title"),
        Refusal(["edit", "{placed}", "--title", "   "], "empty_title"),
    ]

    @Test("B-1 B-10 an empty or whitespace-only title is refused", arguments: emptyTitles)
    func emptyTitle(_ refusal: Refusal) throws {
        try Self.check(refusal)
    }

    // MARK: Task ids

    static let badIDs = [
        Refusal(["show", "{absent}"], "not_found", mentions: "{absent}"),
        Refusal(["done", "{absent}"], "not_found", mentions: "{absent}"),
        Refusal(["edit", "{absent}", "--title", "New"], "not_found", mentions: "{absent}"),
        Refusal(["move", "{absent}", "--region", "evening"], "not_found", mentions: "{absent}"),
        Refusal(["delete", "{absent}"], "not_found", mentions: "{absent}"),
        Refusal(["purge", "{absent}"], "not_found", mentions: "{absent}"),
        Refusal(["show", "zzzz"], "not_found", mentions: "zzzz"),
        Refusal(["show", "{placed3}"], "id_too_short", mentions: "{placed3}"),
        Refusal(["done", "{placed3}"], "id_too_short", mentions: "{placed3}"),
        Refusal(["delete", "{placed3}"], "id_too_short", mentions: "{placed3}"),
    ]

    @Test("B-8 B-9 B-10 B-11 an unknown or too-short task id is refused", arguments: badIDs)
    func badID(_ refusal: Refusal) throws {
        try Self.check(refusal)
    }

    @Test("B-8 B-9 B-11 an id prefix shared by two tasks is refused as ambiguous; a longer one works")
    func ambiguousPrefix() throws {
        // Ids are random UUIDs: two share their first 4 hex digits only by chance (about 400 adds for
        // even odds), so the second task is a copy of the first written straight into the store under
        // an id with the same first 8 digits. The lookup under test is still the command's.
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let first = try runner.add("First of two", ["--region", "morning"], now: Self.now)
        var twin = String(first.prefix(8)) + "-0000-4000-8000-000000000000"
        if twin == first { twin = String(first.prefix(8)) + "-ffff-4fff-bfff-ffffffffffff" }
        try runner.insertTwin(of: first, as: twin, title: "Second of two")
        expectEqual(JSONPath.tasks(try runner.json(["list"], now: Self.now), "tasks").count, 2)

        for length in [4, 6, 8] {
            let prefix = String(first.prefix(length))
            for command in [["show", prefix], ["done", prefix], ["delete", prefix], ["move", prefix, "--backlog"]] {
                let refusal = try runner.expectRefused(command, now: Self.now)
                expectEqual(refusal.code, "ambiguous_id")
                expectContains(refusal.message, prefix)
            }
            // Upper case names the same tasks.
            try expectEqual(runner.expectRefused(["show", prefix.uppercased()], now: Self.now).code, "ambiguous_id")
        }
        // Enough of the id to tell them apart works for both.
        try expectEqual(runner.show(String(first.prefix(13)), now: Self.now)["title"] as? String, "First of two")
        try expectEqual(runner.show(String(twin.prefix(13)), now: Self.now)["title"] as? String, "Second of two")
        try expectEqual(runner.show(first, now: Self.now)["title"] as? String, "First of two")
        try expectEqual(runner.show(twin, now: Self.now)["title"] as? String, "Second of two")
        try expectEqual(runner.show(first.uppercased(), now: Self.now)["id"] as? String, first)
    }

    // MARK: Regions and buckets

    static let badWords = [
        Refusal(["add", "Task", "--region", "attic"], "invalid_value", mentions: "attic"),
        Refusal(["move", "{parked}", "--region", "attic"], "invalid_value", mentions: "attic"),
        Refusal(["region", "attic"], "invalid_value", mentions: "attic"),
        Refusal(["add", "Task", "--region", "morning", "--bucket", "urgent"], "invalid_value", mentions: "urgent"),
        Refusal(["move", "{placed}", "--bucket", "big"], "invalid_value", mentions: "big"),
        Refusal(["move", "{parked}", "--region", "evening", "--bucket", "none"], "invalid_value", mentions: "none"),
    ]

    @Test("B-2 B-3 B-11 an unknown region or bucket is refused", arguments: badWords)
    func unknownRegionOrBucket(_ refusal: Refusal) throws {
        try Self.check(refusal)
    }

    static let fullRegions = [
        Refusal(["add", "Another must", "--region", "morning", "--bucket", "must"], "region_full"),
        Refusal(["move", "{parked}", "--region", "morning", "--bucket", "must"], "region_full"),
        Refusal(["add", "Another must", "--region", "morning", "--bucket", "must-do"], "region_full"),
    ]

    @Test("B-4 a full bucket refuses another task with the exact message", arguments: fullRegions)
    func fullRegion(_ refusal: Refusal) throws {
        let seed = try Seed()
        defer { seed.runner.removeFolder() }
        let result = try seed.runner.expectRefused(seed.fill(refusal.arguments), now: refusal.now)
        expectEqual(result.message, regionFullMessage("Morning"))
        expectEqual(result.code, "region_full")
    }

    // MARK: Dates and clocks

    static let badDates = [
        Refusal(["add", "Task", "--due", "2026-02-30"], "bad_date", mentions: "2026-02-30"),
        Refusal(["add", "Task", "--due", "2026-13-01"], "bad_date", mentions: "2026-13-01"),
        Refusal(["add", "Task", "--due", "30/11/2026"], "bad_date", mentions: "30/11/2026"),
        Refusal(["add", "Task", "--due", "2026-11-3"], "bad_date", mentions: "2026-11-3"),
        Refusal(["add", "Task", "--region", "morning", "--due", "soon"], "bad_date", mentions: "soon"),
        Refusal(["edit", "{placed}", "--due", "2026-02-29"], "bad_date", mentions: "2026-02-29"),
        Refusal(["move", "{parked}", "--region", "morning", "--day", "2026-04-31"], "bad_date", mentions: "2026-04-31"),
        Refusal(["region", "morning", "--day", "2026-00-10"], "bad_date", mentions: "2026-00-10"),
        Refusal(["history", "2026-02-30"], "bad_date", mentions: "2026-02-30"),
    ]

    @Test("B-7 a date that does not exist is refused", arguments: badDates)
    func badDate(_ refusal: Refusal) throws {
        try Self.check(refusal)
    }

    static let badClocks = [
        Refusal(["today"], "bad_time", mentions: "2026-11-31T09:00", now: "2026-11-31T09:00"),
        Refusal(["today"], "bad_time", mentions: "2026-11-30T24:00", now: "2026-11-30T24:00"),
        Refusal(["today"], "bad_time", mentions: "2026-11-30T09:60", now: "2026-11-30T09:60"),
        Refusal(["today"], "bad_time", mentions: "tomorrow", now: "tomorrow"),
        Refusal(["today"], "bad_time", mentions: "2026-11-30 09:00", now: "2026-11-30 09:00"),
        Refusal(["today"], "bad_time", mentions: "2026-11-30T9:00", now: "2026-11-30T9:00"),
        Refusal(["today"], "bad_time", mentions: "2026-11-30", now: "2026-11-30"),
        Refusal(["add", "Task", "--region", "morning"], "bad_time", mentions: "2026-02-29T09:00", now: "2026-02-29T09:00"),
        Refusal(["done", "{placed}"], "bad_time", mentions: "2026-11-30T07:00Z", now: "2026-11-30T07:00Z"),
    ]

    @Test("B-14 a bad --now is refused before anything runs", arguments: badClocks)
    func badNow(_ refusal: Refusal) throws {
        try Self.check(refusal)
    }

    @Test("B-14 a bad CHARFLOW_NOW is refused like a bad --now")
    func badNowFromEnvironment() throws {
        let seed = try Seed()
        defer { seed.runner.removeFolder() }
        let before = try seed.runner.contents()
        let result = try seed.runner.run(["add", "Task"], now: nil, extra: ["CHARFLOW_NOW": "2026-11-31T09:00"])
        expectEqual(result.status, 1)
        expectEqual(result.stderrLines.count, 1)
        expectContains(result.refusalMessage, "2026-11-31T09:00")
        try expectEqual(seed.runner.contents(), before)
    }

    @Test("B-14 --now with impossible seconds is refused, not read as the minute")
    func badNowSeconds() throws {
        // Found by this suite: `Context.clock` accepts `HH:MM:SS` but ignores seconds it cannot use,
        // so `09:00:61` and `09:00:ab` silently run as 09:00.
        for now in ["2026-11-30T09:00:61", "2026-11-30T09:00:ab"] {
            let seed = try Seed()
            defer { seed.runner.removeFolder() }
            let result = try seed.runner.expectRefused(["today"], now: now)
            expectEqual(result.code, "bad_time", "--now \(now)")
        }
    }

    // MARK: Other refusals

    static let otherRefusals = [
        Refusal(["done", "{finished}"], "already_done"),
        Refusal(["undone", "{placed}"], "not_done"),
        Refusal(["move", "{gone}", "--region", "afternoon"], "task_deleted"),
        Refusal(["edit", "{gone}", "--title", "Revived"], "task_deleted"),
        Refusal(["done", "{gone}"], "task_deleted"),
        Refusal(["delete", "{gone}"], "task_deleted"),
        Refusal(["reorder", "{parked}", "--position", "1"], "not_on_board"),
        Refusal(["move", "{parked}", "--bucket", "complementary"], "not_on_board"),
        Refusal(["add", "Task", "--bucket", "must"], "bucket_needs_region"),
        Refusal(["add", "Task", "--region", "morning", "--due", "someday"], "board_needs_day"),
        Refusal(["add", "Task", "--effort", "7"], "bad_effort", mentions: "7"),
        Refusal(["add", "Task", "--importance", "urgent"], "invalid_value", mentions: "urgent"),
        Refusal(["settings", "rollover-time", "25:00"], "invalid_value", mentions: "25:00"),
        Refusal(["settings", "first-weekday", "funday"], "invalid_value", mentions: "funday"),
        Refusal(["settings", "lock-complementary", "maybe"], "invalid_value", mentions: "maybe"),
        Refusal(["settings", "colour", "blue"], "unknown_setting", mentions: "colour"),
    ]

    @Test("B-3 B-7 B-8 B-9 B-12 B-20 other refused actions exit 1 with one line and change nothing",
          arguments: otherRefusals)
    func otherRefusal(_ refusal: Refusal) throws {
        try Self.check(refusal)
    }

    // MARK: Usage

    static let usageErrors: [[String]] = [
        ["frobnicate"],
        ["help", "frobnicate"],
        ["add", "Task", "--colour", "red"],
        ["today", "--bogus"],
        ["today", "extra"],
        ["add", "Task", "--region"],
        ["today", "--json=yes"],
        ["show"],
        ["done"],
        ["move", "{placed}"],
        ["move", "{placed}", "--backlog", "--region", "evening"],
        ["reorder", "{placed}"],
        ["reorder", "{placed}", "--position", "two"],
        ["edit", "{placed}"],
        ["undo", "extra"],
        // A positional word given as an option too: one would be read and the other dropped.
        ["add", "Milk", "--title", "Bread"],
        ["done", "{placed}", "--task", "{parked}"],
        ["note", "{placed}", "started", "--text", "again"],
    ]

    @Test("B-11 B-12 bad usage (unknown command or option, missing value) exits 2 and changes nothing",
          arguments: usageErrors)
    func usage(_ arguments: [String]) throws {
        let seed = try Seed()
        defer { seed.runner.removeFolder() }
        let filled = seed.fill(arguments)
        let before = try seed.runner.contents()
        // The clock goes first, so that a trailing option really has no value.
        let text = try seed.runner.run(["--now", Self.now] + filled, now: nil)
        expectEqual(text.status, 2, "exit \(text.status): \(text.stderr)")
        expectEmpty(text.stdout)
        expectEqual(text.stderrLines.first?.hasPrefix("charflow: "), true, "\(text.stderr)")
        let json = try seed.runner.run(["--json", "--now", Self.now] + filled, now: nil)
        expectEqual(json.status, 2)
        try expectEqual(json.errorDocument().code, "usage")
        try expectEqual(seed.runner.contents(), before)
    }

    @Test("B-11 B-12 a command missing its subject is a usage error that creates no store",
          arguments: [["done"], ["show"], ["region"], ["region", "noon"], ["check", "abc123"], ["begin"], ["note"]])
    func missingSubjectOpensNothing(_ arguments: [String]) throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let result = try runner.run(arguments)
        #expect(result.status == (arguments == ["region", "noon"] ? 1 : 2), "exit \(result.status): \(result.stderr)")
        expectTrue(!FileManager.default.fileExists(atPath: runner.storePath), "a store was made for \(arguments)")
    }
}
