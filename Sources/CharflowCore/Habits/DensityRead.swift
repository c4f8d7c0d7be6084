/// The plain-language read under a grid: a calm sentence from the numbers, never praise or blame.
public enum DensityRead {
    /// The rolling window the read looks back over, in days (today excluded: it has not ended).
    public static let windowDays = 21
    /// Above this share of due days missed, the read suggests a lighter cadence.
    public static let lighterCadenceAbove = 0.4
    /// Full weeks a weekly-target read looks back over.
    public static let windowWeeks = 3

    /// The numbers behind a read.
    public struct Numbers: Sendable, Equatable {
        public var due = 0
        public var complete = 0
        public var partial = 0
        public var missed = 0
        public var slips = 0
        /// An avoid habit's slips logged today, not yet part of the 21 days.
        public var slipsToday = 0
        /// For weekly targets: this week's days met, the target, and full weeks met of those looked at.
        public var weekDone = 0
        public var weekTarget = 0
        public var weeksMet = 0
        public var weeksLooked = 0
        /// The days a week the schedule asks before this week is scaled to the days it could be done.
        public var weekScheduled = 0
        /// This week's days a pause rests, and its days before the habit (the window) existed.
        public var weekPausedDays = 0
        public var weekDaysBeforeStart = 0
        /// Days done in each of the last full weeks that asked anything, newest first: what the record supports.
        public var weeksDone: [Int] = []
        /// The habit is old enough to be judged (three weeks, as fatigue waits for, H-21).
        public var oldEnough = false
        /// The habit (or the window) began today: no day before it could have been due.
        public var beganToday = false
        /// Today's state when today is due: said when no day before it was (today is not yet judged).
        public var today: DensityState?
    }

    /// Counts the last `windowDays` days before `today` (and, for weekly targets, the last full weeks).
    public static func numbers(_ history: WindowHistory, today: LocalDay, calendar: PlannerCalendar) -> Numbers {
        var numbers = Numbers()
        let start = today.adding(days: -windowDays)
        let weeklyNow = history.schedule(on: today)?.isWeeklyTarget ?? false
        numbers.beganToday = history.firstDay >= today
        if let cell = history.cells(from: today, through: today, today: today).first, cell.isDue { numbers.today = cell.state }
        // Slips are facts as soon as they are logged: today's are said beside the 21 days' (H-13 keeps
        // only today's state unresolved).
        if history.kind == .avoid {
            numbers.slipsToday = history.cells(from: today, through: today, today: today).first?.amount ?? 0
        }
        for cell in history.cells(from: start, through: today.adding(days: -1), today: today) {
            numbers.slips += history.kind == .avoid ? cell.amount : 0
            guard cell.isDue else { continue }
            // A day read by a weekly target (offered, never missed, H-8) was never due as a fixed day:
            // a habit switched to fixed days counts only the days its fixed schedules asked for (H-18).
            if !weeklyNow, history.schedule(on: cell.date)?.isWeeklyTarget == true { continue }
            numbers.due += 1
            switch cell.state {
            case .complete: numbers.complete += 1
            case .partialLow, .partialHigh: numbers.partial += 1
            case .missed: numbers.missed += 1
            case .empty: break
            }
        }
        let thisWeek = calendar.startOfWeek(containing: today)
        let weekly = weeklyNow
        if weekly {
            let week = history.weekProgress(containing: today, calendar: calendar)
            numbers.weekDone = week.done
            numbers.weekTarget = week.target
            numbers.weekScheduled = history.scheduledPerWeek(weekStart: thisWeek, asOf: today)
            let days = history.weekDays(weekStart: thisWeek)
            numbers.weekPausedDays = days.paused
            numbers.weekDaysBeforeStart = days.beforeStart
            for back in 1...windowWeeks {
                let weekStart = thisWeek.adding(days: -7 * back)
                // A week the habit existed for only in part, or spent partly paused, asks its share of
                // the target; a week with no day to give is not looked at (`weekTarget`).
                let wanted = history.weekTarget(weekStart: weekStart, asOf: today)
                guard wanted > 0 else { continue }
                let met = (0..<7).map { weekStart.adding(days: $0) }
                    .filter { history.isDue($0) && history.metOwnTarget($0) }.count
                numbers.weeksLooked += 1
                numbers.weeksDone.append(met)
                if met >= wanted { numbers.weeksMet += 1 }
            }
        }
        let judgedFrom = weekly ? thisWeek.adding(days: -7 * windowWeeks) : start
        numbers.oldEnough = history.firstDay <= judgedFrom
        return numbers
    }

    /// The lighter cadence the read suggests, as (days a week now, suggested), when the numbers call for one.
    ///
    /// It waits until the habit has three weeks behind it (as fatigue does, H-21), and proposes what the
    /// record supports, at least one: for fixed days, the days a week actually done over the read's
    /// window; for a weekly target, the days done in most of the last full weeks.
    public static func suggestion(_ numbers: Numbers, schedule: HabitSchedule, kind: HabitKind) -> (Int, Int)? {
        guard kind != .avoid, numbers.oldEnough else { return nil }
        let perWeek = schedule.daysPerWeek
        guard perWeek > 1 else { return nil }
        let supported: Int
        if schedule.isWeeklyTarget {
            guard numbers.weeksLooked > 0 else { return nil }
            let missedShare = 1 - Double(numbers.weeksMet) / Double(numbers.weeksLooked)
            guard missedShare > lighterCadenceAbove else { return nil }
            let counts = numbers.weeksDone.sorted(by: >)
            supported = counts[counts.count / 2]
        } else {
            guard numbers.due > 0 else { return nil }
            let missedShare = Double(numbers.missed) / Double(numbers.due)
            guard missedShare > lighterCadenceAbove else { return nil }
            supported = Int((Double(perWeek) * (1 - missedShare)).rounded())
        }
        let suggested = max(1, supported)
        return suggested < perWeek ? (perWeek, suggested) : nil
    }

    /// The sentence for `history` on `today` (phrased by `Messages.read`).
    public static func sentence(_ history: WindowHistory, today: LocalDay, calendar: PlannerCalendar) -> String {
        let numbers = numbers(history, today: today, calendar: calendar)
        let schedule = history.schedule(on: today) ?? .daily
        return Messages.read(numbers, kind: history.kind, schedule: schedule,
                             suggestion: suggestion(numbers, schedule: schedule, kind: history.kind))
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
