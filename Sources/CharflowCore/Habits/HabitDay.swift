import Foundation

/// One habit as Today and `habits` show it: each window's cell today, the week's progress, the pause.
public struct HabitDay: Sendable {
    public let habit: Habit
    public let windows: [(window: HabitWindow, cell: DensityCell)]
    /// For a weekly target: days met this week and the target.
    public let week: (done: Int, target: Int)?
    public let pause: HabitPause?

    public init(habit: Habit, windows: [(window: HabitWindow, cell: DensityCell)], week: (done: Int, target: Int)?,
                pause: HabitPause?) {
        self.habit = habit
        self.windows = windows
        self.week = week
        self.pause = pause
    }

    /// Due today: not paused, scheduled today, or a weekly target not yet met.
    public var isDueToday: Bool {
        HabitRules.isDueToday(paused: pause != nil, week: week, anyWindowDue: windows.contains { $0.cell.isDue })
    }

    public var isDoneToday: Bool {
        HabitRules.isDoneToday(week: week, dueCells: windows.map(\.cell).filter(\.isDue))
    }
}
