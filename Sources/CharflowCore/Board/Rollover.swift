import Foundation

/// What a rollover changed: the tasks to save and the automatic deferrals to record.
public struct RolloverOutcome: Sendable {
    public var tasks: [TaskItem] = []
    public var deferrals: [DeferralRecord] = []
    /// Ids of important tasks eased to low by their automatic deferral.
    public var eased: [UUID] = []
}

/// The day rollover of spec D4, for tasks.
///
/// The store finds the candidates (live tasks due on or before the last ended day); this decides
/// what happens to each. Catching up over several missed days is one call with the newest day: a
/// task gains at most one automatic deferral for the whole gap.
public enum Rollover {
    /// Rolls the board over from the ended days into `newDay`.
    ///
    /// - Every live task placed on an ended day leaves the board for the Backlog, entered on that day.
    /// - Every live dated task due on or before the ended days gets one automatic deferral for
    ///   `newDay` (reason unspecified, `deferredTo` the new day, due date kept so it reads overdue),
    ///   unless `alreadyDeferred` (it has a record for `newDay`) or it is in `carriedWithoutDeferral`.
    public static func run(
        candidates: [TaskItem], newDay: LocalDay, alreadyDeferred: Set<UUID>,
        carriedWithoutDeferral: Set<UUID> = [], now: Date
    ) -> RolloverOutcome {
        var outcome = RolloverOutcome()
        for var task in candidates {
            guard task.isLive, let due = task.dueDate, due < newDay else { continue }
            if task.region != nil {
                task.region = nil
                task.bucket = nil
                task.sortOrder = 0
                task.backlogSince = due
            } else if task.backlogSince == nil {
                task.backlogSince = due
            }
            if !alreadyDeferred.contains(task.id), !carriedWithoutDeferral.contains(task.id) {
                if task.countDeferral(now: now) { outcome.eased.append(task.id) }
                outcome.deferrals.append(DeferralRecord(
                    taskID: task.id, deferredOn: now, day: newDay, deferredTo: newDay, reason: .unspecified))
            }
            task.modifiedAt = now
            outcome.tasks.append(task)
        }
        return outcome
    }
}
