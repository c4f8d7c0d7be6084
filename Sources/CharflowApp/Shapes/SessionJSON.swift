import CharflowCore
import CharflowStore
import Foundation

/// Session objects in `task.md`'s field names, with the derived elapsed time.
public enum SessionJSON {
    public static func session(_ session: WorkSession, planner: Planner) -> JSONValue {
        let iso = { (date: Date) in Instant.isoText(date, in: planner.calendar) }
        var subject: [(String, JSONValue)] = []
        switch session.subject {
        case .task(let id): subject = [("taskID", .string(id.lowercasedText)), ("habitWindowID", .null)]
        case .habitWindow(let id): subject = [("taskID", .null), ("habitWindowID", .string(id.lowercasedText))]
        }
        return .object([("id", .string(session.id.lowercasedText))] + subject + [
            ("startedAt", .string(iso(session.startedAt))),
            ("day", .string(session.day.description)),
            ("endedAt", .optional(session.endedAt.map(iso))),
            ("pausedSeconds", .int(session.pausedSeconds)),
            ("pausedAt", .optional(session.pausedAt.map(iso))),
            ("estimateMinutes", .optional(session.estimateMinutes)),
            ("outcome", .string(session.outcome.rawValue)),
            ("actualSeconds", .int(session.actualSeconds)),
            ("elapsedSeconds", .int(session.elapsedSeconds(at: planner.now))),
            ("isPaused", .bool(session.isPaused)),
            ("state", .string(session.state(at: planner.now).rawValue)),
        ])
    }

    public static func status(_ session: WorkSession, task: TaskItem?, planner: Planner) -> JSONValue {
        .object([("session", self.session(session, planner: planner)),
                 ("task", task.map { TaskJSON(today: planner.today, calendar: planner.calendar, categories: [:]).task($0) } ?? .null)])
    }

    /// "▶ Write report · 12 of 30 min", with "paused" when it is.
    public static func chip(_ session: WorkSession, task: TaskItem?, now: Date) -> String {
        let mark = session.isPaused ? "Ⅱ" : "▶"
        return "\(mark) \(task?.title ?? "Habit session") · \(Sessions.progressText(session, at: now))"
            + (session.isPaused ? " · paused" : "")
    }
}
