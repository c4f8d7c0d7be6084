import CharflowCore
import CharflowStore
import Foundation

/// A focus session after an action on it: the session, its task, and the session a begin settled first.
public struct SessionReport {
    public let session: WorkSession
    public let task: TaskItem?
    /// The task's title, or the habit's for a habit session.
    public let title: String
    public let settled: WorkSession?
    public let now: Date
    public let json: JSONValue
}

/// The running chip: the live session, if any, with its task.
public struct SessionStatus {
    public let session: WorkSession?
    public let task: TaskItem?
    public let now: Date
    let app: Charflow

    /// `status --json`, built when asked for (every screen reads the chip; few want the JSON).
    public var json: JSONValue {
        .object([
            ("session", session.map { SessionJSON.session($0, planner: app.planner) } ?? .null),
            ("task", task.map { TaskJSON(today: app.today, calendar: app.calendar, categories: [:]).task($0) } ?? .null),
        ])
    }
}

extension Charflow {
    /// Begins a focus session on a task; `--settle done|stop|defer|drop` settles a running one first.
    public func begin(_ request: Request) throws -> SessionReport {
        let word = try request.subject("task")
        var settle: SessionSettle?
        if let text = request.value("settle") {
            guard let choice = SessionSettle(rawValue: text.lowercased()) else {
                throw InputError.invalidWord(what: "settle choice", given: text, expected: "done, stop, defer or drop")
            }
            settle = choice
        }
        let result = try planner.begin(word, settle: settle)
        return try report(result.session, task: result.task, settled: result.settled)
    }

    public func pauseSession() throws -> SessionReport {
        let session = try planner.pauseSession()
        return try report(session, task: try planner.task(of: session))
    }

    public func resumeSession() throws -> SessionReport {
        let session = try planner.resumeSession()
        return try report(session, task: try planner.task(of: session))
    }

    /// Finishes the live session: `done` completes its task, `stop` logs the time and keeps it open.
    public func finish(_ request: Request) throws -> SessionReport {
        let done = request.has("done"), stop = request.has("stop")
        guard done != stop else { throw RequestError.chooseOne(["done", "stop"]) }
        let (session, task) = try planner.finish(done: done, note: request.value("note"))
        return try report(session, task: task)
    }

    /// The live session, if any.
    public func sessionStatus() throws -> SessionStatus {
        let session = try planner.liveSession()
        let task = try session.flatMap { try planner.task(of: $0) }
        return SessionStatus(session: session, task: task, now: now, app: self)
    }

    private func report(_ session: WorkSession, task: TaskItem?, settled: WorkSession? = nil) throws -> SessionReport {
        SessionReport(session: session, task: task, title: try planner.title(of: session), settled: settled, now: now,
                      json: SessionJSON.status(session, task: task, planner: planner))
    }
}
