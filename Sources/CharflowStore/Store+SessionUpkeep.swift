import CharflowCore
import Foundation

/// What the store itself does to focus sessions: closing them when a task's own action ends them, the
/// rollover's auto-close, the two-timers settlement, and the session notices Today reads.
///
/// The use cases on sessions (begin, pause, resume, finish) are in `CharflowApp`.
extension Store {
    static let offerSessionKey = "offer-session"
    static let twoTimersNoticeKey = "notice-two-timers"

    /// Closes the live session on `taskID`, if there is one, at the clock with `outcome`.
    func closeLiveSession(ofTask taskID: UUID, _ outcome: SessionOutcome, journal: inout UndoJournal) throws {
        for session in try sessions.allLive() where session.taskID == taskID {
            try closeSession(session, outcome, journal: &journal)
        }
    }

    /// Closes `session` at the clock with `outcome` as part of an action; a habit session's timed
    /// minutes for its day follow.
    func closeSession(_ session: WorkSession, _ outcome: SessionOutcome, journal: inout UndoJournal) throws {
        var closed = session
        closed.close(outcome, at: now, now: now)
        try sessions.save(closed, journal: &journal, now: now)
        if case .habitWindow(let window) = closed.subject {
            var optional: UndoJournal? = journal
            try recomputeTimedEntry(window: window, day: closed.day, journal: &optional)
            if let updated = optional { journal = updated }
        }
    }

    /// Saves a session closed outside any action (rollover, two timers), keeping a habit's minutes true.
    private func saveClosed(_ session: WorkSession) throws {
        try sessions.saveOutsideUndo(session, now: now)
        if case .habitWindow(let window) = session.subject {
            var none: UndoJournal?
            try recomputeTimedEntry(window: window, day: session.day, journal: &none)
        }
    }

    // MARK: Rollover and multi-device

    /// Closes, as autoClosed at the boundary instant that ended its day, every session live from a day
    /// before `today`; returns the tasks they were on, which carry without a deferral.
    func autoCloseSessions(before today: LocalDay) throws -> Set<UUID> {
        var carried = Set<UUID>()
        var offered: UUID?
        for var session in try sessions.allLive() where session.day < today {
            guard let end = Sessions.autoCloseEnd(of: session, calendar: calendar, now: now) else { continue }
            session.close(.autoClosed, at: end, now: now)
            try saveClosed(session)
            if let task = session.taskID {
                carried.insert(task)
                offered = session.id
            }
        }
        if let offered { try writeSetting(Store.offerSessionKey, offered.lowercasedText) }
        return carried
    }

    /// Applies the dedup rule "one instance per (series, occurrence)" to `series` (every series when
    /// nil) in one transaction (rule Y-7); what a merge left is settled by `CharflowSync`, which calls
    /// this.
    package func removeSeriesDuplicatesAfterMerge(series: Set<String>?) throws {
        if series?.isEmpty == true { return }
        forgetReads()
        try db.write { try removeSeriesDuplicates(series: series) }
    }

    /// With two live sessions (two devices, or a merged store), the later-started is closed as abandoned
    /// with its time logged, and the next Today says so once. Every command runs it on opening the
    /// store, and a sync right after its merge (rule Y-8).
    package func settleTwoTimers() throws {
        // The same statement as `SessionRepository.live()`, so that opening the store prepares one fewer.
        guard try sessions.allLive().count > 1 else { return }
        try db.write {
            for var extra in Sessions.extraLive(try sessions.allLive()) {
                extra.close(.abandoned, at: now, now: now)
                try saveClosed(extra)
            }
            try writeSetting(Store.twoTimersNoticeKey, nowText)
            try UndoJournal.clear(db: db)
        }
    }

    /// Rewrites a timed window's entry for `day` from its sessions (after a session closes).
    func recomputeTimedEntry(window windowID: UUID, day: LocalDay, journal: inout UndoJournal?) throws {
        let records = habitRecords
        guard let window = try records.window(id: windowID) else { return }
        var entry = try records.entry(window: windowID, on: day)
            ?? HabitEntry(id: try records.newEntryID(window: windowID, on: day), windowID: windowID,
                          date: day, target: window.target, modifiedAt: now)
        entry.amount = try records.timedMinutes(window: windowID, on: day)
        HabitRules.settleCompletion(&entry, kind: .timed, log: nil, today: today, now: now)
        try records.settleIncrements(&entry, kind: .timed)
        try records.save(&entry, journal: &journal, now: now)
    }
}
