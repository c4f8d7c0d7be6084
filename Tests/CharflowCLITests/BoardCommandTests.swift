import CharflowTestSupport
import Foundation
import Testing

/// The day board's commands beyond the stories: words accepted, tomorrow's board, boards of ended days.
@Suite("Board commands through the command line")
struct BoardCommandTests {
    static let now = "2026-11-30T09:00"

    @Test("B-2 B-3 B-6 region and bucket words: any case, must / must-do / mustDo, no bucket is Misc",
          arguments: [("must", "mustDo"), ("must-do", "mustDo"), ("mustDo", "mustDo"), ("MUST", "mustDo"),
                      ("complementary", "complementary"), ("Complementary", "complementary"), ("misc", "misc"),
                      (nil, "misc")] as [(String?, String)])
    func bucketWords(_ word: String?, _ stored: String) throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let task = try runner.json(["add", "Worded", "--region", "Evening"] + (word.map { ["--bucket", $0] } ?? []),
                                   now: Self.now)
        expectEqual(task["region"] as? String, "evening")
        expectEqual(task["bucket"] as? String, stored)
        let today = try runner.json(["today"], now: Self.now)
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "regions", "evening", stored)), ["Worded"])
    }

    @Test("B-4 B-7 tomorrow's board has its own 1–3–5 and becomes today's board without a rollover move")
    func tomorrowsBoard() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        try runner.add("Today's must", ["--region", "morning", "--bucket", "must"], now: Self.now)
        let planned = try runner.json(["add", "Tomorrow's must", "--region", "morning", "--bucket", "must",
                                       "--due", "tomorrow"], now: Self.now)
        expectEqual(planned["dueDate"] as? String, "2026-12-01")
        let refusal = try runner.expectRefused(["add", "Second for tomorrow", "--region", "morning", "--bucket", "must",
                                                "--due", "tomorrow"], now: Self.now)
        expectEqual(refusal.message, regionFullMessage("Morning"))

        // The next morning it is simply today's Must-Do, with no deferral.
        let tuesday = try runner.json(["today"], now: "2026-12-01T07:00")
        expectEqual(JSONPath.titles(JSONPath.tasks(tuesday, "regions", "morning", "mustDo")), ["Tomorrow's must"])
        expectEqual(JSONPath.tasks(tuesday, "regions", "morning", "mustDo").first?["deferralCount"] as? Int, 0)
        expectEqual(JSONPath.titles(JSONPath.tasks(tuesday, "overdue")), ["Today's must"])
    }

    @Test("B-7 B-13 placing a task on a day that has already ended is refused")
    func placingOnAnEndedDay() throws {
        // Without this rule `add --region R --due <past date>` and `move --region R --day <past date>`
        // would place a live task on an ended day's board: it would sit in the Backlog (and its count)
        // while still carrying a region and bucket.
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let parked = try runner.add("Parked", now: Self.now)
        try runner.expectRefused(["add", "Into the past", "--region", "evening", "--due", "2026-11-25"], now: Self.now)
        try runner.expectRefused(["move", parked, "--region", "morning", "--day", "2026-11-29"], now: Self.now)
        for task in try runner.backlogTasks(now: Self.now) {
            expectTrue(task["region"] is NSNull, "the Backlog lists a placed task: \(task["title"] ?? "")")
        }
    }

    @Test("B-16 a task taken off the board to the Backlog enters it today; an undated one stays in its group")
    func backlogEntryDays() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let monday = Self.now
        let placed = try runner.add("Taken off", ["--region", "afternoon"], now: monday)
        try runner.add("Parked Monday", now: monday)
        let parked = try runner.json(["move", placed, "--backlog"], now: "2026-11-30T15:00")
        let countWhenParked = try #require(parked["deferralCount"] as? Int)
        expectEqual(Set(try runner.backlogGroups(now: "2026-11-30T15:01")["Today"] ?? []), ["Taken off", "Parked Monday"])
        // Taken off Monday: Tuesday reads Yesterday, and an undated task is not moved by the rollover.
        let tuesday = try runner.backlogGroups(now: "2026-12-01T09:00")
        expectEqual(Set(tuesday["Yesterday"] ?? []), ["Taken off", "Parked Monday"])
        // Parked without a day, it gets no automatic deferral at the rollover.
        let tuesdayTask = try runner.show(placed, now: "2026-12-01T09:00")
        expectEqual(tuesdayTask["deferralCount"] as? Int, countWhenParked)
        let days = (tuesdayTask["deferrals"] as? [[String: Any]] ?? []).compactMap { $0["day"] as? String }
        expectLacks(days, "2026-12-01")
        // Next week both are Older.
        let later = try runner.backlogGroups(now: "2026-12-08T09:00")
        expectEqual(Set(later["Older"] ?? []), ["Taken off", "Parked Monday"])
    }
}
