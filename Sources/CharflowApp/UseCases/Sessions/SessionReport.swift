import CharflowCore
import CharflowStore
import Foundation

/// A focus session after an action on it: the session, its task, and the session a begin settled first.
public struct SessionReport: Report {
    public let session: WorkSession
    public let task: TaskItem?
    /// The task's title, or the habit's for a habit session.
    public let title: String
    public let settled: WorkSession?
    /// What settling the running session by a deferral did to its task (eased, suggests removal).
    package let settledDeferral: Store.DateChange?
    public let now: Date
    public let json: JSONValue
}

extension Charflow {
    /// The report of `session` as it stands after an action, with its task's JSON.
    ///
    /// A begin that settled the running session by a deferral adds its `deferral` object (T-13, T-21).
    func sessionReport(
        _ session: WorkSession, task: TaskItem?, settled: WorkSession? = nil, settledDeferral: Store.DateChange? = nil
    ) throws -> SessionReport {
        var json = SessionJSON.status(session, task: task, now: now, calendar: calendar, render: try taskJSON(categories: task != nil))
        if let settledDeferral, case .object(var pairs) = json {
            pairs.append(("settledDeferral", TaskChange.deferralJSON(settledDeferral, task: true)))
            json = .object(pairs)
        }
        return SessionReport(session: session, task: task, title: try title(of: session), settled: settled,
                             settledDeferral: settledDeferral, now: now, json: json)
    }

    /// What a session is on, in words: the task's title, or the habit's (with its window's label).
    func title(of session: WorkSession) throws -> String {
        try subjectName(of: session).title
    }

    /// What a session is on, with the habit's id and parts for a habit session.
    func subjectName(of session: WorkSession) throws -> SessionSubjectName {
        switch session.subject {
        case .task(let id):
            return SessionSubjectName(title: try store.taskRepository.task(id: id)?.title ?? "A task", habitID: nil, habitTitle: nil,
                                      windowLabel: nil)
        case .habitWindow(let id):
            let found = try store.sessions.habitTitle(window: id)
            let title = found?.title ?? "A habit"
            let label = found?.label ?? ""
            return SessionSubjectName(title: label.isEmpty ? title : "\(title) (\(label))", habitID: found?.habit,
                                      habitTitle: found?.title, windowLabel: found.map { _ in label })
        }
    }

    /// The task a session is on, if it is on one.
    func task(of session: WorkSession) throws -> TaskItem? {
        try session.taskID.flatMap { try store.taskRepository.task(id: $0) }
    }
}
