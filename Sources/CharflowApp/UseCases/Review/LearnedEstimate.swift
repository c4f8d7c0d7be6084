import CharflowCore
import CharflowStore
import Foundation

/// The learned estimate a task is offered: the median actual focus time of the latest five
/// earlier done instances of its series or of tasks with the same title (`LearnedEffort.sameTitle`).
/// Offered, never applied.
extension Charflow {
    /// The minutes to offer for a task titled `title` of `series` (other than `task`), from what was
    /// done before `before`; nil when no earlier instance had focus time.
    public func learnedEffort(title: String, series: UUID? = nil, otherThan task: UUID = UUID(), before: Date? = nil) throws -> Int? {
        let earlier = try store.taskRepository.earlierDone(series: series, title: title, before: before ?? now, otherThan: task,
                                                           limit: LearnedEffort.instances)
        let seconds = try store.sessions.actualSeconds(ofTasks: Set(earlier.map(\.id)))
        return LearnedEffort.minutes(newestFirst: earlier.map { seconds[$0.id] ?? 0 })
    }

    /// The learned estimate for an existing task without one; nil when it has an estimate or nothing
    /// was learned.
    public func learnedEffort(for task: TaskItem) throws -> Int? {
        guard task.effortMinutes == nil else { return nil }
        return try learnedEffort(title: task.title, series: task.seriesID, otherThan: task.id)
    }
}
