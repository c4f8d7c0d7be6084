import CharflowCore
import CharflowStore
import Foundation

/// A plain list of tasks (upcoming, every task, the day's history) as of the call's day.
///
/// Its JSON is built when asked for: a text front end never pays for it.
public struct TaskListReport {
    public let tasks: [TaskItem]
    public let today: LocalDay
    /// The day a history is of; nil for the other lists.
    public let day: LocalDay?
    public let calendar: PlannerCalendar
    /// Task objects as of the call, with the category names for labels.
    public let render: TaskJSON

    public var json: JSONValue {
        day.map { .object([("date", .string($0.description)), ("tasks", render.tasks(tasks))]) }
            ?? .object([("tasks", render.tasks(tasks))])
    }
}

/// The Backlog in its groups (Today / Yesterday / This Week / Older), each with its count.
public struct BacklogReport {
    public let groups: [(group: BacklogGroup, tasks: [TaskItem])]
    public let today: LocalDay
    public let render: TaskJSON

    public var count: Int { groups.reduce(0) { $0 + $1.tasks.count } }

    public var json: JSONValue {
        .object([
            ("count", .int(count)),
            ("groups", .array(groups.map { group in
                .object([("name", .string(group.group.rawValue)), ("count", .int(group.tasks.count)),
                         ("tasks", render.tasks(group.tasks))])
            })),
        ])
    }
}

/// One region of a day's board in focus: its buckets in order, progress, and which tasks are locked.
public struct RegionReport {
    public let region: Region
    public let day: LocalDay
    public let card: RegionCard
    public let lockComplementary: Bool
    public let render: TaskJSON

    public var json: JSONValue {
        .object([
            ("region", .string(region.rawValue)),
            ("date", .string(day.description)),
            ("mustDo", render.tasks(card.mustDo)),
            ("complementary", render.tasks(card.complementary)),
            ("misc", render.tasks(card.misc)),
            ("progress", card.progress.json),
        ])
    }

    /// Whether a task waits for the region's open Must-Do (spec D9).
    public func isLocked(_ task: TaskItem) -> Bool {
        lockComplementary && Board.isLocked(task, occupants: card.allTasks)
    }
}

extension Charflow {
    public func backlog() throws -> BacklogReport {
        BacklogReport(groups: try planner.backlog(), today: today, render: try taskJSON())
    }

    /// Live tasks due after today.
    public func upcoming() throws -> TaskListReport {
        try list(try planner.upcoming())
    }

    /// Every live task in the engine's order; with `all`, done and deleted ones too.
    public func tasks(all: Bool) throws -> TaskListReport {
        try list(try planner.list(all: all))
    }

    /// The tasks completed on a day (the first word: a date, today or yesterday; today when none).
    public func history(_ request: Request) throws -> TaskListReport {
        let day: LocalDay
        switch request.words.first {
        case nil, "today": day = today
        case "yesterday": day = today.adding(days: -1)
        case let text?:
            guard let parsed = LocalDay(entered: text) else { throw InputError.badDate(text) }
            day = parsed
        }
        return TaskListReport(tasks: try planner.completed(on: day), today: today, day: day, calendar: calendar,
                              render: try taskJSON())
    }

    /// One region (the first word) of today's board, or of the board of `--day`.
    public func region(_ request: Request) throws -> RegionReport {
        let region = try Request.region(try request.subject("region"))
        let day = try request.dateWord("day")?.resolve(today: today, calendar: calendar) ?? today
        return RegionReport(region: region, day: day, card: try planner.board(on: day).card(region),
                            lockComplementary: settings.lockComplementary, render: try taskJSON())
    }

    private func list(_ tasks: [TaskItem]) throws -> TaskListReport {
        TaskListReport(tasks: tasks, today: today, day: nil, calendar: calendar, render: try taskJSON())
    }
}
