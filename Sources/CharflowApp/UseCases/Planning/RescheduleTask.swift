import CharflowCore
import CharflowStore
import Foundation

/// The overload notice's Move: another day for a task planned for a later day, a reschedule with no
/// deferral. A task whose day has already come is carried by the usual rule instead: Move is no way
/// around the count (P-4).
public enum RescheduleTask {
    public struct Input: Sendable {
        public var task: UUID
        public var to: QuickDate

        public init(task: UUID, to: QuickDate) {
            self.task = task
            self.to = to
        }
    }
}

extension Charflow {
    @discardableResult
    public func rescheduleTask(_ input: RescheduleTask.Input) throws -> TaskChange {
        guard let task = try store.task(id: input.task) else { throw PlannerError.noTaskMatches(input.task.lowercasedText) }
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        guard !task.isCompleted else { throw PlannerError.alreadyDone }
        let day = try input.to.resolve(today: today, calendar: calendar)
        if Deferral.isDeferral(task, to: day, today: today) {
            return try TaskChange(try carryTask(CarryTask.Input(task: task.id, choice: .later(input.to, nil))).task, in: self)
        }
        let moved = try store.action("plan move") { work in
            var moved = try Deferral.reschedule(task, to: day, today: today)
            try work.save(&moved)
            return moved
        }
        return try TaskChange(moved, in: self)
    }

    // MARK: From a request

    /// `plan move ID --to DATE-WORD`.
    public func planMove(_ request: Request) throws -> TaskChange {
        guard let word = try request.dateWord("to") else { throw RequestError.missingOption("to") }
        return try rescheduleTask(RescheduleTask.Input(task: try task(matching: try Self.stepSubject(request)).id, to: word))
    }
}
