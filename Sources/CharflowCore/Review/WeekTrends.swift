import Foundation

/// The weeks a trend shows (`stats --weeks N`), ending with the current one: 1 to 104.
public struct TrendWeeks: BoundedNumber, Equatable {
    public static let range = 1...104
    public static let what = "the number of weeks"
    /// What `stats` shows when no number is given.
    public static let usual = 12
    public let value: Int
    public init(_ value: Int) { self.value = value }
}

/// One week of the trends: the Must-Do rate, focus time and deferrals.
public struct WeekTrend: Sendable, Equatable {
    public let firstDay: LocalDay
    public let mustDos: Tally
    public let focusSeconds: Int
    public let deferrals: Int

    public init(firstDay: LocalDay, mustDos: Tally, focusSeconds: Int, deferrals: Int) {
        self.firstDay = firstDay
        self.mustDos = mustDos
        self.focusSeconds = focusSeconds
        self.deferrals = deferrals
    }
}

/// Weeks of trends, oldest first, from the rows of the whole stretch.
public enum WeekTrends {
    /// One trend per week starting at each of `firstDays` (seven days each), as of `today` and `now`.
    public static func make(
        firstDays: [LocalDay], today: LocalDay, now: Date, placedMustDos: [TaskItem], leftOpen: [OpenMustDo],
        sessions: [WorkSession], deferrals: [DeferralRecord]
    ) -> [WeekTrend] {
        firstDays.map { first in
            let last = first.adding(days: 6)
            let tallies = MustDoTally.count(placed: placedMustDos, leftOpen: leftOpen, from: first, through: last, today: today)
            let focus = sessions.filter { $0.day >= first && $0.day <= last }.reduce(0) { $0 + $1.elapsedSeconds(at: now) }
            let moved = deferrals.filter { $0.day >= first && $0.day <= last }.count
            return WeekTrend(firstDay: first, mustDos: MustDoTally.all(tallies), focusSeconds: focus, deferrals: moved)
        }
    }
}
