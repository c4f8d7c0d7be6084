import CharflowCore
import CharflowStore
import Foundation

/// Add a timestamped line to a task's notes, never overwriting what is there (T-33).
public enum AddNote {
    public struct Input: Decodable, Sendable {
        public var task: TaskRef
        /// The line; on the command line, the words after the task.
        public var text: String?

        public init(task: TaskRef, text: String) {
            self.task = task
            self.text = text
        }

        public init(task: UUID, text: String) {
            self.init(task: TaskRef(task), text: text)
        }
    }
}

extension Charflow {
    @discardableResult
    public func addNote(_ input: AddNote.Input) throws -> TaskChange {
        let text = input.text ?? ""
        return try TaskChange(try store.action("note") { work in
            var task = try self.task(input.task)
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw InputError.invalidWord(what: "note", given: text, expected: "some text")
            }
            task.notes = Notes.appending(text, to: task.notes, at: now, calendar: calendar)
            try store.taskRepository.save(&task, in: work)
            return task
        }, in: self)
    }
}
