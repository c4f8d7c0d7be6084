import CharflowCore
import CharflowStore
import Foundation

/// Mark a done task not done again (B-8, T-3). For a repeating task whose next instance already exists,
/// that instance is removed when nobody has touched it; otherwise the reopen is refused (T-31).
public enum ReopenTask {
    public struct Input: Decodable, Sendable {
        public var task: TaskRef

        public init(task: TaskRef) {
            self.task = task
        }

        public init(task: UUID) {
            self.task = TaskRef(task)
        }
    }
}

extension Charflow {
    @discardableResult
    public func reopenTask(_ input: ReopenTask.Input) throws -> TaskChange {
        let tasks = store.taskRepository
        let reopened = try store.action("undone") { work in
            var task = try self.task(input.task)
            let completed = task
            let completedAt = task.completedAt
            let completedDay = task.completedDay
            try Board.uncomplete(&task, today: today, now: now)
            var later: [TaskItem] = []
            if let series = task.seriesID, let completedAt {
                later = try tasks.instances(of: series, otherThan: task.id, createdSince: completedAt)
                let resolvedDay = completedDay ?? calendar.logicalDay(at: completedAt)
                for instance in later {
                    let taken = try tasks.occurrences(of: series, except: instance.id)
                    guard instance.isLive, instance.deferralCount == 0,
                          completed.leftUntouched(instance, resolvedDay: resolvedDay, taken: taken),
                          try !tasks.hasHistory(instance.id) else {
                        throw PlannerError.alreadyRepeated
                    }
                }
            }
            try tasks.save(&task, in: work)
            for instance in later { try tasks.remove(instance.id, in: work) }
            return task
        }
        return try TaskChange(reopened, in: self)
    }
}
