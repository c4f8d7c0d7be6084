import CharflowTestSupport
import Foundation
import Testing

/// A read changes nothing; signals are marked seen only by the front end that showed them (rule A-2).
@Suite("Reads never write (A-2)")
struct ReadsNeverWriteTests {
    /// A store whose Today has signals: five low tasks on the board (the prioritisation prompt) and four
    /// habits added this week (new-habit realism), with Today's rollover already run.
    func storeWithSignals() throws -> CharflowRunner {
        var runner = try CharflowRunner(timeZone: "America/New_York")
        runner.language = "en_US.UTF-8"
        for (index, title) in ["Draft", "Email", "Call", "Plants", "Read"].enumerated() {
            try runner.add(title, ["--region", index < 2 ? "morning" : "afternoon"], now: "2026-11-30T08:0\(index)")
        }
        for name in ["Water", "Walk", "Stretch", "Journal"] {
            try expectEqual(runner.run(["habit", "add", name], now: "2026-11-30T08:10").status, 0)
        }
        return runner
    }

    func signalKinds(_ runner: CharflowRunner, now: String) throws -> [String] {
        let today = try runner.json(["today"], now: now)
        return (today["signals"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
    }

    @Test("A-2: today --json twice shows the same signals and leaves the store's contents unchanged")
    func jsonMarksNothing() throws {
        let runner = try storeWithSignals()
        defer { try? FileManager.default.removeItem(at: runner.folder) }
        let before = try runner.contents()
        let first = try signalKinds(runner, now: "2026-11-30T09:00")
        let second = try signalKinds(runner, now: "2026-11-30T09:01")
        expectContains(first, "prioritisationPrompt")
        expectContains(first, "newHabitRealism")
        expectEqual(second, first)
        try expectEqual(runner.contents(), before)
    }

    @Test("A-2 P-5: the text Today marks what it printed, so the next Today (text or JSON) does not repeat it")
    func textMarksWhatItShowed() throws {
        let runner = try storeWithSignals()
        defer { try? FileManager.default.removeItem(at: runner.folder) }
        let shown = try runner.run(["today"], now: "2026-11-30T09:00")
        expectContains(shown.stdout, "A full day.")
        let again = try runner.run(["today"], now: "2026-11-30T09:05")
        expectLacks(again.stdout, "A full day.")
        expectTrue(try signalKinds(runner, now: "2026-11-30T09:06").isEmpty)
    }

    @Test("A-2: reading habits, a region, the Backlog, lists, a task, the status and remind --dry-run changes nothing",
          arguments: [["habits"], ["region", "morning"], ["backlog"], ["list", "--all"], ["upcoming"], ["status"],
                      ["history", "today"], ["plan", "review"], ["settings"], ["category", "list"], ["remind", "--dry-run"],
                      ["habit", "grid", "Water"], ["export"], ["export", "--format", "csv"]])
    func readsChangeNothing(_ words: [String]) throws {
        let runner = try storeWithSignals()
        defer { try? FileManager.default.removeItem(at: runner.folder) }
        try runner.run(["settings", "review-time", "08:30"], now: "2026-11-30T08:20")
        try expectEqual(runner.run(["today", "--json"], now: "2026-11-30T21:00").status, 0)
        let before = try runner.contents()
        // The text `habits` marks the signals it printed, as the text Today does (below).
        // A CSV export to standard output is no JSON document, so it is read as text only (with --json it
        // asks for --out).
        for json in words == ["habits"] ? [true] : words.contains("csv") ? [false] : [false, true] {
            let result = try runner.run(words + (json ? ["--json"] : []), now: "2026-11-30T21:00")
            expectEqual(result.status, 0, "\(words): \(result.stderr)")
        }
        try expectEqual(runner.contents(), before, "charflow \(words.joined(separator: " ")) changed the store")
    }

    @Test("A-2 D11: the text habits marks the signals it printed and nothing else; the next habits or Today does not repeat them")
    func habitsTextMarksWhatItShowed() throws {
        let runner = try storeWithSignals()
        defer { try? FileManager.default.removeItem(at: runner.folder) }
        try expectEqual(runner.run(["today", "--json"], now: "2026-11-30T21:00").status, 0)
        let rows = "SELECT kind, subject, period FROM nudge_log ORDER BY kind"
        let before = try runner.storeQuery(rows, [])
        let shown = try runner.run(["habits"], now: "2026-11-30T21:00")
        expectContains(shown.stdout, "new habits in a week", "\(shown.stdout)")
        let marked = try runner.storeQuery(rows, [])
        expectEqual(marked.count, before.count + 1, "\(marked)")
        expectTrue(!(try runner.run(["habits"], now: "2026-11-30T21:01").stdout.contains("new habits in a week")))
        expectTrue(!(try signalKinds(runner, now: "2026-11-30T21:02").contains("newHabitRealism")))
    }

    @Test("A-2 P-6: remind --dry-run lists what is due without giving it; remind then gives it once")
    func remindDryRun() throws {
        let runner = try CharflowRunner(timeZone: "Europe/Berlin")
        defer { try? FileManager.default.removeItem(at: runner.folder) }
        try expectEqual(runner.run(["habit", "add", "Meds", "--window", "Morning 07:00-09:00 remind 07:30"], now: "2026-11-30T06:00").status, 0)
        for _ in 0..<2 {
            let look = try runner.run(["remind", "--dry-run"], now: "2026-11-30T07:45")
            expectContains(look.stdout, "Meds")
        }
        try expectContains(runner.run(["remind"], now: "2026-11-30T07:46").stdout, "Meds")
        expectTrue(!(try runner.run(["remind"], now: "2026-11-30T07:47").stdout.contains("Meds")))
    }
}
