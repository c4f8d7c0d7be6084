import CharflowCore
import CharflowStore
import Foundation

/// Read the events of a day, or of several, from the device's cache (spec D22, rule F-12): nothing is
/// fetched or expanded, so a read costs one range of the day index. Days outside the cache's window
/// (14 days back, 60 ahead of today) have none, whatever the cache holds beyond it.
public enum ReadCalendarEvents {
    public struct Input: Decodable, Sendable {
        /// The first day: a date, `today` or `yesterday`; today when none.
        public var day: DayWord?
        /// How many days from it; one when none.
        public var days: CalendarDayCount?

        public init(day: DayWord? = nil, days: Int? = nil) {
            self.day = day
            self.days = days.map(CalendarDayCount.init)
        }
    }
}

/// How many days of events a read covers (`calendar events --days N`): 1 to the cache's 75.
public struct CalendarDayCount: BoundedNumber, Equatable {
    public static let range = 1...(CalendarWindow.daysBack + 1 + CalendarWindow.daysAhead)
    public static let what = "a number of days"
    public let value: Int
    public init(_ value: Int) { self.value = value }
}

/// The events of some days, each day's in the order they begin.
public struct CalendarEventsReport: Report {
    public let days: [(day: LocalDay, events: [CalendarOccurrence])]
    let calendar: PlannerCalendar

    public var json: JSONValue {
        .object([("days", .array(days.map { day in
            .object([("date", .string(day.day.description)),
                     ("events", .array(day.events.map { CalendarEventJSON.occurrence($0, calendar: calendar) }))])
        }))])
    }
}

/// An occurrence as `--json` and the API give it.
public enum CalendarEventJSON {
    /// `start` and `end` are instants with the person's offset (an all-day occurrence's run midnight to
    /// midnight); `firstDay` and `lastDay` the logical days it touches; `busy` false with the reason
    /// (`cancelled`, `declined`, `transparent`) when it takes no time (rule F-11).
    public static func occurrence(_ occurrence: CalendarOccurrence, calendar: PlannerCalendar) -> JSONValue {
        let interval = occurrence.interval(in: calendar)
        let days = occurrence.days(in: calendar)
        return .object([
            ("calendar", .string(occurrence.source)), ("uid", .string(occurrence.uid)),
            ("recurrenceID", .optional(occurrence.recurrenceID?.description)),
            ("title", .string(occurrence.title)), ("location", .optional(occurrence.location)),
            ("allDay", .bool(occurrence.isAllDay)),
            ("start", .string(Instant.isoText(interval.start, in: calendar))),
            ("end", .string(Instant.isoText(interval.end, in: calendar))),
            ("firstDay", .string(days.first.description)), ("lastDay", .string(days.last.description)),
            ("busy", .bool(occurrence.isBusy)), ("notBusyBecause", .optional(occurrence.notBusyReason?.rawValue)),
        ])
    }
}

extension Charflow {
    /// The calendar events that touch logical day `day`, in the order they begin (all-day ones first, at
    /// the day's midnight), from the cache alone: no network, no expansion.
    public func calendarEvents(on day: LocalDay) throws -> [CalendarOccurrence] {
        try calendarEvents(from: day, through: day)
    }

    /// The calendar events that touch any of the logical days `first` through `last`, each once, in the
    /// order they begin, from the cache alone.
    public func calendarEvents(from first: LocalDay, through last: LocalDay) throws -> [CalendarOccurrence] {
        guard first <= last, let days = CalendarWindow(today: today).overlap(CalendarWindow(first: first, last: last)) else { return [] }
        return try store.calendarCache.occurrences(from: days.first, through: days.last)
    }

    /// The events of the days the input names, day by day (an event over several days under each).
    public func readCalendarEvents(_ input: ReadCalendarEvents.Input) throws -> CalendarEventsReport {
        let first = input.day?.day(today: today) ?? today
        let count = input.days?.value ?? 1
        var days: [(day: LocalDay, events: [CalendarOccurrence])] = []
        for offset in 0..<count {
            let day = first.adding(days: offset)
            days.append((day, try calendarEvents(on: day)))
        }
        return CalendarEventsReport(days: days, calendar: calendar)
    }
}
