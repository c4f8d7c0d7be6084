import CharflowCore
import CharflowStore
import Foundation

/// Defer a task: without a day, to tomorrow (the first and second time only, T-20); with one, to that day.
///
/// A task not yet due is rescheduled instead (T-19: no count, no record); a second choice on the same
/// day refines that day's record (T-22). The day chosen is later than today and than the task's day:
/// an earlier one is refused, never taken as a reschedule. A note is appended to the task's notes as a timestamped line.
public enum DeferTask {
    public struct Input: Decodable, Sendable {
        public var task: TaskRef
        /// The day to defer to; nil is tomorrow.
        public var to: QuickDate?
        public var reason: DeferralReason?
        public var note: String?

        public init(task: TaskRef, to: QuickDate? = nil, reason: DeferralReason? = nil, note: String? = nil) {
            self.task = task
            self.to = to
            self.reason = reason
            self.note = note
        }

        public init(task: UUID, to: QuickDate? = nil, reason: DeferralReason? = nil, note: String? = nil) {
            self.init(task: TaskRef(task), to: to, reason: reason, note: note)
        }
    }
}

extension Charflow {
    /// Defers a task; the report says whether it counted, eased its importance or suggests removal.
    @discardableResult
    public func deferTask(_ input: DeferTask.Input) throws -> TaskChange {
        let change = try deferredTask(input)
        return try TaskChange(change.task, in: self, change: change)
    }

    func deferredTask(_ input: DeferTask.Input) throws -> Store.DateChange {
        try store.action("defer") { work in
            var task = try self.task(input.task)
            let target: LocalDay?
            if let word = input.to {
                target = try word.resolve(today: today, calendar: calendar)
                try Deferral.ensureLater(target, for: task, today: today)
            } else {
                guard let due = task.dueDate, due <= today else { throw PlannerError.notDueYet }
                target = today.adding(days: 1)
            }
            if let note = input.note, !note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                task.notes = Notes.appending(note, to: task.notes, at: now, calendar: calendar)
            }
            var outcome = try Deferral.move(task, to: target, dateChosen: input.to != nil, reason: input.reason,
                                            todaysRecord: try todaysRecord(of: task), today: today, now: now)
            try saveDateChange(&outcome, in: work)
            return try reported(outcome)
        }
    }
}
