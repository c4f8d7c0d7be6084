import CharflowCore
import CharflowStore
import Foundation

/// Tick or untick one checklist item of a task's notes (T-33).
public enum TickChecklistItem {
    public struct Input: Decodable, Sendable {
        public var task: TaskRef
        /// The item's number, from 1.
        public var item: ChecklistItemNumber

        public init(task: TaskRef, item: Int) {
            self.task = task
            self.item = ChecklistItemNumber(item)
        }

        public init(task: UUID, item: Int) {
            self.init(task: TaskRef(task), item: item)
        }
    }
}

extension Charflow {
    @discardableResult
    public func tickChecklistItem(_ input: TickChecklistItem.Input) throws -> TaskChange {
        try TaskChange(try store.action("check") { work in
            var task = try self.task(input.task)
            task.notes = try Notes.toggle(task.notes, item: input.item.value)
            try store.taskRepository.save(&task, in: work)
            return task
        }, in: self)
    }
}
