@testable import CharflowApp
import CharflowStore

extension Store {
    /// Undoes the latest action through the undo use case, for store tests that check what an undo
    /// puts back; returns what it was ("add", "move", ...).
    @discardableResult
    package func undo() throws -> String {
        try app.undo(UndoAction.Input()).label
    }

    /// Undoes exactly the action `id` through the undo use case, as `undo()` does.
    @discardableResult
    package func undo(action id: UndoActionID) throws -> String {
        try app.undo(UndoAction.Input(action: id)).label
    }
}
