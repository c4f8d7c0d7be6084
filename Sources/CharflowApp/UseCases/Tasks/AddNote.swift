import CharflowCore
import CharflowStore
import Foundation

/// Add a timestamped line to a task's notes, never overwriting what is there (T-33).
public enum AddNote {
    public struct Input: Sendable {
        public var task: UUID
        public var text: String

        public init(task: UUID, text: String) {
            self.task = task
            self.text = text
        }
    }
}

extension Charflow {
    @discardableResult
    public func addNote(_ input: AddNote.Input) throws -> TaskChange {
        var task = try self.task(input.task)
        guard !input.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw InputError.invalidWord(what: "note", given: input.text, expected: "some text")
        }
        task.notes = Notes.appending(input.text, to: task.notes, at: now, calendar: calendar)
        return try TaskChange(try saveTask(task, label: "note"), in: self)
    }

    // MARK: From a request

    /// Appends a timestamped line (the words after the task) to a task's notes.
    public func appendNote(_ request: Request) throws -> TaskChange {
        let word = try request.subject("task")
        return try addNote(AddNote.Input(task: try taskID(matching: word), text: request.words.dropFirst().joined(separator: " ")))
    }
}
