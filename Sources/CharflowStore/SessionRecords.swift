import CharflowCore
import Foundation

/// Maps `sessions` rows to values and back.
enum SessionRecords {
    static let columns = """
        id, task_id, habit_window_id, started_at, day, ended_at, paused_seconds, paused_at, estimate_minutes, \
        outcome, actual_seconds, modified_at
        """

    static func session(_ row: [SQLValue]) -> WorkSession {
        let subject: SessionSubject
        if let task = row.uuid(1) {
            subject = .task(task)
        } else {
            subject = .habitWindow(row.uuid(2) ?? UUID())
        }
        return WorkSession(
            id: row.uuid(0) ?? UUID(),
            subject: subject,
            startedAt: row.instant(3) ?? Date(timeIntervalSince1970: 0),
            day: row.day(4) ?? LocalDay(ordinal: 0),
            endedAt: row.instant(5),
            pausedSeconds: row[6].int ?? 0,
            pausedAt: row.instant(7),
            estimateMinutes: row[8].int,
            outcome: row[9].text.flatMap(SessionOutcome.init(rawValue:)) ?? .abandoned,
            actualSeconds: row[10].int ?? 0,
            modifiedAt: row.instant(11)
        )
    }

    static let upsertSQL = RecordSQL.upsert("sessions", columns)

    static func bindings(_ session: WorkSession) -> [SQLValue] {
        var task: SQLValue = .null, window: SQLValue = .null
        switch session.subject {
        case .task(let id): task = .text(id.lowercasedText)
        case .habitWindow(let id): window = .text(id.lowercasedText)
        }
        return [
            .text(session.id.lowercasedText), task, window, .text(Instant.storageText(session.startedAt)),
            .text(session.day.description), session.endedAt.map(Instant.storageText).sqlValue,
            session.pausedSeconds.sqlValue, session.pausedAt.map(Instant.storageText).sqlValue,
            session.estimateMinutes.sqlValue, .text(session.outcome.rawValue), session.actualSeconds.sqlValue,
            .text(Instant.storageText(session.modifiedAt)),
        ]
    }
}
