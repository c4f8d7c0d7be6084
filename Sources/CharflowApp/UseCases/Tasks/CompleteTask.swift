import CharflowCore
import CharflowStore
import Foundation

/// Mark a task done (B-8, T-3): with the lock on, a Complementary task waits for its region's open
/// Must-Do (B-20); a live session on it is finished, and a repeating task's next instance is made (T-28).
public enum CompleteTask {
    public struct Input: Decodable, Sendable {
        public var task: TaskRef

        public init(task: TaskRef) {
            self.task = task
        }

        public init(task: UUID) {
            self.task = TaskRef(task)
        }
    }
}

extension Charflow {
    @discardableResult
    public func completeTask(_ input: CompleteTask.Input) throws -> TaskChange {
        try TaskChange(try store.action("done") { work in try complete(try task(input.task), in: work) }, in: self)
    }
}
