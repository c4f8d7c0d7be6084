import CharflowTestSupport
import Foundation
import Testing

/// `add --parse LINE --dry-run` and `POST /api/parse` refuse exactly what the add itself refuses (W-9,
/// T-12, T-8), and a dry run creates no store (A-6).
@Suite("Quick-add dry run refuses what the add refuses (charflow CLI and API)")
struct QuickAddDryRunCLITests {
    /// Lines (with the options beside them) that the add refuses, and the code it refuses them with.
    static let refused: [(arguments: [String], code: String)] = [
        (["--parse", "Read @someday !high"], "important_needs_day"),
        (["--parse", "Read #Nowhere"], "category_not_found"),
        (["--parse", "Read #Errands"], "category_archived"),
        (["--parse", "Read !high", "--importance", "low"], "usage"),
        (["--parse", "Read ~30m", "--effort", "60"], "usage"),
        (["Extra", "--parse", "Read"], "usage"),
        (["--parse", "Read", "--region", "morning", "--bucket", "must"], "region_full"),
    ]

    @Test("W-9 T-12 T-8 each line the add refuses, the dry run refuses with the same code and words, text and --json",
          arguments: 0..<7)
    func dryRunMatchesAdd(index: Int) throws {
        let (arguments, code) = Self.refused[index]
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        _ = try cf.json(["category", "add", "Errands"])
        _ = try cf.json(["category", "archive", "Errands"])
        _ = try cf.add("Plan the week", ["--region", "morning", "--bucket", "must"])
        let before = try cf.contents()
        for json in [false, true] {
            let flag = json ? ["--json"] : []
            let add = try cf.run(flag + ["add"] + arguments)
            let dry = try cf.run(flag + ["add"] + arguments + ["--dry-run"])
            expectNotEqual(add.status, 0, "\(arguments): \(add.stdout)")
            expectEqual(dry.status, add.status, "\(arguments): \(dry.stdout) \(dry.stderr)")
            expectEqual(dry.stderr, add.stderr)
            expectEqual(dry.stdout, add.stdout)
            if json { try expectEqual(add.errorDocument().code, code, "\(arguments)") }
        }
        try expectEqual(cf.contents(), before)
    }

    @Test("W-9 a line the add takes, the dry run reads as before")
    func acceptedLine() throws {
        let cf = try CharflowRunner(timeZone: "Europe/London")
        defer { cf.removeFolder() }
        let read = try cf.json(["add", "--parse", "Read the paper !high ~30m @tomorrow", "--dry-run"])
        expectEqual(read["title"] as? String, "Read the paper")
        expectEqual(read["importance"] as? String, "high")
        expectEqual(read["dueDate"] as? String, "2026-12-01")
    }

    @Test("W-9 B-2 the dry run says the region and bucket the line would get, in text and --json, as the add then places it")
    func dryRunSaysThePlace() throws {
        let cf = try CharflowRunner(timeZone: "Europe/London")
        defer { cf.removeFolder() }
        let words = ["add", "--parse", "Read the paper ~30m", "--region", "evening", "--bucket", "complementary"]
        let read = try cf.json(words + ["--dry-run"])
        expectEqual(read["region"] as? String, "evening")
        expectEqual(read["bucket"] as? String, "complementary")
        try expectContains(cf.ok(words + ["--dry-run"]).stdout, "Place: Evening · Complementary")
        let plain = try cf.json(["add", "--parse", "Someday idea", "--dry-run"])
        expectTrue(plain["region"] is NSNull && plain["bucket"] is NSNull, "\(plain)")
        let added = try cf.json(words)
        #expect(added["region"] as? String == "evening" && added["bucket"] as? String == "complementary")
    }

    @Test("A-6 add --parse --dry-run without a store creates none, and still refuses what a new store's add would")
    func dryRunCreatesNoStore() throws {
        let cf = try CharflowRunner(timeZone: "Europe/London")
        defer { cf.removeFolder() }
        let read = try cf.ok(["add", "--parse", "Read #Work", "--dry-run"])
        expectContains(read.stdout, "Read")
        let refused = try cf.run(["add", "--parse", "Read @someday !high", "--dry-run"])
        expectEqual(refused.status, 1)
        expectTrue(!FileManager.default.fileExists(atPath: cf.storePath))
        expectTrue(!FileManager.default.fileExists(atPath: cf.storePath + "-wal"))
    }

    @Test("W-9 POST /api/parse refuses an important task sent to Someday and an unknown category, as POST /api/tasks does")
    func apiMatchesAdd() throws {
        let cf = try CharflowRunner(timeZone: "Europe/London")
        defer { cf.removeFolder() }
        let server = try ServedCharflow(cf)
        defer { server.stop() }
        for line in ["Read @someday !high", "Read #Nowhere"] {
            let parse = try server.send("POST", "/api/parse", json: #"{"parse": "\#(line)"}"#)
            let add = try server.send("POST", "/api/tasks", json: #"{"parse": "\#(line)"}"#)
            expectEqual(parse.status, add.status, "\(line): \(parse.body) / \(add.body)")
            expectTrue(parse.status >= 400)
            try expectEqual(parse.errorCode(), add.errorCode())
        }
        let fine = try server.send("POST", "/api/parse", json: #"{"parse": "Read !high"}"#)
        expectEqual(fine.status, 200, "\(fine.body)")
    }
}
