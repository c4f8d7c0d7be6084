import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// `charflow begin / pause / resume / finish / status` through the command line, with the clock given by
/// `--now`; a kill -9 inside `begin` or `finish` is end to end (`EndToEndDurabilityTests`).
@Suite("Focus sessions: begin, pause, resume, finish, status (S-1 … S-13)")
struct SessionCommandTests {
    private let pickUpLine = "was in progress when the day ended"
    private let twoTimersLine = "Two timers were running; the later one was stopped and its time logged."

    // MARK: S-13

    @Test("S-13 T-7 status --json, begin --json and /api/status name the category of a task session's task")
    func sessionTaskNamesItsCategory() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let task = try cf.add("Write the report", ["--region", "morning", "--category", "Work"], now: "2026-11-30T09:00")
        let begun = try cf.json(["begin", task], now: "2026-11-30T09:01")
        expectEqual((begun["task"] as? [String: Any])?["category"] as? String, "Work", "\(begun)")
        let status = try cf.json(["status"], now: "2026-11-30T09:02")
        expectEqual((status["task"] as? [String: Any])?["category"] as? String, "Work", "\(status)")
        let server = try ServedCharflow(cf)
        defer { server.stop() }
        let answer = try server.send("GET", "/api/status").json()
        expectEqual((answer["task"] as? [String: Any])?["category"] as? String, "Work", "\(answer)")
    }

    // MARK: S-1

    @Test("S-1 status after a restart rebuilds elapsed from startedAt, pauses and the clock")
    func elapsedAfterRestart() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning", "--effort", "60"])
        try expectEqual(runner.run(["begin", id], now: "2026-11-30T09:00").status, 0)
        try expectEqual(runner.run(["pause"], now: "2026-11-30T09:20").status, 0)
        try expectEqual(runner.run(["resume"], now: "2026-11-30T09:30").status, 0)

        for _ in 0..<2 {
            let session = try #require(try runner.sessionStatus(now: "2026-11-30T10:00"))
            expectEqual(session["elapsedSeconds"] as? Int, 3000)
            expectEqual(session["pausedSeconds"] as? Int, 600)
            expectEqual(session["startedAt"] as? String, "2026-11-30T09:00:00+00:00")
            expectEqual(session["isPaused"] as? Bool, false)
        }

        // A pause in progress is excluded from elapsed.
        try expectEqual(runner.run(["pause"], now: "2026-11-30T10:00").status, 0)
        let paused = try #require(try runner.sessionStatus(now: "2026-11-30T10:15"))
        expectEqual(paused["elapsedSeconds"] as? Int, 3000)
        expectEqual(paused["isPaused"] as? Bool, true)
        expectEqual(paused["state"] as? String, "paused")
        expectEqual(paused["pausedAt"] as? String, "2026-11-30T10:00:00+00:00")
        let text = try runner.run(["status"], now: "2026-11-30T10:15")
        expectContains(text.stdout, "50 of 60 min")
        expectContains(text.stdout, "paused")
    }

    // MARK: S-2

    @Test("S-2 estimate snapshotted at Begin; editing effort later leaves it; status reads \"75 of 60 min\"")
    func estimateAndOverrun() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning", "--effort", "60"])
        let begun = try runner.run(["begin", id], now: "2026-11-30T09:00")
        expectContains(begun.stdout, "estimate 60 min")
        try expectEqual(runner.run(["edit", id, "--effort", "90"], now: "2026-11-30T09:10").status, 0)

        let onTime = try #require(try runner.sessionStatus(now: "2026-11-30T10:00"))
        expectEqual(onTime["state"] as? String, "running")
        let status = try runner.json(["status"], now: "2026-11-30T10:15")
        let session = try #require(status["session"] as? [String: Any])
        expectEqual(session["estimateMinutes"] as? Int, 60)
        expectEqual(session["state"] as? String, "overrun")
        expectEqual(session["elapsedSeconds"] as? Int, 4500)
        expectEqual((status["task"] as? [String: Any])?["effortMinutes"] as? Int, 90)

        let text = try runner.run(["status"], now: "2026-11-30T10:15")
        expectEqual(text.status, 0)
        expectEqual(text.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "▶ Write report · 75 of 60 min")
    }

    // MARK: S-3

    @Test("S-3 no implicit pause: eight hours later without a pause it is still running")
    func noImplicitPause() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Deep work", ["--region", "morning", "--effort", "none"])
        try runner.run(["begin", id], now: "2026-11-30T09:00")
        let session = try #require(try runner.sessionStatus(now: "2026-11-30T17:00"))
        expectEqual(session["isPaused"] as? Bool, false)
        expectEqual(session["state"] as? String, "running")
        expectEqual(session["pausedSeconds"] as? Int, 0)
        expectEqual(session["elapsedSeconds"] as? Int, 8 * 3600)
    }

    @Test("S-3 pause with no session, pause twice, resume when not paused: exit 1, clear message, store unchanged")
    func pauseResumeErrors() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning"])

        var before = try runner.contents()
        for command in [["pause"], ["resume"], ["finish", "--done"]] {
            let result = try runner.run(command, now: "2026-11-30T09:00")
            expectEqual(result.status, 1, "\(command)")
            expectContains(result.stderr, "No session is running.", "\(command): \(result.stderr)")
        }
        let json = try runner.run(["pause", "--json"], now: "2026-11-30T09:00")
        expectEqual(json.status, 1)
        expectEqual(((try json.json())["error"] as? [String: Any])?["code"] as? String, "no_session")
        try expectEqual(runner.contents(), before)

        try runner.run(["begin", id], now: "2026-11-30T09:00")
        before = try runner.contents()
        let notPaused = try runner.run(["resume"], now: "2026-11-30T09:05")
        expectEqual(notPaused.status, 1)
        expectContains(notPaused.stderr, "The session is not paused.")
        try expectEqual(runner.contents(), before)

        try expectEqual(runner.run(["pause"], now: "2026-11-30T09:10").status, 0)
        before = try runner.contents()
        let twice = try runner.run(["pause"], now: "2026-11-30T09:12")
        expectEqual(twice.status, 1)
        expectContains(twice.stderr, "The session is already paused.")
        try expectEqual(runner.contents(), before)
        try expectEqual(runner.sessionStatus(now: "2026-11-30T09:15")?["pausedAt"] as? String, "2026-11-30T09:10:00+00:00")
    }

    // MARK: S-4

    @Test("S-4 finish --done completes the task with completedAt == endedAt")
    func finishDone() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning", "--effort", "30"])
        try runner.run(["begin", id], now: "2026-11-30T09:00")
        let finished = try runner.run(["finish", "--done"], now: "2026-11-30T09:40")
        expectEqual(finished.status, 0)
        expectContains(finished.stdout, "40 of 30 min")

        let shown = try runner.show(id, now: "2026-11-30T09:41")
        let sessions = try #require(shown["sessions"] as? [[String: Any]])
        expectEqual(sessions.count, 1)
        expectEqual(sessions.first?["outcome"] as? String, "finished")
        expectEqual(sessions.first?["endedAt"] as? String, "2026-11-30T09:40:00+00:00")
        expectEqual(sessions.first?["actualSeconds"] as? Int, 2400)
        expectEqual(shown["isCompleted"] as? Bool, true)
        expectEqual(shown["completedAt"] as? String, sessions.first?["endedAt"] as? String)
        try expectEqual(runner.sessionStatus(now: "2026-11-30T09:41"), nil)
    }

    @Test("S-4 finish --stop ends the session abandoned: the task stays live, the time is kept")
    func finishStop() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning"])
        try runner.run(["begin", id], now: "2026-11-30T09:00")
        let stopped = try runner.run(["finish", "--stop"], now: "2026-11-30T09:25")
        expectEqual(stopped.status, 0)
        expectContains(stopped.stdout, "25 of 30 min logged")

        let shown = try runner.show(id, now: "2026-11-30T09:26")
        let sessions = try #require(shown["sessions"] as? [[String: Any]])
        expectEqual(sessions.first?["outcome"] as? String, "abandoned")
        expectEqual(sessions.first?["actualSeconds"] as? Int, 1500)
        expectEqual(shown["actualSeconds"] as? Int, 1500)
        expectEqual(shown["isCompleted"] as? Bool, false)
        expectTrue(shown["completedAt"] is NSNull)
        expectEqual(shown["region"] as? String, "morning")
        try expectEqual(runner.sessionStatus(now: "2026-11-30T09:26"), nil)
        let today = try runner.json(["today"], now: "2026-11-30T09:26")
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "regions", "morning", "misc")), ["Write report"])
    }

    @Test("S-4 finish takes exactly one of --done and --stop (bad usage, exit 2, nothing changes)")
    func finishNeedsOneChoice() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning"])
        try runner.run(["begin", id], now: "2026-11-30T09:00")
        let before = try runner.contents()
        try expectEqual(runner.run(["finish"], now: "2026-11-30T09:10").status, 2)
        try expectEqual(runner.run(["finish", "--done", "--stop"], now: "2026-11-30T09:10").status, 2)
        try expectEqual(runner.contents(), before)
        try expectEqual(runner.sessionStatus(now: "2026-11-30T09:10")?["outcome"] as? String, "running")
    }

    // MARK: S-5

    @Test("S-5 the finish note is appended as a timestamped line; the old notes are kept")
    func finishNote() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning", "--notes", "Outline first"])
        try runner.run(["begin", id], now: "2026-11-30T09:00")
        try expectEqual(runner.run(["finish", "--stop", "--note", "Got halfway"], now: "2026-11-30T09:45").status, 0)
        try expectEqual(runner.show(id, now: "2026-11-30T09:46")["notes"] as? String, "Outline first\n2026-11-30 09:45 — Got halfway")

        try runner.run(["begin", id], now: "2026-11-30T10:00")
        try expectEqual(runner.run(["finish", "--done", "--note", "Sent to Sam"], now: "2026-11-30T10:30").status, 0)
        let shown = try runner.show(id, now: "2026-11-30T10:31")
        expectEqual(shown["notes"] as? String, "Outline first\n2026-11-30 09:45 — Got halfway\n2026-11-30 10:30 — Sent to Sam")
        expectEqual(shown["isCompleted"] as? Bool, true)
    }

    // MARK: S-6

    @Test("S-6 undo of finish reopens the session and un-completes the task; the gap is added to pausedSeconds")
    func undoFinish() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning"])
        try runner.run(["begin", id], now: "2026-11-30T09:00")
        try runner.run(["pause"], now: "2026-11-30T09:10")
        try runner.run(["resume"], now: "2026-11-30T09:15")
        try runner.run(["finish", "--done"], now: "2026-11-30T09:40")
        let undone = try runner.run(["undo"], now: "2026-11-30T09:43")
        expectEqual(undone.status, 0)

        let session = try #require(try runner.sessionStatus(now: "2026-11-30T10:00"))
        expectEqual(session["outcome"] as? String, "running")
        expectTrue(session["endedAt"] is NSNull)
        expectEqual(session["pausedSeconds"] as? Int, 300 + 180)
        expectEqual(session["elapsedSeconds"] as? Int, 3600 - 480)
        let shown = try runner.show(id, now: "2026-11-30T10:00")
        expectEqual(shown["isCompleted"] as? Bool, false)
        expectTrue(shown["completedAt"] is NSNull)
        expectEqual((shown["sessions"] as? [[String: Any]])?.count, 1)
    }

    @Test("S-6 undo of begin --settle reopens the settled session with the gap as paused and removes the new one")
    func undoSettle() throws {
        let runner = try CharflowRunner()
        let first = try runner.add("Write report", ["--region", "morning"])
        let second = try runner.add("Reply to Sam", ["--region", "morning"])
        try runner.run(["begin", first], now: "2026-11-30T09:00")
        try expectEqual(runner.run(["begin", second, "--settle", "done"], now: "2026-11-30T09:30").status, 0)
        try expectEqual(runner.run(["undo"], now: "2026-11-30T09:34").status, 0)

        let session = try #require(try runner.sessionStatus(now: "2026-11-30T09:40"))
        expectEqual(session["taskID"] as? String, first)
        expectEqual(session["pausedSeconds"] as? Int, 240)
        try expectEqual(runner.show(first, now: "2026-11-30T09:40")["isCompleted"] as? Bool, false)
        expectTrue(try runner.sessionList(second, now: "2026-11-30T09:40").isEmpty)
    }

    // MARK: S-7

    @Test("S-7 begin on a second task without --settle exits 1 naming the running task; the store is unchanged")
    func beginWithoutSettle() throws {
        let runner = try CharflowRunner()
        let first = try runner.add("Write report", ["--region", "morning"])
        let second = try runner.add("Reply to Sam", ["--region", "morning"])
        try runner.run(["begin", first], now: "2026-11-30T09:00")
        let before = try runner.contents()

        let refused = try runner.run(["begin", second], now: "2026-11-30T09:30")
        expectEqual(refused.status, 1)
        expectContains(refused.stderr, "“Write report” is running")
        expectContains(refused.stderr, "--settle")
        let json = try runner.run(["begin", second, "--json"], now: "2026-11-30T09:30")
        expectEqual(json.status, 1)
        expectEqual(((try json.json())["error"] as? [String: Any])?["code"] as? String, "session_running")
        try expectEqual(runner.contents(), before)
        try expectEqual(runner.sessionStatus(now: "2026-11-30T09:31")?["taskID"] as? String, first)
    }

    @Test("S-7 begin --settle done|stop|defer|drop: outcome, time logged, the task's change, the new session live",
          arguments: ["done", "stop", "defer", "drop"])
    func beginWithSettle(choice: String) throws {
        let runner = try CharflowRunner()
        let first = try runner.add("Write report", ["--region", "morning"])
        let second = try runner.add("Reply to Sam", ["--region", "morning"])
        try runner.run(["begin", first], now: "2026-11-30T09:00")
        let begun = try runner.run(["begin", second, "--settle", choice], now: "2026-11-30T09:45")
        expectEqual(begun.status, 0, "\(begun.stderr)")
        expectContains(begun.stdout, "Logged 45 min on the previous session")

        let shown = try runner.show(first, now: "2026-11-30T09:46")
        let settled = try #require((shown["sessions"] as? [[String: Any]])?.first)
        let outcomes = ["done": "finished", "stop": "abandoned", "defer": "deferred", "drop": "dropped"]
        expectEqual(settled["outcome"] as? String, outcomes[choice])
        expectEqual(settled["actualSeconds"] as? Int, 2700)
        expectEqual(settled["endedAt"] as? String, "2026-11-30T09:45:00+00:00")
        expectEqual(shown["actualSeconds"] as? Int, 2700)

        let deferrals = shown["deferrals"] as? [[String: Any]] ?? []
        switch choice {
        case "done":
            expectEqual(shown["isCompleted"] as? Bool, true)
            expectEqual(shown["completedAt"] as? String, "2026-11-30T09:45:00+00:00")
        case "stop":
            expectEqual(shown["isCompleted"] as? Bool, false)
            expectTrue(shown["droppedAt"] is NSNull)
            expectEqual(shown["dueDate"] as? String, "2026-11-30")
            expectEqual(shown["deferralCount"] as? Int, 0)
        case "defer":
            expectEqual(shown["isCompleted"] as? Bool, false)
            expectEqual(shown["dueDate"] as? String, "2026-12-01")
            expectEqual(shown["deferralCount"] as? Int, 1)
            expectEqual(deferrals.count, 1)
            expectEqual(deferrals.first?["day"] as? String, "2026-11-30")
            expectEqual(deferrals.first?["deferredTo"] as? String, "2026-12-01")
        default:
            expectEqual(shown["droppedAt"] as? String, "2026-11-30T09:45:00+00:00")
            expectEqual(shown["isCompleted"] as? Bool, false)
        }
        if choice != "defer" { expectEmpty(deferrals) }

        let live = try #require(try runner.sessionStatus(now: "2026-11-30T09:50"))
        expectEqual(live["taskID"] as? String, second)
        expectEqual(live["startedAt"] as? String, "2026-11-30T09:45:00+00:00")
        expectEqual(live["elapsedSeconds"] as? Int, 300)
        try expectEqual(runner.sessionScalar("SELECT count(*) FROM sessions WHERE ended_at IS NULL")?.int, 1)
    }

    // MARK: S-8

    @Test("S-8 done, defer or delete of the task while its session is live closes it as finished, deferred, dropped",
          arguments: [("done", "finished"), ("defer", "deferred"), ("delete", "dropped")])
    func resolvingClosesSession(command: String, outcome: String) throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning"])
        try runner.run(["begin", id], now: "2026-11-30T09:00")
        let result = try runner.run([command, id], now: "2026-11-30T09:30")
        expectEqual(result.status, 0, "\(result.stderr)")
        try expectEqual(runner.sessionStatus(now: "2026-11-30T09:31"), nil)
        let sessions = try runner.sessionList(id, now: "2026-11-30T09:31")
        expectEqual(sessions.count, 1)
        expectEqual(sessions.first?["outcome"] as? String, outcome)
        expectEqual(sessions.first?["endedAt"] as? String, "2026-11-30T09:30:00+00:00")
        expectEqual(sessions.first?["actualSeconds"] as? Int, 1800)
    }

    @Test("S-8 edit --due tomorrow on a task whose day has come is a deferral: its live session closes as deferred")
    func editDueClosesSession() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning"])
        try runner.run(["begin", id], now: "2026-11-30T09:00")
        try expectEqual(runner.run(["edit", id, "--due", "tomorrow"], now: "2026-11-30T09:30").status, 0)
        let shown = try runner.show(id, now: "2026-11-30T09:31")
        expectEqual(shown["deferralCount"] as? Int, 1)
        expectEqual((shown["sessions"] as? [[String: Any]])?.first?["outcome"] as? String, "deferred")
        try expectEqual(runner.sessionStatus(now: "2026-11-30T09:31"), nil)
    }

    // MARK: S-9

    @Test("S-9 live at rollover: autoClosed at the boundary even 3 days later; carried without a deferral")
    func autoClosedThreeDaysLater() throws {
        let runner = try CharflowRunner()
        let worked = try runner.add("Write report", ["--region", "morning"])
        let untouched = try runner.add("Reply to Sam", ["--region", "morning"])
        try runner.run(["begin", worked], now: "2026-11-30T22:00")

        let today = try runner.json(["today"], now: "2026-12-03T10:00")
        expectTrue(today["session"] is NSNull)
        let shown = try runner.show(worked, now: "2026-12-03T10:00")
        let session = try #require((shown["sessions"] as? [[String: Any]])?.first)
        expectEqual(session["outcome"] as? String, "autoClosed")
        expectEqual(session["endedAt"] as? String, "2026-12-01T00:00:00+00:00")
        expectEqual(session["actualSeconds"] as? Int, 7200)
        expectEqual(session["day"] as? String, "2026-11-30")
        expectEqual(shown["deferralCount"] as? Int, 0)
        expectEqual((shown["deferrals"] as? [[String: Any]])?.isEmpty, true)
        let other = try runner.show(untouched, now: "2026-12-03T10:00")
        expectEqual(other["deferralCount"] as? Int, 1)
        expectEqual((other["deferrals"] as? [[String: Any]])?.count, 1)
        expectEqual(Set(JSONPath.titles(JSONPath.tasks(today, "overdue"))), ["Write report", "Reply to Sam"])
    }

    @Test("S-9 the next day's today offers the carried task back: a sessionCarriedOver signal and one row of text")
    func offeredNextDay() throws {
        let runner = try CharflowRunner()
        let worked = try runner.add("Write report", ["--region", "morning"])
        try runner.add("Reply to Sam", ["--region", "morning"])
        try runner.run(["begin", worked], now: "2026-11-30T23:00")

        let today = try runner.json(["today"], now: "2026-12-01T08:00")
        let signals = today["signals"] as? [[String: Any]] ?? []
        let carried = signals.filter { $0["kind"] as? String == "sessionCarriedOver" }
        expectEqual(carried.count, 1)
        expectEqual(carried.first?["task"] as? String, worked)
        expectEqual((carried.first?["message"] as? String)?.contains("Write report"), true)

        let text = try runner.run(["today"], now: "2026-12-01T08:01")
        expectEqual(text.status, 0)
        expectEqual(sessionOccurrences(of: pickUpLine, in: text.stdout), 1)
        expectContains(text.stdout, "“Write report” \(pickUpLine)")

        // Once it is begun again, the offer is gone.
        try runner.run(["begin", worked], now: "2026-12-01T09:00")
        try runner.run(["finish", "--stop"], now: "2026-12-01T09:10")
        expectEqual(sessionOccurrences(of: pickUpLine, in: try runner.run(["today"], now: "2026-12-01T09:11").stdout), 0)
    }

    @Test("S-9 the offer to pick a cut session back up is made on the next day Charflow is used only, not the days after")
    func offeredOnlyNextDay() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let worked = try runner.add("Write report", ["--region", "morning"], now: "2026-01-24T09:00")
        try runner.run(["begin", worked], now: "2026-01-24T23:00")
        let next = try runner.run(["today"], now: "2026-01-25T08:00")
        expectEqual(sessionOccurrences(of: pickUpLine, in: next.stdout), 1, "\(next.stdout)")
        for day in ["2026-01-26T08:00", "2026-02-28T08:00"] {
            let later = try runner.run(["today"], now: day)
            expectEqual(sessionOccurrences(of: pickUpLine, in: later.stdout), 0, "\(day): \(later.stdout)")
            let signals = try runner.json(["today"], now: day)["signals"] as? [[String: Any]] ?? []
            expectTrue(!signals.contains { $0["kind"] as? String == "sessionCarriedOver" }, "\(day)")
        }
    }

    @Test("S-9 with settings rollover-time 04:00 the session runs past midnight and closes at 04:00")
    func rolloverAtFour() throws {
        let runner = try CharflowRunner()
        try expectEqual(runner.run(["settings", "rollover-time", "04:00"], now: "2026-11-30T09:00").status, 0)
        let id = try runner.add("Late work", ["--region", "evening"], now: "2026-11-30T21:00")
        try runner.run(["begin", id], now: "2026-12-01T01:00")
        let before = try #require(try runner.sessionStatus(now: "2026-12-01T03:59"))
        expectEqual(before["day"] as? String, "2026-11-30")
        expectEqual(before["elapsedSeconds"] as? Int, 2 * 3600 + 59 * 60)

        let session = try #require(try runner.sessionList(id, now: "2026-12-01T05:00").first)
        expectEqual(session["outcome"] as? String, "autoClosed")
        expectEqual(session["endedAt"] as? String, "2026-12-01T04:00:00+00:00")
        expectEqual(session["actualSeconds"] as? Int, 3 * 3600)
        try expectEqual(runner.show(id, now: "2026-12-01T05:00")["deferralCount"] as? Int, 0)
        let signals = try runner.json(["today"], now: "2026-12-01T05:01")["signals"] as? [[String: Any]] ?? []
        expectTrue(signals.contains { $0["kind"] as? String == "sessionCarriedOver" && $0["task"] as? String == id })
    }

    @Test("S-9 in America/New_York across the 2026-11-01 DST end the session closes at the real rollover instant",
          arguments: [
              // rollover, add at, begin at, expected endedAt, real seconds
              ("00:00", "2026-11-01T00:10", "2026-11-01T00:30", "2026-11-02T00:00:00-05:00", 88_200),
              ("04:00", "2026-10-31T09:00", "2026-10-31T23:00", "2026-11-01T04:00:00-05:00", 21_600),
          ])
    func rolloverAcrossDST(rollover: String, addAt: String, beginAt: String, endedAt: String, seconds: Int) throws {
        let runner = try CharflowRunner(timeZone: "America/New_York")
        try expectEqual(runner.run(["settings", "rollover-time", rollover], now: addAt).status, 0)
        let id = try runner.add("Night shift notes", ["--region", "evening"], now: addAt)
        let begun = try runner.run(["begin", id], now: beginAt)
        expectEqual(begun.status, 0, "\(begun.stderr)")

        let session = try #require(try runner.sessionList(id, now: "2026-11-03T09:00").first)
        expectEqual(session["outcome"] as? String, "autoClosed")
        expectEqual(session["endedAt"] as? String, endedAt)
        expectEqual(session["actualSeconds"] as? Int, seconds)
        try expectEqual(runner.show(id, now: "2026-11-03T09:00")["deferralCount"] as? Int, 0)
    }

    // MARK: S-10

    @Test("S-10 no end-of-day stop: a session running past 19:00 is still running at 23:00")
    func endOfDayNeverStops() throws {
        let runner = try CharflowRunner()
        try expectEqual(runner.run(["settings", "end-of-day", "19:00"], now: "2026-11-30T09:00").status, 0)
        let id = try runner.add("Write report", ["--region", "evening"])
        try runner.run(["begin", id], now: "2026-11-30T18:00")
        try expectEqual(runner.run(["today"], now: "2026-11-30T19:30").status, 0)
        let session = try #require(try runner.sessionStatus(now: "2026-11-30T23:00"))
        expectEqual(session["taskID"] as? String, id)
        expectTrue(session["endedAt"] is NSNull)
        expectEqual(session["outcome"] as? String, "running")
        expectEqual(session["elapsedSeconds"] as? Int, 5 * 3600)
        let today = try runner.json(["today"], now: "2026-11-30T23:00")
        expectEqual((today["session"] as? [String: Any])?["taskID"] as? String, id)
    }

    // MARK: S-11

    @Test("S-11 two live sessions: the later-started is closed abandoned, time logged, today says so exactly once")
    func twoLiveSessions() throws {
        let runner = try CharflowRunner()
        let first = try runner.add("Write report", ["--region", "morning"])
        let second = try runner.add("Reply to Sam", ["--region", "morning"])
        try runner.run(["begin", first], now: "2026-11-30T09:00")
        try runner.sessionInsertLive(task: second, startedAt: "2026-11-30T09:10:00.000Z", day: "2026-11-30")

        let status = try runner.run(["status"], now: "2026-11-30T09:40")
        expectEqual(status.status, 0)
        expectContains(status.stdout, "Write report")
        try expectEqual(runner.sessionScalar("SELECT count(*) FROM sessions WHERE ended_at IS NULL")?.int, 1)
        let stopped = try #require(try runner.sessionList(second, now: "2026-11-30T09:40").first)
        expectEqual(stopped["outcome"] as? String, "abandoned")
        expectEqual(stopped["endedAt"] as? String, "2026-11-30T09:40:00+00:00")
        expectEqual(stopped["actualSeconds"] as? Int, 1800)
        try expectEqual(runner.sessionStatus(now: "2026-11-30T09:40")?["taskID"] as? String, first)

        let today = try runner.run(["today"], now: "2026-11-30T09:41")
        expectEqual(sessionOccurrences(of: twoTimersLine, in: today.stdout), 1)
        let again = try runner.run(["today"], now: "2026-11-30T09:42")
        expectEqual(again.status, 0)
        expectEqual(sessionOccurrences(of: twoTimersLine, in: again.stdout), 0)
    }

    // MARK: S-12

    @Test("S-12 actual time is the sum of a task's sessions in show --json; done without a session has 0")
    func actualIsSum() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning"])
        let quick = try runner.add("Quick call", ["--region", "morning"])
        try runner.run(["begin", id], now: "2026-11-30T09:00")
        try runner.run(["finish", "--stop"], now: "2026-11-30T09:20")
        try runner.run(["begin", id], now: "2026-11-30T10:00")
        try runner.run(["pause"], now: "2026-11-30T10:10")
        try runner.run(["resume"], now: "2026-11-30T10:20")
        try runner.run(["finish", "--done"], now: "2026-11-30T10:45")

        let shown = try runner.show(id, now: "2026-11-30T11:00")
        let sessions = shown["sessions"] as? [[String: Any]] ?? []
        expectEqual(sessions.compactMap { $0["actualSeconds"] as? Int }, [1200, 2100])
        expectEqual(shown["actualSeconds"] as? Int, 3300)

        let done = try runner.run(["done", quick], now: "2026-11-30T11:00")
        expectEqual(done.status, 0)
        let quickShown = try runner.show(quick, now: "2026-11-30T11:01")
        expectEqual(quickShown["isCompleted"] as? Bool, true)
        expectEqual(quickShown["actualSeconds"] as? Int, 0)
        expectEqual((quickShown["sessions"] as? [Any])?.isEmpty, true)
    }

    // MARK: S-13

    @Test("S-13 a session in status --json has exactly one of taskID and habitWindowID")
    func oneSubject() throws {
        let runner = try CharflowRunner()
        let id = try runner.add("Write report", ["--region", "morning"])
        try runner.run(["begin", id], now: "2026-11-30T09:00")
        let onTask = try #require(try runner.sessionStatus(now: "2026-11-30T09:05"))
        expectEqual(onTask["taskID"] as? String, id)
        expectTrue(onTask["habitWindowID"] is NSNull)
        try runner.run(["finish", "--stop"], now: "2026-11-30T09:06")

        let window = UUID().uuidString.lowercased()
        try runner.sessionInsertLive(task: nil, window: window, startedAt: "2026-11-30T09:10:00.000Z", day: "2026-11-30")
        let onHabit = try #require(try runner.sessionStatus(now: "2026-11-30T09:20"))
        expectTrue(onHabit["taskID"] is NSNull)
        expectEqual(onHabit["habitWindowID"] as? String, window)
        expectEqual(onHabit["elapsedSeconds"] as? Int, 600)
        #expect(try runner.sessionScalar("""
            SELECT count(*) FROM sessions WHERE (task_id IS NULL) = (habit_window_id IS NULL)
            """)?.int == 0)
    }
}
