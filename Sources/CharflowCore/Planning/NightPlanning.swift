import Foundation

/// One evening's planning ritual, stored per reviewed date (spec D10).
public struct NightPlanningSession: Sendable, Equatable, Identifiable {
    public var id: UUID
    /// The day being reviewed.
    public var date: LocalDay
    /// The day being planned (the day after `date`).
    public var planDay: LocalDay
    public var state: PlanningState
    public var startedAt: Date
    public var endedAt: Date?
    public var modifiedAt: Date

    public init(id: UUID = UUID(), date: LocalDay, planDay: LocalDay, state: PlanningState = .open, startedAt: Date,
                endedAt: Date? = nil, modifiedAt: Date? = nil) {
        self.id = id
        self.date = date
        self.planDay = planDay
        self.state = state
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.modifiedAt = modifiedAt ?? startedAt
    }
}

public enum PlanningState: String, CaseIterable, Sendable {
    case open, closed, skipped

    /// Closed or skipped counts as engagement for avoid habits.
    public var isEngagement: Bool { self != .open }
}

/// The rules of night planning that need no store.
public enum NightPlanning {
    /// Planning within this many hours after the logical day began is still last night's planning:
    /// it reviews the day that just ended and plans the one now begun.
    public static let lateNightHours = 6

    /// Which day is reviewed and which is planned, as of `now` on logical day `today` (the store's
    /// today, which a clock stepped back does not move back; the clock's day when not given).
    public static func days(now: Date, today: LocalDay? = nil, calendar: PlannerCalendar) -> (review: LocalDay, plan: LocalDay) {
        let today = today ?? calendar.logicalDay(at: now)
        let sinceStart = now.timeIntervalSince(calendar.start(of: today))
        if sinceStart < Double(lateNightHours * 3600) {
            return (today.adding(days: -1), today)
        }
        return (today, today.adding(days: 1))
    }

    /// The minutes a day asks: its tasks' effort (no estimate counts as zero) plus its habits' flexible time.
    public static func load(tasks: [TaskItem], habitMinutes: Int) -> Int {
        tasks.filter(\.isLive).reduce(0) { $0 + ($1.effortMinutes ?? 0) } + habitMinutes
    }

    /// More planned than the day has free (its regions' free time, rule F-15): the overload notice offers
    /// Move (a reschedule, no deferral).
    public static func isOverloaded(load: Int, free: Int) -> Bool {
        load > free
    }
}

/// "7 h 30", "45 min": minutes in words for the overload notice.
public enum Duration {
    public static func text(minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) min" }
        let rest = minutes % 60
        return rest == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(LocalDay.pad(rest, 2))"
    }
}
