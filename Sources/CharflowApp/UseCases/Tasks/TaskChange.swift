import CharflowCore
import CharflowStore
import Foundation

/// What a task action reports: the task as it now stands, where it stands, and what a deferral did.
public struct TaskChange: Report {
    public let task: TaskItem
    public let place: TaskPlace
    /// The date change behind an edit, a deferral or a carry: whether it counted, eased, suggests removal.
    package let dateChange: Store.DateChange?
    /// The task object, with a `deferral` object when the action moved its date.
    public let json: JSONValue
    /// False when the action found the task already as asked and recorded nothing (B-21).
    public var changed = true

    init(_ task: TaskItem, in app: Charflow, change: Store.DateChange? = nil) throws {
        self.task = task
        place = try TaskPlace(task, in: app)
        dateChange = change
        var json = try app.taskJSON(of: task)
        if let change, case .object(var pairs) = json {
            pairs.append(("deferral", Self.deferralJSON(change)))
            json = .object(pairs)
        }
        self.json = json
    }

    /// The `deferral` object: whether it counted or refined today's, eased the task, suggests removal;
    /// with `task`, the id of the task it is about.
    static func deferralJSON(_ change: Store.DateChange, task: Bool = false) -> JSONValue {
        .object((task ? [("task", JSONValue.string(change.task.id.lowercasedText))] : []) + [
            ("counted", .bool(change.deferred && !change.refined)), ("refined", .bool(change.refined)),
            ("importanceEased", .bool(change.eased)), ("suggestRemoval", .bool(change.suggestRemoval)),
        ])
    }
}

/// Where a task stands now: on a board, done, in the Backlog, dated for later, or deleted.
public enum TaskPlace: Sendable, Equatable {
    case deleted
    /// On `day`'s board in `region` and `bucket`, which now holds `count` of its `limit`.
    case board(Region, Bucket, count: Int, day: LocalDay, today: LocalDay)
    case done
    case backlog
    case due(LocalDay, today: LocalDay)

    init(_ task: TaskItem, in app: Charflow) throws {
        let today = app.today
        if task.droppedAt != nil {
            self = .deleted
        } else if let region = task.region, let bucket = task.bucket, let day = task.dueDate {
            let count = try app.board(on: day).card(region).tasks(in: bucket).count
            self = .board(region, bucket, count: count, day: day, today: today)
        } else if task.isCompleted {
            self = .done
        } else if Backlog.contains(task, today: today) {
            self = .backlog
        } else if let due = task.dueDate {
            self = .due(due, today: today)
        } else {
            self = .backlog
        }
    }
}

