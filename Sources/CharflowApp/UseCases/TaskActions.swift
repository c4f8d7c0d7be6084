import CharflowCore
import CharflowStore
import Foundation

/// Undo an action: the latest, or exactly one by its id (B-21).
extension Charflow {
    /// Reverts the most recent action, or with `action ID` exactly that action (the page's undo toast),
    /// when no later action builds on it.
    public func undo(_ request: Request = Request()) throws -> Undone {
        let label: String
        if let text = request.value("action") {
            guard let raw = Int64(text), raw > 0 else { throw RequestError.notANumber(option: "action", given: text) }
            label = try planner.undo(action: UndoActionID(rawValue: raw))
        } else {
            label = try planner.undo()
        }
        return Undone(label: label, json: .object([("undone", .string(label))]))
    }
}

/// The action an undo reverted, by its label.
public struct Undone {
    public let label: String
    public let json: JSONValue
}
