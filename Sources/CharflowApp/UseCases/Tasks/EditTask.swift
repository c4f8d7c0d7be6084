import CharflowCore
import CharflowStore
import Foundation

/// Edit a task's title, notes, day, importance, effort, category or repeat (B-10).
///
/// A new day follows the deferral rules (T-19: a task whose day has come and is pushed later counts a
/// deferral; anything else is a reschedule) and takes a placed task off the board (B-7).
public enum EditTask {
    /// What to change; nil leaves a field as it is.
    public struct Input: Decodable, Sendable {
        public var task: TaskRef
        public var title: String?
        /// An empty text clears the notes.
        public var notes: String?
        public var due: QuickDate?
        public var importance: Importance?
        public var effort: EffortChoice?
        /// A category to set, or `none` to take the label off.
        public var category: CategoryChoice?
        /// A new repeat; `none` is "Stop repeating".
        public var `repeat`: RepeatChoice?

        public init(task: TaskRef) {
            self.task = task
        }

        public init(task: UUID) {
            self.task = TaskRef(task)
        }

        /// Whether the input changes anything at all.
        public var changesSomething: Bool {
            title != nil || notes != nil || due != nil || importance != nil || effort != nil
                || category != nil || `repeat` != nil
        }
    }
}

extension Charflow {
    /// Edits a task; the report says also what the deferral rules made of a new day.
    @discardableResult
    public func editTask(_ input: EditTask.Input) throws -> TaskChange {
        let change = try editedTask(input)
        return try TaskChange(change.task, in: self, change: change)
    }

    func editedTask(_ input: EditTask.Input) throws -> Store.DateChange {
        guard input.changesSomething else { throw UsageRefusal.nothingToChange }
        return try store.action("edit") { work in
            var task = try self.task(input.task)
            guard task.droppedAt == nil else { throw PlannerError.taskDropped }
            if let title = input.title { task.title = try TaskText.title(title) }
            if let notes = input.notes { task.notes = TaskText.notes(notes) }
            if let effort = input.effort { task.effortMinutes = effort.minutes }
            if let importance = input.importance { task.importance = importance }
            if let choice = input.category {
                switch choice {
                case .none:
                    task.categoryID = nil
                case .category(let ref):
                    // The current label stays selectable even when archived (T-8: "— archived" on the edited task).
                    let id = try categoryID(ref)
                    task.categoryID = id == task.categoryID ? id : try selectableCategory(id).id
                }
            }
            if let choice = input.repeat {
                task.repeatKind = choice.kind
                task.repeatWeekdays = choice.kind == .weekly ? choice.weekdays : ""
                task.repeatDayOfMonth = 0
                if choice.kind != .none { task.seriesID = task.seriesID ?? task.id }
            }
            var outcome = Deferral.Outcome(task: task)
            if let word = input.due {
                let due = try word.resolve(today: today, calendar: calendar)
                if due != task.dueDate {
                    outcome = try Deferral.move(task, to: due, dateChosen: true, reason: nil,
                                                todaysRecord: try todaysRecord(of: task), today: today, now: now)
                    task = outcome.task
                }
            }
            try NewTaskDay.ensureDay(&task, askedSomeday: input.due == .someday, today: today)
            if input.repeat != nil { task.settleRepeatPattern() }
            outcome.task = task
            try saveDateChange(&outcome, in: work)
            return try reported(outcome)
        }
    }

    /// The deferral record `task` already has for today, if any (what `Deferral.move` refines).
    func todaysRecord(of task: TaskItem) throws -> DeferralRecord? {
        try store.taskRepository.deferral(ofTask: task.id, on: today)
    }
}
