import CharflowCore
import CharflowStore
import Foundation

/// Clear conflicts without putting anything back (rule Y-24): one by its id, or every one waiting.
public enum DismissConflicts {
    public struct Input: Decodable, Sendable {
        /// The conflict to clear; nil clears every one waiting (`--all`).
        public var id: String?

        enum CodingKeys: String, CodingKey {
            case id = "conflict"
            case all
        }

        public init(id: String?) {
            self.id = id
        }

        /// One conflict, or `all`; not both, and not neither.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            let all = try container.decodeIfPresent(Bool.self, forKey: .all) ?? false
            guard (id != nil) != all else { throw UsageRefusal.missing("conflict") }
        }
    }
}

/// How many conflicts a dismiss cleared.
public struct DismissedConflicts: Report, Sendable, Equatable {
    public let dismissed: Int

    /// `conflicts dismiss --json`.
    public var json: JSONValue { .object([("dismissed", .int(dismissed))]) }
}

extension Charflow {
    /// Clears the conflict named, or all of them; refuses an id that does not wait.
    @discardableResult
    public func dismissConflicts(_ input: DismissConflicts.Input) throws -> DismissedConflicts {
        let repository = ConflictRepository(db: store.db)
        let time = Instant.storageText(now)
        guard let given = input.id else { return DismissedConflicts(dismissed: try repository.dismiss(id: nil, at: time)) }
        guard let id = Int64(given), try repository.waiting(id: id) != nil else { throw PlannerError.noConflictMatches(given) }
        return DismissedConflicts(dismissed: try repository.dismiss(id: id, at: time))
    }
}
