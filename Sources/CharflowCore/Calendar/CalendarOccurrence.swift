import Foundation

/// One occurrence of a calendar event as the planner sees it: which event, when, and whether it makes
/// the person busy (spec D22, rules F-10 and F-11).
///
/// A recurring event gives one occurrence per instance, each carrying the instance's recurrence id
/// (its original start), so that (source, uid, recurrence id) names it. Timed events are two instants;
/// all-day events are days, which mean whatever the person's zone makes of them. Cancelled,
/// transparent and declined events are occurrences too: they are shown, and are not busy.
public struct CalendarOccurrence: Hashable, Sendable {
    /// The name of the source it came from.
    public var source: String
    /// The event's UID (for an event without one, a name made from its file and line).
    public var uid: String
    /// The instance's original start, for an instance of a recurring event or an override of one;
    /// nil for an event that happens once.
    public var recurrenceID: RecurrenceID?
    /// The event's SUMMARY, empty when it has none.
    public var title: String
    /// The event's LOCATION, when it has one.
    public var location: String?
    public var timing: Timing
    /// Why the occurrence does not make the person busy; nil when it does.
    public var notBusyReason: NotBusyReason?

    public init(source: String, uid: String, recurrenceID: RecurrenceID?, title: String, location: String?,
                timing: Timing, notBusyReason: NotBusyReason?) {
        self.source = source
        self.uid = uid
        self.recurrenceID = recurrenceID
        self.title = title
        self.location = location
        self.timing = timing
        self.notBusyReason = notBusyReason
    }

    /// Whether the occurrence takes the person's time (spec D22: what free time subtracts).
    public var isBusy: Bool { notBusyReason == nil }

    /// When an occurrence happens.
    public enum Timing: Hashable, Sendable {
        /// From `start` up to `end` (equal for an event with no length).
        case timed(start: Date, end: Date)
        /// Whole days, `first` through `last` inclusive, in whatever zone the person is in.
        case allDay(first: LocalDay, last: LocalDay)
    }

    /// Why an occurrence is shown but not busy.
    public enum NotBusyReason: String, Hashable, Sendable, CaseIterable {
        /// STATUS:CANCELLED.
        case cancelled
        /// The person's own ATTENDEE line says PARTSTAT=DECLINED.
        case declined
        /// TRANSP:TRANSPARENT (shown as free).
        case transparent
    }

    /// The original start of an instance: a day for all-day events, else an instant.
    public enum RecurrenceID: Hashable, Sendable, CustomStringConvertible {
        case day(LocalDay)
        case instant(Date)

        /// `2026-03-24` or `2026-03-24T08:00:00Z`: stable text for a cache key.
        public var description: String {
            switch self {
            case .day(let day): day.description
            case .instant(let date): String(Instant.storageText(date).prefix(19)) + "Z"
            }
        }
    }

    /// The instants the occurrence covers for a person in `calendar`'s zone: an all-day occurrence runs
    /// from the midnight that begins its first day to the one that ends its last.
    public func interval(in calendar: PlannerCalendar) -> DateInterval {
        switch timing {
        case .timed(let start, let end):
            return DateInterval(start: start, end: max(start, end))
        case .allDay(let first, let last):
            let start = calendar.instant(on: first, at: .midnight)
            return DateInterval(start: start, end: max(start, calendar.instant(on: last.adding(days: 1), at: .midnight)))
        }
    }

    /// Whether it is an all-day occurrence.
    public var isAllDay: Bool {
        if case .allDay = timing { return true }
        return false
    }
}
