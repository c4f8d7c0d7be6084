import CharflowTestSupport
import Foundation
import Testing

/// Night-planning behaviour at the edges: each test states the spec's rule it holds the command line to.
@Suite("Night planning: edges")
struct NightPlanningEdgeTests {
    static let eased = "This one keeps slipping, so I've eased it to low. Raise it again when it's real."

    @Test("P-5 S-9 the carried-over session signal is shown once per event, not on every Today")
    func carriedOverSessionOnce() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let task = try cf.add("Late work", ["--region", "evening"], now: "2026-11-30T22:00")
        try cf.ok(["begin", task], now: "2026-11-30T23:00")
        let first = try cf.planningSignals(now: "2026-12-01T08:00")
        expectEqual(first.filter { $0.kind == "sessionCarriedOver" }.map(\.task), [task], "\(first)")
        let second = try cf.planningSignals(now: "2026-12-01T08:05")
        expectTrue(second.filter { $0.kind == "sessionCarriedOver" }.isEmpty, "docs/decisions.md: the carried-over session once per event; `today --json` lists what is new: \(second)")
    }

    @Test("T-13 P-2 plan tomorrow that makes an important task's 3rd deferral says it eased it (never silent)")
    func planTomorrowEasingIsNeverSilent() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let task = try cf.add("Slipper", ["--due", "today", "--importance", "high"], now: "2026-11-30T09:00")
        try cf.ok(["plan", "carry", task, "--keep"], now: "2026-11-30T21:00")
        try cf.ok(["plan", "carry", task, "--keep"], now: "2026-12-01T21:00")
        // The third push of a due task past its day: counted, and the importance is eased.
        let text = try cf.ok(["plan", "tomorrow", task, "--region", "morning"], now: "2026-12-02T21:00").stdout
        let stored = try cf.show(task, now: "2026-12-02T21:01")
        expectEqual(stored["deferralCount"] as? Int, 3)
        expectEqual(stored["importance"] as? String, "low")
        let signals = try cf.planningSignals(now: "2026-12-03T08:00")
        let told = text.contains(Self.eased) || signals.contains { $0.kind == "importanceEased" && $0.task == task }
        expectTrue(told, "the easing must be said, in the plan step or as a signal; plan tomorrow printed:\n\(text)")
    }

    @Test("B-13 B-15 plan tomorrow refuses a completed task: its day and region stay as history")
    func planTomorrowRefusesDoneTask() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let task = try cf.add("Finished", ["--region", "afternoon"], now: "2026-11-30T09:00")
        try cf.ok(["done", task], now: "2026-11-30T10:00")
        let result = try cf.run(["plan", "tomorrow", task, "--region", "morning"], now: "2026-11-30T21:00")
        expectEqual(result.status, 1, "a done task is not planned again: \(result.stdout)")
        let stored = try cf.show(task, now: "2026-11-30T21:01")
        expectEqual(stored["dueDate"] as? String, "2026-11-30", "completed tasks keep their day")
        expectEqual(stored["region"] as? String, "afternoon", "and their region")
    }

    @Test("B-13 plan move refuses a completed task: its day stays as history")
    func planMoveRefusesDoneTask() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let task = try cf.add("Finished", ["--due", "today"], now: "2026-11-30T09:00")
        try cf.ok(["done", task], now: "2026-11-30T10:00")
        let result = try cf.run(["plan", "move", task, "--to", "2026-12-04"], now: "2026-11-30T21:00")
        expectEqual(result.status, 1, "\(result.stdout)")
        try expectEqual(cf.show(task, now: "2026-11-30T21:01")["dueDate"] as? String, "2026-11-30")
    }

    @Test("T-19 P-4 plan move of a task whose day has arrived is a deferral; only a later-due task is rescheduled")
    func planMoveOfADueTaskIsADeferral() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let dueToday = try cf.add("Due today", ["--due", "today"], now: "2026-11-30T09:00")
        let dueTomorrow = try cf.add("Due tomorrow", ["--due", "tomorrow"], now: "2026-11-30T09:00")
        try cf.ok(["plan", "move", dueTomorrow, "--to", "2026-12-04"], now: "2026-11-30T21:00")
        try expectEqual(cf.show(dueTomorrow, now: "2026-11-30T21:00")["deferralCount"] as? Int, 0)
        try cf.ok(["plan", "move", dueToday, "--to", "2026-12-04"], now: "2026-11-30T21:01")
        let moved = try cf.show(dueToday, now: "2026-11-30T21:01")
        expectEqual(moved["dueDate"] as? String, "2026-12-04")
        expectEqual(moved["deferralCount"] as? Int, 1, "task.md: pushed past a day that has arrived, uncompleted, is a deferral")
        try expectEqual(cf.planningDeferrals(dueToday, now: "2026-11-30T21:01"), [PlanningDeferral("2026-11-30", "2026-12-04", "reschedule")])
    }

    @Test("B-21 undo after plan move of a task whose day has arrived names plan move, and puts the task back")
    func undoNamesPlanMove() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let dueToday = try cf.add("Due today", ["--due", "today"], now: "2026-11-30T09:00")
        try cf.ok(["plan", "move", dueToday, "--to", "2026-12-04"], now: "2026-11-30T21:01")
        try expectEqual(cf.ok(["undo"], now: "2026-11-30T21:02").stdout, "Undid plan move.\n")
        let back = try cf.show(dueToday, now: "2026-11-30T21:02")
        expectEqual(back["dueDate"] as? String, "2026-11-30")
        expectEqual(back["deferralCount"] as? Int, 0)
    }

    @Test("P-2 T-20 T-25 Later refuses Someday for an important task and Keep from the third deferral, changing nothing")
    func carryRefusals() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let important = try cf.add("Important", ["--due", "today", "--importance", "medium"], now: "2026-11-30T09:00")
        let stderr = try cf.expectRefused(["plan", "carry", important, "--later", "someday"], now: "2026-11-30T21:00").message
        expectContains(stderr, "Important tasks need a day", "\(stderr)")
        let before = try cf.contents()
        let both = try cf.run(["plan", "carry", important, "--keep", "--drop"], now: "2026-11-30T21:00")
        expectEqual(both.status, 2, "two choices at once is bad usage: \(both.stderr)")
        try expectEqual(cf.contents(), before)
        try cf.ok(["plan", "carry", important, "--keep"], now: "2026-11-30T21:01")
        try cf.ok(["plan", "carry", important, "--keep"], now: "2026-12-01T21:01")
        try cf.ok(["plan", "review"], now: "2026-12-02T21:00")  // runs the day's rollover first
        try cf.expectRefused(["plan", "carry", important, "--keep"], now: "2026-12-02T21:01").message
        let picked = try cf.json(["plan", "carry", important, "--later", "someday", "--reason", "no-longer"],
                                         now: "2026-12-02T21:02")
        expectEqual(picked["importance"] as? String, "low", "eased first, which is what makes Someday possible")
        expectTrue(picked["dueDate"] is NSNull)
        expectEqual((picked["deferral"] as? [String: Any])?["importanceEased"] as? Bool, true)
        try expectEqual(cf.planningDeferrals(important, now: "2026-12-02T21:03").last, PlanningDeferral("2026-12-02", nil, "noLonger"))
    }

    @Test("P-1 plan close twice the same night keeps one session per date; skip after close replaces its state")
    func oneSessionPerDate() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let first = try cf.json(["plan", "close"], now: "2026-11-30T21:00")
        let second = try cf.json(["plan", "skip"], now: "2026-11-30T21:30")
        expectEqual(first["id"] as? String, second["id"] as? String, "one session per reviewed date")
        expectEqual(second["state"] as? String, "skipped")
        let review = try cf.json(["plan", "review"], now: "2026-11-30T22:00")
        expectEqual((review["session"] as? [String: Any])?["state"] as? String, "skipped")
        let tomorrow = try cf.json(["plan", "review"], now: "2026-12-01T21:00")
        expectTrue(tomorrow["session"] is NSNull, "the next night starts without one")
    }
}
