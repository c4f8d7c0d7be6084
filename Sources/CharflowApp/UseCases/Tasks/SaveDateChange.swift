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
}
