import CharflowCore
import Foundation

/// Which of night planning's carry choices the core would take for an open task now (P-2, T-20, T-25).
///
/// Each is the deferral rule itself tried on the task as it stands, today's record included (a task
/// deferred once already today refines that record instead of counting again), so the page offers Keep
/// and Someday only when the carry would be accepted, and says the core's sentence when Keep is not.
public struct CarryChoices: Sendable, Equatable {
    /// Keep for the planned day (the instant deferral).
    public let keep: Bool
    /// Later, to Someday.
    public let someday: Bool
    /// Why Keep is not offered, in the core's words; nil when it is.
    public let keepNote: String?

    public var json: JSONValue {
        .object([("keep", .bool(keep)), ("someday", .bool(someday)), ("keepNote", .optional(keepNote))])
    }
}

extension Charflow {
    /// The carry choices the core would accept for `task` on the planned day.
    func carryChoices(of task: TaskItem) throws -> CarryChoices {
        let record = try todaysRecord(of: task)
        let plan = planningDays.plan
        func refusal(_ target: LocalDay?, chosen: Bool) -> PlannerError? {
            do {
                _ = try Deferral.move(task, to: target, dateChosen: chosen, reason: nil, todaysRecord: record, today: today, now: now)
                return nil
            } catch {
                // Keep is refused from the third deferral with the same sentence `carry` gives (T-20).
                return error.asksForChosenDay ? .pickALaterDay : error
            }
        }
        let keep = refusal(plan, chosen: false)
        return CarryChoices(keep: keep == nil, someday: refusal(nil, chosen: true) == nil, keepNote: keep?.message)
    }

    /// The carry choices of each of `tasks`, by task id.
    func carryChoicesJSON(_ tasks: [TaskItem]) throws -> JSONValue {
        .object(try tasks.map { ($0.id.lowercasedText, try carryChoices(of: $0).json) })
    }
}
