import CharflowCore
import Foundation

/// Focus sessions: Begin, pause, resume, finish, and the rules that keep one timer honest.
extension Planner {
    static let offerSessionKey = "offer-session"
    static let twoTimersNoticeKey = "notice-two-timers"

    /// What `begin` did: the new session, and the one it settled first, if any.
    public struct BeginResult: Sendable {
        public let session: WorkSession
        public let task: TaskItem
        public let settled: WorkSession?
    }

    /// The live session (the earliest started, should there ever be two).
    public func liveSession() throws -> WorkSession? {
        try liveSessions().first
    }

    func liveSessions() throws -> [WorkSession] {
        try db.rows("SELECT \(SessionRecords.columns) FROM sessions WHERE ended_at IS NULL ORDER BY started_at, id")
            .map(SessionRecords.session)
    }

    /// Every session of a task, oldest first.
    public func sessions(of task: TaskItem) throws -> [WorkSession] {
        try db.rows("SELECT \(SessionRecords.columns) FROM sessions WHERE task_id = ? ORDER BY started_at",
                    [.text(task.id.lowercasedText)]).map(SessionRecords.session)
    }

    /// The task a session is on, if it is on a task.
    public func task(of session: WorkSession) throws -> TaskItem? {
        guard let id = session.taskID else { return nil }
        return try tasks(where: "id = ?", [.text(id.lowercasedText)]).first
    }

    /// Begins a focus session on a task. While another session is live, `settle` says how to end it
    /// first (its time is logged whichever is chosen); without it nothing changes.
    public func begin(_ prefix: String, settle: SessionSettle?) throws -> BeginResult {
        let task = try task(matching: prefix)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        guard !task.isCompleted else { throw PlannerError.alreadyDone }
        let session = try beginSession(subject: .task(task.id), estimate: task.effortMinutes, settle: settle)
        let current = try tasks(where: "id = ?", [.text(task.id.lowercasedText)]).first ?? task
        let settled = try db.rows("SELECT \(SessionRecords.columns) FROM sessions WHERE ended_at = ? AND id != ? ORDER BY started_at DESC LIMIT 1",
                                  [.text(nowText), .text(session.id.lowercasedText)]).first.map(SessionRecords.session)
        return BeginResult(session: session, task: current, settled: settled)
    }

    /// Starts a session on `subject`, settling the running one first as `settle` says.
    ///
    /// The running session is read inside the write transaction, so of two `begin`s at the same moment
    /// the second sees the first's session and is refused (S-7): one timer at a time.
    func beginSession(subject: SessionSubject, estimate: Int?, settle: SessionSettle?) throws -> WorkSession {
        try perform("begin") { journal in
            let running = try liveSession()
            if let running {
                if running.subject == subject { throw PlannerError.alreadyRunning }
                guard settle != nil else {
                    let title = try self.title(of: running)
                    let progress = Sessions.progressText(running, at: now)
                    throw running.taskID == nil ? PlannerError.habitSessionRunning(title: title, progress: progress)
                        : PlannerError.sessionRunning(title: title, progress: progress)
                }
            }
            if let running, let settle {
                _ = try self.settle(running, settle, journal: &journal)
            }
            let session = WorkSession(subject: subject, startedAt: now, day: today, estimateMinutes: estimate)
            try journal.capture("sessions", key: session.id.lowercasedText)
            try save(session)
            return session
        }
    }

    /// What a session is on, in words: the task's title, or the habit's (with its window's label).
    public func title(of session: WorkSession) throws -> String {
        switch session.subject {
        case .task:
            return try task(of: session)?.title ?? "A task"
        case .habitWindow(let id):
            let row = try db.rows("SELECT h.title, w.label FROM habit_windows w JOIN habits h ON h.id = w.habit_id WHERE w.id = ?",
                                  [.text(id.lowercasedText)]).first
            let title = row?[0].text ?? "A habit"
            let label = row?[1].text ?? ""
            return label.isEmpty ? title : "\(title) (\(label))"
        }
    }

    /// Pauses the live session.
    @discardableResult
    public func pauseSession() throws -> WorkSession {
        guard var session = try liveSession() else { throw PlannerError.noSession }
        try session.pause(at: now)
        return try saveAction(session, label: "pause")
    }

    /// Resumes the paused live session.
    @discardableResult
    public func resumeSession() throws -> WorkSession {
        guard var session = try liveSession() else { throw PlannerError.noSession }
        try session.resume(at: now)
        return try saveAction(session, label: "resume")
    }

    /// Finishes the live session: Done completes its task at the end instant; Stop for now logs the time
    /// and leaves the task live. `note` becomes a timestamped line in the task's notes.
    public func finish(done: Bool, note: String?) throws -> (session: WorkSession, task: TaskItem?) {
        guard let session = try liveSession() else { throw PlannerError.noSession }
        return try perform("finish") { journal in
            var task = try self.task(of: session)
            if var noted = task, let note, !note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                noted.notes = Notes.appending(note, to: noted.notes, at: now, calendar: calendar)
                try journal.capture("tasks", key: noted.id.lowercasedText)
                try save(&noted)
                task = noted
            }
            if done, let current = task {
                task = try complete(current, journal: &journal)
            } else {
                try close(session, done ? .finished : .abandoned, at: now, journal: &journal)
            }
            let closed = try sessionByID(session.id) ?? session
            return (closed, task)
        }
    }

    /// Closes the live session on `taskID`, if there is one, at the clock with `outcome`.
    func closeLiveSession(ofTask taskID: UUID, _ outcome: SessionOutcome, journal: inout UndoJournal) throws {
        for session in try liveSessions() where session.taskID == taskID {
            try close(session, outcome, at: now, journal: &journal)
        }
    }

    /// Ends `running` the way the settle choice says, with its task's matching change.
    private func settle(_ running: WorkSession, _ choice: SessionSettle, journal: inout UndoJournal) throws -> WorkSession {
        if let task = try task(of: running), task.isLive {
            switch choice {
            case .done:
                _ = try complete(task, journal: &journal)
            case .stop:
                try close(running, .abandoned, at: now, journal: &journal)
            case .defer:
                // Deferring never pulls a task due later to an earlier day.
                let target = max(today.adding(days: 1), task.dueDate ?? today)
                var outcome = try Deferral.move(task, to: target, dateChosen: true, reason: nil,
                                                todaysRecord: try todaysRecord(of: task), today: today, now: now)
                try apply(&outcome, journal: &journal)
                try close(running, .deferred, at: now, journal: &journal)
            case .drop:
                _ = try drop(task, journal: &journal)
            }
        } else {
            if running.taskID == nil, choice == .defer || choice == .drop { throw PlannerError.habitSessionSettle }
            try close(running, choice == .done ? .finished : .abandoned, at: now, journal: &journal)
        }
        return try sessionByID(running.id) ?? running
    }

    private func close(_ session: WorkSession, _ outcome: SessionOutcome, at end: Date, journal: inout UndoJournal) throws {
        var closed = session
        closed.close(outcome, at: end, now: now)
        try journal.capture("sessions", key: closed.id.lowercasedText)
        try save(closed)
        if case .habitWindow(let window) = closed.subject {
            var optional: UndoJournal? = journal
            try recomputeTimedEntry(window: window, day: closed.day, journal: &optional)
            if let updated = optional { journal = updated }
        }
    }

    /// Saves a session closed outside any action (rollover, two timers), keeping a habit's minutes true.
    private func saveClosed(_ session: WorkSession) throws {
        try save(session)
        if case .habitWindow(let window) = session.subject {
            var none: UndoJournal?
            try recomputeTimedEntry(window: window, day: session.day, journal: &none)
        }
    }

    private func saveAction(_ session: WorkSession, label: String) throws -> WorkSession {
        try perform(label) { journal in
            try journal.capture("sessions", key: session.id.lowercasedText)
            try save(session)
            return session
        }
    }

    func sessionByID(_ id: UUID) throws -> WorkSession? {
        try db.rows("SELECT \(SessionRecords.columns) FROM sessions WHERE id = ?", [.text(id.lowercasedText)])
            .first.map(SessionRecords.session)
    }

    func save(_ session: WorkSession) throws {
        try db.run(SessionRecords.upsertSQL, SessionRecords.bindings(session))
    }

    // MARK: Rollover and multi-device

    /// Closes, as autoClosed at the boundary instant that ended its day, every session live from a day
    /// before `today`; returns the tasks they were on, which carry without a deferral.
    func autoCloseSessions(before today: LocalDay) throws -> Set<UUID> {
        var carried = Set<UUID>()
        var offered: UUID?
        for var session in try liveSessions() where session.day < today {
            var end = calendar.start(of: session.day.adding(days: 1))
            if end <= session.startedAt {
                // The rollover time changed since Begin: close at the first boundary after the start.
                end = calendar.start(of: calendar.logicalDay(at: session.startedAt).adding(days: 1))
                if end > now { continue }
            }
            session.close(.autoClosed, at: end, now: now)
            try saveClosed(session)
            if let task = session.taskID {
                carried.insert(task)
                offered = session.id
            }
        }
        if let offered { try writeSetting(Planner.offerSessionKey, offered.lowercasedText) }
        return carried
    }

    /// Settles what a merge of other devices' changes may leave (spec D18): two instances of one series
    /// due the same day (the dedup rule keeps one, rule Y-7), and two live sessions (rule Y-8). Each is an
    /// ordinary change, sent with the next sync.
    public func settleAfterMerge() throws {
        forgetReads()
        try db.write { try removeSeriesDuplicates() }
        try settleTwoTimers()
    }

    /// With two live sessions (two devices, or a merged store), the later-started is closed as abandoned
    /// with its time logged, and the next Today says so once. Every command runs it on opening the
    /// store, and a sync right after its merge (rule Y-8).
    public func settleTwoTimers() throws {
        // The same statement as `liveSessions()`, so that opening the store prepares one fewer.
        guard try liveSessions().count > 1 else { return }
        try db.write {
            for var extra in Sessions.extraLive(try liveSessions()) {
                extra.close(.abandoned, at: now, now: now)
                try saveClosed(extra)
            }
            try writeSetting(Planner.twoTimersNoticeKey, nowText)
            try UndoJournal.clear(db: db)
        }
    }

    /// The quiet line about two timers while it has not been shown.
    public func pendingTwoTimersNotice() throws -> PendingSignal? {
        guard try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Planner.twoTimersNoticeKey)]) != nil
        else { return nil }
        return PendingSignal(signal: .twoTimersStopped, seen: .twoTimers)
    }

    /// The carried-over session's task while its offer has not been shown as a signal.
    public func pendingOfferedTask() throws -> (task: TaskItem, signal: PendingSignal)? {
        guard let task = try offeredTask(),
              let id = try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Planner.offerSessionKey)])?.text,
              let pending = try unshown([.sessionCarriedOver(task: task.id)], period: id).first
        else { return nil }
        return (task, pending)
    }

    /// The task whose session the last rollover closed, while it is still live and not begun again.
    public func offeredTask() throws -> TaskItem? {
        guard let id = try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Planner.offerSessionKey)])?.text,
              let sessionID = UUID(recordText: id), let session = try sessionByID(sessionID),
              session.outcome == .autoClosed, let task = try task(of: session), task.isLive else { return nil }
        let later = try db.scalar("SELECT count(*) FROM sessions WHERE task_id = ? AND started_at > ?",
                                  [.text(task.id.lowercasedText), .text(Instant.storageText(session.startedAt))])?.int ?? 0
        return later == 0 ? task : nil
    }

    /// Seconds of work on a task: its closed sessions' actual time plus a live session's elapsed time.
    public func actualSeconds(of task: TaskItem) throws -> Int {
        try sessions(of: task).reduce(0) { $0 + ($1.isLive ? $1.elapsedSeconds(at: now) : $1.actualSeconds) }
    }
}
