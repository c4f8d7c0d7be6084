import CharflowCore
import CharflowStore
import Foundation

/// Show one task with its history: deferrals (T-10), focus sessions, the work logged, its checklist
/// (T-33) and category.
public enum ShowTask {
    public struct Input: Decodable, Sendable {
        public var task: TaskRef

        public init(task: TaskRef) {
            self.task = task
        }

        public init(task: UUID) {
            self.task = TaskRef(task)
        }
    }
}

/// One task with its history, as `show` prints it and the page's detail shows it.
public struct TaskDetail: Report {
    public let task: TaskItem
    public let place: TaskPlace
    public let deferrals: [DeferralRecord]
    public let sessions: [WorkSession]
    public let actualSeconds: Int
    public let category: TaskCategory?
    public let today: LocalDay
    public let calendar: PlannerCalendar
    public let json: JSONValue
}

extension Charflow {
    public func showTask(_ input: ShowTask.Input) throws -> TaskDetail {
        try detail(of: try task(input.task))
    }

    private func detail(of task: TaskItem) throws -> TaskDetail {
        let deferrals = try store.taskRepository.deferrals(ofTask: task.id)
        let sessions = try store.sessions.sessions(ofTask: task.id)
        let actual = Sessions.actualSeconds(sessions, at: now)
        let render = try taskJSON()
        var object: [(String, JSONValue)] = []
        if case .object(let pairs) = render.task(task) { object = pairs }
        object.append(("deferrals", .array(deferrals.map(render.deferral))))
        object.append(("sessions", .array(sessions.map { SessionJSON.session($0, now: now, calendar: calendar) })))
        object.append(("actualSeconds", .int(actual)))
        // A task without an estimate is offered the learned one; one with an estimate is not.
        if task.effortMinutes == nil { object.append(("learnedEffort", .optional(try learnedEffort(for: task)))) }
        object.append(("checklist", .array(Notes.checklist(task.notes).map {
            .object([("number", .int($0.number)), ("isChecked", .bool($0.isChecked)), ("text", .string($0.text))])
        })))
        let category = try task.categoryID.flatMap { id in try store.categories.all().first { $0.id == id } }
        return TaskDetail(task: task, place: try TaskPlace(task, in: self), deferrals: deferrals, sessions: sessions,
                          actualSeconds: actual, category: category, today: today, calendar: calendar, json: .object(object))
    }
}
