import CharflowCore
import CharflowStore
import Foundation

/// Resolving a task inside an action, as completing, dropping, a session's finish or a night plan's
/// carry do: the board's rules decide (`Board.complete`, D9's lock), the task's live session closes,
/// and a repeating task's next instance is made (T-28, spec D19).
extension Charflow {
    /// Marks `task` done within `work`: the board's rules and the lock (D9), its live session
    /// finished, a repeating task's next instance made.
    func complete(_ task: TaskItem, in work: UnitOfWork) throws -> TaskItem {
        var task = task
        let neighbours = try task.region.map { try store.taskRepository.occupants(of: $0, on: task.dueDate ?? today) } ?? []
        try Board.complete(&task, occupants: neighbours, lockComplementary: settings.lockComplementary,
                          today: today, now: now)
        if task.repeatKind == .monthly, task.repeatDayOfMonth == 0, let due = task.dueDate {
            task.repeatDayOfMonth = due.day
        }
        try store.taskRepository.save(&task, in: work)
        try closeLiveSession(ofTask: task.id, .finished, in: work)
        try makeNextInstance(after: task, in: work)
        return task
    }

    /// Drops `task` within `work` (spec D7): its live session closes and a repeating task's next
    /// instance is made; a task already dropped is refused.
    func drop(_ task: TaskItem, in work: UnitOfWork) throws -> TaskItem {
        var task = task
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        let wasLive = task.isLive
        task.droppedAt = now
        try store.taskRepository.save(&task, in: work)
        try closeLiveSession(ofTask: task.id, .dropped, in: work)
        if wasLive { try makeNextInstance(after: task, in: work) }
        return task
    }

    /// The next instance of a repeating task just completed or dropped, unless its series already has
    /// a live instance (T-28): made for the first occurrence strictly after max(due, today) that no
    /// instance of the series was made for (spec D19), so an instance moved to an earlier day and
    /// resolved there is never mistaken for the next one.
    private func makeNextInstance(after task: TaskItem, in work: UnitOfWork) throws {
        guard task.isRepeating else { return }
        let tasks = store.taskRepository
        let series = task.seriesID ?? task.id
        guard try tasks.liveCount(of: series, otherThan: task.id) == 0 else { return }
        let taken = try tasks.occurrences(of: series, except: nil)
        guard var next = task.nextInstance(resolvedDay: today, now: now, taken: taken),
              let occurrence = next.occurrence else { return }
        // Derived from (series, occurrence), so two devices completing the same task make one instance.
        next.id = try tasks.instanceID(series: series, occurrence: occurrence)
        try tasks.insert(&next, in: work)
    }
}
