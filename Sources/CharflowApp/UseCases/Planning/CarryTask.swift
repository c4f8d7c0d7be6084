import CharflowCore
import CharflowStore
import Foundation

/// Carry one open task forward from the review: Keep it for the planned day, move it Later, or Drop
/// it (P-2). After a midnight rollover this refines the rollover's deferral for the day instead of
/// counting a second one (P-3).
public enum CarryTask {
    /// How an incomplete task is carried forward.
    public enum Choice: Sendable, Equatable {
        /// To the planned day: a deferral (the instant one, so not from the third on).
        case keep
        /// To a quick date or a picked day: a deferral with an optional reason chip.
        case later(QuickDate, DeferralReason?)
        /// Let it go (undo brings it back).
        case drop
    }

    public struct Input: Decodable, Sendable {
        public var task: TaskRef
        public var choice: Choice

        enum CodingKeys: String, CodingKey {
            case task, keep, later, reason, drop
        }

        public init(task: TaskRef, choice: Choice) {
            self.task = task
            self.choice = choice
        }

        public init(task: UUID, choice: Choice) {
            self.init(task: TaskRef(task), choice: choice)
        }

        /// Exactly one of `keep`, `later` (a DATE-WORD, with an optional `reason`) and `drop`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            task = try container.decode(TaskRef.self, forKey: .task)
            let keep = try container.decodeIfPresent(Bool.self, forKey: .keep) ?? false
            let drop = try container.decodeIfPresent(Bool.self, forKey: .drop) ?? false
            let later = container.contains(.later)
            guard [keep, later, drop].filter({ $0 }).count == 1 else { throw UsageRefusal.chooseOne(["keep", "later", "drop"]) }
            let reason = try container.decodeIfPresent(DeferralReason.self, forKey: .reason)
            if keep {
                choice = .keep
            } else if drop {
                choice = .drop
            } else {
                choice = .later(try container.decode(QuickDate.self, forKey: .later), reason)
            }
        }
    }
}

extension Charflow {
    @discardableResult
    public func carryTask(_ input: CarryTask.Input) throws -> TaskChange {
        try carry(input, label: "plan carry")
    }

    /// Carries the task as `input` says, as the undoable action `label` (`plan move` carries a task
    /// whose day has come, and `undo` names it as such).
    func carry(_ input: CarryTask.Input, label: String) throws -> TaskChange {
        let task = try self.task(input.task)
        var target: LocalDay? = planningDays.plan
        var reason: DeferralReason?
        var chosen = false
        switch input.choice {
        case .drop:
            let dropped = try store.action("delete") { work in try drop(task, in: work) }
            return try TaskChange(dropped, in: self, change: Store.DateChange(Deferral.Outcome(task: dropped)))
        case .keep:
            break
        case let .later(word, chip):
            target = try word.resolve(today: today, calendar: calendar)
            // Later is a later day than today (T-19), never a way to keep the task where it is.
            try Deferral.ensureLater(target, for: task, today: today)
            reason = chip
            chosen = true
        }
        let change = try store.action(label) { work in
            var outcome: Deferral.Outcome
            do {
                outcome = try Deferral.move(task, to: target, dateChosen: chosen, reason: reason,
                                            todaysRecord: try todaysRecord(of: task), today: today, now: now)
            } catch let refusal as PlannerError where refusal.asksForChosenDay {
                // Keep is the instant deferral; from the third, Later with a chosen day is the way on.
                throw PlannerError.pickALaterDay
            }
            try saveDateChange(&outcome, in: work)
            return try reported(outcome)
        }
        return try TaskChange(change.task, in: self, change: change)
    }
}
