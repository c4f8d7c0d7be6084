import CharflowCore
import CharflowStore
import Foundation

/// Find the task a person names: by its id, or by the first characters of it (4 or more, any case).
extension Charflow {
    /// The task with this id; refused when there is none.
    func task(_ id: UUID) throws -> TaskItem {
        guard let task = try store.taskRepository.task(id: id) else {
            throw PlannerError.noTaskMatches(id.lowercasedText)
        }
        return task
    }

    /// The task `ref` names, read once: the one whose id starts with it; refused when it names none or two.
    ///
    /// An action calls it inside its transaction, so what it decides on is what it changes.
    func task(_ ref: TaskRef) throws -> TaskItem {
        let found = try store.taskRepository.tasks(idPrefix: ref.key, limit: 2)
        guard let first = found.first else { throw PlannerError.noTaskMatches(ref.word) }
        guard found.count == 1 else { throw PlannerError.ambiguousID(ref.word) }
        return first
    }

    /// The task whose id starts with `word` (as a person types it); refused when the word is too short,
    /// or names none or two.
    public func task(matching word: String) throws -> TaskItem {
        try task(try TaskRef.reading(word))
    }
}
