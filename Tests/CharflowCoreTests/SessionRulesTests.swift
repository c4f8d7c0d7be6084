import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The pure session rules of `task.md` (Focus sessions), with an explicit clock: never the machine's.
@Suite("Focus sessions: the pure rules (S-1 … S-13)")
struct SessionRulesTests {
    // MARK: Builders

    /// 2026-11-30T09:00:00Z, written out so no test reads the machine's clock.
    private static let nine = Date(timeIntervalSince1970: 1_796_029_200)

    private static func at(minutes: Double, seconds: Double = 0) -> Date {
        nine.addingTimeInterval(minutes * 60 + seconds)
    }

    private static let day = LocalDay(year: 2026, month: 11, day: 30)!

    private static func task(effort: Int? = 60) -> TaskItem {
        TaskItem(title: "Write report", dueDate: day, effortMinutes: effort, createdAt: nine)
    }

    private static func running(estimate: Int? = 60, pausedSeconds: Int = 0, pausedAt: Date? = nil) -> WorkSession {
        WorkSession(subject: .task(UUID()), startedAt: nine, day: day, pausedSeconds: pausedSeconds,
                    pausedAt: pausedAt, estimateMinutes: estimate)
    }

    // MARK: S-1 elapsed is derived

    struct ElapsedCase: Sendable, CustomTestStringConvertible {
        let label: String
        let pausedSeconds: Int
        let pausedAtMinute: Double?
        let nowMinute: Double
        let expected: Int
        var testDescription: String { label }
    }

    @Test("S-1 elapsed = now − startedAt − pausedSeconds − the pause in progress", arguments: [
        ElapsedCase(label: "no pauses", pausedSeconds: 0, pausedAtMinute: nil, nowMinute: 45, expected: 2700),
        ElapsedCase(label: "completed pauses", pausedSeconds: 600, pausedAtMinute: nil, nowMinute: 45, expected: 2100),
        ElapsedCase(label: "pause in progress", pausedSeconds: 0, pausedAtMinute: 30, nowMinute: 45, expected: 1800),
        ElapsedCase(label: "both", pausedSeconds: 300, pausedAtMinute: 40, nowMinute: 60, expected: 2100),
        ElapsedCase(label: "just begun", pausedSeconds: 0, pausedAtMinute: nil, nowMinute: 0, expected: 0),
    ])
    func elapsedIsDerived(_ example: ElapsedCase) {
        let session = Self.running(pausedSeconds: example.pausedSeconds,
                                   pausedAt: example.pausedAtMinute.map { Self.at(minutes: $0) })
        expectEqual(session.elapsedSeconds(at: Self.at(minutes: example.nowMinute)), example.expected)
    }

    @Test("S-1 asking for elapsed twice, or from a copy rebuilt from the stored fields, gives the same number")
    func elapsedNeverAccumulates() {
        let session = Self.running(pausedSeconds: 120)
        let now = Self.at(minutes: 50)
        let first = session.elapsedSeconds(at: now)
        let second = session.elapsedSeconds(at: now)
        // A "restart": the same stored fields, a brand new value.
        let rebuilt = WorkSession(id: session.id, subject: session.subject, startedAt: session.startedAt, day: session.day,
                                  pausedSeconds: session.pausedSeconds, estimateMinutes: session.estimateMinutes)
        expectEqual(first, 2880)
        expectEqual(second, first)
        expectEqual(rebuilt.elapsedSeconds(at: now), first)
        // The pause in progress keeps elapsed still while the clock moves on.
        var paused = session
        paused.pausedAt = now
        expectEqual(paused.elapsedSeconds(at: Self.at(minutes: 90)), first)
    }

    @Test("S-1 elapsed is in whole seconds, rounded down")
    func elapsedRoundsDown() {
        let session = Self.running()
        expectEqual(session.elapsedSeconds(at: Self.at(minutes: 0, seconds: 59.9)), 59)
        expectEqual(session.elapsedSeconds(at: Self.at(minutes: 1, seconds: 0.001)), 60)
    }

    @Test("S-1 a closed session's elapsed stops at endedAt, however late it is read")
    func closedElapsedStops() {
        var session = Self.running()
        session.close(.abandoned, at: Self.at(minutes: 25), now: Self.at(minutes: 25))
        expectEqual(session.elapsedSeconds(at: Self.at(minutes: 600)), 1500)
        expectEqual(session.actualSeconds, 1500)
        expectEqual(session.state(at: Self.at(minutes: 600)), .closed)
    }

    // MARK: S-2 estimate snapshot, overrun shown neutrally

    @Test("S-2 Begin snapshots the task's effort; editing the effort later leaves the estimate alone")
    func estimateSnapshotted() {
        var task = Self.task(effort: 60)
        let session = WorkSession.begin(task: task, now: Self.nine, day: Self.day)
        task.effortMinutes = 90
        expectEqual(session.estimateMinutes, 60)
        expectEqual(session.taskID, task.id)
        expectEqual(session.startedAt, Self.nine)
        expectEqual(session.outcome, .running)
        expectTrue(session.isLive)
        let unestimated = WorkSession.begin(task: Self.task(effort: nil), now: Self.nine, day: Self.day)
        expectEqual(unestimated.estimateMinutes, nil)
    }

    @Test("S-2 overrun once elapsed passes the estimate, and not a second before", arguments: [
        (59 * 60 + 59, SessionState.running),
        (60 * 60, SessionState.running),
        (60 * 60 + 1, SessionState.overrun),
        (75 * 60, SessionState.overrun),
    ])
    func overrunWhenPassed(elapsed: Int, expected: SessionState) {
        let session = Self.running(estimate: 60)
        expectEqual(session.state(at: Self.at(minutes: 0, seconds: Double(elapsed))), expected)
    }

    @Test("S-2 a session without an estimate is never overrun")
    func noEstimateNoOverrun() {
        expectEqual(Self.running(estimate: nil).state(at: Self.at(minutes: 600)), .running)
    }

    @Test("S-2 progress reads \"75 of 60 min\" when overrun, \"12 min\" without an estimate")
    func progressTextNeutral() {
        expectEqual(Sessions.progressText(Self.running(estimate: 60), at: Self.at(minutes: 75, seconds: 30)), "75 of 60 min")
        expectEqual(Sessions.progressText(Self.running(estimate: 60), at: Self.at(minutes: 20)), "20 of 60 min")
        expectEqual(Sessions.progressText(Self.running(estimate: nil), at: Self.at(minutes: 12, seconds: 59)), "12 min")
        // Paused time is not counted in the progress either.
        expectEqual(Sessions.progressText(Self.running(estimate: 60, pausedSeconds: 900), at: Self.at(minutes: 75)), "60 of 60 min")
    }

    // MARK: S-3 paused only explicitly

    @Test("S-3 ten hours without a pause: still running (overrun), never paused by itself")
    func noImplicitPause() {
        let session = Self.running(estimate: 30)
        let later = Self.at(minutes: 600)
        expectTrue(!session.isPaused)
        expectTrue(session.isLive)
        expectEqual(session.state(at: later), .overrun)
        expectEqual(session.elapsedSeconds(at: later), 36_000)
    }

    @Test("S-3 pause sets pausedAt; resume folds the pause into pausedSeconds")
    func pauseAndResume() throws {
        var session = Self.running()
        try session.pause(at: Self.at(minutes: 10))
        expectTrue(session.isPaused)
        expectEqual(session.state(at: Self.at(minutes: 15)), .paused)
        expectEqual(session.pausedAt, Self.at(minutes: 10))
        try session.resume(at: Self.at(minutes: 25))
        expectTrue(!session.isPaused)
        expectEqual(session.pausedSeconds, 900)
        expectEqual(session.state(at: Self.at(minutes: 30)), .running)
        expectEqual(session.elapsedSeconds(at: Self.at(minutes: 30)), 900)
        expectEqual(session.modifiedAt, Self.at(minutes: 25))
    }

    @Test("S-3 pausing twice, resuming when not paused and pausing a closed session are refused")
    func pauseErrors() throws {
        var session = Self.running()
        #expect(throws: PlannerError.notPaused) { try session.resume(at: Self.at(minutes: 1)) }
        try session.pause(at: Self.at(minutes: 2))
        let paused = session
        #expect(throws: PlannerError.alreadyPaused) { try session.pause(at: Self.at(minutes: 3)) }
        expectEqual(session, paused)
        session.close(.abandoned, at: Self.at(minutes: 4), now: Self.at(minutes: 4))
        #expect(throws: PlannerError.noSession) { try session.pause(at: Self.at(minutes: 5)) }
        #expect(throws: PlannerError.noSession) { try session.resume(at: Self.at(minutes: 5)) }
    }

    // MARK: S-4 closing

    @Test("S-4 closing writes endedAt, the outcome and actualSeconds = elapsed minus pauses", arguments: [
        SessionOutcome.finished, .abandoned, .deferred, .dropped,
    ])
    func closeWritesActual(outcome: SessionOutcome) {
        var session = Self.running(pausedSeconds: 300)
        session.close(outcome, at: Self.at(minutes: 40), now: Self.at(minutes: 40))
        expectEqual(session.endedAt, Self.at(minutes: 40))
        expectEqual(session.outcome, outcome)
        expectEqual(session.actualSeconds, 2100)
        expectTrue(!session.isLive)
    }

    @Test("S-1 closing a paused session folds the pause in progress into pausedSeconds first")
    func closeFoldsPause() throws {
        var session = Self.running()
        try session.pause(at: Self.at(minutes: 30))
        session.close(.abandoned, at: Self.at(minutes: 50), now: Self.at(minutes: 50))
        expectEqual(session.pausedAt, nil)
        expectEqual(session.pausedSeconds, 1200)
        expectEqual(session.actualSeconds, 1800)
    }

    // MARK: S-7 settle choices

    @Test("S-7 each settle choice ends the running session with its outcome", arguments: [
        (SessionSettle.done, SessionOutcome.finished),
        (.stop, .abandoned),
        (.defer, .deferred),
        (.drop, .dropped),
    ])
    func settleOutcomes(choice: SessionSettle, outcome: SessionOutcome) {
        expectEqual(choice.outcome, outcome)
        expectEqual(SessionSettle(rawValue: choice.rawValue), choice)
    }

    // MARK: S-9 rollover closes at the boundary

    @Test("S-9 an autoClosed session ends at the boundary instant, not when the clock noticed")
    func autoCloseAtBoundary() {
        var session = Self.running(estimate: 30)
        let boundary = Self.at(minutes: 15 * 60)          // midnight after a 09:00 start
        let threeDaysLater = boundary.addingTimeInterval(3 * 86_400 + 36_000)
        session.close(.autoClosed, at: boundary, now: threeDaysLater)
        expectEqual(session.endedAt, boundary)
        expectEqual(session.outcome, .autoClosed)
        expectEqual(session.actualSeconds, 15 * 3600)
        expectEqual(session.elapsedSeconds(at: threeDaysLater), 15 * 3600)
        expectEqual(session.modifiedAt, threeDaysLater)
    }

    @Test("S-9 the boundary that ends a day is its rollover instant, across New York's 2026-11-01 DST end", arguments: [
        ("00:00", "2026-10-31", "2026-11-01T04:00:00Z"),
        ("04:00", "2026-10-31", "2026-11-01T09:00:00Z"),
        ("00:00", "2026-11-01", "2026-11-02T05:00:00Z"),
    ])
    func boundaryAcrossDST(rollover: String, day: String, expected: String) throws {
        let calendar = PlannerCalendar(timeZone: try #require(TimeZone(identifier: "America/New_York")),
                                       rollover: try #require(TimeOfDay(rollover)))
        let ended = try #require(LocalDay(day))
        let formatter = ISO8601DateFormatter()
        let boundary = try #require(formatter.date(from: expected))
        expectEqual(calendar.start(of: ended.adding(days: 1)), boundary)
        // One second before the boundary is still the ended day; the boundary itself is the next.
        expectEqual(calendar.logicalDay(at: boundary.addingTimeInterval(-1)), ended)
        expectEqual(calendar.logicalDay(at: boundary), ended.adding(days: 1))
    }

    @Test("S-9 rollover carries the auto-closed session's task without a deferral; other overdue tasks get one")
    func rolloverCarriesWithoutDeferral() {
        let carried = TaskItem(title: "In progress", dueDate: Self.day, createdAt: Self.nine, region: .morning, bucket: .misc)
        let other = TaskItem(title: "Untouched", dueDate: Self.day, createdAt: Self.nine, region: .morning, bucket: .misc)
        let newDay = Self.day.adding(days: 3)
        let later = Self.at(minutes: 3 * 24 * 60)
        let outcome = Rollover.run(candidates: [carried, other], newDay: newDay, alreadyDeferred: [],
                                   carriedWithoutDeferral: [carried.id], now: later)
        let byID = Dictionary(uniqueKeysWithValues: outcome.tasks.map { ($0.id, $0) })
        expectEqual(byID[carried.id]?.deferralCount, 0)
        expectEqual(byID[carried.id]?.region, nil)
        expectEqual(byID[carried.id]?.dueDate, Self.day)
        expectEqual(byID[other.id]?.deferralCount, 1)
        expectEqual(outcome.deferrals.map(\.taskID), [other.id])
        expectEqual(outcome.deferrals.first?.day, newDay)
    }

    // MARK: S-11 two live sessions

    @Test("S-11 of several live sessions every one but the earliest started is the extra, whatever the order")
    func extraLiveKeepsEarliest() {
        let earliest = WorkSession(subject: .task(UUID()), startedAt: Self.at(minutes: 0), day: Self.day)
        let middle = WorkSession(subject: .task(UUID()), startedAt: Self.at(minutes: 5), day: Self.day)
        let latest = WorkSession(subject: .task(UUID()), startedAt: Self.at(minutes: 9), day: Self.day)
        for order in [[earliest, middle, latest], [latest, earliest, middle], [middle, latest, earliest]] {
            let extra = Sessions.extraLive(order)
            expectEqual(Set(extra.map(\.id)), [middle.id, latest.id])
            expectTrue(!extra.contains { $0.id == earliest.id })
        }
        expectEmpty(Sessions.extraLive([earliest]))
        expectEmpty(Sessions.extraLive([]))
    }

    @Test("S-11 two sessions begun in the same millisecond: the same one is kept on every device")
    func extraLiveTieIsDeterministic() throws {
        let a = WorkSession(id: try #require(UUID(uuidString: "00000000-0000-0000-0000-00000000000A")),
                            subject: .task(UUID()), startedAt: Self.nine, day: Self.day)
        let b = WorkSession(id: try #require(UUID(uuidString: "00000000-0000-0000-0000-00000000000B")),
                            subject: .task(UUID()), startedAt: Self.nine, day: Self.day)
        expectEqual(Sessions.extraLive([a, b]).map(\.id), [b.id])
        expectEqual(Sessions.extraLive([b, a]).map(\.id), [b.id])
    }

    // MARK: S-13 one subject

    @Test("S-13 a session belongs to exactly one of a task or a habit window")
    func oneSubject() {
        let taskID = UUID(), windowID = UUID()
        let onTask = WorkSession(subject: .task(taskID), startedAt: Self.nine, day: Self.day)
        let onHabit = WorkSession(subject: .habitWindow(windowID), startedAt: Self.nine, day: Self.day)
        expectEqual(onTask.taskID, taskID)
        expectEqual(onHabit.taskID, nil)
        expectEqual(onHabit.subject, .habitWindow(windowID))
        expectNotEqual(onTask.subject, onHabit.subject)
    }
}
