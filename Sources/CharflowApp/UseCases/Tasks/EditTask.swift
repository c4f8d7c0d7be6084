import CharflowCore
import CharflowStore
import Foundation

/// Edit a task's title, notes, day, importance, effort, category or repeat (B-10).
///
/// A new day follows the deferral rules (T-19: a task whose day has come and is pushed later counts a
/// deferral; anything else is a reschedule) and takes a placed task off the board (B-7).
public enum EditTask {
    /// What to change; nil leaves a field as it is.
    public struct Input: Sendable {
        public var task: UUID
        public var title: String?
        /// `.some(nil)` or an empty text clears the notes.
        public var notes: String??
        public var due: QuickDate?
        public var importance: Importance?
        public var effortMinutes: Int??
        /// A category's id; `.some(nil)` takes the label off.
        public var category: UUID??
        /// A new repeat; `.none` is "Stop repeating".
        public var repeatKind: RepeatKind?
        public var repeatWeekdays = ""

        public init(task: UUID) {
            self.task = task
        }

        /// Whether the input changes anything at all.
        public var changesSomething: Bool {
            title != nil || notes != nil || due != nil || importance != nil || effortMinutes != nil
                || category != nil || repeatKind != nil
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
        var task = try self.task(input.task)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        if let title = input.title { task.title = try TaskText.title(title) }
        if let notes = input.notes { task.notes = TaskText.notes(notes) }
        if let effort = input.effortMinutes { task.effortMinutes = effort }
        if let importance = input.importance { task.importance = importance }
        if let choice = input.category {
            // The current label stays selectable even when archived (T-8: "— archived" on the edited task).
            let current = task.categoryID
            task.categoryID = try choice.map { id in id == current ? id : try selectableCategory(id).id }
        }
        if let kind = input.repeatKind {
            task.repeatKind = kind
            task.repeatWeekdays = kind == .weekly ? input.repeatWeekdays : ""
            task.repeatDayOfMonth = 0
            if kind != .none { task.seriesID = task.seriesID ?? task.id }
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
        if input.repeatKind != nil { task.settleRepeatPattern() }
        outcome.task = task
        return try store.action("edit") { work in
            try saveDateChange(&outcome, in: work)
            return Store.DateChange(outcome)
        }
    }

    /// The deferral record `task` already has for today, if any (what `Deferral.move` refines).
    func todaysRecord(of task: TaskItem) throws -> DeferralRecord? {
        try store.taskRepository.deferral(ofTask: task.id, on: today)
    }

    // MARK: From a request

    /// Changes a task's title, notes (empty clears them), day, importance, effort, category or repeat.
    public func edit(_ request: Request) throws -> TaskChange {
        let word = try request.subject("task")
        var input = EditTask.Input(task: UUID())
        input.title = request.value("title")
        if let notes = request.value("notes") { input.notes = .some(notes) }
        input.due = try request.dateWord("due")
        input.importance = try request.importance()
        input.effortMinutes = try request.effort()
        let categoryWord = request.value("category")
        if let (kind, weekdays) = try request.repeatRule() {
            input.repeatKind = kind
            input.repeatWeekdays = weekdays
        }
        guard input.changesSomething || categoryWord != nil else { throw RequestError.nothingToChange }
        let task = try self.task(matching: word)
        input.task = task.id
        let category: String?? = categoryWord.map { $0.lowercased() == "none" ? nil : $0 }
        return try editTask(try input.naming(category: category, of: task, in: self))
    }
}

extension EditTask.Input {
    /// This input with the category a word names (its name or id prefix; `.some(nil)` takes the label
    /// off), when there is a word.
    ///
    /// Refusals keep the order of the edit's own checks: a dropped task or a bad title first.
    func naming(category word: String??, of task: TaskItem, in app: Charflow) throws -> EditTask.Input {
        guard let word else { return self }
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        if let title { _ = try TaskText.title(title) }
        var input = self
        input.category = .some(try word.map { try app.categoryID($0) })
        return input
    }
}
