import CharflowCore
import CharflowStore
import Foundation

/// Saving a change of day inside an action, as deferring, moving, editing and the night plan do: the
/// task with its deferral record, and, when the deferral sends the task away from today, its live
/// session ended as deferred (`Deferral.Outcome.sendsAway(from:)`).
extension Charflow {
    /// Saves `outcome` within `work`: the task and its deferral record, then the session it ends.
    func saveDateChange(_ outcome: inout Deferral.Outcome, in work: UnitOfWork) throws {
        try work.saveDeferral(&outcome)
        if outcome.sendsAway(from: today) {
            try closeLiveSession(ofTask: outcome.task.id, .deferred, in: work)
        }
    }

    /// What a saved change of day reports: the suggestion to let the task go is made once a week for
    /// each task (D11), shared with Today's; making it records it, so the next deferral that week says
    /// nothing more of it.
    func reported(_ outcome: Deferral.Outcome) throws -> Store.DateChange {
        var change = Store.DateChange(outcome)
        guard change.suggestRemoval else { return change }
        let signal = Signal.suggestRemoval(task: outcome.task.id)
        if let pending = try store.signals.unshown([signal], period: calendar.startOfWeek(containing: today).description).first {
            try store.signals.record([pending.seen])
        } else {
            change.suggestRemoval = false
        }
        return change
    }
}
