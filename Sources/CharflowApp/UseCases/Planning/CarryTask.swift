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

    public struct Input: Sendable {
        public var task: UUID
        public var choice: Choice

        public init(task: UUID, choice: Choice) {
            self.task = task
            self.choice = choice
        }
    }
}

extension Charflow {
    @discardableResult
    public func carryTask(_ input: CarryTask.Input) throws -> TaskChange {
        guard let task = try store.task(id: input.task) else { throw PlannerError.noTaskMatches(input.task.lowercasedText) }
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
        let change = try store.action("plan carry") { work in
            var outcome: Deferral.Outcome
            do {
                outcome = try Deferral.move(task, to: target, dateChosen: chosen, reason: reason,
                                            todaysRecord: try work.todaysRecord(of: task), today: today, now: now)
            } catch PlannerError.pickADay {
                // Keep is the instant deferral; from the third, Later with a chosen day is the way on.
                throw PlannerError.pickALaterDay
            }
            try saveDateChange(&outcome, in: work)
            return Store.DateChange(outcome)
        }
        return try TaskChange(change.task, in: self, change: change)
    }

    // MARK: From a request

    /// `plan carry ID --keep | --later DATE-WORD [--reason R] | --drop`.
    public func carry(_ request: Request) throws -> TaskChange {
        let chosen = [request.has("keep"), request.value("later") != nil, request.has("drop")].filter { $0 }.count
        guard chosen == 1 else { throw RequestError.chooseOne(["keep", "later", "drop"]) }
        let choice: CarryTask.Choice
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

    /// Carries the task a word names (an id prefix), as the interactive planning asks.
    public func carry(_ task: String, _ choice: CarryTask.Choice) throws -> TaskChange {
        try carryTask(CarryTask.Input(task: try self.task(matching: task).id, choice: choice))
    }
}
