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
    /// How many days the clock may read behind the last day rolled over to and still be taken as a
    /// clock stepped back a little (a trip west, a corrected clock, a rollover time moved later).
    public static let clockLagDays = 1

    /// Which logical day is today, from the clock's logical day and the last day the store rolled over to.
    ///
    /// Days only move forward: when the clock reads the day before the last one rolled over to, that
    /// later day is still today (nothing is placed on a day already rolled over, and a rollover time
    /// moved later applies from the next boundary on). A clock further behind means the one that rolled
    /// over was wrong (a far-future `--now`): the clock is followed (`markerIsAhead`).
    public static func today(clockDay: LocalDay, rolledOverTo marker: LocalDay?) -> LocalDay {
        guard let marker, marker > clockDay, !markerIsAhead(marker, clockDay: clockDay) else { return clockDay }
        return marker
    }

    /// Whether the last day rolled over to is further ahead of the clock than a clock stepped back a
    /// little explains; the store then moves its marker back to the clock's day, undoing nothing, so
    /// that the next boundary rolls over again.
    public static func markerIsAhead(_ marker: LocalDay, clockDay: LocalDay) -> Bool {
        clockDay.days(to: marker) > clockLagDays
    }

    /// How many days on either side of the latest rollover the days rolled over to are remembered.
    public static let rememberedDays = 14

    /// The days rolled over to worth remembering once `day` has been: `day` and those of `days` within
    /// `rememberedDays` of it. A far-future day a wrong clock left is forgotten at the next real rollover.
    public static func remembering(_ day: LocalDay, with days: [LocalDay]) -> [LocalDay] {
        let kept = days.filter { $0 != day && abs($0.days(to: day)) <= rememberedDays }
        return (kept + [day]).sorted()
    }

    /// Rolls the board over from the ended days into `newDay`.
    ///
    /// - Every live task placed on an ended day leaves the board for the Backlog, entered on that day.
    /// - Every live dated task due on or before the ended days gets one automatic deferral for
    ///   `newDay` (reason unspecified, `deferredTo` the new day, due date kept so it reads overdue),
    ///   unless `alreadyDeferred` (it has a record for `newDay`) or it is in `carriedWithoutDeferral`.
    /// - When `newDay` was rolled over to before (the clock was set back more than a day, then forward
    ///   again), that rollover gave or withheld its deferrals already: `repeated` gives none.
    public static func run(
        candidates: [TaskItem], newDay: LocalDay, alreadyDeferred: Set<UUID>,
        carriedWithoutDeferral: Set<UUID> = [], repeated: Bool = false, now: Date
    ) -> RolloverOutcome {
        var outcome = RolloverOutcome()
        for original in candidates {
            var task = original
            guard task.isLive, let due = task.dueDate, due < newDay else { continue }
            if task.region != nil {
                Board.takeOff(&task)
                task.backlogSince = due
            } else if task.backlogSince == nil {
                task.backlogSince = due
            }
            if !repeated, !alreadyDeferred.contains(task.id), !carriedWithoutDeferral.contains(task.id) {
                if task.countDeferral(now: now) { outcome.eased.append(task.id) }
                outcome.deferrals.append(DeferralRecord(
                    taskID: task.id, deferredOn: now, day: newDay, deferredTo: newDay, reason: .unspecified))
            }
            // A task an earlier rollover already carried (the clock was set back, then forward) is unchanged.
            guard task != original else { continue }
            task.modifiedAt = now
            outcome.tasks.append(task)
        }
        return outcome
    }
}
