import CharflowCore
import Foundation

/// Maps `sessions` rows to values and back, by column name.
///
/// The columns are one enum (`SessionColumn`): its cases, in order, make the SELECT list and the
/// INSERT's, and a row is read and bound case by case, so none is found by counting positions.
enum SessionRecords {
    static let columns = SessionColumn.selectList
    static let upsertSQL = SessionColumn.upsertSQL(into: "sessions")

    /// A session from a row selected with `columns`; an unknown outcome reads as abandoned.
    static func session(_ row: some RecordRow) -> WorkSession {
        typealias C = SessionColumn
        let subject: SessionSubject
        if let task = row.uuid(C.taskID) {
            subject = .task(task)
        } else {
            subject = .habitWindow(row.uuid(C.habitWindowID) ?? UUID())
        }
        return WorkSession(
            id: row.uuid(C.id) ?? UUID(),
            subject: subject,
            startedAt: row.instant(C.startedAt) ?? Date(timeIntervalSince1970: 0),
            day: row.day(C.day) ?? LocalDay(ordinal: 0),
            endedAt: row.instant(C.endedAt),
            pausedSeconds: row.int(C.pausedSeconds) ?? 0,
            pausedAt: row.instant(C.pausedAt),
            estimateMinutes: row.int(C.estimateMinutes),
            outcome: row.text(C.outcome).flatMap(SessionOutcome.init(rawValue:)) ?? .abandoned,
            actualSeconds: row.int(C.actualSeconds) ?? 0,
            modifiedAt: row.instant(C.modifiedAt)
        )
    }

    /// The session's values, one for each `SessionColumn` in order.
    static func bindings(_ session: WorkSession) -> [SQLValue] {
        SessionColumn.allCases.map { $0.value(of: session) }
    }
}

extension WorkSession {
    /// The window of a habit session; nil for a session on a task.
    fileprivate var habitWindowID: UUID? {
        if case .habitWindow(let id) = subject { return id }
        return nil
    }
}

/// The columns of `sessions`, in the order they are selected and inserted.
enum SessionColumn: Int, RecordColumn {
    case id, taskID, habitWindowID, startedAt, day, endedAt, pausedSeconds, pausedAt, estimateMinutes, outcome,
         actualSeconds, modifiedAt

    var name: String {
        switch self {
        case .id: "id"
        case .taskID: "task_id"
        case .habitWindowID: "habit_window_id"
        case .startedAt: "started_at"
        case .day: "day"
        case .endedAt: "ended_at"
        case .pausedSeconds: "paused_seconds"
        case .pausedAt: "paused_at"
        case .estimateMinutes: "estimate_minutes"
        case .outcome: "outcome"
        case .actualSeconds: "actual_seconds"
        case .modifiedAt: "modified_at"
        }
    }

    /// The value `session` stores in this column.
    func value(of session: WorkSession) -> SQLValue {
        switch self {
        case .id: .text(session.id.lowercasedText)
        case .taskID: session.taskID.map(\.lowercasedText).sqlValue
        case .habitWindowID: session.habitWindowID.map(\.lowercasedText).sqlValue
        case .startedAt: .text(Instant.storageText(session.startedAt))
        case .day: .text(session.day.description)
        case .endedAt: session.endedAt.map(Instant.storageText).sqlValue
        case .pausedSeconds: session.pausedSeconds.sqlValue
        case .pausedAt: session.pausedAt.map(Instant.storageText).sqlValue
        case .estimateMinutes: session.estimateMinutes.sqlValue
        case .outcome: .text(session.outcome.rawValue)
        case .actualSeconds: session.actualSeconds.sqlValue
        case .modifiedAt: .text(Instant.storageText(session.modifiedAt))
        }
    }
}
