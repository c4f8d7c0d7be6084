import CharflowCore
import CharflowStore
import Foundation

/// Remove a task with its history for good (B-9): its deferrals and sessions go too, each leaving a
/// tombstone so no sync brings it back. This cannot be undone: the undo journal is emptied.
public enum PurgeTask {
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

/// A purged task, as it was.
public struct Purged: Report {
    public let task: TaskItem
    public let json: JSONValue
}

extension Charflow {
    @discardableResult
    public func purgeTask(_ input: PurgeTask.Input) throws -> Purged {
        let task = try self.task(input.task)
        try store.taskRepository.purge(task.id)
        return Purged(task: task, json: .object([("purged", .string(task.id.lowercasedText))]))
    }
}
