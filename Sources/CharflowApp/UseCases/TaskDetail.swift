import CharflowCore
import CharflowStore
import Foundation

/// One task with its history: deferrals, focus sessions, the work logged, its checklist and category.
public struct TaskDetail {
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
    /// `show ID`: the task with its deferrals and sessions.
    public func taskDetail(_ request: Request) throws -> TaskDetail {
        let task = try planner.task(matching: try request.subject("task"))
        let deferrals = try planner.deferrals(of: task)
        let sessions = try planner.sessions.sessions(ofTask: task.id)
        let actual = Sessions.actualSeconds(sessions, at: now)
        let render = try taskJSON()
        var object: [(String, JSONValue)] = []
        if case .object(let pairs) = render.task(task) { object = pairs }
        object.append(("deferrals", .array(deferrals.map(render.deferral))))
        object.append(("sessions", .array(sessions.map { SessionJSON.session($0, now: now, calendar: calendar) })))
        object.append(("actualSeconds", .int(actual)))
        object.append(("checklist", .array(Notes.checklist(task.notes).map {
            .object([("number", .int($0.number)), ("isChecked", .bool($0.isChecked)), ("text", .string($0.text))])
        })))
        let category = try task.categoryID.flatMap { id in try planner.categories.all().first { $0.id == id } }
        return TaskDetail(task: task, place: try TaskPlace(task, in: self), deferrals: deferrals, sessions: sessions,
                          actualSeconds: actual, category: category, today: today, calendar: calendar, json: .object(object))
    }
}
