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
            let entry = CalendarEntry(record, expansion: nil, events: 0, today: window)
            guard let (expansion, occurrences) = try? expand(snapshot, of: entry.source, generation: kept.generation, window: window) else {
                continue
            }
            _ = try? cache.recordExpansion(of: name, expansion, occurrences: occurrences, calendar: calendar)
        }
    }

    /// The occurrences of `snapshot` in `window` and `CalendarUpkeep.daysKeptAhead` days beyond it, for
    /// the person's zone, with what they were expanded for: the window moves that many days before the
    /// snapshot has to be expanded again.
    func expand(_ snapshot: CalendarSnapshot, of source: CalendarSource, generation: Int,
                window: CalendarWindow) throws(CalendarFailure) -> (CalendarExpansionRecord, [CalendarOccurrence]) {
        let days = window.extended(by: CalendarUpkeep.daysKeptAhead)
        let span = days.interval(in: calendar)
        let found = try CalendarExpander(calendar: calendar)
            .occurrences(in: snapshot.documents, source: source.name, ownAddresses: source.ownAddresses + snapshot.ownAddresses,
                         from: span.start, to: span.end)
        let expansion = CalendarExpansionRecord(generation: generation, window: days, zone: calendar.timeZone.identifier,
                                                rollover: calendar.rollover.description, unknownZones: found.unknownZones,
                                                truncated: found.truncatedEvents)
        return (expansion, found.occurrences)
    }

    /// What a source is asked for (only a CalDAV collection is asked for a time range): the days an
    /// expansion covers, the window and `CalendarUpkeep.daysKeptAhead` beyond it, so the days can move
    /// for a month offline with every event at hand. A snapshot that still covers the window and
    /// `daysBeforeRenewal` days beyond it is asked for its own range again, so a collection whose tag
    /// did not change answers with one small request.
    func fetchWindow(_ window: CalendarWindow, previous: CalendarSnapshot?) -> DateInterval {
        let wanted = window.extended(by: CalendarUpkeep.daysBeforeRenewal).interval(in: calendar)
        if let covered = previous?.coverage, covered.start <= wanted.start, covered.end >= wanted.end { return covered }
        return window.extended(by: CalendarUpkeep.daysKeptAhead).interval(in: calendar)
    }
}

/// The numbers of the cache's upkeep.
enum CalendarUpkeep {
    /// Days expanded, and asked of a CalDAV collection, beyond the window: the window moves this many
    /// days before a command has to expand a snapshot again.
    static let daysKeptAhead = 30
    /// A refresh expands (and asks a CalDAV collection) again once fewer than these days are left
    /// beyond the window, so a device that refreshes never expands on a command's path.
    static let daysBeforeRenewal = 15
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
