import Foundation

/// One focus session on a task, or on a timed habit's window (`task.md`, WorkSession).
///
/// Elapsed time is always derived from `startedAt`, `pausedSeconds`, `pausedAt` and the clock, never
/// accumulated, so a killed process rebuilds the session exactly.
public struct WorkSession: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var subject: SessionSubject
    public var startedAt: Date
    /// The logical day of `startedAt`, kept so a later change of rollover time re-buckets nothing.
    public var day: LocalDay
    public var endedAt: Date?
    /// Total seconds of completed pauses.
    public var pausedSeconds: Int
    /// Set while an explicit pause is in progress.
    public var pausedAt: Date?
    /// The task's effort estimate when the session began.
    public var estimateMinutes: Int?
    public var outcome: SessionOutcome
    /// Written when the session closes: elapsed minus pauses.
    public var actualSeconds: Int
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), subject: SessionSubject, startedAt: Date, day: LocalDay, endedAt: Date? = nil,
        pausedSeconds: Int = 0, pausedAt: Date? = nil, estimateMinutes: Int? = nil,
        outcome: SessionOutcome = .running, actualSeconds: Int = 0, modifiedAt: Date? = nil
    ) {
        self.id = id
        self.subject = subject
        self.startedAt = startedAt
        self.day = day
        self.endedAt = endedAt
        self.pausedSeconds = pausedSeconds
        self.pausedAt = pausedAt
        self.estimateMinutes = estimateMinutes
        self.outcome = outcome
        self.actualSeconds = actualSeconds
        self.modifiedAt = modifiedAt ?? startedAt
    }

    /// Begins a session on `task` at `now`, snapshotting its estimate.
    public static func begin(task: TaskItem, now: Date, day: LocalDay) -> WorkSession {
        WorkSession(subject: .task(task.id), startedAt: now, day: day, estimateMinutes: task.effortMinutes)
    }

    public var isLive: Bool { endedAt == nil }
    public var isPaused: Bool { pausedAt != nil }

    public var taskID: UUID? {
        if case .task(let id) = subject { return id }
        return nil
    }

    /// Seconds worked as of `now`: (end or now) − start − completed pauses − the pause in progress.
    public func elapsedSeconds(at now: Date) -> Int {
        let end = endedAt ?? now
        var seconds = end.timeIntervalSince(startedAt) - Double(pausedSeconds)
        if let pausedAt { seconds -= max(0, end.timeIntervalSince(pausedAt)) }
        return max(0, Int(seconds.rounded(.down)))
    }

    public func state(at now: Date) -> SessionState {
        guard isLive else { return .closed }
        if isPaused { return .paused }
        if let estimate = estimateMinutes, elapsedSeconds(at: now) > estimate * 60 { return .overrun }
        return .running
    }

    /// Starts an explicit pause.
    public mutating func pause(at now: Date) throws(PlannerError) {
        guard isLive else { throw .noSession }
        guard !isPaused else { throw .alreadyPaused }
        pausedAt = now
        modifiedAt = now
    }

    /// Ends the pause in progress, adding it to `pausedSeconds`.
    public mutating func resume(at now: Date) throws(PlannerError) {
        guard isLive else { throw .noSession }
        guard let pausedAt else { throw .notPaused }
        pausedSeconds += max(0, Int(now.timeIntervalSince(pausedAt).rounded(.down)))
        self.pausedAt = nil
        modifiedAt = now
    }

    /// Closes the session at `end` with `outcome`, folding a pause in progress and writing the actual time.
    public mutating func close(_ outcome: SessionOutcome, at end: Date, now: Date) {
        if let pausedAt {
            pausedSeconds += max(0, Int(end.timeIntervalSince(pausedAt).rounded(.down)))
            self.pausedAt = nil
        }
        endedAt = end
        self.outcome = outcome
        actualSeconds = elapsedSeconds(at: end)
        modifiedAt = now
    }
}

/// What a session belongs to: exactly one of a task or a timed habit's window.
public enum SessionSubject: Sendable, Equatable {
    case task(UUID)
    case habitWindow(UUID)
}

/// How a session ended (`running` while it has not).
public enum SessionOutcome: String, CaseIterable, Sendable {
    case running, finished, deferred, dropped, abandoned, autoClosed, manual
}

/// Idle is "no live session"; a closed session is history.
public enum SessionState: String, Sendable {
    case running, overrun, paused, closed
}

/// How to settle the running session before another begins (`task.md`, One timer at a time).
public enum SessionSettle: String, CaseIterable, Sendable {
    case done, stop, `defer`, drop

    public var outcome: SessionOutcome {
        switch self {
        case .done: .finished
        case .stop: .abandoned
        case .`defer`: .deferred
        case .drop: .dropped
        }
    }
}

/// The session rules that need more than one session.
public enum Sessions {
    /// Of several live sessions, every one but the earliest started is to be closed as abandoned.
    public static func extraLive(_ live: [WorkSession]) -> [WorkSession] {
        let ordered = live.sorted {
            $0.startedAt != $1.startedAt ? $0.startedAt < $1.startedAt : $0.id.sorts(before: $1.id)
        }
        return Array(ordered.dropFirst())
    }

    /// Refuses a Begin on `subject` while `running` is live (S-7, one timer at a time): on the same
    /// subject always, on another unless `settle` says how to end `running` first. `title` names what
    /// `running` is on; it is read only for the refusal that shows it.
    public static func refuseBegin(on subject: SessionSubject, while running: WorkSession, settle: SessionSettle?,
                                   at now: Date, title: () throws -> String) throws {
        if running.subject == subject { throw PlannerError.alreadyRunning }
        guard settle == nil else { return }
        let title = try title()
        let progress = progressText(running, at: now)
        throw running.taskID == nil ? PlannerError.habitSessionRunning(title: title, progress: progress)
            : PlannerError.sessionRunning(title: title, progress: progress)
    }

    /// How settling ends a session whose task is not live, or a habit session: Done finishes it, any
    /// other choice stops it; a habit session cannot be deferred or dropped.
    public static func settledOutcome(of running: WorkSession, _ choice: SessionSettle) throws(PlannerError) -> SessionOutcome {
        if running.taskID == nil, choice == .defer || choice == .drop { throw .habitSessionSettle }
        return choice == .done ? .finished : .abandoned
    }

    /// The day settling with Defer sends a running session's task to: tomorrow, or its due day when
    /// that is later (deferring never pulls a task due later to an earlier day).
    public static func settleDeferralDay(of task: TaskItem, today: LocalDay) -> LocalDay {
        max(today.adding(days: 1), task.dueDate ?? today)
    }

    /// The instant a rollover closes a session left live from an ended day: the boundary that ended
    /// its day, or, when the rollover time changed since Begin, the first boundary after its start;
    /// nil while that boundary is still ahead of `now`.
    public static func autoCloseEnd(of session: WorkSession, calendar: PlannerCalendar, now: Date) -> Date? {
        var end = calendar.start(of: session.day.adding(days: 1))
        if end <= session.startedAt {
            end = calendar.start(of: calendar.logicalDay(at: session.startedAt).adding(days: 1))
            if end > now { return nil }
        }
        return end
    }

    /// Seconds of work on a task over its sessions: closed sessions' actual time plus a live one's
    /// elapsed time as of `now`.
    public static func actualSeconds(_ sessions: [WorkSession], at now: Date) -> Int {
        sessions.reduce(0) { $0 + ($1.isLive ? $1.elapsedSeconds(at: now) : $1.actualSeconds) }
    }

    /// "75 of 60 min", or "12 min" without an estimate: overrun is shown neutrally.
    public static func progressText(_ session: WorkSession, at now: Date) -> String {
        let minutes = session.elapsedSeconds(at: now) / 60
        guard let estimate = session.estimateMinutes else { return "\(minutes) min" }
        return "\(minutes) of \(estimate) min"
    }
}

extension SessionSettle: WordValue {
    /// `done`, `stop`, `defer` or `drop`, in any case.
    public static func reading(_ word: String) throws -> SessionSettle {
        guard let choice = SessionSettle(rawValue: word.lowercased()) else {
            throw InputError.invalidWord(what: "settle choice", given: word, expected: "done, stop, defer or drop")
        }
        return choice
    }

    public init(from decoder: any Decoder) throws { self = try Self.decodingWord(from: decoder) }
}
