import CharflowCore
import CharflowStore
import Foundation

/// The running chip: the live session, if any, with its task and what it is on in words.
public struct SessionStatus: Report {
    public let session: WorkSession?
    public let task: TaskItem?
    /// What the live session is on, in words; nil when none is live.
    public let name: SessionSubjectName?
    public let now: Date
    let calendar: PlannerCalendar
    /// The task's JSON, category named (S-13): read only when a task session is live.
    let render: TaskJSON

    /// `status --json`, built when asked for (every screen reads the chip; few want the JSON).
    public var json: JSONValue {
        .object([
            ("session", session.map { SessionJSON.session($0, now: now, calendar: calendar) } ?? .null),
            ("task", task.map { render.task($0) } ?? .null),
            ("title", .optional(name?.title)),
            ("habit", name?.habitJSON ?? .null),
        ])
    }
}

extension Charflow {
    /// Read which focus session is live, if any, and its task; changes nothing.
    public func sessionStatus() throws -> SessionStatus {
        let session = try store.sessions.live()
        let task = try session.flatMap(task(of:))
        return SessionStatus(session: session, task: task, name: try session.map(subjectName(of:)), now: now,
                             calendar: calendar, render: try taskJSON(categories: task != nil))
    }
}
