import Foundation

/// The free time of one logical day, region by region (spec D22, rules F-13 to F-15).
///
/// A region's free time is its hours, as real instants on that day, minus the union of the busy timed
/// events and anchors inside them, minus the effort of the day's habits whose windows begin in them; never
/// below 0. An all-day busy event takes nothing from a region (it says what the day is, not which hours it
/// fills). An all-day habit, or one whose window begins outside every region, counts against the day: its
/// effort comes off the day's total, not off a region. Minutes are elapsed time, so a region across a
/// daylight-saving change is an hour shorter or longer than its wall-clock hours.
public struct FreeTime: Sendable, Equatable {
    /// The effort of one habit window due on the day, and when the window begins.
    public struct HabitLoad: Sendable, Equatable {
        /// When the window begins; nil for an all-day window.
        public let start: TimeOfDay?
        public let minutes: Int

        public init(start: TimeOfDay?, minutes: Int) {
            self.start = start
            self.minutes = minutes
        }

        /// A window's load: all day when it spans the whole day (00:00 to 23:59), else from its start.
        public init(window: HabitWindow) {
            let allDay = window.startMinute <= 0 && window.endMinute >= 1439
            self.init(start: allDay ? nil : TimeOfDay(minutes: window.startMinute), minutes: window.effortMinutes ?? 0)
        }
    }

    public let day: LocalDay
    /// Morning, Afternoon and Evening, in day order.
    public let regions: [RegionTime]
    /// Effort of the habits that count against the whole day (all-day windows, or windows outside every region).
    public let dayHabitMinutes: Int

    /// Works out `day`'s free time from its events and anchors (`points`), the habit windows due that day
    /// and the tasks placed on its board.
    public init(day: LocalDay, calendar: PlannerCalendar, hours: RegionHours, points: [FixedPoint],
                habits: [HabitLoad], board: DayBoard) {
        self.day = day
        let busy = FreeTime.union(points.filter { $0.isBusy && !$0.isAllDay }
            .map { DateInterval(start: $0.start, end: max($0.start, $0.end)) })
        var dayHabits = 0
        var regionHabits: [Region: Int] = [:]
        for habit in habits {
            if let start = habit.start, let region = hours.region(at: start) {
                regionHabits[region, default: 0] += habit.minutes
            } else {
                dayHabits += habit.minutes
            }
        }
        dayHabitMinutes = dayHabits
        regions = Region.allCases.map { region in
            let span = FreeTime.interval(of: hours[region], on: day, calendar: calendar)
            let hoursMinutes = FreeTime.minutes(span.duration)
            let busyMinutes = min(hoursMinutes, FreeTime.minutes(FreeTime.overlap(of: busy, with: span), roundingUp: true))
            let habitMinutes = regionHabits[region] ?? 0
            let planned = board.card(region).allTasks.filter(\.isLive).reduce(0) { $0 + ($1.effortMinutes ?? 0) }
            return RegionTime(region: region, start: span.start, end: span.end, hoursMinutes: hoursMinutes,
                              busyMinutes: busyMinutes, habitMinutes: habitMinutes,
                              freeMinutes: max(0, hoursMinutes - busyMinutes - habitMinutes), plannedMinutes: planned)
        }
    }

    public func region(_ region: Region) -> RegionTime {
        regions.first { $0.region == region }!
    }

    /// The day's free time: the regions' free time less the habits that count against the whole day,
    /// never below 0. Night planning's capacity (rule F-15).
    public var freeMinutes: Int {
        max(0, regions.reduce(0) { $0 + $1.freeMinutes } - dayHabitMinutes)
    }

    /// The effort of the open tasks placed in the day's regions.
    public var plannedMinutes: Int {
        regions.reduce(0) { $0 + $1.plannedMinutes }
    }

    /// The notices for regions planned past their free time, in day order (rule F-14).
    public var overPlanned: [Signal] {
        regions.compactMap { $0.overPlanned(on: day) }
    }

    /// The instants a region's hours cover on `day`: from its start within the logical day to its end,
    /// which falls on the next calendar date for hours past midnight, or at the next day's start when
    /// the hours end at the rollover time.
    public static func interval(of span: RegionSpan, on day: LocalDay, calendar: PlannerCalendar) -> DateInterval {
        let start = calendar.instant(of: span.start, within: day)
        var end = calendar.instant(of: span.end, within: day)
        if end <= start { end = calendar.instant(of: span.end, within: day.adding(days: 1)) }
        return DateInterval(start: start, end: max(start, end))
    }

    /// The union of `intervals`: sorted, with overlapping or touching ones merged.
    public static func union(_ intervals: [DateInterval]) -> [DateInterval] {
        var merged: [DateInterval] = []
        for interval in intervals.sorted(by: { $0.start < $1.start }) {
            if let last = merged.last, interval.start <= last.end {
                merged[merged.count - 1] = DateInterval(start: last.start, end: max(last.end, interval.end))
            } else {
                merged.append(interval)
            }
        }
        return merged
    }

    /// Seconds of `span` that the disjoint intervals `union` cover.
    public static func overlap(of union: [DateInterval], with span: DateInterval) -> TimeInterval {
        union.reduce(0) { total, interval in
            total + max(0, min(interval.end, span.end).timeIntervalSince(max(interval.start, span.start)))
        }
    }

    /// Whole minutes in `seconds`: down, or up when a part-minute should count whole.
    static func minutes(_ seconds: TimeInterval, roundingUp: Bool = false) -> Int {
        Int((seconds / 60).rounded(roundingUp ? .up : .down))
    }
}
