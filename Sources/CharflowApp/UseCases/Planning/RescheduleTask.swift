import CharflowCore
import CharflowStore
import Foundation

/// The overload notice's Move: another day for a task planned for a later day, a reschedule with no
/// deferral. A task whose day has already come is carried by the usual rule instead: Move is no way
/// around the count (P-4).
public enum RescheduleTask {
    public struct Input: Decodable, Sendable {
        public var task: TaskRef
        /// The day to move to; required.
        public var to: QuickDate?

        public init(task: TaskRef, to: QuickDate) {
            self.task = task
            self.to = to
        }

        public init(task: UUID, to: QuickDate) {
            self.init(task: TaskRef(task), to: to)
        }

        enum CodingKeys: String, CodingKey {
            case task, to
        }

        /// The day first: without `to` there is nowhere to move to, whatever the task.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard let to = try container.decodeIfPresent(QuickDate.self, forKey: .to) else {
                throw UsageRefusal.missingOption("to")
            }
            self.to = to
            task = try container.decode(TaskRef.self, forKey: .task)
        }
    }
}

extension Charflow {
    @discardableResult
    public func rescheduleTask(_ input: RescheduleTask.Input) throws -> TaskChange {
        guard let to = input.to else { throw UsageRefusal.missingOption("to") }
        let task = try self.task(input.task)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        guard !task.isCompleted else { throw PlannerError.alreadyDone }
        let day = try to.resolve(today: today, calendar: calendar)
        if Deferral.isDeferral(task, to: day, today: today) {
            // Carried, it says what the deferral did, easing included (T-13), and undo names it `plan move`.
            return try carry(CarryTask.Input(task: task.id, choice: .later(to, nil)), label: "plan move")
        }
        let moved = try store.action("plan move") { work in
            var moved = try Deferral.reschedule(task, to: day, today: today)
            try work.save(&moved)
            return moved
        }
        return try TaskChange(moved, in: self)
    }
}
