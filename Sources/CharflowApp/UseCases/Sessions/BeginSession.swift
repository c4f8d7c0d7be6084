import CharflowCore
import CharflowStore
import Foundation

/// Begin a focus session on a task: one timer at a time, so a running session is settled first when
/// the person says how (S-7), and refused otherwise.
public enum BeginSession {
    public struct Input: Sendable {
        /// The task to work on.
        public var task: UUID
        /// How to end a session that is running; without it a running session refuses the begin.
        public var settle: SessionSettle?

        public init(task: UUID, settle: SessionSettle? = nil) {
            self.task = task
            self.settle = settle
        }
    }
}

extension Charflow {
    /// Begins a focus session on a task; the report names the session it settled first, if any.
    @discardableResult
    public func beginSession(_ input: BeginSession.Input) throws -> SessionReport {
        guard let task = try planner.task(id: input.task) else {
            throw PlannerError.noTaskMatches(input.task.lowercasedText)
        }
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        guard !task.isCompleted else { throw PlannerError.alreadyDone }
        let session = try startSession(on: .task(task.id), estimate: task.effortMinutes, settle: input.settle)
        let current = try planner.task(id: task.id) ?? task
        let settled = try planner.sessions.latestEnded(at: now, otherThan: session.id)
        return try sessionReport(session, task: current, settled: settled)
    }

    /// Starts a session on `subject` (a task, or a timed habit's window), settling the running one
    /// first as `settle` says.
    ///
    /// The running session is read inside the action's transaction, so of two begins at the same moment
    /// the second sees the first's session and is refused (S-7).
    func startSession(on subject: SessionSubject, estimate: Int?, settle: SessionSettle?) throws -> WorkSession {
        try planner.action("begin") { work in
            if let running = try planner.sessions.live() {
                try Sessions.refuseBegin(on: subject, while: running, settle: settle, at: now) { try title(of: running) }
                if let settle { try self.settle(running, settle, in: work) }
            }
            let session = WorkSession(subject: subject, startedAt: now, day: today, estimateMinutes: estimate)
            try planner.sessions.save(session, in: work)
            return session
        }
    }

    /// Ends `running` the way the settle choice says, with its task's matching change; a session
    /// whose task is no longer live (or a habit's) is only closed.
    private func settle(_ running: WorkSession, _ choice: SessionSettle, in work: UnitOfWork) throws {
        guard let task = try task(of: running), task.isLive else {
            try work.close(running, try Sessions.settledOutcome(of: running, choice))
            return
        }
        switch choice {
        case .done:
            _ = try work.complete(task)
        case .stop:
            try work.close(running, .abandoned)
        case .defer:
            var outcome = try Deferral.move(task, to: Sessions.settleDeferralDay(of: task, today: today), dateChosen: true,
                                            reason: nil, todaysRecord: try work.todaysRecord(of: task), today: today, now: now)
            try work.saveDeferral(&outcome)
            try work.close(running, .deferred)
        case .drop:
            _ = try work.drop(task)
        }
    }

    // MARK: From a request

    /// `begin ID [--settle done|stop|defer|drop]`, from the CLI's words or the API's body.
    public func begin(_ request: Request) throws -> SessionReport {
        let word = try request.subject("task")
        var settle: SessionSettle?
        if let text = request.value("settle") {
            guard let choice = SessionSettle(rawValue: text.lowercased()) else {
                throw InputError.invalidWord(what: "settle choice", given: text, expected: "done, stop, defer or drop")
            }
            settle = choice
        }
        return try beginSession(BeginSession.Input(task: try planner.task(matching: word).id, settle: settle))
    }
}
