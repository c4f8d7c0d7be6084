import CharflowCore
import CharflowStore
import Foundation

/// Put a replaced value back (rule Y-24): the value this device had before a merge replaced it
/// becomes a new change of this device's, one undoable action sent with the next sync.
public enum RestoreConflict {
    public struct Input: Decodable, Sendable {
        /// The conflict, as `conflicts` lists it.
        public var id: String

        enum CodingKeys: String, CodingKey {
            case id = "conflict"
        }

        public init(id: String) {
            self.id = id
        }
    }
}

/// What a restore did: the conflict, in words, and whether the record held that value already.
public struct RestoredConflict: Report {
    public let conflict: ConflictItem
    /// False when the record already held the value (nothing changed, the conflict is cleared).
    public let changed: Bool

    /// `conflicts restore --json`.
    public var json: JSONValue {
        .object([("restored", conflict.json), ("changed", .bool(changed))])
    }
}

extension Charflow {
    /// Puts the conflict's replaced value back and clears it; refuses an id that does not wait, and
    /// a conflict whose record was removed for good since.
    @discardableResult
    public func restoreConflict(_ input: RestoreConflict.Input) throws -> RestoredConflict {
        let repository = ConflictRepository(db: store.db)
        guard let id = Int64(input.id), let conflict = try repository.waiting(id: id) else {
            throw PlannerError.noConflictMatches(input.id)
        }
        guard try repository.rowExists(conflict) else { throw PlannerError.conflictRowGone }
        var names: [String: String] = [:]
        for (key, name) in try store.categories.names() { names[key.lowercasedText] = name }
        let described = try item(conflict, repository, categories: names, formerDevices: try repository.formerDevices())
        let changed = try store.action("conflicts restore") { work in
            let changed = try repository.restore(conflict, in: work)
            try store.fillCompletionDays(quietly: false)
            return changed
        }
        return RestoredConflict(conflict: described, changed: changed)
    }
}
