import CharflowCore
import CharflowStore
import Foundation

/// Add a task: on a day's board when a region is given (B-1, B-2, B-6), otherwise dated or in the Backlog.
///
/// An important or repeating task needs a day: without one it gets today, the day being planned (T-11,
/// T-27); without a category it gets the Today filter's (T-9).
public enum AddTask {
    /// A title with the add options, or a quick-add line (`parse`) whose tokens fill the options it names.
    public struct Input: Decodable, Sendable {
        /// On the command line, the words after `add` (`add Buy milk` and `add "Buy milk"` are one title).
        public var title: String?
        public var parse: QuickAddLine?
        public var region: Region?
        public var bucket: Bucket?
        public var due: QuickDate?
        public var importance: Importance?
        /// Left out, the preselected 30 minutes; `none`, no estimate.
        public var effort: EffortChoice?
        public var notes: String?
        /// The category's name or id prefix; without one the Today filter's category, if any.
        public var category: CategoryRef?
        public var `repeat`: RepeatChoice?

        public init(title: String) {
            self.title = title
        }

        public init(parse line: QuickAddLine) {
            parse = line
        }

        /// The add the input stands for: a quick-add line's tokens in the options they name. An option
        /// the line also gives is refused rather than one silently winning.
        func resolved() throws -> Input {
            guard let line = parse else { return self }
            guard title == nil else { throw UsageRefusal.atMostOne(["title", "parse"]) }
            var input = self
            input.parse = nil
            input.title = line.title
            for token in line.tokens {
                switch token.kind {
                case .importance:
                    guard importance == nil else { throw UsageRefusal.atMostOne(["importance", "parse"]) }
                    input.importance = line.importance
                case .effort:
                    guard effort == nil else { throw UsageRefusal.atMostOne(["effort", "parse"]) }
                    input.effort = EffortChoice(minutes: try Effort.parse(token.value))
                case .due:
                    guard due == nil else { throw UsageRefusal.atMostOne(["due", "parse"]) }
                    input.due = line.due
                case .category:
                    guard category == nil else { throw UsageRefusal.atMostOne(["category", "parse"]) }
                    input.category = try CategoryRef.reading(token.value)
                }
            }
            return input
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
        let input = try input.resolved()
        return try store.action("add") { work in
            var task = try newTask(input)
            try settle(&task, input)
            try store.taskRepository.insert(&task, in: work)
            return task
        }
    }

    /// Judges an add as the add does, writing nothing: what a dry run and the page's preview refuse.
    @discardableResult
    func judgeAdd(_ input: AddTask.Input) throws -> TaskItem {
        let input = try input.resolved()
        var task = try newTask(input)
        try settle(&task, input)
        return task
    }

    /// The task `input` makes, before its place: its title, day and category judged, in that order.
    private func newTask(_ input: AddTask.Input) throws -> TaskItem {
        let title = try TaskText.title(input.title ?? "")
        let importance = input.importance ?? .low
        let repeatKind = input.repeat?.kind ?? .none
        let weekdays = input.repeat?.weekdays ?? ""
        let due = try NewTaskDay.resolve(input.due, importance: importance, repeatKind: repeatKind,
                                         weekdays: weekdays, region: input.region, bucket: input.bucket,
                                         today: today, calendar: calendar)
        let category = try input.category.map { try selectableCategory(try categoryID($0)) } ?? store.categories.todayFilter()
        var task = TaskItem(title: title, notes: TaskText.notes(input.notes), dueDate: due,
                            effortMinutes: input.effort.map(\.minutes) ?? TaskItem.defaultEffortMinutes,
                            importance: importance, repeatKind: repeatKind,
                            repeatWeekdays: repeatKind == .weekly ? weekdays : "",
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
}
