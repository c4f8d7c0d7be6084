import CharflowCore
import CharflowStore
import Foundation

/// Begin a focus session on a task: one timer at a time, so a running session is settled first when
/// the person says how (S-7), and refused otherwise.
public enum BeginSession {
    public struct Input: Decodable, Sendable {
        /// The task to work on.
        public var task: TaskRef
        /// How to end a session that is running; without it a running session refuses the begin.
        public var settle: SessionSettle?
        /// With `settle` `.defer`: the day the running session's task goes to, as `defer --to` picks it;
        /// nil is the instant deferral (tomorrow), refused from the third (T-20).
        public var deferTo: QuickDate?

        enum CodingKeys: String, CodingKey {
            case task, settle
            case deferTo = "to"
        }

        public init(task: TaskRef, settle: SessionSettle? = nil, deferTo: QuickDate? = nil) {
            self.task = task
            self.settle = settle
            self.deferTo = deferTo
        }

        public init(task: UUID, settle: SessionSettle? = nil, deferTo: QuickDate? = nil) {
            self.init(task: TaskRef(task), settle: settle, deferTo: deferTo)
        }
    }
}

extension Charflow {
    /// Begins a focus session on a task; the report names the session it settled first, if any.
    @discardableResult
    public func beginSession(_ input: BeginSession.Input) throws -> SessionReport {
        if input.deferTo != nil, input.settle != .defer { throw UsageRefusal.missingOption("settle") }
        let task = try self.task(input.task)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        guard !task.isCompleted else { throw PlannerError.alreadyDone }
        var deferral: Store.DateChange?
        let session = try startSession(on: .task(task.id), estimate: task.effortMinutes, settle: input.settle,
                                       deferTo: input.deferTo) { deferral = $0 }
        let current = try store.taskRepository.task(id: task.id) ?? task
        let settled = try store.sessions.latestEnded(at: now, otherThan: session.id)
        return try sessionReport(session, task: current, settled: settled, settledDeferral: deferral)
    }

    /// Starts a session on `subject` (a task, or a timed habit's window), settling the running one
    /// first as `settle` says.
    ///
    /// The running session is read inside the action's transaction, so of two begins at the same moment
    /// the second sees the first's session and is refused (S-7).
    func startSession(
        on subject: SessionSubject, estimate: Int?, settle: SessionSettle?, deferTo: QuickDate? = nil,
        deferred: (Store.DateChange) -> Void = { _ in }
    ) throws -> WorkSession {
        try store.action("begin") { work in
            if let running = try store.sessions.live() {
                try Sessions.refuseBegin(on: subject, while: running, settle: settle, at: now) { try title(of: running) }
                if let settle, let change = try self.settle(running, settle, deferTo: deferTo, in: work) { deferred(change) }
            }
            let session = WorkSession(subject: subject, startedAt: now, day: today, estimateMinutes: estimate)
            try store.sessions.save(session, in: work)
            return session
        }
    }

    /// Ends `running` the way the settle choice says, with its task's matching change; a session
    /// whose task is no longer live (or a habit's) is only closed. Returns what a deferral did.
    ///
    /// A deferral goes where `deferTo` says, a later day (T-19), or else to tomorrow, which from the
    /// third deferral is refused for the picker's choice (T-20), as `defer` refuses it.
    private func settle(
        _ running: WorkSession, _ choice: SessionSettle, deferTo: QuickDate?, in work: UnitOfWork
    ) throws -> Store.DateChange? {
        guard let task = try task(of: running), task.isLive else {
            try close(running, try Sessions.settledOutcome(of: running, choice), in: work)
            return nil
        }
        switch choice {
        case .done:
            _ = try complete(task, in: work)
        case .stop:
            try close(running, .abandoned, in: work)
        case .defer:
            var target: LocalDay? = Sessions.settleDeferralDay(of: task, today: today)
            if let deferTo {
                target = try deferTo.resolve(today: today, calendar: calendar)
                try Deferral.ensureLater(target, for: task, today: today)
            }
            var outcome = try Deferral.move(task, to: target, dateChosen: deferTo != nil, reason: nil,
                                            todaysRecord: try todaysRecord(of: task), today: today, now: now)
            try work.saveDeferral(&outcome)
            try close(running, .deferred, in: work)
            return outcome.record == nil ? nil : try reported(outcome)
        case .drop:
            _ = try drop(task, in: work)
        }
        return nil
    }
}
