import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import Testing

/// A fresh SQLite store for one session test, opened as `charflow` would open it at a local wall time.
/// Reopening with a later time is how a test moves the clock: nothing is mocked.
final class SessionTestStore: TempStore {}

extension Store {
    /// Adds a task for a session test: placed in Morning (due today) unless `region` is nil.
    @discardableResult
    func sessionAdd(_ title: String, region: Region? = .morning, effort: Int?? = nil, notes: String? = nil,
                    due: QuickDate? = nil) throws -> TaskItem {
        var request = NewTask(title: title)
        request.region = region
        request.effortMinutes = effort
        request.notes = notes
        request.due = due
        return try add(request)
    }

    /// The task as stored now.
    func sessionReload(_ task: TaskItem) throws -> TaskItem {
        try self.app.task(matching: task.id.uuidString)
    }

    /// The task's sessions, oldest first.
    func sessionList(_ task: TaskItem) throws -> [WorkSession] {
        try sessions.sessions(ofTask: sessionReload(task).id)
    }

    /// Records a session begun now on `subject`, as one undoable action through the store's unit of
    /// work: the rows the app's Begin writes, without its rules (those are tested through `CharflowApp`).
    @discardableResult
    func recordBegin(_ subject: SessionSubject, estimate: Int? = nil) throws -> WorkSession {
        try action("begin") { work in
            let session = WorkSession(subject: subject, startedAt: now, day: today, estimateMinutes: estimate)
            try sessions.save(session, in: work)
            return session
        }
    }

    /// Closes the live session now with `outcome`, as one undoable action; a habit's minutes follow.
    @discardableResult
    func recordClose(_ outcome: SessionOutcome = .abandoned) throws -> WorkSession {
        let live = try #require(try sessions.live())
        try action("finish") { work in try close(live, outcome, in: work) }
        return try #require(try sessions.session(id: live.id))
    }

    /// Live sessions as the table has them (not through the engine's "earliest" pick).
    func sessionLiveCount() throws -> Int {
        try db.scalar("SELECT count(*) FROM sessions WHERE ended_at IS NULL")?.int ?? -1
    }

    /// Writes a raw `sessions` row, as another device (or a merged store) would.
    func sessionInsertRaw(id: UUID = UUID(), task: UUID?, window: UUID? = nil, startedAt: Date, day: String,
                          endedAt: Date? = nil, outcome: String = "running") throws {
        try db.run("""
            INSERT INTO sessions (id, task_id, habit_window_id, started_at, day, ended_at, paused_seconds, outcome,
                                  actual_seconds, modified_at)
            VALUES (?, ?, ?, ?, ?, ?, 0, ?, 0, ?)
            """, [.text(id.uuidString.lowercased()), task.map { .text($0.uuidString.lowercased()) } ?? .null,
                  window.map { .text($0.uuidString.lowercased()) } ?? .null, .text(Instant.storageText(startedAt)),
                  .text(day), endedAt.map { .text(Instant.storageText($0)) } ?? .null, .text(outcome),
                  .text(Instant.storageText(startedAt))])
    }
}
