import CharflowCore
import CharflowStore
import Foundation

/// Move a placed task to a position within its region and bucket; the order is kept (B-12).
public enum ReorderTask {
    public struct Input: Decodable, Sendable {
        public var task: TaskRef
        /// The position, from 1.
        public var position: BucketPosition?

        public init(task: TaskRef, position: Int) {
            self.task = task
            self.position = BucketPosition(position)
        }

        public init(task: UUID, position: Int) {
            self.init(task: TaskRef(task), position: position)
        }
    }
}

extension Charflow {
    @discardableResult
    public func reorderTask(_ input: ReorderTask.Input) throws -> TaskChange {
        guard let position = input.position else { throw UsageRefusal.missingOption("position") }
        let tasks = store.taskRepository
        let moved = try store.action("reorder") { work in
            let task = try self.task(input.task)
            guard task.droppedAt == nil, let region = task.region, let day = task.dueDate else {
                throw PlannerError.notOnBoard
            }
            let bucketTasks = Board.manualOrder(try tasks.occupants(of: region, on: day)
                .filter { $0.bucket == task.bucket && $0.droppedAt == nil })
            let changed = try Board.reorder(bucketTasks, moving: task.id, to: position.value, now: now)
            for var task in changed { try tasks.save(&task, in: work) }
            return task.id
        }
        return try TaskChange(try self.task(moved), in: self)
    }
}
