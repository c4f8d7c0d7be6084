import CharflowCore
import CharflowStore
import Foundation

/// The Backlog in its groups (Today / Yesterday / This Week / Older), each with its count (B-16).
public struct BacklogReport: Report {
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

extension Charflow {
    /// Read the Backlog: every live task without a day or due before today, grouped by when it entered.
    public func backlog() throws -> BacklogReport {
        let members = try store.taskRepository.live(undatedOrDueBefore: today)
        return BacklogReport(groups: Backlog.groups(members, today: today, calendar: calendar), today: today,
                             render: try taskJSON())
    }
}
