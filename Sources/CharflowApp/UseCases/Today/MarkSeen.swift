import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Records that a person was shown these signals or reminders, so each is shown once in its period
    /// (spec D11, P-5); a mark already recorded changes nothing. Not an action: nothing to undo.
    public func markSeen(_ marks: [SeenMark]) throws {
        try store.signals.record(marks)
    }
}
