import CharflowCalendar
import CharflowCore
import CharflowStore
import Foundation

/// How the cache follows the day (rule F-12): a source's occurrences are expanded again from the
/// snapshot it keeps, never fetched, when the window, the zone or the rollover moved since they were.
extension Charflow {
    /// Expands again every source whose occurrences no longer serve today's window in the person's zone
    /// and rollover (or that an undo put back without them). Runs as a store is opened, after the
    /// rollover: one small read when nothing moved; no network ever. Nothing here refuses a command: a
    /// source whose snapshot cannot be expanded (libical gone) keeps what it had.
    public func keepCalendarWindow() {
        guard !store.db.isReadOnly else { return }
        let cache = store.calendarCache
        let window = CalendarWindow(today: today)
        guard let stale = try? cache.staleSources(for: window, in: calendar), !stale.isEmpty else { return }
        for name in stale {
            guard let record = try? cache.source(named: name), let kept = try? cache.snapshot(of: name),
                  let snapshot = kept.text.flatMap(CalendarSnapshotText.decode) else { continue }
            let entry = CalendarEntry(record, expansion: nil, events: 0)
            guard let (expansion, occurrences) = try? expand(snapshot, of: entry.source, generation: kept.generation, window: window) else {
                continue
            }
            _ = try? cache.recordExpansion(of: name, expansion, occurrences: occurrences, calendar: calendar)
        }
    }

    /// The occurrences of `snapshot` in `window`, for the person's zone, with what they were expanded for.
    func expand(_ snapshot: CalendarSnapshot, of source: CalendarSource, generation: Int,
                window: CalendarWindow) throws(CalendarFailure) -> (CalendarExpansionRecord, [CalendarOccurrence]) {
        let span = window.interval(in: calendar)
        let found = try CalendarExpander(calendar: calendar)
            .occurrences(in: snapshot.documents, source: source.name, ownAddresses: source.ownAddresses + snapshot.ownAddresses,
                         from: span.start, to: span.end)
        let expansion = CalendarExpansionRecord(generation: generation, window: window, zone: calendar.timeZone.identifier,
                                                rollover: calendar.rollover.description, unknownZones: found.unknownZones,
                                                truncated: found.truncatedEvents, expandedAt: now)
        return (expansion, found.occurrences)
    }

    /// What a source is asked for: the window, and for a CalDAV collection (the one kind asked for a
    /// time range) 30 days more ahead, so that the days can move for a month offline with every event
    /// at hand. A snapshot that still covers the window is asked for its own range again, so a
    /// collection whose tag did not change answers with one small request.
    func fetchWindow(_ window: CalendarWindow, previous: CalendarSnapshot?) -> DateInterval {
        let wanted = window.interval(in: calendar)
        if let covered = previous?.coverage, covered.start <= wanted.start, covered.end >= wanted.end { return covered }
        return CalendarWindow(first: window.first, last: window.last.adding(days: CalendarUpkeep.extraDaysAsked)).interval(in: calendar)
    }
}

/// The numbers of the cache's upkeep.
enum CalendarUpkeep {
    /// Days a CalDAV collection is asked for beyond the window.
    static let extraDaysAsked = 30
}

/// A snapshot as the cache keeps it: JSON text of the engine's `Codable` value.
enum CalendarSnapshotText {
    static func encode(_ snapshot: CalendarSnapshot) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(snapshot)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    static func decode(_ text: String) -> CalendarSnapshot? {
        try? JSONDecoder().decode(CalendarSnapshot.self, from: Data(text.utf8))
    }
}
