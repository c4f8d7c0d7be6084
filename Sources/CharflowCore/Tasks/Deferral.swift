import Foundation

/// The deferral rules of `task.md`: what counts, what is asked for, and what it changes.
public enum Deferral {
    /// From this many deferrals on, a task is stale and urgent (T-16, T-18), a date must be chosen (no
    /// instant "tomorrow", T-20), and an important task is eased to low (T-13): one threshold, one name.
    public static let staleFromCount = 3
    /// From this deferral on, the engine suggests letting the task go.
    public static let suggestRemovalFromCount = 5

    /// A deferral is a push to a later day of a task whose day has arrived; anything else is rescheduling.
    public static func isDeferral(_ task: TaskItem, to newDue: LocalDay?, today: LocalDay) -> Bool {
        guard task.isLive, let due = task.dueDate, due <= today else { return false }
        guard let newDue else { return true }
        return newDue > due
    }

    /// Whether deferring `task` on `today` asks for a chosen day (T-20): its day has come and this would
    /// be its third counted deferral or later, so no instant "tomorrow" is offered, only the picker with
    /// its reason chips. A task not yet due, or in the Backlog without a day, is rescheduled instead and
    /// asks nothing (T-19).
    ///
    /// `deferredToday` says the task has a deferral record of `today` already: the choice then refines
    /// that record (T-22) and counts nothing, so it asks from the third deferral already counted, exactly
    /// as `move` does.
    public static func asksForDay(_ task: TaskItem, deferredToday: Bool, today: LocalDay) -> Bool {
        isDeferral(task, to: nil, today: today) && task.deferralCount + (deferredToday ? 0 : 1) >= staleFromCount
    }

    /// Whether Someday can be chosen for `task` on `today` (T-25): never for a repeating task; for a
    /// medium or high one only when this deferral eases it to low first (T-13, a new third deferral),
    /// which a choice refining today's record (`deferredToday`) never is.
    public static func allowsSomeday(_ task: TaskItem, deferredToday: Bool, today: LocalDay) -> Bool {
        guard !task.isRepeating else { return false }
        return !task.isImportant || !deferredToday && asksForDay(task, deferredToday: false, today: today)
    }

    /// Refuses a day a person defers to that is not later than today and than the task's own day
    /// (T-19: a deferral pushes to a later day); Someday (nil) passes, for the importance rules to judge.
    public static func ensureLater(_ target: LocalDay?, for task: TaskItem, today: LocalDay) throws(PlannerError) {
        guard let target else { return }
        if target <= today || task.dueDate.map({ target <= $0 }) == true { throw .deferToLaterDay }
    }

    /// What a user's date change did to the task and its records.
    public struct Outcome: Sendable {
        public var task: TaskItem
        /// The record to insert (a new deferral) or to update (the same day's, refined); nil for a reschedule.
        public var record: DeferralRecord?
        public var refined = false
        public var eased = false

        public init(task: TaskItem) {
            self.task = task
        }

        public var counted: Bool { record != nil && !refined }

        /// True from the fifth deferral on.
        public var suggestRemoval: Bool { record != nil && task.deferralCount >= Deferral.suggestRemovalFromCount }

        /// Whether this change of day is a deferral that sends the task away from `today` (to a later
        /// day or to Someday): that ends its live session as deferred (`task.md`, Resolving the task).
        /// Placing an overdue task on today's board is a deferral too, and ends nothing.
        public func sendsAway(from today: LocalDay) -> Bool {
            record != nil && task.dueDate.map { $0 > today } ?? true
        }
    }

    /// The refusal of a deferral without a chosen day from the third on: it names Someday among the
    /// ways on only when Someday would be taken.
    private static func slipping(_ task: TaskItem, deferredToday: Bool, today: LocalDay) -> PlannerError {
        allowsSomeday(task, deferredToday: deferredToday, today: today) ? .pickADay : .pickADayNotSomeday
    }

    /// Moves `task` to `newDue` (nil is Someday) on `today`, counting a deferral when it is one.
    ///
    /// A task gains at most one deferral per logical day: when `todaysRecord` exists the choice refines
    /// its reason and `deferredTo` instead of adding a second. From the third deferral a date must be
    /// given (`dateChosen`); an important task is eased to low on its third, which is what makes Someday
    /// possible then. A placed task leaves the board (spec D2).
    public static func move(
        _ task: TaskItem, to newDue: LocalDay?, dateChosen: Bool, reason: DeferralReason?,
        todaysRecord: DeferralRecord?, today: LocalDay, now: Date
    ) throws(PlannerError) -> Outcome {
        guard task.droppedAt == nil else { throw .taskDropped }
        guard !task.isCompleted else { throw .alreadyDone }
        var changed = task
        var outcome = Outcome(task: task)
        if isDeferral(task, to: newDue, today: today) {
            if var record = todaysRecord {
                if task.deferralCount >= staleFromCount, !dateChosen { throw slipping(task, deferredToday: true, today: today) }
                record.deferredTo = newDue
                record.reason = reason ?? .reschedule
                record.modifiedAt = now
                outcome.record = record
                outcome.refined = true
            } else {
                if task.deferralCount + 1 >= staleFromCount, !dateChosen { throw slipping(task, deferredToday: false, today: today) }
                outcome.eased = changed.countDeferral(now: now)
                outcome.record = DeferralRecord(taskID: task.id, deferredOn: now, day: today, deferredTo: newDue,
                                                reason: reason ?? .reschedule)
            }
        } else if var record = todaysRecord, task.isLive {
            // A second change on the same day refines where today's deferral sends the task.
            record.deferredTo = newDue
            if let reason { record.reason = reason }
            record.modifiedAt = now
            outcome.record = record
            outcome.refined = true
        }
        changed = try reschedule(changed, to: newDue, today: today)
        changed.modifiedAt = now
        outcome.task = changed
        return outcome
    }

    /// What any change of `task`'s day does to it, deferral or not: an important or repeating task
    /// needs a day; a placed task given another day leaves the board (spec D2); a task with no day or a
    /// past one is in the Backlog from today, or, when it was in the Backlog already, from the day it
    /// entered it (D5: a deferral to Someday does not make it new).
    public static func reschedule(_ task: TaskItem, to newDue: LocalDay?, today: LocalDay) throws(PlannerError) -> TaskItem {
        var changed = task
        if newDue == nil, changed.isImportant { throw .importantNeedsDay }
        if newDue == nil, changed.isRepeating { throw .repeatingNeedsDay }
        if changed.dueDate != newDue || changed.region != nil {
            if changed.region != nil, changed.dueDate != newDue { Board.takeOff(&changed) }
            changed.dueDate = newDue
        }
        if newDue == nil || newDue! < today {
            changed.backlogSince = Backlog.contains(task, today: today) ? task.backlogSince ?? task.dueDate : today
        } else {
            changed.backlogSince = nil
        }
        return changed
    }
}
