import Foundation

/// The user's calendar, made explicit: time zone, first weekday and rollover time.
///
/// Every question "which day is it?" goes through here, so nothing in the core reads the machine's
/// zone or locale. The logical day starts at the rollover time. A rollover before noon extends the
/// previous day (with 04:00, 02:00 on Tuesday still belongs to Monday); one at noon or later starts the
/// next day that evening (with 23:00, 23:30 on Tuesday already belongs to Wednesday).
public struct PlannerCalendar: Sendable, Equatable {
    public var timeZone: TimeZone
    public var firstWeekday: Weekday
    public var rollover: TimeOfDay

    public init(timeZone: TimeZone, firstWeekday: Weekday = .monday, rollover: TimeOfDay = .midnight) {
        self.timeZone = timeZone
        self.firstWeekday = firstWeekday
        self.rollover = rollover
    }

    /// The logical day that `instant` belongs to: the day whose `start(of:)` is the latest at or before it.
    public func logicalDay(at instant: Date) -> LocalDay {
        let shifted = wallSeconds(at: instant) - startOffsetMinutes * 60
        var day = LocalDay(ordinal: LocalDay.floorDivide(shifted, LocalDay.secondsPerCivilDay))
        // Near a daylight-saving change the wall clock and the boundary instants can disagree by an
        // hour; the boundaries decide, so that a day is exactly [start(of: d), start(of: d + 1)).
        if instant < start(of: day) {
            day = day.adding(days: -1)
        } else if instant >= start(of: day.adding(days: 1)) {
            day = day.adding(days: 1)
        }
        return day
    }

    /// The calendar date of `instant` on the wall clock, ignoring the rollover time.
    public func calendarDay(at instant: Date) -> LocalDay {
        LocalDay(ordinal: LocalDay.floorDivide(wallSeconds(at: instant), LocalDay.secondsPerCivilDay))
    }

    /// The wall-clock time of `instant` in this zone.
    public func timeOfDay(at instant: Date) -> TimeOfDay {
        let seconds = wallSeconds(at: instant)
        let inDay = seconds - LocalDay.floorDivide(seconds, LocalDay.secondsPerCivilDay) * LocalDay.secondsPerCivilDay
        return TimeOfDay(minutes: inDay / 60)!
    }

    /// The instant at which logical day `day` begins: its date at the rollover time, on the wall clock
    /// (the evening before, for a rollover at noon or later).
    public func start(of day: LocalDay) -> Date {
        instant(on: startDate(of: day), at: rollover)
    }

    /// Whether the rollover starts the next day in the evening (at 12:00 or later) rather than
    /// extending the previous day into the small hours.
    public var startsDayTheEveningBefore: Bool {
        rollover.minutes >= PlannerCalendar.noonMinutes
    }

    /// The instant the wall clock reads `time` within logical day `day` (a day runs from one rollover
    /// to the next, so 02:00 with a 04:00 rollover is on the next calendar date, 23:30 with a 23:00
    /// rollover on the previous one).
    public func instant(of time: TimeOfDay, within day: LocalDay) -> Date {
        let first = startDate(of: day)
        return instant(on: time >= rollover ? first : first.adding(days: 1), at: time)
    }

    /// The calendar date on which logical day `day` begins.
    private func startDate(of day: LocalDay) -> LocalDay {
        startsDayTheEveningBefore ? day.adding(days: -1) : day
    }

    /// Minutes from the calendar date's midnight to the start of the logical day of that date:
    /// negative for an evening rollover.
    private var startOffsetMinutes: Int {
        startsDayTheEveningBefore ? rollover.minutes - 24 * 60 : rollover.minutes
    }

    private static let noonMinutes = 12 * 60

    /// The instant the wall clock reads `time` on calendar date `day`.
    ///
    /// A time skipped by a daylight-saving jump resolves to the moment of the jump (01:30 on a night
    /// that jumps from 01:00 to 02:00 is 02:00: the clock has passed 01:30 from then on); a time that
    /// occurs twice resolves to its second occurrence.
    public func instant(on day: LocalDay, at time: TimeOfDay) -> Date {
        let wall = day.ordinal * LocalDay.secondsPerCivilDay + time.minutes * 60
        // The zone's offsets half a day either side bracket any single change at this wall time.
        let before = offset(at: wall - LocalDay.secondsPerCivilDay / 2)
        let after = offset(at: wall + LocalDay.secondsPerCivilDay / 2)
        // Each bracketing offset gives a candidate instant; it is valid when the wall clock reads `wall`
        // then. The later valid one wins (the second occurrence of a repeated time).
        var latest: Int?
        let first = wall - before
        if wall - offset(at: first) == first { latest = first }
        if after != before {
            let second = wall - after
            if wall - offset(at: second) == second { latest = max(latest ?? second, second) }
        }
        if let latest { return Date(timeIntervalSince1970: Double(latest)) }
        // A skipped time: the moment the clock jumps past it, the first instant reading it or later.
        let earliest = Date(timeIntervalSince1970: Double(wall - after))
        if let jump = timeZone.nextDaylightSavingTimeTransition(after: earliest),
           jump.timeIntervalSince1970 <= Double(wall - before) {
            return jump
        }
        return Date(timeIntervalSince1970: Double(wall - before))
    }

    /// The first day of the week (by `firstWeekday`) that contains `day`.
    public func startOfWeek(containing day: LocalDay) -> LocalDay {
        let back = (day.weekday.rawValue - firstWeekday.rawValue + 7) % 7
        return day.adding(days: -back)
    }

    /// Seconds east of UTC that this zone is at `instant`.
    public func utcOffsetSeconds(at instant: Date) -> Int {
        timeZone.secondsFromGMT(for: instant)
    }

    private func wallSeconds(at instant: Date) -> Int {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        return seconds + timeZone.secondsFromGMT(for: instant)
    }

    private func offset(at unixSeconds: Int) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(unixSeconds)))
    }
}

extension LocalDay {
    /// Seconds in a civil day of the wall clock; used only to split wall-clock seconds into date and
    /// time, never to step an instant by "a day".
    static let secondsPerCivilDay = 86_400

    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }
}
