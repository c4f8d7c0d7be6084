import CharflowCore
import Foundation

/// Turns a source's iCalendar documents into the occurrences that touch a window, for a person in one
/// zone (spec D22, rules F-10 and F-11).
///
/// ```swift
/// let expander = CalendarExpander(calendar: PlannerCalendar(timeZone: zone))
/// let found = try expander.occurrences(in: snapshot.documents, source: "Work",
///                                      ownAddresses: source.ownAddresses + snapshot.ownAddresses,
///                                      from: start, to: end)
/// ```
///
/// Parsing and expansion are libical's (loaded on first use); floating times and all-day dates are
/// read in the calendar's zone. A broken document refuses the whole call with
/// `CalendarFailure.malformed`, naming the document and line. Pure apart from libical: nothing is
/// read from disk, the network or the clock.
public struct CalendarExpander: Sendable {
    public let calendar: PlannerCalendar

    public init(calendar: PlannerCalendar) {
        self.calendar = calendar
    }

    /// What an expansion found.
    public struct Result: Sendable {
        /// The occurrences touching [from, to), ordered by when they begin (all-day ones at their
        /// day's midnight), then by source and UID.
        public var occurrences: [CalendarOccurrence]
        /// TZIDs that neither a VTIMEZONE, the zone database nor the Windows names knew; their times
        /// were read in the person's zone.
        public var unknownZones: [String]
        /// UIDs of events with more than `instanceLimit` instances in the window; the rest were left out.
        public var truncatedEvents: [String]
    }

    /// The most instances one event gives in one window.
    public static var instanceLimit: Int { EventExpansion.instanceLimit }

    /// The occurrences of the events in `documents` that touch [from, to). `ownAddresses` are the
    /// person's calendar addresses, by which a declined invitation is known (`mailto:` optional).
    public func occurrences(in documents: [CalendarDocument], source: String, ownAddresses: [String] = [],
                            from: Date, to: Date) throws(CalendarFailure) -> Result {
        let own = OwnAddresses.set(ownAddresses)
        let window = from..<max(from, to)
        return try LibICal.withLibrary { () throws(CalendarFailure) -> Result in
            var occurrences: [CalendarOccurrence] = []
            var unknown: Set<String> = []
            var truncated: Set<String> = []
            for document in documents {
                try ICalendarTree.withCalendars(document, source: source) { (calendars) throws(CalendarFailure) in
                    for vcalendar in calendars {
                        let zones = ZoneResolver(calendar: vcalendar, personal: calendar.timeZone)
                        var expansion = EventExpansion(source: source, document: document.name, window: window,
                                                       personal: calendar, own: own, zones: zones)
                        occurrences += expansion.occurrences(of: ICalendarTree.events(of: vcalendar))
                        unknown.formUnion(zones.unknown)
                        truncated.formUnion(expansion.truncated)
                    }
                }
            }
            let ordered = occurrences.map { ($0.interval(in: calendar).start, $0) }
                .sorted { ($0.0, $0.1.source, $0.1.uid, $0.1.title) < ($1.0, $1.1.source, $1.1.uid, $1.1.title) }
                .map(\.1)
            return Result(occurrences: ordered, unknownZones: unknown.sorted(), truncatedEvents: truncated.sorted())
        }
    }

    /// Checks that `document` is iCalendar the engine can read, refusing it as `occurrences` would.
    public static func check(_ document: CalendarDocument, source: String) throws(CalendarFailure) {
        try LibICal.withLibrary { () throws(CalendarFailure) in
            try ICalendarTree.withCalendars(document, source: source) { _ in }
        }
    }
}
