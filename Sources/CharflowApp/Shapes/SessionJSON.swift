import CharflowCore
import Foundation

/// Session objects in `task.md`'s field names, with the derived elapsed time.
public enum SessionJSON {
    /// A session as of `now`, its instants in `calendar`'s zone.
    public static func session(_ session: WorkSession, now: Date, calendar: PlannerCalendar) -> JSONValue {
        let iso = { (date: Date) in Instant.isoText(date, in: calendar) }
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
            ("elapsedSeconds", .int(session.elapsedSeconds(at: now))),
            ("isPaused", .bool(session.isPaused)),
            ("state", .string(session.state(at: now).rawValue)),
        ])
    }

    /// A session with its task, as an action on it reports them; `render` names the task's category.
    public static func status(_ session: WorkSession, task: TaskItem?, now: Date, calendar: PlannerCalendar,
                              render: TaskJSON) -> JSONValue {
        .object([("session", self.session(session, now: now, calendar: calendar)),
                 ("task", task.map { render.task($0) } ?? .null)])
    }

    /// "▶ Write report · 12 of 30 min", with "paused" when it is; `title` names what the session is on.
    public static func chip(_ session: WorkSession, title: String, now: Date) -> String {
        let mark = session.isPaused ? "Ⅱ" : "▶"
        return "\(mark) \(title) · \(Sessions.progressText(session, at: now))" + (session.isPaused ? " · paused" : "")
    }
}
