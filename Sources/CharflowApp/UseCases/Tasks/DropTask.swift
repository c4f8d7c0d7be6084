import CharflowCore
import CharflowStore
import Foundation

/// Drop a task (B-9, T-4): kept for history, gone from every view, back with `undo`. Dropping a
/// repeating task skips only this occurrence (T-30): the next one is made. A live session on it closes.
public enum DropTask {
    public struct Input: Sendable {
        public var task: UUID

        public init(task: UUID) {
            self.task = task
        }
    }
}

extension Charflow {
    @discardableResult
    public func dropTask(_ input: DropTask.Input) throws -> TaskChange {
        let task = try self.task(input.task)
        return try TaskChange(try store.action("delete") { work in try drop(task, in: work) }, in: self)
    }

    // MARK: From a request

    /// Drops a task (kept for history; undo brings it back).
    public func delete(_ request: Request) throws -> TaskChange {
        try dropTask(DropTask.Input(task: try taskID(matching: try request.subject("task"))))
    }
}
