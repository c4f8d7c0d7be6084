import CharflowCalendar
import CharflowCore
import CharflowStore
import Foundation

/// One calendar this device reads, as `calendar list` shows it: where it is, when it was last read
/// and, when the last read failed, why (rule F-12).
public struct CalendarEntry: Sendable, Equatable {
    public let name: String
    public let kind: CalendarSource.Kind
    /// An absolute path, or an address without a password.
    public let location: String
    public let ownAddresses: [String]
    /// The password file the source signs in with; nil for `~/.netrc` (or no signing in).
    public let passwordFile: String?
    public let addedAt: Date
    /// When a read last worked (a source that said nothing changed counts).
    public let readAt: Date?
    /// When a read was last tried.
    public let triedAt: Date?
    /// Why the last read failed; nil when it worked.
    public let failure: Failure?
    /// Occurrences in the cache's window.
    public let events: Int
    /// The days of the cache's window its occurrences are kept for (the whole window, unless they
    /// could not be expanded since it moved); nil before any were.
    public let window: CalendarWindow?
    /// Time zones the events named that no rule knew; their times were read in the person's zone.
    public let unknownZones: [String]
    /// Events with more instances in the window than the engine takes.
    public let truncatedEvents: [String]

    /// Why a source's last read failed, since when, in the engine's words.
    public struct Failure: Sendable, Equatable {
        public let code: String
        public let message: String
        /// When it began failing for this reason.
        public let since: Date
    }

    init(_ record: CalendarSourceRecord, expansion: CalendarExpansionRecord?, events: Int, today: CalendarWindow) {
        name = record.name
        kind = CalendarSource.Kind(rawValue: record.kind) ?? .file
        location = record.location
        ownAddresses = record.ownAddresses
        passwordFile = record.passwordFile
        addedAt = record.addedAt
        readAt = record.readAt
        triedAt = record.triedAt
        failure = record.failure.map { Failure(code: $0.code, message: $0.message, since: $0.since) }
        self.events = events
        window = expansion?.window.overlap(today)
        unknownZones = expansion?.unknownZones ?? []
        truncatedEvents = expansion?.truncated ?? []
    }

    /// The source the engine reads.
    var source: CalendarSource {
        CalendarSource(name: name, kind: kind, location: location, ownAddresses: ownAddresses, passwordFile: passwordFile)
    }

    func json(_ calendar: PlannerCalendar) -> JSONValue {
        .object([
            ("name", .string(name)), ("kind", .string(kind.rawValue)), ("location", .string(location)),
            ("addresses", .array(ownAddresses.map(JSONValue.string))), ("passwordFile", .optional(passwordFile)),
            ("addedAt", .string(Instant.isoText(addedAt, in: calendar))),
            ("readAt", .optional(readAt.map { Instant.isoText($0, in: calendar) })),
            ("triedAt", .optional(triedAt.map { Instant.isoText($0, in: calendar) })),
            ("failure", failure.map { failure in
                .object([("code", .string(failure.code)), ("message", .string(failure.message)),
                         ("since", .string(Instant.isoText(failure.since, in: calendar)))])
            } ?? .null),
            ("events", .int(events)),
            ("window", window.map { .object([("from", .string($0.first.description)), ("through", .string($0.last.description))]) } ?? .null),
            ("unknownZones", .array(unknownZones.map(JSONValue.string))),
            ("truncatedEvents", .array(truncatedEvents.map(JSONValue.string))),
        ])
    }
}

extension Charflow {
    /// Every calendar of this device, in the order they were added.
    func calendarEntries() throws -> [CalendarEntry] {
        let cache = store.calendarCache
        let expansions = try cache.expansions()
        let window = CalendarWindow(today: today)
        let counts = try cache.occurrenceCounts(in: window)
        return try cache.sources().map {
            CalendarEntry($0, expansion: expansions[$0.name], events: counts[$0.name] ?? 0, today: window)
        }
    }

    /// The calendar `ref` names, any case; refused when there is none.
    func calendarEntry(_ ref: CalendarRef) throws -> CalendarEntry {
        let key = ref.word.trimmingCharacters(in: .whitespaces).lowercased()
        guard let entry = try calendarEntries().first(where: { $0.name.lowercased() == key }) else {
            throw CalendarRefusal.notFound(ref.word)
        }
        return entry
    }
}
