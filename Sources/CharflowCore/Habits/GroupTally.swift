/// How a habit group counts one of its habits on one day, alike for today's ring and the 14-day strip
/// (rule H-7): a group's figures count habits, never windows, so the ring and today's strip cell agree.
public enum GroupTally {
    /// Whether a habit counts on a day, and whether it is done there.
    public struct Mark: Sendable, Equatable {
        public let counts: Bool
        public let done: Bool

        public static let nothing = Mark(counts: false, done: false)
    }

    /// Today: a habit not paused that is due today or already done today (a met weekly target counts
    /// as done), exactly as Today's habits strip shows it.
    public static func today(_ day: HabitDay) -> Mark {
        guard day.pause == nil, day.isDueToday || day.isDoneToday else { return .nothing }
        return Mark(counts: true, done: day.isDoneToday)
    }

    /// A past day, from the cells of the habit's windows that day: the habit counts when any window was
    /// due, and is done when every due window was complete. A weekly target asks nothing of a given day
    /// (it is never missed, H-8), so it counts only on a day it was done.
    public static func pastDay(_ cells: [DensityCell], weeklyTarget: Bool) -> Mark {
        let due = cells.filter(\.isDue)
        guard !due.isEmpty else { return .nothing }
        let done = due.allSatisfy { $0.state == .complete }
        if weeklyTarget && !done { return .nothing }
        return Mark(counts: true, done: done)
    }
}
