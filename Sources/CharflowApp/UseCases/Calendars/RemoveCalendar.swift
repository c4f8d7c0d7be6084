import CharflowCore
import CharflowStore
import Foundation

/// Remove a calendar from this device with its snapshot and occurrences; undo brings it back (its
/// occurrences expanded again from the snapshot, no network).
public enum RemoveCalendar {
    public struct Input: Decodable, Sendable {
        public var calendar: CalendarRef

        public init(calendar: CalendarRef) {
            self.calendar = calendar
        }
    }
}

extension Charflow {
    /// Removes the calendar; the report is the calendar as it was.
    @discardableResult
    public func removeCalendar(_ input: RemoveCalendar.Input) throws -> CalendarReport {
        let entry = try calendarEntry(input.calendar)
        let cache = store.calendarCache
        try store.action("calendar remove") { work in
            guard let current = try cache.source(named: entry.name) else { throw CalendarRefusal.notFound(input.calendar.word) }
            try cache.remove(current.name, in: work)
        }
        return CalendarReport(entry: entry, calendar: calendar)
    }
}
