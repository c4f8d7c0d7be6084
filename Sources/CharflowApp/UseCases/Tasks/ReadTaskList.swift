import CharflowCore
import CharflowStore
import Foundation

/// A plain list of tasks (upcoming, every task, the day's history) as of the call's day.
///
/// Its JSON is built when asked for: a text front end never pays for it.
public struct TaskListReport: Report {
    public let tasks: [TaskItem]
    public let today: LocalDay
    /// The day a history is of; nil for the other lists.
    public let day: LocalDay?
    public let calendar: PlannerCalendar
    /// Task objects as of the call, with the category names for labels.
    public let render: TaskJSON

    public var json: JSONValue {
        day.map { .object([("date", .string($0.description)), ("tasks", render.tasks(tasks))]) }
            ?? .object([("tasks", render.tasks(tasks))])
    }
}

/// Read every live task in the engine's order (T-15); with `all`, done and dropped ones too.
public enum ReadTaskList {
    public struct Input: Decodable, Sendable {
        public var all: Bool?

        public init(all: Bool = false) {
            self.all = all
        }
    }
}

extension Charflow {
    public func readTaskList(_ input: ReadTaskList.Input) throws -> TaskListReport {
        try tasks(all: input.all ?? false)
    }

    /// Every live task in the engine's order; with `all`, done and dropped ones too.
    public func tasks(all: Bool) throws -> TaskListReport {
        try list(try allTasks(includingResolved: all))
    }

    /// Every live task (with `resolved`, done and dropped ones too), in the engine's order.
    func allTasks(includingResolved resolved: Bool) throws -> [TaskItem] {
        EngineOrder.sorted(try store.taskRepository.all(includingResolved: resolved), today: today)
    }

    func list(_ tasks: [TaskItem]) throws -> TaskListReport {
        TaskListReport(tasks: tasks, today: today, day: nil, calendar: calendar, render: try taskJSON())
    }
}
