import CharflowCore
import CharflowStore
import Foundation

/// Closing focus sessions: inside an action (a task's done, defer or drop, a finish, a begin that
/// settles the running one), and outside any (the rollover's auto-close, the two-timers settlement).
///
/// A habit session's window keeps its day's timed minutes true after each close (H-11), through
/// `HabitRules.settleCompletion`.
extension Charflow {
    /// Closes `session` at the clock with `outcome` as part of `work`.
    func close(_ session: WorkSession, _ outcome: SessionOutcome, in work: UnitOfWork) throws {
        var closed = session
        closed.close(outcome, at: now, now: now)
        try store.sessions.save(closed, in: work)
        if case .habitWindow(let window) = closed.subject {
            try settleTimedDay(window: window, day: closed.day, in: work)
        }
    }

    /// Closes the live session on `taskID`, if there is one, at the clock with `outcome`.
    func closeLiveSession(ofTask taskID: UUID, _ outcome: SessionOutcome, in work: UnitOfWork) throws {
        for session in try store.sessions.allLive() where session.taskID == taskID {
            try close(session, outcome, in: work)
        }
    }

    /// Saves a session closed outside any action (no undo reaches it), its habit's minutes kept true.
    func saveClosedOutsideAction(_ session: WorkSession) throws {
        try store.sessions.saveOutsideUndo(session)
        if case .habitWindow(let window) = session.subject {
            try settleTimedDay(window: window, day: session.day, in: nil)
        }
    }

    /// Rewrites a timed window's entry for `day` from its closed sessions, inside `work` when there is one.
    func settleTimedDay(window windowID: UUID, day: LocalDay, in work: UnitOfWork?) throws {
        let records = store.habitRecords
        guard let window = try records.window(id: windowID) else { return }
        var entry = try records.entry(window: windowID, on: day)
            ?? HabitEntry(id: try records.newEntryID(window: windowID, on: day), windowID: windowID,
                          date: day, target: window.target, modifiedAt: now)
        entry.amount = try records.timedMinutes(window: windowID, on: day)
        HabitRules.settleCompletion(&entry, kind: .timed, log: nil, today: today, now: now)
        try records.settleIncrements(&entry, kind: .timed)
        if let work {
            try records.save(entry, in: work)
        } else {
            try records.saveOutsideUndo(entry, now: now)
        }
    }

    /// With two live sessions (two devices, a merged or imported store), the later-started is closed as
    /// abandoned with its time logged, and the next Today says so once (S-11, Y-8). Runs on opening the
    /// store and after a sync's merge; empties the undo history, as a rollover does.
    func settleTwoTimers() throws {
        guard try store.sessions.allLive().count > 1 else { return }
        try store.db.write {
            for var extra in Sessions.extraLive(try store.sessions.allLive()) {
                extra.close(.abandoned, at: now, now: now)
                try saveClosedOutsideAction(extra)
            }
            try store.signals.leaveTwoTimersNotice()
            try store.clearUndoHistory()
        }
    }

    /// Closes, as autoClosed at the boundary instant that ended its day, every session live from a day
    /// before `day`; returns the tasks they were on, which carry without a deferral (D4, S-9).
    func autoCloseSessions(before day: LocalDay) throws -> Set<UUID> {
        var carried = Set<UUID>()
        var offered: UUID?
        for var session in try store.sessions.allLive() where session.day < day {
            guard let end = Sessions.autoCloseEnd(of: session, calendar: calendar, now: now) else { continue }
            session.close(.autoClosed, at: end, now: now)
            try saveClosedOutsideAction(session)
            if let task = session.taskID {
                carried.insert(task)
                offered = session.id
            }
        }
        if let offered { try store.signals.offerSession(offered) }
        return carried
    }
}
