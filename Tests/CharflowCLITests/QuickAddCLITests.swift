import CharflowTestSupport
import Foundation
import Testing

@Suite("Quick add: charflow add --parse")
struct QuickAddCLITests {
    static let now = "2026-11-30T09:00" // a Monday

    @Test("W-9 T-24 add --parse files every token into its field, the date as of the clock")
    func addsEveryToken() throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        let task = try cf.json(["add", "--parse", "Call the bank !high ~30m @tomorrow #Work"], now: Self.now)
        expectEqual(task["title"] as? String, "Call the bank")
        expectEqual(task["importance"] as? String, "high")
        expectEqual(task["effortMinutes"] as? Int, 30)
        expectEqual(task["dueDate"] as? String, "2026-12-01")
        expectEqual(task["category"] as? String, "Work")
        // The same task as the long options make.
        let long = try cf.json(["add", "Call the bank", "--importance", "high", "--effort", "30",
                                          "--due", "tomorrow", "--category", "Work"], now: Self.now)
        for key in ["title", "importance", "effortMinutes", "dueDate", "category", "region", "bucket"] {
            expectEqual("\(task[key] ?? "nil")", "\(long[key] ?? "nil")", "\(key) differs")
        }
    }

    @Test("W-9 a region and bucket given beside the line place the task; escaped sigils stay in the title")
    func placedAndEscaped() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let task = try cf.json(["add", "--parse", ##"Reply to \#42 ~1h"##, "--region", "morning", "--bucket", "misc"],
                                         now: Self.now)
        expectEqual(task["title"] as? String, "Reply to #42")
        expectEqual(task["effortMinutes"] as? Int, 60)
        let today = try cf.json(["today"], now: Self.now)
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "regions", "morning", "misc")), ["Reply to #42"])
    }

    @Test("W-9 --dry-run prints the parse, in text and JSON, and adds nothing")
    func dryRun() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.json(["today"], now: Self.now)
        let before = try cf.contents()
        let text = try cf.run(["add", "--parse", "Call the bank !high ~1h30m @later-this-week #Work", "--dry-run"], now: Self.now)
        expectEqual(text.status, 0, "\(text.stderr)")
        expectEqual(text.stdout, """
            Title: Call the bank
            Importance: high
            Effort: 90 min
            Day: later-this-week (2026-12-03)
            Category: Work
            Nothing was added (dry run).

            """)
        let json = try cf.json(["add", "--parse", "@someday Water plants", "--dry-run"], now: Self.now)
        expectEqual(json["title"] as? String, "Water plants")
        expectEqual(json["due"] as? String, "someday")
        expectTrue(json["dueDate"] is NSNull)
        expectTrue(json["importance"] is NSNull)
        let tokens = try #require(json["tokens"] as? [[String: Any]])
        expectEqual(tokens.map { $0["kind"] as? String }, ["due"])
        expectEqual(tokens.map { $0["text"] as? String }, ["@someday"])
        try expectEqual(cf.contents(), before)
    }

    @Test("W-9 an unknown token, a repeated one and a bad effort are refused; nothing is added",
          arguments: [("Call !urgent", "bad_token"), ("Call @friday", "bad_token"),
                      ("Call !high !low", "bad_token_repeated"), ("Call ~20m", "bad_effort"), ("!high @today", "empty_title")])
    func refusals(_ line: String, _ code: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.json(["today"], now: Self.now)
        let refusal = try cf.expectRefused(["add", "--parse", line], now: Self.now)
        expectEqual(refusal.code, code)
        let dry = try cf.expectRefused(["add", "--parse", line, "--dry-run"], now: Self.now)
        expectEqual(dry.code, code)
    }

    @Test("W-9 T-12 the add rules still apply to a parsed line: an important task needs a day")
    func addRulesApply() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.json(["today"], now: Self.now)
        let refusal = try cf.expectRefused(["add", "--parse", "Plan the move !high @someday"], now: Self.now)
        expectEqual(refusal.code, "important_needs_day")
    }

    @Test("W-9 a title beside --parse, or an option the line also gives, is a usage error")
    func conflicts() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.json(["today"], now: Self.now)
        let before = try cf.contents()
        let both = try cf.run(["add", "Extra", "--parse", "Call the bank"], now: Self.now)
        expectEqual(both.status, 2)
        let twice = try cf.run(["add", "--parse", "Call the bank !high @today", "--importance", "low"], now: Self.now)
        expectEqual(twice.status, 2)
        expectContains(twice.stderr, "--importance")
        try expectEqual(cf.contents(), before)
    }
}
