import CharflowCore
import CharflowStore
import Foundation

/// The review step: the reviewed day's done and open tasks and its habits, honestly (spec D10).
public struct PlanReviewReport {
    public let review: Planner.PlanReview
    public let planDay: LocalDay
    public let today: LocalDay
    public let render: TaskJSON

    public var json: JSONValue {
        .object([
            ("date", .string(review.day.description)),
            ("planDay", .string(planDay.description)),
            ("done", render.tasks(review.done)),
            ("open", render.tasks(review.open)),
            ("habits", .array(review.habits.map { habit, window, cell in
                .object([("habit", .string(habit.id.lowercasedText)), ("title", .string(habit.title)),
                         ("window", .string(window.label)), ("amount", .int(cell.amount)), ("target", .int(cell.target)),
                         ("state", .string(cell.state.rawValue)),
                         ("text", .string(HabitWords.amount(kind: habit.kind, amount: cell.amount, target: cell.target)))])
            })),
            ("session", review.session.map(PlanningJSON.session) ?? .null),
        ])
    }
}

/// Tomorrow's load against the day's capacity, and whether to prompt for priorities.
public struct PlanLoadReport {
    public let load: Planner.PlanLoad
    public let json: JSONValue
}

/// The night-planning overview: the review, tomorrow's load, the session's state.
public struct PlanOverview {
    public let review: PlanReviewReport
    public let load: PlanLoadReport
    public let json: JSONValue
}

/// A closed or skipped planning session.
public struct PlanningSessionReport {
    public let session: NightPlanningSession
    public var json: JSONValue { PlanningJSON.session(session) }
}

/// Night-planning objects in JSON.
public enum PlanningJSON {
    public static func session(_ session: NightPlanningSession) -> JSONValue {
        .object([("id", .string(session.id.lowercasedText)), ("date", .string(session.date.description)),
                 ("planDay", .string(session.planDay.description)), ("state", .string(session.state.rawValue))])
    }

    static func load(_ load: Planner.PlanLoad, render: TaskJSON) -> JSONValue {
        .object([("day", .string(load.day.description)), ("tasks", render.tasks(load.tasks)),
                 ("taskMinutes", .int(load.taskMinutes)), ("habitMinutes", .int(load.habitMinutes)),
                 ("capacity", .int(load.capacity)), ("overloaded", .bool(load.isOverloaded)),
                 ("prioritisationPrompt", .bool(load.needsPrioritising))])
    }
}

extension Charflow {
    /// The day reviewed and the day planned, as of the clock (after midnight, still last night's).
    public var planningDays: (review: LocalDay, plan: LocalDay) { planner.planningDays }

    public func planReview() throws -> PlanReviewReport {
        PlanReviewReport(review: try planner.planReview(), planDay: planningDays.plan, today: today, render: try taskJSON())
    }

    public func planLoad() throws -> PlanLoadReport {
        let load = try planner.planLoad()
        return PlanLoadReport(load: load, json: PlanningJSON.load(load, render: try taskJSON()))
    }

    public func planOverview() throws -> PlanOverview {
        let review = try planReview()
        let load = try planLoad()
        let render = try taskJSON()
        return PlanOverview(review: review, load: load, json: .object([
            ("review", .string(review.review.day.description)), ("planDay", .string(load.load.day.description)),
            ("open", render.tasks(review.review.open)), ("load", load.json),
            ("session", review.review.session.map(PlanningJSON.session) ?? .null),
        ]))
    }

    /// Carries the task (the second word: `carry ID`) forward: `keep`, `later DATE-WORD [reason]` or `drop`.
    public func carry(_ request: Request) throws -> TaskChange {
        let chosen = [request.has("keep"), request.value("later") != nil, request.has("drop")].filter { $0 }.count
        guard chosen == 1 else { throw RequestError.chooseOne(["keep", "later", "drop"]) }
        let choice: Planner.Carry
        if request.has("keep") {
            choice = .keep
        } else if request.has("drop") {
            choice = .drop
        } else {
            guard let word = try request.dateWord("later") else { throw InputError.badDate(request.value("later") ?? "") }
            choice = .later(word, try request.reason())
        }
        return try carry(try Self.stepSubject(request), choice)
    }

    public func carry(_ task: String, _ choice: Planner.Carry) throws -> TaskChange {
        let result = try planner.carry(task, choice)
        return try TaskChange(result.task, in: self, change: result)
    }

    /// Plans the task (`tomorrow ID`) onto the planned day, on its board when a region is given.
    public func planTomorrow(_ request: Request) throws -> TaskChange {
        try planTomorrow(try Self.stepSubject(request), region: try request.region(), bucket: try request.bucket(),
                         importance: try request.importance())
    }

    public func planTomorrow(_ task: String, region: Region?, bucket: Bucket?, importance: Importance?) throws -> TaskChange {
        let change = try planner.planTask(task, region: region, bucket: bucket, importance: importance)
        return try TaskChange(change.task, in: self, change: change)
    }

    /// Moves the task (`move ID`) to another day without a deferral (the overload notice's Move).
    public func planMove(_ request: Request) throws -> TaskChange {
        guard let word = try request.dateWord("to") else { throw RequestError.missingOption("to") }
        return try TaskChange(try planner.reschedule(try Self.stepSubject(request), to: word), in: self)
    }

    /// Closes or skips tonight's planning.
    public func endPlanning(closed: Bool) throws -> PlanningSessionReport {
        PlanningSessionReport(session: try planner.endPlanning(closed ? .closed : .skipped))
    }

    /// The task a planning step names: its second word (`carry ID`).
    static func stepSubject(_ request: Request) throws -> String {
        guard request.words.count == 2 else { throw RequestError.missing("task") }
        return request.words[1]
    }
}
