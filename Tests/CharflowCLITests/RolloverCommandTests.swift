import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Day rollover through the command line (spec D4, FR-1.2.1): catch-up, idempotence, what never comes back.
@Suite("Rollover through the command line")
struct RolloverCommandTests {
    static let monday = "2026-11-30T09:00"
    static let friday = "2026-12-04T10:00"

    /// Monday's state before a gap: tasks placed, dated, parked, done.
    struct MondayPlan {
        let placed: String      // on Monday's Morning board, unfinished
        let dueTuesday: String  // dated Tuesday, never placed
        let placedWednesday: String // on Wednesday's Evening board, planned ahead
        let parked: String      // Backlog, no date
        let dueFriday: String   // dated Friday
        let done: String        // on Monday's board, completed

        init(_ runner: CharflowRunner) throws {
            let now = RolloverCommandTests.monday
            placed = try runner.add("Placed Monday", ["--region", "morning", "--bucket", "must", "--notes", "keep me"],
                                    now: now)
            dueTuesday = try runner.add("Due Tuesday", ["--due", "2026-12-01"], now: now)
            placedWednesday = try runner.add("Placed Wednesday", ["--region", "evening", "--due", "2026-12-02"], now: now)
            parked = try runner.add("Parked", now: now)
            dueFriday = try runner.add("Due Friday", ["--due", "2026-12-04"], now: now)
            done = try runner.add("Done Monday", ["--region", "morning"], now: now)
            _ = try runner.json(["done", done], now: "2026-11-30T16:00")
        }
    }

    @Test("B-14 T-23 catch-up from Monday to Friday gives each overdue task exactly one automatic deferral")
    func catchUpOverSeveralDays() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let plan = try MondayPlan(runner)

        let today = try runner.json(["today"], now: Self.friday)
        expectEqual(today["date"] as? String, "2026-12-04")

        for (id, due) in [(plan.placed, "2026-11-30"), (plan.dueTuesday, "2026-12-01"),
                          (plan.placedWednesday, "2026-12-02")] {
            let task = try runner.show(id, now: Self.friday)
            let title = task["title"] as? String ?? id
            expectEqual(task["deferralCount"] as? Int, 1, "\(title)")
            let deferrals = task["deferrals"] as? [[String: Any]] ?? []
            expectEqual(deferrals.count, 1, "\(title)")
            expectEqual(deferrals.first?["day"] as? String, "2026-12-04", "\(title)")
            expectEqual(deferrals.first?["deferredTo"] as? String, "2026-12-04", "\(title)")
            expectEqual(deferrals.first?["reason"] as? String, "unspecified", "\(title)")
            expectEqual(task["dueDate"] as? String, due, "\(title): the due date is kept, so it reads overdue")
            expectTrue(task["region"] is NSNull, "\(title)")
            expectTrue(task["bucket"] is NSNull, "\(title)")
        }
        try expectEqual(runner.show(plan.placed, now: Self.friday)["notes"] as? String, "keep me")

        // Nothing was due for the undated task or the task due today.
        for id in [plan.parked, plan.dueFriday, plan.done] {
            let task = try runner.show(id, now: Self.friday)
            expectEqual(task["deferralCount"] as? Int, 0, "\(task["title"] ?? id)")
            expectEqual((task["deferrals"] as? [Any])?.isEmpty, true, "\(task["title"] ?? id)")
        }

        // The completed task stays Monday's history, in its region.
        let done = try runner.show(plan.done, now: Self.friday)
        expectEqual(done["region"] as? String, "morning")
        expectEqual(done["dueDate"] as? String, "2026-11-30")
        expectEqual(done["isCompleted"] as? Bool, true)

        // Friday's views: carried-over tasks are overdue, the one due today is "due", the board is empty.
        expectEqual(Set(JSONPath.titles(JSONPath.tasks(today, "overdue"))), ["Placed Monday", "Due Tuesday", "Placed Wednesday"])
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "due")), ["Due Friday"])
        expectEqual(progressOf(today), [0, 0, 0])
        expectEqual(today["backlogCount"] as? Int, 4)
        let groups = try runner.backlogGroups(now: Self.friday)
        expectEqual(Set(groups["This Week"] ?? []), ["Placed Monday", "Due Tuesday", "Placed Wednesday", "Parked"])
        expectEqual(groups["Yesterday"], [])
    }

    @Test("B-14 T-22 used every day, a task gets one automatic deferral per logical day, never two")
    func dailyUse() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let id = try runner.add("Keeps slipping", ["--region", "afternoon"], now: Self.monday)
        for (day, hour) in [("2026-12-01", "08:00"), ("2026-12-01", "20:00"), ("2026-12-02", "08:00"),
                            ("2026-12-03", "08:00"), ("2026-12-03", "23:59"), ("2026-12-04", "00:00")] {
            _ = try runner.json(["today"], now: "\(day)T\(hour)")
        }
        let task = try runner.show(id, now: Self.friday)
        expectEqual(task["deferralCount"] as? Int, 4)
        let days = (task["deferrals"] as? [[String: Any]] ?? []).compactMap { $0["day"] as? String }
        expectEqual(days, ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"])
        expectEqual(task["isStale"] as? Bool, true)
    }

    @Test("B-14 running the same command twice, later the same day, or with the clock set back changes no task")
    func idempotent() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let plan = try MondayPlan(runner)
        let beforeFirst = try runner.contents()
        let first = try runner.run(["today"], now: Self.friday)
        expectEqual(first.status, 0)
        let afterFirst = try runner.contents()
        expectNotEqual(afterFirst, beforeFirst, "the first run on Friday rolled nothing over")

        let second = try runner.run(["today"], now: Self.friday)
        expectEqual(second.status, 0)
        try expectEqual(runner.contents(), afterFirst)

        for now in ["2026-12-04T23:59", "2026-12-03T12:00"] {
            try expectEqual(runner.run(["backlog"], now: now).status, 0)
            try expectEqual(runner.contents(), afterFirst, "changed by a run at \(now)")
        }
        // Four days back, the clock is followed (only the rollover marker moves); coming forward again
        // rolls over once more without counting or changing any task a second time.
        let tasksBefore = try Self.taskRows(runner)
        try expectEqual(runner.run(["backlog"], now: "2026-11-30T09:00").status, 0)
        try expectEqual(Self.taskRows(runner), tasksBefore, "changed by a run four days back")
        try expectEqual(runner.json(["today"], now: Self.friday)["backlogCount"] as? Int, 4)
        try expectEqual(runner.show(plan.placed, now: Self.friday)["deferralCount"] as? Int, 1)
        try expectEqual(Self.taskRows(runner), tasksBefore)
    }

    /// The task and deferral rows as text, for "no task changed" checks that ignore bookkeeping settings.
    static func taskRows(_ runner: CharflowRunner) throws -> String {
        try runner.contents().components(separatedBy: "\n# ")
            .filter { $0.hasPrefix("tasks\n") || $0.hasPrefix("deferrals\n") }.joined(separator: "\n")
    }

    /// The commands that can be the first of a new day.
    static let firstCommands: [[String]] = [
        ["today"], ["backlog"], ["list"], ["upcoming"], ["history"], ["settings"], ["region", "morning"],
        ["add", "Something new"], ["show", "{id}"],
    ]

    @Test("B-14 whichever command comes first on a new day runs the missed rollover", arguments: firstCommands)
    func anyCommandRollsOver(_ command: [String]) throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let id = try runner.add("Left on Monday", ["--region", "morning"], now: Self.monday)
        let result = try runner.run(command.map { $0 == "{id}" ? id : $0 }, now: "2026-12-01T07:00")
        expectEqual(result.status, 0, "\(result.stderr)")
        let db = try Database(path: runner.storePath)
        let row = try #require(try db.rows("SELECT region, deferral_count FROM tasks WHERE id = ?", [.text(id)]).first)
        expectEqual(row[0], .null, "still placed after `\(command.joined(separator: " "))`")
        expectEqual(row[1].int, 1)
    }

    @Test("B-9 dropped and purged tasks never come back through rollover")
    func droppedAndPurgedStayGone() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let placedDropped = try runner.add("Dropped from the board", ["--region", "morning"], now: Self.monday)
        let datedDropped = try runner.add("Dropped dated", ["--due", "today"], now: Self.monday)
        let placedPurged = try runner.add("Purged from the board", ["--region", "evening"], now: Self.monday)
        let parkedPurged = try runner.add("Purged from the Backlog", now: Self.monday)
        let keeper = try runner.add("Keeper", ["--region", "afternoon"], now: Self.monday)
        for id in [placedDropped, datedDropped] { _ = try runner.json(["delete", id], now: "2026-11-30T10:00") }
        for id in [placedPurged, parkedPurged] { _ = try runner.json(["purge", id], now: "2026-11-30T10:05") }

        for now in ["2026-12-01T09:00", Self.friday] {
            let today = try runner.json(["today"], now: now)
            expectEqual(JSONPath.titles(JSONPath.tasks(today, "overdue")), ["Keeper"], "at \(now)")
            expectEqual(today["backlogCount"] as? Int, 1, "at \(now)")
            let groups = try runner.backlogGroups(now: now)
            expectEqual(Array(groups.values.joined()), ["Keeper"], "at \(now)")
        }
        try expectEqual(runner.show(keeper, now: Self.friday)["deferralCount"] as? Int, 2)

        for id in [placedDropped, datedDropped] {
            let task = try runner.show(id, now: Self.friday)
            expectEqual(task["droppedAt"] as? String, "2026-11-30T10:00:00+00:00")
            expectEqual(task["deferralCount"] as? Int, 0)
            expectEqual((task["deferrals"] as? [Any])?.isEmpty, true)
        }
        for id in [placedPurged, parkedPurged] {
            let refusal = try runner.expectRefused(["show", id], now: Self.friday)
            expectEqual(refusal.code, "not_found")
        }
        let all = JSONPath.titles(JSONPath.tasks(try runner.json(["list", "--all"], now: Self.friday), "tasks"))
        expectEqual(Set(all), ["Dropped from the board", "Dropped dated", "Keeper"])
        let open = JSONPath.titles(JSONPath.tasks(try runner.json(["list"], now: Self.friday), "tasks"))
        expectEqual(open, ["Keeper"])
    }

    @Test("B-21 B-14 undo after a rollover never puts a carried task back on the ended day")
    func undoAfterRollover() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let id = try runner.add("Carried", ["--region", "morning"], now: Self.monday)
        _ = try runner.json(["edit", id, "--notes", "edited Monday"], now: "2026-11-30T10:00")
        _ = try runner.run(["undo"], now: "2026-12-01T09:00")
        let task = try runner.show(id, now: "2026-12-01T09:01")
        expectTrue(task["region"] is NSNull)
        expectEqual(task["deferralCount"] as? Int, 1)
        try expectEqual(runner.backlogGroups(now: "2026-12-01T09:01")["Yesterday"], ["Carried"])
    }

    @Test("B-13 un-completing a task of an ended day sends it to the Backlog, entered on that day")
    func uncompleteAfterRollover() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let id = try runner.add("Done Monday", ["--region", "morning", "--bucket", "must"], now: Self.monday)
        _ = try runner.json(["done", id], now: "2026-11-30T12:00")
        let tuesday = "2026-12-01T09:00"
        let undone = try runner.json(["undone", id], now: tuesday)
        expectEqual(undone["isCompleted"] as? Bool, false)
        expectTrue(undone["region"] is NSNull, "a live task kept its place on an ended day")
        expectTrue(undone["bucket"] is NSNull, "a live task kept its bucket on an ended day")
        try expectEqual(runner.backlogGroups(now: tuesday)["Yesterday"], ["Done Monday"])
        for listed in try runner.backlogTasks(now: tuesday) {
            expectTrue(listed["region"] is NSNull, "the Backlog lists a placed task: \(listed["title"] ?? "")")
        }
        // Today's board is untouched by it.
        expectEqual(BucketCounts(today: try runner.json(["today"], now: tuesday), "morning"), BucketCounts(0, 0, 0))
    }

    @Test("B-14 a day already rolled over is never rolled over again: a clock set back days, then forward, gives no second deferral and keeps undo",
          arguments: ["UTC", "America/New_York"])
    func dayRolledOverOnce(zone: String) throws {
        let runner = try CharflowRunner(timeZone: zone)
        defer { runner.removeFolder() }
        let task = try runner.add("Write the report", ["--region", "evening"], now: "2028-07-10T09:00")
        try runner.ok(["begin", task], now: "2028-07-10T22:00")
        // The session was cut by the day's end: the task is carried without a deferral.
        try expectEqual(runner.show(task, now: "2028-07-11T08:00")["deferralCount"] as? Int, 0)
        let other = try runner.add("Call the bank", now: "2028-07-11T08:01")
        _ = try runner.json(["today"], now: "2028-07-09T08:00")
        let again = try runner.show(task, now: "2028-07-11T08:05")
        expectEqual(again["deferralCount"] as? Int, 0, "the 11th was rolled over once already")
        expectEqual((again["deferrals"] as? [Any])?.isEmpty, true)
        // The undo history was not emptied by a rollover that changed nothing.
        try runner.ok(["undo"], now: "2028-07-11T08:06")
        try expectNotEqual(runner.run(["show", other], now: "2028-07-11T08:07").status, 0, "undo took back the add")
        // A real next day still rolls over.
        let task2 = try runner.add("Placed on the 11th", ["--region", "morning", "--due", "2028-07-11"], now: "2028-07-11T09:00")
        let next = try runner.show(task2, now: "2028-07-12T09:00")
        expectEqual(next["deferralCount"] as? Int, 1)
        expectTrue(next["region"] is NSNull)
    }
}
