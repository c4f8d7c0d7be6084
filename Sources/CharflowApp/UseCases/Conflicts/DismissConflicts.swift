import CharflowCore
import CharflowStore
import Foundation

/// Clear conflicts without putting anything back (rule Y-24): one by its id, or every one waiting.
public enum DismissConflicts {
    public struct Input: Sendable {
        /// The conflict to clear; nil clears every one waiting (`--all`).
        public var id: String?

        public init(id: String?) {
            self.id = id
        }
    }
}

/// How many conflicts a dismiss cleared.
public struct DismissedConflicts: Sendable, Equatable {
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

    // MARK: From a request

    /// `conflicts dismiss ID|--all`, or the page's `POST /api/conflicts/ID/dismiss` and
    /// `POST /api/conflicts/dismiss {"all": true}`.
    func dismissConflicts(_ request: Request) throws -> DismissedConflicts {
        if request.has("all") { return try dismissConflicts(DismissConflicts.Input(id: nil)) }
        return try dismissConflicts(DismissConflicts.Input(id: try request.subject("conflict")))
    }
}
