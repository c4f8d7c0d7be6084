import CharflowCore
import Foundation

/// The store's focus sessions as records: reads, and saves that cannot forget undo or the stamp.
///
/// Reads work anywhere. A save needs the `UnitOfWork` of the action it belongs to: it captures the
/// row's before-image in that action's undo journal, stamps `modifiedAt` with the action's clock, then
/// upserts the row, so a session change can neither escape undo nor miss its sync stamp (spec D8, D14).
package struct SessionRepository {
    let db: Database
    /// The clock a save outside any action stamps.
    let now: Date

    /// The live session: the earliest started, should there ever be two.
    package func live() throws -> WorkSession? {
        try allLive().first
    }

    /// Every live session, earliest started first (more than one only after a merge, rule Y-8).
    package func allLive() throws -> [WorkSession] {
        try db.rows("SELECT \(SessionRecords.columns) FROM sessions WHERE ended_at IS NULL ORDER BY started_at, id")
            .map(SessionRecords.session)
    }

    /// Every session of a task, oldest first.
    package func sessions(ofTask id: UUID) throws -> [WorkSession] {
        try db.rows("SELECT \(SessionRecords.columns) FROM sessions WHERE task_id = ? ORDER BY started_at",
                    [.text(id.lowercasedText)]).map(SessionRecords.session)
    }

    /// The days `start` through `end` on which a session was run.
    package func days(from start: LocalDay, through end: LocalDay) throws -> Set<LocalDay> {
        var days = Set<LocalDay>()
        for row in try db.rows("SELECT DISTINCT day FROM sessions WHERE day >= ? AND day <= ?", [.text(start.description), .text(end.description)]) {
            if let day = row.day(0) { days.insert(day) }
        }
        return days
    }

    /// The session with this id, if it exists.
    package func session(id: UUID) throws -> WorkSession? {
        try db.rows("SELECT \(SessionRecords.columns) FROM sessions WHERE id = ?", [.text(id.lowercasedText)])
            .first.map(SessionRecords.session)
    }

    /// The latest-started session but `other` that ended at `end`: what an action ending at that
    /// instant settled.
    package func latestEnded(at end: Date, otherThan other: UUID) throws -> WorkSession? {
        try db.rows("SELECT \(SessionRecords.columns) FROM sessions WHERE ended_at = ? AND id != ? ORDER BY started_at DESC LIMIT 1",
                    [.text(Instant.storageText(end)), .text(other.lowercasedText)]).first.map(SessionRecords.session)
    }

    /// How many sessions of a task started after `start`.
    package func count(ofTask id: UUID, startedAfter start: Date) throws -> Int {
        try db.scalar("SELECT count(*) FROM sessions WHERE task_id = ? AND started_at > ?",
                      [.text(id.lowercasedText), .text(Instant.storageText(start))])?.int ?? 0
    }

    /// The habit's title and the window's label a habit session is on, if the window still exists.
    package func habitTitle(window id: UUID) throws -> (habit: UUID?, title: String?, label: String?)? {
        try db.rows("SELECT h.title, w.label, h.id FROM habit_windows w JOIN habits h ON h.id = w.habit_id WHERE w.id = ?",
                    [.text(id.lowercasedText)]).first.map { ($0[2].text.flatMap(UUID.init(uuidString:)), $0[0].text, $0[1].text) }
    }

    /// Saves `session` as part of the action `work`: before-image captured, `modifiedAt` stamped.
    package func save(_ session: WorkSession, in work: UnitOfWork) throws {
        try save(session, journal: &work.journal, now: work.now)
    }

    /// `save(_:in:)` for the store's own flows that hold the action's journal.
    func save(_ session: WorkSession, journal: inout UndoJournal, now: Date) throws {
        try journal.capture("sessions", key: session.id.lowercasedText)
        try write(session, now: now)
    }

    /// Removes the session with id text `id` for good as part of an action, leaving a tombstone.
    func remove(id: String, journal: inout UndoJournal, now: String) throws {
        try journal.capture("sessions", key: id)
        try Tombstone.remove("sessions", id: id, at: now, in: db)
    }

    /// Saves a session changed by something no undo reaches: a rollover, the two-timers settlement, an
    /// import (each empties the journal or keeps its own images).
    package func saveOutsideUndo(_ session: WorkSession) throws {
        try write(session, now: now)
    }

    private func write(_ session: WorkSession, now: Date) throws {
        var session = session
        session.modifiedAt = now
        try db.run(SessionRecords.upsertSQL, SessionRecords.bindings(session))
    }
}

extension Store {
    /// The store's focus sessions.
    package var sessions: SessionRepository {
        SessionRepository(db: db, now: now)
    }
}
