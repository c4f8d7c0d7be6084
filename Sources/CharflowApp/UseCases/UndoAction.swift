import CharflowCore
import CharflowStore
import Foundation

/// Undo: the most recent action, or exactly one named action when no later action builds on its rows
/// (W-15). A session the undo reopens counts the gap as paused (S-6).
public enum UndoAction {
    public struct Input: Sendable {
        /// The action to undo (`"action"` of a change's JSON); nil for the most recent one.
        package var action: UndoActionID?

        package init(action: UndoActionID? = nil) {
            self.action = action
        }
    }
}

/// The action an undo reverted, by its label.
public struct Undone {
    public let label: String
    public let json: JSONValue
}

extension Charflow {
    /// Reverts the action the input names, or the latest one; the report names what it was.
    @discardableResult
    public func undo(_ input: UndoAction.Input) throws -> Undone {
        let label = try input.action.map { try planner.undo(action: $0) } ?? planner.undo()
        return Undone(label: label, json: .object([("undone", .string(label))]))
    }

    // MARK: From a request

    /// `undo`, or the page's `{"action": ID}`.
    public func undo(_ request: Request = Request()) throws -> Undone {
        var action: UndoActionID?
        if let text = request.value("action") {
            guard let raw = Int64(text), raw > 0 else { throw RequestError.notANumber(option: "action", given: text) }
            action = UndoActionID(rawValue: raw)
        }
        return try undo(UndoAction.Input(action: action))
    }
}
