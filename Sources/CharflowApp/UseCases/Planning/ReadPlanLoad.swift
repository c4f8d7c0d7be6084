import CharflowCore
import CharflowStore
import Foundation

/// The planned day's load against its free time (P-4, F-15): the effort of the tasks planned for it
/// against the sum of its regions' free time, which its events, anchors and habits have already taken from.
public struct PlanLoad: Sendable {
    public let day: LocalDay
    public let tasks: [TaskItem]
    public let taskMinutes: Int
    /// The effort of the habits due that day, already taken out of `time`'s free time.
    public let habitMinutes: Int
    /// The day's events and anchors and its regions' free and planned time.
    public let time: DayTime

    /// The planned effort the notice weighs: the open tasks dated that day.
    public var total: Int { taskMinutes }
    /// The day's free time: its regions' free time less the habits that count against the whole day.
    public var freeMinutes: Int { time.free.freeMinutes }
    public var isOverloaded: Bool { NightPlanning.isOverloaded(load: total, free: freeMinutes) }
    public var needsPrioritising: Bool { Prioritisation.shouldPrompt(tasks) }
}

/// Tomorrow's load against the day's free time, and whether to prompt for priorities.
public struct PlanLoadReport {
    public let load: PlanLoad
    public let json: JSONValue
}

extension Charflow {
    /// The planned day's tasks, the effort of its due habits (weekly targets left out) and its free time.
    public func planLoad() throws -> PlanLoadReport {
        let day = planningDays.plan
        let tasks = EngineOrder.sorted(try store.planning.plannedTasks(on: day), today: today)
        let time = try dayTime(on: day, board: try board(on: day))
        let habitMinutes = time.free.regions.reduce(time.free.dayHabitMinutes) { $0 + $1.habitMinutes }
        let load = PlanLoad(day: day, tasks: tasks, taskMinutes: NightPlanning.load(tasks: tasks, habitMinutes: 0),
                            habitMinutes: habitMinutes, time: time)
        return PlanLoadReport(load: load, json: PlanningJSON.load(load, render: try taskJSON(), calendar: calendar))
    }
}
