import CharflowCore
import CharflowStore
import Foundation

/// Move a placed task to a position within its region and bucket; the order is kept (B-12).
public enum ReorderTask {
    public struct Input: Sendable {
        public var task: UUID
        /// The position, from 1.
        public var position: Int

        public init(task: UUID, position: Int) {
            self.task = task
            self.position = position
        }
    }
}

extension Charflow {
    @discardableResult
    public func reorderTask(_ input: ReorderTask.Input) throws -> TaskChange {
        let tasks = store.taskRepository
        let task = try self.task(input.task)
        guard task.droppedAt == nil, let region = task.region, let day = task.dueDate else {
            throw PlannerError.notOnBoard
        }
        let bucketTasks = Board.manualOrder(try tasks.occupants(of: region, on: day)
            .filter { $0.bucket == task.bucket && $0.droppedAt == nil })
        let changed = try Board.reorder(bucketTasks, moving: task.id, to: input.position, now: now)
        try store.action("reorder") { work in
            for var task in changed { try tasks.save(&task, in: work) }
        }
        return try TaskChange(try self.task(task.id), in: self)
    }

    // MARK: From a request

    /// Moves a task to a position (from 1) within its bucket.
    public func reorder(_ request: Request) throws -> TaskChange {
        let word = try request.subject("task")
        guard let text = request.value("position") else { throw RequestError.missingOption("position") }
        guard let position = try WholeNumber.parse(text, what: "a position", in: WholeNumber.position) else {
            throw RequestError.notANumber(option: "position", given: text)
        }
        return try reorderTask(ReorderTask.Input(task: try taskID(matching: word), position: position))
    }
}
