/// What one day of an anchor's attendance grid shows (spec D22, rule F-6): the habit grid's cells.
public enum AnchorDayState: String, CaseIterable, Sendable {
    /// Marked attended.
    case attended
    /// Marked missed.
    case missed
    /// A past day the anchor came on, with no mark: never taken as either (rule F-4).
    case notMarked
    /// A day the anchor did not come on: not among its days, or before it was made.
    case notScheduled
    /// Today, not marked yet: the day has not ended.
    case open
}

/// One day of an anchor's grid.
public struct AnchorCell: Sendable, Equatable {
    public let date: LocalDay
    public let state: AnchorDayState

    public init(date: LocalDay, state: AnchorDayState) {
        self.date = date
        self.state = state
    }
}

/// Everything an anchor's grid and read need: its timing, its first day and its marks by day.
///
/// A marked day shows its mark whatever the timing says now; an unmarked day is judged by the timing in
/// force now (an anchor keeps no history of its days, unlike a habit's schedule).
public struct AnchorHistory: Sendable {
    public let anchor: Anchor
    /// The logical day the anchor was made on.
    public let firstDay: LocalDay
    public let outcomes: [LocalDay: AnchorOutcome]

    public init(anchor: Anchor, firstDay: LocalDay, outcomes: [LocalDay: AnchorOutcome]) {
        self.anchor = anchor
        self.firstDay = firstDay
        self.outcomes = outcomes
    }

    /// The state of `day` as seen on `today`; a day after today is not scheduled yet.
    public func state(on day: LocalDay, today: LocalDay) -> AnchorDayState {
        if let outcome = outcomes[day] { return outcome == .attended ? .attended : .missed }
        guard day >= firstDay, day <= today, anchor.isScheduled(on: day) else { return .notScheduled }
        return day == today ? .open : .notMarked
    }

    /// Cells from `start` through `end`, oldest first.
    public func cells(from start: LocalDay, through end: LocalDay, today: LocalDay) -> [AnchorCell] {
        guard start <= end else { return [] }
        return (0...start.days(to: end)).map { offset in
            let day = start.adding(days: offset)
            return AnchorCell(date: day, state: state(on: day, today: today))
        }
    }
}

/// The read in numbers under an anchor's grid (rule F-6): of the days it came on over the last three
/// weeks before today, how many were attended, missed and not marked. Never a streak.
public enum AnchorRead {
    /// The days before today the read looks back over, as a habit's read does.
    public static let windowDays = DensityRead.windowDays

    /// The numbers behind a read.
    public struct Numbers: Sendable, Equatable {
        /// Days in the window the anchor came on (its days, from its first day), marked or not.
        public var scheduled = 0
        public var attended = 0
        public var missed = 0
        public var notMarked = 0
        /// The anchor is older than the window, so its days are "the last N" rather than "so far".
        public var wholeWindow = false

        public init(scheduled: Int = 0, attended: Int = 0, missed: Int = 0, notMarked: Int = 0, wholeWindow: Bool = false) {
            self.scheduled = scheduled
            self.attended = attended
            self.missed = missed
            self.notMarked = notMarked
            self.wholeWindow = wholeWindow
        }
    }

    public static func numbers(_ history: AnchorHistory, today: LocalDay) -> Numbers {
        var numbers = Numbers()
        let start = today.adding(days: -windowDays)
        numbers.wholeWindow = history.firstDay <= start
        for cell in history.cells(from: start, through: today.adding(days: -1), today: today) {
            switch cell.state {
            case .attended: numbers.attended += 1
            case .missed: numbers.missed += 1
            case .notMarked: numbers.notMarked += 1
            case .notScheduled, .open: continue
            }
            numbers.scheduled += 1
        }
        return numbers
    }

    /// The sentence for `history` on `today` (phrased by `Messages.anchorRead`).
    public static func sentence(_ history: AnchorHistory, today: LocalDay) -> String {
        Messages.anchorRead(numbers(history, today: today))
    }
}
