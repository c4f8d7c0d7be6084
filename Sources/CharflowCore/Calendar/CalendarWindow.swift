import Foundation

/// The days a device keeps calendar occurrences for (spec D22, rule F-12): from 14 days before today
/// through 60 days after it, logical days, moving with the day.
public struct CalendarWindow: Hashable, Sendable {
    public static let daysBack = 14
    public static let daysAhead = 60

    public let first: LocalDay
    public let last: LocalDay

    /// The window around `today`.
    public init(today: LocalDay) {
        first = today.adding(days: -Self.daysBack)
        last = today.adding(days: Self.daysAhead)
    }

    /// The days `first` through `last`, as a cache recorded them.
    public init(first: LocalDay, last: LocalDay) {
        self.first = first
        self.last = max(first, last)
    }

    /// Whether `day` lies in the window.
    public func contains(_ day: LocalDay) -> Bool {
        first <= day && day <= last
    }

    /// Whether every day of `other` lies in the window.
    public func contains(_ other: CalendarWindow) -> Bool {
        first <= other.first && other.last <= last
    }

    /// The window with `days` more days at its end.
    public func extended(by days: Int) -> CalendarWindow {
        CalendarWindow(first: first, last: last.adding(days: max(0, days)))
    }

    /// The days both windows hold; nil when they hold none in common.
    public func overlap(_ other: CalendarWindow) -> CalendarWindow? {
        let start = max(first, other.first), end = min(last, other.last)
        return start <= end ? CalendarWindow(first: start, last: end) : nil
    }

    /// The instants the window spans for a person in `calendar`: from the start of its first logical
    /// day to the start of the day after its last.
    public func interval(in calendar: PlannerCalendar) -> DateInterval {
        let start = calendar.start(of: first)
        return DateInterval(start: start, end: max(start, calendar.start(of: last.adding(days: 1))))
    }
}

extension CalendarOccurrence {
    /// The first and last logical days the occurrence touches for a person in `calendar`: an all-day
    /// occurrence its dates; a timed one the days of its start and of the moment before its end (an
    /// occurrence with no length, its start's day).
    public func days(in calendar: PlannerCalendar) -> (first: LocalDay, last: LocalDay) {
        switch timing {
        case let .allDay(first, last):
            return (first, max(first, last))
        case let .timed(start, end):
            let first = calendar.logicalDay(at: start)
            guard end > start else { return (first, first) }
            return (first, max(first, calendar.logicalDay(at: end.addingTimeInterval(-0.001))))
        }
    }
}
