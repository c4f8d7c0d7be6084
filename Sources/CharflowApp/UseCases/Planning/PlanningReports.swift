import CharflowCore
import CharflowStore
import Foundation

/// A closed or skipped planning session.
public struct PlanningSessionReport: Report {
    public let session: NightPlanningSession
    public var json: JSONValue { PlanningJSON.session(session) }
}

/// Night-planning objects in JSON.
public enum PlanningJSON {
    public static func session(_ session: NightPlanningSession) -> JSONValue {
        .object([("id", .string(session.id.lowercasedText)), ("date", .string(session.date.description)),
                 ("planDay", .string(session.planDay.description)), ("state", .string(session.state.rawValue))])
    }

    /// The planned day's load: its tasks and their effort, the habits' effort, its free time (F-15), each
    /// region's minutes and the day's events and anchors in time order (F-16).
    static func load(_ load: PlanLoad, render: TaskJSON, calendar: PlannerCalendar) -> JSONValue {
        let times = DayTimeJSON(calendar: calendar)
        return .object([("day", .string(load.day.description)), ("tasks", render.tasks(load.tasks)),
                        ("taskMinutes", .int(load.taskMinutes)), ("habitMinutes", .int(load.habitMinutes)),
                        ("freeMinutes", .int(load.freeMinutes)), ("overloaded", .bool(load.isOverloaded)),
                        ("prioritisationPrompt", .bool(load.needsPrioritising)),
                        ("regions", .object(load.time.free.regions.map { ($0.region.rawValue, .object(times.regionFields($0))) })),
                        ("dayHabitMinutes", .int(load.time.free.dayHabitMinutes)),
                        ("fixedPoints", .array(load.time.points.map(times.point)))])
    }
}

extension Charflow {
    /// The day reviewed and the day planned, as of the clock (after midnight, still last night's; P-3).
    public var planningDays: (review: LocalDay, plan: LocalDay) {
        NightPlanning.days(now: now, today: today, calendar: calendar)
    }

}
