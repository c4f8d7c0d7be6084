import CharflowCore
import CharflowStore
import Foundation

/// What a day's tasks make up: Today's view (its board, due and overdue tasks, the Backlog's count),
/// any day's board, the tasks done on a day, and the Backlog's counts. Read from the task records,
/// assembled by the core's `TodayView` and `DayBoard`.
extension Charflow {
    /// Today's board, due and overdue tasks, and the Backlog count; with a Today filter active, only
    /// the tasks of its category.
    package func todayView() throws -> TodayView {
        let tasks = store.taskRepository
        var found = try tasks.notDropped(dueOn: today) + tasks.live(dueBefore: today)
        if let filter = try store.categories.todayFilter() {
            found = found.filter { $0.categoryID == filter.id }
        }
        return TodayView(day: today, tasks: found, backlogCount: try backlogCount())
    }

    /// The board of any logical day (tomorrow's while planning, a past one as history).
    package func board(on day: LocalDay) throws -> DayBoard {
        DayBoard(day: day, tasks: try store.taskRepository.placed(on: day))
    }

    /// How many Backlog tasks sit in its Older group (entered before this week, and not yesterday).
    ///
    /// Counted in SQL, for the Backlog-growing-old signal; a task without a record of entering falls
    /// back to its due date, then to its creation date.
    package func olderBacklogCount() throws -> Int {
        try backlogCounts().older
    }

    /// How many tasks the Backlog holds.
    package func backlogCount() throws -> Int {
        try backlogCounts().all
    }

    /// The Backlog's size and its Older group's, in one read; kept for the command, as Today asks for both.
    private func backlogCounts() throws -> (all: Int, older: Int) {
        if let counts = kept.backlogCounts { return counts }
        let counts = try store.taskRepository.liveCounts(undatedOrDueBefore: today,
                                                           olderBefore: calendar.startOfWeek(containing: today),
                                                           notOn: today.adding(days: -1))
        kept.backlogCounts = counts
        return counts
    }

    /// Tasks completed during logical day `day`, in completion order.
    package func completed(on day: LocalDay) throws -> [TaskItem] {
        try store.taskRepository.completed(from: day, through: day)
    }
}
