/// Everything the Today screen shows for one logical day (spec D5), apart from habits and sessions.
public struct TodayView: Sendable {
    public let day: LocalDay
    public let board: DayBoard
    /// Live tasks due today that are not on the board, in engine order.
    public let due: [TaskItem]
    /// Live tasks due before today (carried over), in engine order.
    public let overdue: [TaskItem]
    public let backlogCount: Int

    /// Builds the view from every task that could concern `day`: the store passes placed-today,
    /// due-today and overdue tasks; anything else is filtered out here.
    public init(day: LocalDay, tasks: [TaskItem], backlogCount: Int) {
        self.day = day
        board = DayBoard(day: day, tasks: tasks)
        due = EngineOrder.sorted(tasks.filter { $0.isLive && $0.dueDate == day && $0.region == nil }, today: day)
        overdue = EngineOrder.sorted(tasks.filter { $0.isOverdue(today: day) }, today: day)
        self.backlogCount = backlogCount
    }

    public var isEmpty: Bool { board.allTasks.isEmpty && due.isEmpty && overdue.isEmpty }
}
