import CharflowCore
import Foundation

/// The calendars of this device: each with when it was last read and, when its last read failed, why
/// (rule F-12). Read from the cache alone.
public struct CalendarList: Report {
    public let entries: [CalendarEntry]
    let calendar: PlannerCalendar

    public var json: JSONValue { .object([("calendars", .array(entries.map { $0.json(calendar) }))]) }
}

extension Charflow {
    /// Every calendar of this device, in the order they were added.
    public func readCalendars() throws -> CalendarList {
        CalendarList(entries: try calendarEntries(), calendar: calendar)
    }
}
