import CharflowCore
import CharflowStore
import Foundation

/// Mark a task done (B-8, T-3): with the lock on, a Complementary task waits for its region's open
/// Must-Do (B-20); a live session on it is finished, and a repeating task's next instance is made (T-28).
public enum CompleteTask {
    public struct Input: Sendable {
        public var task: UUID

        public init(task: UUID) {
            self.task = task
        }
    }
}

extension Charflow {
    @discardableResult
    public func completeTask(_ input: CompleteTask.Input) throws -> TaskChange {
        let task = try self.task(input.task)
        return try TaskChange(try store.action("done") { work in try complete(task, in: work) }, in: self)
    }

    // MARK: From a request

    public func complete(_ request: Request) throws -> TaskChange {
        try completeTask(CompleteTask.Input(task: try taskID(matching: try request.subject("task"))))
    }
}
