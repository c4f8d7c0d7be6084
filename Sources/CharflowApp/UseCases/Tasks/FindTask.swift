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

    /// The task whose id starts with `word`; refused when the word is too short, or names none or two.
    public func task(matching word: String) throws -> TaskItem {
        let key = word.lowercased()
        guard key.count >= IDPrefix.shortest else { throw PlannerError.idTooShort(word) }
        let found = try store.taskRepository.tasks(idPrefix: key, limit: 2)
        guard let first = found.first else { throw PlannerError.noTaskMatches(word) }
        guard found.count == 1 else { throw PlannerError.ambiguousID(word) }
        return first
    }

    /// The id of the task `word` names, as `task(matching:)` finds it.
    public func taskID(matching word: String) throws -> UUID {
        try task(matching: word).id
    }
}
