import CharflowCore
import Foundation

/// One action in progress: one write transaction, one undoable entry in the journal, one clock.
///
/// A use case gets one from `Store.action(_:_:)` and passes it to every save of the action; the
/// saves that take it (`SessionRepository.save(_:in:)`, `TaskRepository.save(_:in:)`, and the
/// changes below) capture their row's before-image in its journal and stamp `modifiedAt` with `now`,
/// so no use case captures or stamps by hand. A nested `Database.write` inside the action is a savepoint. When the body throws,
/// everything rolls back, the journal's entry included; when it returns, `Database.willCommit` raises
/// the change version and stamps the sync operations, and `Store.lastActionID` names the action for
/// the undo use case (`UndoAction`). Use it only for the length of the body.
package final class UnitOfWork {
    let store: Store
    var journal: UndoJournal
    /// Set by `changesNothing()`: the action ends rolled back, with no undo entry and no sync operation.
    private(set) var isUnchanged = false

    init(store: Store, journal: UndoJournal) {
        self.store = store
        self.journal = journal
    }

    /// The action's clock: what every save stamps.
    package var now: Date { store.now }

    /// Ends the action as one that changes nothing (spec D8, B-21): whatever the body wrote is rolled
    /// back, the journal keeps no entry, and `Store.lastActionID` stays nil, so the next `undo` reaches
    /// the last real action. Call it when what was asked is already so (archiving an archived habit).
    package func changesNothing() {
        isUnchanged = true
    }
}

/// Carries an action that changed nothing out of its transaction, which it rolls back.
private struct ActionChangedNothing: Error {}

extension Store {
    /// Runs `body` as one undoable action named `label` (what `undo` reports: "begin", "pause", …),
    /// in one transaction.
    ///
    /// Read what the action decides on inside `body` when another process may change it meanwhile: the
    /// transaction is `BEGIN IMMEDIATE`, so of two actions at once the second reads the first's rows.
    package func action<T>(_ label: String, _ body: (UnitOfWork) throws -> T) throws -> T {
        var unchanged: T?
        do {
            return try perform(label) { journal in
                let work = UnitOfWork(store: self, journal: journal)
                defer { journal = work.journal }
                let result = try body(work)
                guard !work.isUnchanged else {
                    unchanged = result
                    throw ActionChangedNothing()
                }
                return result
            }
        } catch is ActionChangedNothing {
            guard let unchanged else { throw StoreFailure.storeFailed("an action that changed nothing lost its result") }
            return unchanged
        }
    }
}

// MARK: Task changes an action makes

extension UnitOfWork {
    /// Saves a change of day the deferral rules decided, with its deferral record.
    package func saveDeferral(_ outcome: inout Deferral.Outcome) throws {
        try store.taskRepository.save(&outcome, journal: &journal)
    }

    /// Saves a change to `task` itself (its notes, say), before-image captured, `modifiedAt` stamped.
    package func save(_ task: inout TaskItem) throws {
        try store.taskRepository.save(&task, in: self)
    }
}
