@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Focus sessions through the `CharflowApp` use cases, on a real SQLite file; the clock moves by reopening.
@Suite("Focus sessions: the use cases through CharflowApp on a real store (S-1 … S-13)")
struct FocusSessionUseCaseTests {
    private let day = "2026-11-30"

    // MARK: S-1 derived elapsed

    @Test("S-1 elapsed is rebuilt from startedAt, pauses and the clock after a restart")
    func elapsedRebuiltAfterRestart() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report", effort: 60)
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        try store.open(day, "09:20").pauseSession()
        try store.open(day, "09:30").resumeSession()

        let first = try #require(try store.open(day, "10:00").liveSession())
        let second = try #require(try store.open(day, "10:00").liveSession())
        let now = try store.instant(day, "10:00")
        expectEqual(first.elapsedSeconds(at: now), 3000)
        expectEqual(second.elapsedSeconds(at: now), 3000)
        expectEqual(first, second)
        expectEqual(first.pausedSeconds, 600)
        expectEqual(first.startedAt, (try store.instant(day, "09:00")))

        // A pause in progress is excluded: a quarter of an hour later, the same number.
        try store.open(day, "10:00").pauseSession()
        let later = try store.open(day, "10:15")
        let paused = try #require(try later.liveSession())
        expectEqual(paused.elapsedSeconds(at: later.now), 3000)
        expectTrue(paused.isPaused)
        expectEqual(paused.state(at: later.now), .paused)
        expectEqual(paused.pausedSeconds, 600)
    }

    // MARK: S-2 estimate snapshot

    @Test("S-2 the estimate is snapshotted at Begin: editing effort later leaves it; overrun reads 75 of 60 min")
    func estimateSnapshot() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report", effort: 60)
        let begun = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        expectEqual(begun.session.estimateMinutes, 60)
        var edit = EditTask.Input(task: task.id)
        edit.effort = EffortChoice(minutes: 90)
        try store.open(day, "09:10").editTask(edit)

        let before = try store.open(day, "10:00")
        let live = try #require(try before.liveSession())
        expectEqual(live.estimateMinutes, 60)
        try expectEqual(before.sessionReload(task).effortMinutes, 90)
        expectEqual(live.state(at: before.now), .running)

        let after = try store.open(day, "10:15")
        let overrun = try #require(try after.liveSession())
        expectEqual(overrun.state(at: after.now), .overrun)
        expectEqual(Sessions.progressText(overrun, at: after.now), "75 of 60 min")
    }

    // MARK: S-3 no implicit pause

    @Test("S-3 no implicit pause: eight hours later without a pause the session is still running")
    func noImplicitPause() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Deep work", effort: .some(nil))
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let later = try store.open(day, "17:00")
        let live = try #require(try later.liveSession())
        expectTrue(!live.isPaused)
        expectEqual(live.pausedSeconds, 0)
        expectEqual(live.state(at: later.now), .running)
        expectEqual(live.elapsedSeconds(at: later.now), 8 * 3600)
    }

    // MARK: S-4 finish

    @Test("S-4 finish Done completes the task with completedAt == endedAt")
    func finishDone() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let app = try store.open(day, "09:40")
        let report = try app.finishSession(FinishSession.Input(.done, note: nil))
        let session = report.session
        let finished = report.task
        let endedAt = try #require(session.endedAt)
        expectEqual(endedAt, app.now)
        expectEqual(session.outcome, .finished)
        expectEqual(session.actualSeconds, 2400)
        let stored = try app.sessionReload(task)
        expectTrue(stored.isCompleted)
        expectEqual(stored.completedAt, endedAt)
        expectEqual(finished?.completedAt, endedAt)
        try expectEqual(app.liveSession(), nil)
        try expectEqual(app.sessionList(task).map(\.outcome), [.finished])
    }

    @Test("S-4 finish Stop for now: abandoned, the task stays live and undone, the time is kept")
    func finishStop() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let app = try store.open(day, "09:25")
        let report = try app.finishSession(FinishSession.Input(.stop, note: nil))
        let session = report.session
        expectEqual(session.outcome, .abandoned)
        expectEqual(session.endedAt, app.now)
        expectEqual(session.actualSeconds, 1500)
        let stored = try app.sessionReload(task)
        expectTrue(stored.isLive)
        expectTrue(!stored.isCompleted)
        expectEqual(stored.completedAt, nil)
        expectEqual(stored.region, .morning)
        try expectEqual(app.actualSeconds(of: stored), 1500)
        try expectEqual(app.liveSession(), nil)
    }

    @Test("S-4 finishing while paused logs only the worked time")
    func finishWhilePaused() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        try store.open(day, "09:10").pauseSession()
        let report = try store.open(day, "09:30").finishSession(FinishSession.Input(.stop, note: nil))
        let session = report.session
        expectEqual(session.actualSeconds, 600)
        expectEqual(session.pausedSeconds, 1200)
        expectEqual(session.pausedAt, nil)
    }

    // MARK: S-5 note

    @Test("S-5 the finish note is appended as a timestamped line; the old notes are kept")
    func finishNote() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report", notes: "Outline first")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        _ = try store.open(day, "09:45").finishSession(FinishSession.Input(.stop, note: "Got halfway"))
        try expectEqual(store.open(day, "09:46").sessionReload(task).notes, "Outline first\n2026-11-30 09:45 — Got halfway")

        _ = try store.open(day, "10:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        _ = try store.open(day, "10:30").finishSession(FinishSession.Input(.done, note: "  Sent to Sam  "))
        let final = try store.open(day, "10:31").sessionReload(task)
        expectEqual(final.notes, "Outline first\n2026-11-30 09:45 — Got halfway\n2026-11-30 10:30 — Sent to Sam")
        expectTrue(final.isCompleted)
    }

    @Test("S-5 a blank note adds no line")
    func blankNote() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report", notes: "Keep me")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        _ = try store.open(day, "09:30").finishSession(FinishSession.Input(.stop, note: "   "))
        try expectEqual(store.open(day, "09:31").sessionReload(task).notes, "Keep me")
    }

    // MARK: S-6 undo of finish

    @Test("S-6 undo of finish reopens the session, un-completes the task and adds the gap to pausedSeconds")
    func undoFinish() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report", notes: "Outline")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        try store.open(day, "09:10").pauseSession()
        try store.open(day, "09:15").resumeSession()
        _ = try store.open(day, "09:40").finishSession(FinishSession.Input(.done, note: "Sent"))
        try expectEqual(store.open(day, "09:43").store.undo(), "finish")

        let app = try store.open(day, "10:00")
        let live = try #require(try app.liveSession())
        expectEqual(live.endedAt, nil)
        expectEqual(live.outcome, .running)
        expectEqual(live.actualSeconds, 0)
        expectEqual(live.pausedSeconds, 300 + 180)
        expectEqual(live.elapsedSeconds(at: app.now), 3600 - 480)
        let stored = try app.sessionReload(task)
        expectTrue(!stored.isCompleted)
        expectEqual(stored.completedAt, nil)
        expectEqual(stored.notes, "Outline")
        try expectEqual(app.sessionLiveCount(), 1)
    }

    @Test("S-6 undo of a finish that closed a paused session leaves it paused, the pause unchanged")
    func undoFinishOfPaused() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        try store.open(day, "09:10").pauseSession()
        _ = try store.open(day, "09:20").finishSession(FinishSession.Input(.stop, note: nil))
        try store.open(day, "09:25").store.undo()
        let reopened = try #require(try store.open(day, "09:26").liveSession())
        expectEqual(reopened.pausedAt, (try store.instant(day, "09:10")))
        expectEqual(reopened.pausedSeconds, 0)
        let resumed = try store.open(day, "09:30").resumeSession().session
        expectEqual(resumed.pausedSeconds, 1200)
        expectEqual(resumed.elapsedSeconds(at: try store.instant(day, "09:40")), 1200)
    }

    @Test("S-6 undo of done, drop, defer or a settle that closed the session reopens it with the gap as paused",
          arguments: ["done", "drop", "defer", "settle"])
    func undoOtherClosers(action: String) throws {
        let store = try AppTestStore()
        let setup = try store.open(day, "09:00")
        let task = try setup.sessionAdd("Write report")
        let other = try setup.sessionAdd("Reply to Sam")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let acting = try store.open(day, "09:30")
        switch action {
        case "done": try acting.completeTask(CompleteTask.Input(task: task.id))
        case "drop": try acting.store.drop(task.id.uuidString)
        case "defer": try acting.deferTask(DeferTask.Input(task: task.id))
        default: _ = try acting.beginSession(BeginSession.Input(task: other.id, settle: .stop))
        }
        try expectNotEqual(store.open(day, "09:30").liveSession()?.taskID, task.id)
        try store.open(day, "09:32").store.undo()

        let app = try store.open(day, "09:35")
        let live = try #require(try app.liveSession())
        expectEqual(live.taskID, task.id)
        expectEqual(live.pausedSeconds, 120)
        expectEqual(live.elapsedSeconds(at: app.now), 35 * 60 - 120)
        try expectEqual(app.sessionLiveCount(), 1)
        try expectEmpty(app.sessionList(other))
        let stored = try app.sessionReload(task)
        expectTrue(stored.isLive)
        expectEqual(stored.deferralCount, 0)
        expectTrue(try app.store.taskRepository.deferrals(ofTask: stored.id).isEmpty)
    }

    // MARK: S-7 one timer

    @Test("S-7 begin on a second task without a settle choice is refused, naming the running task; nothing changes")
    func beginWithoutSettle() throws {
        let store = try AppTestStore()
        let setup = try store.open(day, "09:00")
        let task = try setup.sessionAdd("Write report")
        let other = try setup.sessionAdd("Reply to Sam")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let app = try store.open(day, "09:30")
        let before = try AppTestStore.contents(app)
        #expect(throws: PlannerError.sessionRunning(title: "Write report", progress: "30 of 30 min")) {
            try app.beginSession(BeginSession.Input(task: other.id, settle: nil))
        }
        try expectEqual(AppTestStore.contents(app), before)
        expectTrue(PlannerError.sessionRunning(title: "Write report", progress: "30 of 30 min").message
            .contains("“Write report”"))
    }

    @Test("S-7 begin on another task with --settle: outcome, time logged, the task's change, the new session live",
          arguments: SessionSettle.allCases)
    func beginWithSettle(choice: SessionSettle) throws {
        let store = try AppTestStore()
        let setup = try store.open(day, "09:00")
        let task = try setup.sessionAdd("Write report")
        let other = try setup.sessionAdd("Reply to Sam")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let app = try store.open(day, "09:45")
        let result = try app.beginSession(BeginSession.Input(task: other.id, settle: choice))

        let settled = try #require(result.settled)
        expectEqual(settled.taskID, task.id)
        expectEqual(settled.outcome, choice.outcome)
        expectEqual(settled.endedAt, app.now)
        expectEqual(settled.actualSeconds, 2700)
        try expectEqual(app.sessionList(task).map(\.actualSeconds), [2700])

        let stored = try app.sessionReload(task)
        switch choice {
        case .done:
            expectTrue(stored.isCompleted)
            expectEqual(stored.completedAt, app.now)
        case .stop:
            expectTrue(stored.isLive)
            expectEqual(stored.dueDate, app.today)
            expectEqual(stored.deferralCount, 0)
        case .defer:
            expectTrue(stored.isLive)
            expectEqual(stored.dueDate, app.today.adding(days: 1))
            expectEqual(stored.deferralCount, 1)
            let records = try app.store.taskRepository.deferrals(ofTask: stored.id)
            expectEqual(records.count, 1)
            expectEqual(records.first?.day, app.today)
            expectEqual(records.first?.deferredTo, app.today.adding(days: 1))
        case .drop:
            expectEqual(stored.droppedAt, app.now)
            expectTrue(!stored.isCompleted)
        }
        if choice != .defer { expectTrue(try app.store.taskRepository.deferrals(ofTask: stored.id).isEmpty) }

        let live = try #require(try app.liveSession())
        expectEqual(live.id, result.session.id)
        expectEqual(live.taskID, other.id)
        expectEqual(live.startedAt, app.now)
        try expectEqual(app.sessionLiveCount(), 1)
    }

    @Test("S-7 beginning the task that is already running, a done task or a deleted one is refused")
    func beginRefusals() throws {
        let store = try AppTestStore()
        let setup = try store.open(day, "09:00")
        let task = try setup.sessionAdd("Write report")
        let done = try setup.sessionAdd("Already done")
        let dropped = try setup.sessionAdd("Let go")
        try setup.completeTask(CompleteTask.Input(task: done.id))
        try setup.store.drop(dropped.id.uuidString)
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let app = try store.open(day, "09:10")
        let before = try AppTestStore.contents(app)
        #expect(throws: PlannerError.alreadyRunning) { try app.beginSession(BeginSession.Input(task: task.id, settle: .stop)) }
        #expect(throws: PlannerError.alreadyDone) { try app.beginSession(BeginSession.Input(task: done.id, settle: .stop)) }
        #expect(throws: PlannerError.taskDropped) { try app.beginSession(BeginSession.Input(task: dropped.id, settle: .stop)) }
        try expectEqual(AppTestStore.contents(app), before)
    }

    // MARK: S-8 resolving the task ends its session

    @Test("S-8 done, defer or drop of the task while its session is live closes it with the matching outcome",
          arguments: [("done", SessionOutcome.finished), ("defer", .deferred), ("drop", .dropped)])
    func resolvingClosesSession(action: String, outcome: SessionOutcome) throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let app = try store.open(day, "09:30")
        switch action {
        case "done": try app.completeTask(CompleteTask.Input(task: task.id))
        case "defer": try app.deferTask(DeferTask.Input(task: task.id))
        default: try app.store.drop(task.id.uuidString)
        }
        try expectEqual(app.liveSession(), nil)
        let sessions = try app.sessionList(task)
        expectEqual(sessions.count, 1)
        expectEqual(sessions.first?.outcome, outcome)
        expectEqual(sessions.first?.endedAt, app.now)
        expectEqual(sessions.first?.actualSeconds, 1800)
    }

    @Test("S-8 a deferral counted through edit --due, the Backlog or a later board also closes the session as deferred",
          arguments: ["edit", "backlog", "board"])
    func otherDeferralsCloseSession(path: String) throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let app = try store.open(day, "09:30")
        switch path {
        case "edit":
            var edit = EditTask.Input(task: task.id)
            edit.due = .tomorrow
            try app.editTask(edit)
        case "backlog":
            try app.moveTask(MoveTask.Input(task: task.id, to: .backlog))
        default:
            try app.moveTask(MoveTask.Input(task: task.id, to: .board(region: .afternoon, bucket: nil, day: .tomorrow)))
        }
        // The move was a real deferral (task.md): counted, with a record.
        try expectEqual(app.sessionReload(task).deferralCount, 1)
        try expectEqual(app.store.taskRepository.deferrals(ofTask: task.id).count, 1)
        // So its live session closes as deferred, with its time logged (S-8).
        try expectEqual(app.liveSession(), nil)
        let session = try #require(try app.sessionList(task).first)
        expectEqual(session.outcome, .deferred)
        expectEqual(session.actualSeconds, 1800)
    }

    @Test("S-7 settle defer never pulls a task that is due later to an earlier day")
    func settleDeferNeverPullsForward() throws {
        let store = try AppTestStore()
        let setup = try store.open(day, "09:00")
        let friday = try #require(LocalDay("2026-12-04"))
        let task = try setup.sessionAdd("Friday thing", region: nil, due: .date(friday))
        let other = try setup.sessionAdd("Reply to Sam")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let app = try store.open(day, "09:30")
        let result = try app.beginSession(BeginSession.Input(task: other.id, settle: .defer))
        expectEqual(result.settled?.actualSeconds, 1800)
        let stored = try app.sessionReload(task)
        let due = try #require(stored.dueDate)
        expectTrue(due >= friday, "“Defer to tomorrow” moved a task due \(friday) earlier, to \(due)")
        expectEqual(stored.deferralCount, 0)
    }

    // MARK: S-9 rollover

    @Test("S-9 live at rollover: autoClosed at the boundary even when the next command is 3 days later")
    func autoClosedAtBoundary() throws {
        let store = try AppTestStore()
        let setup = try store.open(day, "09:00")
        let task = try setup.sessionAdd("Write report")
        let other = try setup.sessionAdd("Reply to Sam")
        _ = try store.open(day, "22:00").beginSession(BeginSession.Input(task: task.id, settle: nil))

        let app = try store.open("2026-12-03", "10:00")
        try expectEqual(app.liveSession(), nil)
        let session = try #require(try app.sessionList(task).first)
        expectEqual(session.outcome, .autoClosed)
        expectEqual(session.endedAt, (try store.instant("2026-12-01", "00:00")))
        expectEqual(session.actualSeconds, 2 * 3600)
        expectEqual(session.day, LocalDay(day))

        let carried = try app.sessionReload(task)
        expectEqual(carried.deferralCount, 0)
        expectTrue(try app.store.taskRepository.deferrals(ofTask: carried.id).isEmpty)
        expectTrue(carried.isLive)
        expectEqual(carried.region, nil)
        let overdue = try app.sessionReload(other)
        expectEqual(overdue.deferralCount, 1)
        try expectEqual(app.store.taskRepository.deferrals(ofTask: overdue.id).count, 1)
        try expectEqual(app.store.app.offeredTask()?.id, task.id)
    }

    @Test("S-9 a session paused when the day ends closes at the boundary with the pause left out")
    func pausedAtRollover() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        _ = try store.open(day, "22:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        try store.open(day, "23:00").pauseSession()
        let app = try store.open("2026-12-02", "09:00")
        let session = try #require(try app.sessionList(task).first)
        expectEqual(session.outcome, .autoClosed)
        expectEqual(session.endedAt, (try store.instant("2026-12-01", "00:00")))
        expectEqual(session.pausedAt, nil)
        expectEqual(session.pausedSeconds, 3600)
        expectEqual(session.actualSeconds, 3600)
    }

    @Test("S-9 the carried task is offered back until it is begun again")
    func offeredUntilBegun() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        _ = try store.open(day, "23:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        try expectEqual(store.open("2026-12-01", "08:00").store.app.offeredTask()?.id, task.id)
        try expectEqual(store.open("2026-12-01", "08:05").store.app.offeredTask()?.id, task.id)
        _ = try store.open("2026-12-01", "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        try expectEqual(store.open("2026-12-01", "09:05").store.app.offeredTask(), nil)
    }

    @Test("S-9 with rollover-time 04:00 a session runs past midnight and closes at 04:00")
    func rolloverAtFour() throws {
        let store = try AppTestStore()
        let setup = try store.open(day, "09:00")
        try setup.changeSetting(.init(key: "rollover-time", value: "04:00"))
        let task = try store.open(day, "09:00").sessionAdd("Late work")
        _ = try store.open("2026-12-01", "01:00").beginSession(BeginSession.Input(task: task.id, settle: nil))

        let before = try store.open("2026-12-01", "03:59")
        let live = try #require(try before.liveSession())
        expectEqual(live.day, LocalDay(day))
        expectEqual(live.elapsedSeconds(at: before.now), 2 * 3600 + 59 * 60)

        let after = try store.open("2026-12-04", "12:00")
        let session = try #require(try after.sessionList(task).first)
        expectEqual(session.outcome, .autoClosed)
        expectEqual(session.endedAt, (try store.instant("2026-12-01", "04:00")))
        expectEqual(session.actualSeconds, 3 * 3600)
        try expectEqual(after.sessionReload(task).deferralCount, 0)
    }

    struct DSTCase: Sendable, CustomTestStringConvertible {
        let rollover: String
        let addDay: String
        let addTime: String
        let beginDay: String
        let beginTime: String
        let boundaryDay: String
        let boundaryTime: String
        let seconds: Int
        var testDescription: String { "rollover \(rollover), begun \(beginDay) \(beginTime)" }
    }

    @Test("S-9 in America/New_York across the 2026-11-01 DST end the boundary is the real rollover instant", arguments: [
        // 00:30 EDT to midnight EST: 23.5 hours on the wall, 24.5 real hours.
        DSTCase(rollover: "00:00", addDay: "2026-11-01", addTime: "00:10", beginDay: "2026-11-01", beginTime: "00:30",
                boundaryDay: "2026-11-02", boundaryTime: "00:00", seconds: 88_200),
        // 23:00 EDT to 04:00 EST: five hours on the wall, six real hours.
        DSTCase(rollover: "04:00", addDay: "2026-10-31", addTime: "09:00", beginDay: "2026-10-31", beginTime: "23:00",
                boundaryDay: "2026-11-01", boundaryTime: "04:00", seconds: 21_600),
    ])
    func rolloverAcrossDST(_ example: DSTCase) throws {
        let store = try AppTestStore(zone: "America/New_York")
        let setup = try store.open(example.addDay, example.addTime)
        try setup.changeSetting(.init(key: "rollover-time", value: example.rollover))
        let task = try store.open(example.addDay, example.addTime).sessionAdd("Night shift notes")
        expectEqual(task.dueDate, LocalDay(example.addDay))
        _ = try store.open(example.beginDay, example.beginTime).beginSession(BeginSession.Input(task: task.id, settle: nil))

        let app = try store.open("2026-11-03", "09:00")
        let session = try #require(try app.sessionList(task).first)
        expectEqual(session.outcome, .autoClosed)
        expectEqual(session.endedAt, (try store.instant(example.boundaryDay, example.boundaryTime)))
        expectEqual(session.actualSeconds, example.seconds)
        try expectEqual(app.sessionReload(task).deferralCount, 0)
    }

    @Test("S-9 changing the rollover time while a session runs never ends it before it began")
    func rolloverChangeNeverEndsBeforeStart() throws {
        let store = try AppTestStore()
        try store.open(day, "09:00").changeSetting(.init(key: "rollover-time", value: "04:00"))
        let task = try store.open(day, "21:00").sessionAdd("Late work", region: .evening)
        // 02:00 on 1 December still belongs to 30 November with a 04:00 rollover.
        _ = try store.open("2026-12-01", "02:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        try store.open("2026-12-01", "02:30").changeSetting(.init(key: "rollover-time", value: "00:00"))

        let app = try store.open("2026-12-01", "02:31")
        let session = try #require(try app.sessionList(task).first)
        if let endedAt = session.endedAt {
            expectTrue(endedAt >= session.startedAt, "the session ended at \(endedAt), before it began at \(session.startedAt)")
            expectEqual(session.actualSeconds, Int(endedAt.timeIntervalSince(session.startedAt)))
        } else {
            expectEqual(session.elapsedSeconds(at: app.now), 31 * 60)
        }
    }

    // MARK: S-10 end of working day

    @Test("S-10 no end-of-day stop: a session running past 19:00 is still running at 23:00")
    func endOfDayNeverStops() throws {
        let store = try AppTestStore()
        let setup = try store.open(day, "09:00")
        try setup.changeSetting(.init(key: "end-of-day", value: "19:00"))
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        _ = try store.open(day, "18:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        _ = try store.open(day, "19:30")
        let app = try store.open(day, "23:00")
        let live = try #require(try app.liveSession())
        expectEqual(live.taskID, task.id)
        expectEqual(live.endedAt, nil)
        expectEqual(live.outcome, .running)
        expectEqual(live.elapsedSeconds(at: app.now), 5 * 3600)
    }

    // MARK: S-11 two live sessions

    @Test("S-11 two live sessions: the later-started is closed abandoned with its time logged, said once")
    func twoLiveSessions() throws {
        let store = try AppTestStore()
        let setup = try store.open(day, "09:00")
        let task = try setup.sessionAdd("Write report")
        let other = try setup.sessionAdd("Reply to Sam")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        try store.open(day, "09:05").sessionInsertRaw(task: other.id, startedAt: try store.instant(day, "09:10"),
                                                             day: day)

        let app = try store.open(day, "09:40")
        try expectEqual(app.sessionLiveCount(), 1)
        try expectEqual(app.liveSession()?.taskID, task.id)
        let stopped = try #require(try app.sessionList(other).first)
        expectEqual(stopped.outcome, .abandoned)
        expectEqual(stopped.endedAt, app.now)
        expectEqual(stopped.actualSeconds, 1800)
        expectTrue(try app.sessionReload(other).isLive)
        expectTrue(try app.store.takeTwoTimersNotice())
        expectTrue(try !app.store.takeTwoTimersNotice())
        expectTrue(try !store.open(day, "09:41").store.takeTwoTimersNotice())
    }

    @Test("S-11 the later-started one is stopped even when it is the one begun on this device")
    func twoLiveSessionsLaterStarted() throws {
        let store = try AppTestStore()
        let setup = try store.open(day, "09:00")
        let task = try setup.sessionAdd("Write report")
        let other = try setup.sessionAdd("Reply to Sam")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        try store.open(day, "09:05").sessionInsertRaw(task: other.id, startedAt: try store.instant(day, "08:50"),
                                                             day: day)
        let app = try store.open(day, "09:30")
        try expectEqual(app.liveSession()?.taskID, other.id)
        let stopped = try #require(try app.sessionList(task).first)
        expectEqual(stopped.outcome, .abandoned)
        expectEqual(stopped.actualSeconds, 1800)
        try expectEqual(app.sessionLiveCount(), 1)
    }

    // MARK: S-12 actual time

    @Test("S-12 a task's actual time is the sum of its sessions; a live one counts its elapsed so far")
    func actualIsSum() throws {
        let store = try AppTestStore()
        let setup = try store.open(day, "09:00")
        let task = try setup.sessionAdd("Write report")
        let other = try setup.sessionAdd("Reply to Sam")
        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        _ = try store.open(day, "09:20").finishSession(FinishSession.Input(.stop, note: nil))
        _ = try store.open(day, "10:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        try store.open(day, "10:10").pauseSession()
        try store.open(day, "10:20").resumeSession()
        _ = try store.open(day, "10:45").finishSession(FinishSession.Input(.done, note: nil))

        let app = try store.open(day, "11:00")
        let sessions = try app.sessionList(task)
        expectEqual(sessions.map(\.actualSeconds), [1200, 2100])
        try expectEqual(app.actualSeconds(of: app.sessionReload(task)), 3300)

        _ = try app.beginSession(BeginSession.Input(task: other.id, settle: nil))
        let later = try store.open(day, "11:30")
        try expectEqual(later.actualSeconds(of: later.sessionReload(other)), 1800)
    }

    @Test("S-12 done without a session still works, with no actual time")
    func doneWithoutSession() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Quick call")
        let app = try store.open(day, "09:30")
        let done = try app.completeTask(CompleteTask.Input(task: task.id)).task
        expectTrue(done.isCompleted)
        try expectEmpty(app.sessionList(task))
        try expectEqual(app.actualSeconds(of: done), 0)
    }

    @Test("S-12 purge takes a task's sessions with it, leaving tombstones")
    func purgeRemovesSessions() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        let begun = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let app = try store.open(day, "09:30")
        try app.purgeTask(PurgeTask.Input(task: task.id))
        try expectEqual(app.liveSession(), nil)
        try expectEqual(app.store.db.scalar("SELECT count(*) FROM sessions")?.int, 0)
        #expect(try app.store.db.scalar("SELECT count(*) FROM tombstones WHERE table_name = 'sessions' AND id = ?",
                                      [.text(begun.session.id.uuidString.lowercased())])?.int == 1)
    }

    // MARK: S-13 one subject

    @Test("S-13 a stored session row has exactly one of task_id and habit_window_id")
    func oneSubjectStored() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        let begun = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let app = try store.open(day, "09:10")
        let row = try #require(try app.store.db.rows("SELECT task_id, habit_window_id FROM sessions WHERE id = ?",
                                                   [.text(begun.session.id.uuidString.lowercased())]).first)
        expectEqual(row[0], .text(task.id.uuidString.lowercased()))
        expectEqual(row[1], .null)
        #expect(try app.store.db.scalar("""
            SELECT count(*) FROM sessions WHERE (task_id IS NULL) = (habit_window_id IS NULL)
            """)?.int == 0)
    }

    // MARK: Pause / resume / finish refusals

    @Test("S-3 pause with no session, pause twice, resume when not paused, finish with none: refused, nothing changes")
    func pauseResumeErrors() throws {
        let store = try AppTestStore()
        let task = try store.open(day, "09:00").sessionAdd("Write report")
        let idle = try store.open(day, "09:00")
        var before = try AppTestStore.contents(idle)
        #expect(throws: PlannerError.noSession) { try idle.pauseSession() }
        #expect(throws: PlannerError.noSession) { try idle.resumeSession() }
        #expect(throws: PlannerError.noSession) { try idle.finishSession(FinishSession.Input(.done, note: "x")) }
        try expectEqual(AppTestStore.contents(idle), before)

        _ = try store.open(day, "09:00").beginSession(BeginSession.Input(task: task.id, settle: nil))
        let running = try store.open(day, "09:05")
        before = try AppTestStore.contents(running)
        #expect(throws: PlannerError.notPaused) { try running.resumeSession() }
        try expectEqual(AppTestStore.contents(running), before)

        try store.open(day, "09:10").pauseSession()
        let paused = try store.open(day, "09:15")
        before = try AppTestStore.contents(paused)
        #expect(throws: PlannerError.alreadyPaused) { try paused.pauseSession() }
        try expectEqual(AppTestStore.contents(paused), before)
        try expectEqual(paused.liveSession()?.pausedAt, (try store.instant(day, "09:10")))
    }
}
