import CLibICal
import CharflowCore

/// An iCalendar text checked line by line and read by libical, held for the length of one call.
///
/// Used only inside `LibICal.withLibrary`; the tree is freed when the call ends.
enum ICalendarTree {
    /// Checks and parses `document`, then gives `body` each VCALENDAR in it. A broken text is refused
    /// naming its line: the line check first, then whatever libical itself complained of.
    static func withCalendars<T>(_ document: CalendarDocument, source: String,
                                 _ body: ([OpaquePointer]) throws(CalendarFailure) -> T) throws(CalendarFailure) -> T {
        let check: ICalendarCheck
        do {
            check = try ICalendarCheck(document.text)
        } catch {
            throw .malformed(source: source, document: document.name, line: error.line, problem: error.problem)
        }
        guard let root = document.text.withCString({ charflow_ical_parse($0) }) else {
            throw .malformed(source: source, document: document.name, line: nil, problem: .noCalendar)
        }
        defer { charflow_ical_component_free(root) }
        var calendars: [OpaquePointer] = []
        if charflow_ical_component_kind(root) == ICAL_VCALENDAR_COMPONENT {
            calendars = [root]
        } else {
            var child = charflow_ical_first_component(root, ICAL_VCALENDAR_COMPONENT)
            while let calendar = child {
                calendars.append(calendar)
                child = charflow_ical_next_component(root, ICAL_VCALENDAR_COMPONENT)
            }
        }
        guard !calendars.isEmpty else {
            throw .malformed(source: source, document: document.name, line: nil, problem: .noCalendar)
        }
        for calendar in calendars {
            if let words = firstError(in: calendar, depth: 0) {
                throw .malformed(source: source, document: document.name, line: check.line(ofLibraryError: words),
                                 problem: .library(words))
            }
        }
        return try body(calendars)
    }

    /// libical's first complaint in `component`, its events and its time zones; complaints about a
    /// parameter it did not know are not counted (it keeps the property), nor any inside a to-do, a
    /// journal entry or an alarm, which the engine does not read.
    private static func firstError(in component: OpaquePointer, depth: Int) -> String? {
        var property = charflow_ical_first_property(component, ICAL_XLICERROR_PROPERTY)
        while let error = property {
            let kind = EventComponent.parameter(error, "X-LIC-ERRORTYPE")?.uppercased() ?? ""
            if !kind.hasPrefix("PARAMETER"), let words = LibICal.text(charflow_ical_value_text(error)) {
                return words.replacingOccurrences(of: "\\,", with: ",")
            }
            property = charflow_ical_next_property(component, ICAL_XLICERROR_PROPERTY)
        }
        guard depth < 2 else { return nil }
        var children: [OpaquePointer] = []
        var child = charflow_ical_first_component(component, ICAL_ANY_COMPONENT)
        while let current = child {
            children.append(current)
            child = charflow_ical_next_component(component, ICAL_ANY_COMPONENT)
        }
        for current in children {
            let kind = charflow_ical_component_kind(current)
            let read = kind == ICAL_VEVENT_COMPONENT || kind == ICAL_VTIMEZONE_COMPONENT
                || kind == ICAL_XSTANDARD_COMPONENT || kind == ICAL_XDAYLIGHT_COMPONENT
            if read, let words = firstError(in: current, depth: depth + 1) { return words }
        }
        return nil
    }

    /// The VEVENTs of `calendar`, read.
    static func events(of calendar: OpaquePointer) -> [EventComponent] {
        var events: [EventComponent] = []
        var child = charflow_ical_first_component(calendar, ICAL_VEVENT_COMPONENT)
        while let event = child {
            events.append(EventComponent(event, position: events.count + 1))
            child = charflow_ical_next_component(calendar, ICAL_VEVENT_COMPONENT)
        }
        return events
    }
}
