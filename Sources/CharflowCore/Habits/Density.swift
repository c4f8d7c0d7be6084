/// How full one day's cell is (`habit.md`, Density states).
public enum DensityState: String, CaseIterable, Sendable {
    case empty, missed, partialLow, partialHigh, complete
}

/// One day of one window's grid.
public struct DensityCell: Sendable, Equatable {
    public let date: LocalDay
    public let state: DensityState
    public let amount: Int
    public let target: Int
    /// Due that day: scheduled, not paused, and the window existed. Unscheduled days count nowhere.
    public let isDue: Bool
    /// An avoid habit's day marked held (`habit log --held`) with its slips within the allowance: shown
    /// as such, today too, though today's state stays unresolved until the day ends (H-13).
    public var isHeld = false

    public init(date: LocalDay, state: DensityState, amount: Int, target: Int, isDue: Bool, isHeld: Bool = false) {
        self.date = date
        self.state = state
        self.amount = amount
        self.target = target
        self.isDue = isDue
        self.isHeld = isHeld
    }
}

/// Everything one window's density needs, read from the store: nothing is stored besides entries.
public struct WindowHistory: Sendable {
    public let kind: HabitKind
    public let window: HabitWindow
    /// The first logical day the window existed.
    public let firstDay: LocalDay
    public let schedules: [HabitScheduleChange]
    public let pauses: [HabitPause]
    public let entries: [LocalDay: HabitEntry]
    /// Days the user engaged with Charflow (avoid habits only need these).
    public let engagedDays: Set<LocalDay>

    public init(
        kind: HabitKind, window: HabitWindow, firstDay: LocalDay, schedules: [HabitScheduleChange],
        pauses: [HabitPause], entries: [LocalDay: HabitEntry], engagedDays: Set<LocalDay> = []
    ) {
        self.kind = kind
        self.window = window
        self.firstDay = firstDay
        self.schedules = schedules
        self.pauses = pauses
        self.entries = entries
        self.engagedDays = engagedDays
    }

    public func schedule(on day: LocalDay) -> HabitSchedule? {
        HabitScheduleChange.schedule(on: day, in: schedules)
    }

    /// Whether the habit asks anything of `day`.
    public func isDue(_ day: LocalDay) -> Bool {
        guard day >= firstDay, !isRested(day), let schedule = schedule(on: day) else { return false }
        return schedule.isDue(on: day)
    }

    /// Whether a pause takes `day` out of this window's schedule (H-15). A day something was logged on
    /// keeps its entry and its state ("past days keep their entries"): a pause begun later, on the day
    /// itself or reaching back before it, rests only the days nothing was logged on, whichever path
    /// (a command, the page, an import, a sync) made the pause or the log.
    public func isRested(_ day: LocalDay) -> Bool {
        HabitPause.isPaused(day, pauses) && !(entries[day]?.isLogged ?? false)
    }

    /// The cell of `day` as seen on `today` (today is never missed: it has not ended).
    public func cell(_ day: LocalDay, today: LocalDay) -> DensityCell {
        let entry = entries[day]
        let amount = entry?.amount ?? 0
        let target = entry?.target ?? window.target
        guard isDue(day), day <= today else {
            return DensityCell(date: day, state: .empty, amount: amount, target: target, isDue: false)
        }
        let weekly = schedule(on: day)?.isWeeklyTarget ?? false
        let state: DensityState
        switch kind {
        case .avoid:
            if day == today {
                state = .empty
            } else if amount > target {
                state = .missed
            } else if engagedDays.contains(day) || entry?.completedAt != nil {
                state = .complete
            } else {
                state = .empty
            }
        case .binary:
            state = HabitRules.isComplete(amount: amount, target: target) ? .complete : (day == today || weekly ? .empty : .missed)
        case .counted, .timed:
            let ratio = target <= 0 ? 0 : Double(amount) / Double(target)
            if ratio >= 1 {
                state = .complete
            } else if ratio >= Density.partialHighFrom {
                state = .partialHigh
            } else if amount > 0 {
                state = .partialLow
            } else {
                state = day == today || weekly ? .empty : .missed
            }
        }
        let held = kind == .avoid && entry?.completedAt != nil && amount <= target
        return DensityCell(date: day, state: state, amount: amount, target: target, isDue: true, isHeld: held)
    }

    /// Cells from `start` through `end`, oldest first.
    public func cells(from start: LocalDay, through end: LocalDay, today: LocalDay) -> [DensityCell] {
        guard start <= end else { return [] }
        return (0...start.days(to: end)).map { cell(start.adding(days: $0), today: today) }
    }

    /// A day counts toward a weekly target when its own target is met.
    public func metOwnTarget(_ day: LocalDay) -> Bool {
        guard let entry = entries[day] else { return false }
        return kind == .avoid ? false : HabitRules.isComplete(amount: entry.amount, target: entry.target)
    }

    /// Days of the week containing `day` (by `calendar`'s first weekday) whose own target was met, and
    /// the week's target as `weekTarget` decides it.
    public func weekProgress(containing day: LocalDay, calendar: PlannerCalendar) -> (done: Int, target: Int) {
        let start = calendar.startOfWeek(containing: day)
        let done = (0..<7).map { start.adding(days: $0) }.filter { $0 <= day && metOwnTarget($0) && isDue($0) }.count
        return (done, weekTarget(weekStart: start, asOf: day))
    }

    /// The one rule for a week's target, for every view: the days a week of the schedule in force on
    /// the week's last day (as of `asOf`, for the week still running), scaled to the share of the week's
    /// seven days the habit could be done (not paused, and the window existed), rounded up. Three a
    /// week with four days paused asks two (3 × 3/7 = 1.3, rounded up); a week with no such day asks nothing.
    public func weekTarget(weekStart: LocalDay, asOf day: LocalDay) -> Int {
        Self.scaledTarget(perWeek: scheduledPerWeek(weekStart: weekStart, asOf: day), openDays: weekDays(weekStart: weekStart).open)
    }

    /// `perWeek` scaled to `openDays` of seven, rounded up: never more than `perWeek`, nor than `openDays`.
    public static func scaledTarget(perWeek: Int, openDays: Int) -> Int {
        guard perWeek > 0, openDays > 0 else { return 0 }
        return (perWeek * min(openDays, 7) + 6) / 7
    }

    /// The week's days by what the target makes of them: days the habit could be done, days a pause
    /// rests, and days before the window existed.
    public func weekDays(weekStart: LocalDay) -> (open: Int, paused: Int, beforeStart: Int) {
        let days = (0..<7).map { weekStart.adding(days: $0) }
        return (days.filter(isDue).count,
                days.filter { $0 >= firstDay && isRested($0) }.count,
                days.filter { $0 < firstDay }.count)
    }

    /// The days a week the schedule in force on the week's last day asks, before the week is scaled.
    public func scheduledPerWeek(weekStart: LocalDay, asOf day: LocalDay) -> Int {
        schedule(on: min(weekStart.adding(days: 6), max(day, weekStart)))?.perWeek ?? 0
    }
}

/// The thresholds of the density states.
public enum Density {
    /// A counted or timed day at or above this share of its target is partialHigh; above zero, partialLow.
    public static let partialHighFrom = 0.5
}
