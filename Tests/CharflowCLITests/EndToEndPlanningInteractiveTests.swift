import CharflowTestSupport
import Foundation
import Testing

/// Issue 6, "Done when": interactive `charflow plan` on a terminal, the built binary driven through tmux.
@Suite("End to end · night planning, interactive, in tmux")
struct EndToEndPlanningInteractiveTests {
    @Test("P-1 P-2 interactive charflow plan in tmux: keep, later next-week, drop, place from the listed Backlog, close — all four steps stored")
    func interactivePlan() throws {
        try #require(PlanningTmux.isAvailable, "tmux is needed (apt-get install -y tmux)")
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let setup = "2026-11-30T09:00"
        // Created a minute apart, so the review lists them in this order (engine order ends with createdAt).
        let keep = try cf.add("Keep this", ["--due", "today"], now: "2026-11-30T09:01")
        let later = try cf.add("Later this", ["--due", "today"], now: "2026-11-30T09:02")
        let drop = try cf.add("Drop this", ["--due", "today"], now: "2026-11-30T09:03")
        let place = try cf.add("Place this", now: "2026-11-30T09:04")
        let water = try cf.addHabit("Water", ["--kind", "counted", "--target", "3"], now: setup)
        try cf.ok(["habit", "log", water, "--count", "2"], now: "2026-11-30T10:00")

        let command = "env -i HOME=/tmp PATH=/usr/bin:/bin CHARFLOW_DB=\(planningShellQuoted(cf.storePath)) TZ=Europe/London LANG=C.UTF-8 TERM=xterm-256color "
            + "\(planningShellQuoted(CharflowRunner.binary.path)) plan --now 2026-11-30T21:00; echo \"PLAN-EXIT-$?\"; sleep 120"
        let pane = try PlanningTmux(command: command)
        defer { pane.kill() }

        // 1. Review: today's tasks and the habit's honest partial.
        let review = try pane.waitFor("“Keep this” — [k]eep, [l]ater, [d]rop, [Enter] leave:")
        expectContains(review, "Review · Monday 30 November 2026", "\(review)")
        expectContains(review, "Still open (3)", "\(review)")
        expectContains(review, "Water: 2/3", "partial habit days read 2/3:\n\(review)")

        // 2. Carry forward: keep, later (next week, not ready), drop.
        try pane.answer("k")
        try pane.waitFor("“Later this” — [k]eep, [l]ater, [d]rop, [Enter] leave:")
        try pane.answer("l")
        try pane.waitFor("When? (tomorrow, later-this-week, next-week, someday, YYYY-MM-DD):")
        try pane.answer("next-week")
        try pane.waitFor("Why? [t]oo much, [n]ot ready, n[o] longer, [Enter] none:")
        try pane.answer("n")
        try pane.waitFor("“Drop this” — [k]eep, [l]ater, [d]rop, [Enter] leave:")
        try pane.answer("d")

        // 3. Plan tomorrow: place one task, then Enter.
        let planStep = try pane.waitFor("Place a task: ID")
        expectContains(planStep, "Plan Tuesday 1 December 2026", "\(planStep)")
        expectContains(planStep, "→ to tomorrow", "\(planStep)")
        expectContains(planStep, "→ to 7 Dec", "\(planStep)")
        expectContains(planStep, "→ dropped", "\(planStep)")
        // The step lists what it can place, with ids, before asking for one (issue 24 item 19).
        expectContains(planStep, "From the Backlog (1)", "\(planStep)")
        let listed = try #require(planStep.components(separatedBy: "From the Backlog (1)").last)
        expectTrue(listed.contains("Place this") && listed.contains(String(place.prefix(4))), "\(planStep)")
        try pane.answer("\(place) morning must high")
        let placed = try pane.waitFor("Place a task: ID", count: 2)
        expectContains(placed, "Planned “Place this”.", "\(placed)")
        try pane.answer("")

        // 4. Close.
        try pane.waitFor("[c]lose planning or [s]kip tonight?")
        try pane.answer("c")
        let done = try pane.waitFor("PLAN-EXIT-")
        expectContains(done, "Closed.", "\(done)")
        expectContains(done, "PLAN-EXIT-0", "\(done)")

        // The store shows every step.
        let at = "2026-11-30T21:30"
        let kept = try cf.show(keep, now: at)
        expectEqual(kept["dueDate"] as? String, "2026-12-01")
        expectEqual(kept["deferralCount"] as? Int, 1)
        try expectEqual(cf.planningDeferrals(keep, now: at), [PlanningDeferral("2026-11-30", "2026-12-01", "reschedule")])
        let deferred = try cf.show(later, now: at)
        expectEqual(deferred["dueDate"] as? String, "2026-12-07")
        expectEqual(deferred["deferralCount"] as? Int, 1)
        try expectEqual(cf.planningDeferrals(later, now: at), [PlanningDeferral("2026-11-30", "2026-12-07", "notReady")])
        let dropped = try cf.show(drop, now: at)
        expectTrue(dropped["droppedAt"] is String)
        expectEqual(dropped["deferralCount"] as? Int, 0)
        let planned = try cf.show(place, now: at)
        expectEqual(planned["dueDate"] as? String, "2026-12-01")
        expectEqual(planned["region"] as? String, "morning")
        expectEqual(planned["bucket"] as? String, "mustDo")
        expectEqual(planned["importance"] as? String, "high")
        let session = try cf.json(["plan", "review"], now: at)["session"] as? [String: Any]
        expectEqual(session?["state"] as? String, "closed")
        expectEqual(session?["date"] as? String, "2026-11-30")
        expectEqual(session?["planDay"] as? String, "2026-12-01")
        let tuesday = try cf.json(["today"], now: "2026-12-01T08:00")
        expectEqual(JSONPath.titles(JSONPath.tasks(tuesday, "regions", "morning", "mustDo")), ["Place this"])
    }

    @Test("P-1 interactive plan: skip tonight stores a skipped session; an unknown answer asks again")
    func interactiveSkip() throws {
        try #require(PlanningTmux.isAvailable, "tmux is needed (apt-get install -y tmux)")
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let open = try cf.add("Leave this", ["--due", "today"], now: "2026-11-30T09:00")
        let command = "env -i HOME=/tmp PATH=/usr/bin:/bin CHARFLOW_DB=\(planningShellQuoted(cf.storePath)) TZ=Europe/London LANG=C.UTF-8 TERM=xterm-256color "
            + "\(planningShellQuoted(CharflowRunner.binary.path)) plan --now 2026-11-30T21:00; echo \"PLAN-EXIT-$?\"; sleep 120"
        let pane = try PlanningTmux(command: command)
        defer { pane.kill() }
        let prompt = "“Leave this” — [k]eep, [l]ater, [d]rop, [Enter] leave:"
        try pane.waitFor(prompt)
        try pane.answer("x")
        try pane.waitFor(prompt, count: 2)
        try pane.answer("")
        try pane.waitFor("Place a task: ID")
        try pane.answer("")
        try pane.waitFor("[c]lose planning or [s]kip tonight?")
        try pane.answer("s")
        let done = try pane.waitFor("PLAN-EXIT-")
        expectContains(done, "PLAN-EXIT-0", "\(done)")
        let session = try cf.json(["plan", "review"], now: "2026-11-30T21:30")["session"] as? [String: Any]
        expectEqual(session?["state"] as? String, "skipped")
        let left = try cf.show(open, now: "2026-11-30T21:30")
        expectEqual(left["deferralCount"] as? Int, 0, "leaving a task is not a deferral")
        expectEqual(left["dueDate"] as? String, "2026-11-30")
    }

    @Test("R-6 interactive plan: the review's habit offers are answered there, yes adopting one and never declining the other")
    func interactiveHabitOffers() throws {
        try #require(PlanningTmux.isAvailable, "tmux is needed (apt-get install -y tmux)")
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        for day in ["2026-11-28", "2026-11-29", "2026-11-30"] {
            for title in ["Stretch", "Read"] {
                let id = try cf.add(title, now: "\(day)T08:00")
                try cf.ok(["done", id], now: "\(day)T08:30")
            }
        }
        let command = "env -i HOME=/tmp PATH=/usr/bin:/bin CHARFLOW_DB=\(planningShellQuoted(cf.storePath)) TZ=Europe/London LANG=C.UTF-8 TERM=xterm-256color "
            + "\(planningShellQuoted(CharflowRunner.binary.path)) plan --now 2026-11-30T21:00; echo \"PLAN-EXIT-$?\"; sleep 120"
        let pane = try PlanningTmux(command: command)
        defer { pane.kill() }
        // The latest completion first, then by title: Read, then Stretch (both done this morning).
        let review = try pane.waitFor("Make “Read” a habit? [y]es, [n]ever, [Enter] not now:")
        expectContains(review, "You've done “Stretch” every day lately. Make it a habit? charflow habit adopt stretch", "\(review)")
        try pane.answer("n")
        let declined = try pane.waitFor("Make “Stretch” a habit? [y]es, [n]ever, [Enter] not now:")
        expectContains(declined, "“Read” won't be offered as a habit again.", "\(declined)")
        try pane.answer("y")
        let planStep = try pane.waitFor("Place a task: ID")
        expectContains(planStep, "Adopted “Stretch” — daily.", "\(planStep)")
        try pane.answer("")
        try pane.waitFor("[c]lose planning or [s]kip tonight?")
        try pane.answer("c")
        let done = try pane.waitFor("PLAN-EXIT-")
        expectContains(done, "PLAN-EXIT-0", "\(done)")
        let habits = try cf.json(["habits"], now: "2026-11-30T21:30")["habits"] as? [[String: Any]] ?? []
        expectEqual(habits.map { $0["title"] as? String }, ["Stretch"])
        try expectEqual(cf.json(["today"], now: "2026-11-30T21:31")["habitOffers"], nil, "Read was declined, Stretch adopted")
    }
}
