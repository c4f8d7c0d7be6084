import CharflowCore
import CharflowStore
import Foundation

/// Drop a task (B-9, T-4): kept for history, gone from every view, back with `undo`. Dropping a
/// repeating task skips only this occurrence (T-30): the next one is made. A live session on it closes.
public enum DropTask {
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
    public func dropTask(_ input: DropTask.Input) throws -> TaskChange {
        try TaskChange(try store.action("delete") { work in try drop(try task(input.task), in: work) }, in: self)
    }
}
