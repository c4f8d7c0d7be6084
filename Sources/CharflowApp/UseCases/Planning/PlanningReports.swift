import CharflowCore
import CharflowStore
import Foundation

/// A closed or skipped planning session.
public struct PlanningSessionReport: Report {
    public let session: NightPlanningSession
    /// False when the planning was already so and nothing was recorded (B-21).
    public var changed = true
    public var json: JSONValue { PlanningJSON.session(session) }
}

/// Night-planning objects in JSON.
public enum PlanningJSON {
    public static func session(_ session: NightPlanningSession) -> JSONValue {
        .object([("id", .string(session.id.lowercasedText)), ("date", .string(session.date.description)),
                 ("planDay", .string(session.planDay.description)), ("state", .string(session.state.rawValue))])
    }

    static func load(_ load: PlanLoad, render: TaskJSON) -> JSONValue {
        .object([("day", .string(load.day.description)), ("tasks", render.tasks(load.tasks)),
                 ("taskMinutes", .int(load.taskMinutes)), ("habitMinutes", .int(load.habitMinutes)),
                 ("capacity", .int(load.capacity)), ("overloaded", .bool(load.isOverloaded)),
                 ("prioritisationPrompt", .bool(load.needsPrioritising))])
    }
}

extension Charflow {
    /// The day reviewed and the day planned, as of the clock (after midnight, still last night's; P-3).
    public var planningDays: (review: LocalDay, plan: LocalDay) {
        NightPlanning.days(now: now, today: today, calendar: calendar)
    }

}
