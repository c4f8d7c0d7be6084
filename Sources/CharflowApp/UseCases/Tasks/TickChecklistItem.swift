import CharflowCore
import CharflowStore
import Foundation

/// Tick or untick one checklist item of a task's notes (T-33).
public enum TickChecklistItem {
    public struct Input: Sendable {
        public var task: UUID
        /// The item's number, from 1.
        public var item: Int

        public init(task: UUID, item: Int) {
            self.task = task
            self.item = item
        }
    }
}

extension Charflow {
    @discardableResult
    public func tickChecklistItem(_ input: TickChecklistItem.Input) throws -> TaskChange {
        var task = try self.task(input.task)
        task.notes = try Notes.toggle(task.notes, item: input.item)
        return try TaskChange(try saveTask(task, label: "check"), in: self)
    }

    /// Saves a change to one task as one undoable action named `label`.
    func saveTask(_ task: TaskItem, label: String) throws -> TaskItem {
        try store.action(label) { work in
            var task = task
            try store.taskRepository.save(&task, in: work)
            return task
        }
    }

    // MARK: From a request

    /// Ticks or unticks checklist item N (the second word) of a task's notes.
    public func check(_ request: Request) throws -> TaskChange {
        let word = try request.subject("task")
        guard request.words.count == 2,
              let number = try WholeNumber.parse(request.words[1], what: "a checklist item", in: WholeNumber.checklistItem) else {
            throw RequestError.missing("item")
        }
        return try tickChecklistItem(TickChecklistItem.Input(task: try taskID(matching: word), item: number))
    }
}
