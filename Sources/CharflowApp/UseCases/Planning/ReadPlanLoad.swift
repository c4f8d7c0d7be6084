import CharflowCore
import CharflowStore
import Foundation

/// The planned day's load against the capacity setting (P-4).
public struct PlanLoad: Sendable {
    public let day: LocalDay
    public let tasks: [TaskItem]
    public let taskMinutes: Int
    public let habitMinutes: Int
    public let capacity: Int

    public var total: Int { taskMinutes + habitMinutes }
    public var isOverloaded: Bool { NightPlanning.isOverloaded(load: total, capacity: capacity) }
    public var needsPrioritising: Bool { Prioritisation.shouldPrompt(tasks) }
}

/// Tomorrow's load against the day's capacity, and whether to prompt for priorities.
public struct PlanLoadReport {
    public let load: PlanLoad
    public let json: JSONValue
}

extension Charflow {
    /// The planned day's tasks and the effort of its due habits (weekly targets left out), against capacity.
    public func planLoad() throws -> PlanLoadReport {
        let day = planningDays.plan
        let tasks = EngineOrder.sorted(try store.planning.plannedTasks(on: day), today: today)
        var habitMinutes = 0
        for habit in try habits() {
            for window in try store.habitRecords.windows(of: habit.id) {
                let history = try history(of: window, habit: habit, from: day, through: day)
                if history.isDue(day), !(history.schedule(on: day)?.isWeeklyTarget ?? false) {
                    habitMinutes += window.effortMinutes ?? 0
                }
            }
        }
        let load = PlanLoad(day: day, tasks: tasks, taskMinutes: NightPlanning.load(tasks: tasks, habitMinutes: 0),
                            habitMinutes: habitMinutes, capacity: settings.capacityMinutes)
        return PlanLoadReport(load: load, json: PlanningJSON.load(load, render: try taskJSON()))
    }
}
