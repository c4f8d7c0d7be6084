import CharflowCore
import CharflowStore
import Foundation

/// Add a task: on a day's board when a region is given (B-1, B-2, B-6), otherwise dated or in the Backlog.
///
/// An important or repeating task needs a day: without one it gets today, the day being planned (T-11,
/// T-27); without a category it gets the Today filter's (T-9).
public enum AddTask {
    public struct Input: Sendable {
        public var title: String
        public var notes: String?
        public var region: Region?
        public var bucket: Bucket?
        public var due: QuickDate?
        public var importance: Importance = .low
        /// nil keeps the preselected 30 minutes; `.some(nil)` is "no estimate".
        public var effortMinutes: Int??
        /// The category's id; without one the Today filter's category, if any.
        public var category: UUID?
        public var repeatKind: RepeatKind = .none
        /// For a weekly repeat: ISO weekday numbers, as `RepeatRule.parse` gives them ("1,4").
        public var repeatWeekdays = ""

        public init(title: String) {
            self.title = title
        }
    }
}

extension Charflow {
    /// Adds a task; the report says where it went.
    @discardableResult
    public func addTask(_ input: AddTask.Input) throws -> TaskChange {
        try TaskChange(try addedTask(input), in: self)
    }

    /// Adds a task and returns it as stored.
    func addedTask(_ input: AddTask.Input) throws -> TaskItem {
        var task = try newTask(input)
        return try store.action("add") { work in
            try settle(&task, input)
            try store.taskRepository.insert(&task, in: work)
            return task
        }
    }

    /// Judges an add as the add does, writing nothing: what a dry run and the page's preview refuse.
    func judgeAdd(_ input: AddTask.Input) throws {
        var task = try newTask(input)
        try settle(&task, input)
    }

    /// The task `input` makes, before its place: its title, day and category judged.
    private func newTask(_ input: AddTask.Input) throws -> TaskItem {
        let title = try TaskText.title(input.title)
        let due = try NewTaskDay.resolve(input.due, importance: input.importance, repeatKind: input.repeatKind,
                                         weekdays: input.repeatWeekdays, region: input.region, bucket: input.bucket,
                                         today: today, calendar: calendar)
        let category = try input.category.map { try selectableCategory($0) } ?? store.categories.todayFilter()
        var task = TaskItem(title: title, notes: TaskText.notes(input.notes), dueDate: due,
                            effortMinutes: input.effortMinutes ?? TaskItem.defaultEffortMinutes,
                            importance: input.importance, repeatKind: input.repeatKind,
                            repeatWeekdays: input.repeatKind == .weekly ? input.repeatWeekdays : "",
                            createdAt: now, categoryID: category?.id)
        if task.isRepeating {
            task.seriesID = task.id
            task.settleRepeatPattern()
        }
        return task
    }

    /// Puts a new task on its day's board under the 1–3–5 limits (B-4), or into the Backlog from today.
    private func settle(_ task: inout TaskItem, _ input: AddTask.Input) throws {
        if let region = input.region {
            let day = task.dueDate ?? today
            try Board.place(&task, region: region, bucket: input.bucket, day: day,
                            occupants: try store.taskRepository.occupants(of: region, on: day), now: now)
        } else if NewTaskDay.entersBacklog(due: task.dueDate, today: today) {
            task.backlogSince = today
        }
    }

    /// The category with this id, when a task may be given it: it exists and is active.
    func selectableCategory(_ id: UUID) throws -> TaskCategory {
        guard let category = try store.categories.all().first(where: { $0.id == id }) else {
            throw PlannerError.noCategoryMatches(id.lowercasedText)
        }
        if category.isArchived { throw PlannerError.categoryArchived(category.name) }
        return category
    }

    // MARK: From a request

    /// A new task from a title and the add options, or from a quick-add line (`parse`); on the board
    /// when a region is given.
    public func add(_ request: Request) throws -> TaskChange {
        try addTask(try addInput(request))
    }

    /// The add a request stands for, its category named: from a title and the add options, or from a
    /// quick-add line (`parse`), whose tokens may not contradict the options beside it.
    func addInput(_ request: Request) throws -> AddTask.Input {
        if let line = request.value("parse") {
            return try addInput(try request.quickAdd(try QuickAddLine.parse(line)))
        }
        // `add Buy milk` and `add "Buy milk"` mean the same.
        var input = AddTask.Input(title: request.words.joined(separator: " "))
        input.region = try request.region()
        input.bucket = try request.bucket()
        input.due = try request.dateWord("due")
        input.importance = try request.importance() ?? .low
        input.effortMinutes = try request.effort()
        input.notes = request.value("notes")
        if let (kind, weekdays) = try request.repeatRule() {
            input.repeatKind = kind
            input.repeatWeekdays = weekdays
        }
        return try input.naming(category: request.value("category"), in: self)
    }
}

extension AddTask.Input {
    /// This input with the category a word names (its name or id prefix), when there is a word.
    ///
    /// The word is looked up only after the title and the day are judged, as the add judges them.
    func naming(category word: String?, in app: Charflow) throws -> AddTask.Input {
        guard let word else { return self }
        _ = try TaskText.title(title)
        _ = try NewTaskDay.resolve(due, importance: importance, repeatKind: repeatKind, weekdays: repeatWeekdays,
                                   region: region, bucket: bucket, today: app.today, calendar: app.calendar)
        var input = self
        input.category = try app.categoryID(word)
        return input
    }
}
