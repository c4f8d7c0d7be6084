import CharflowCalendar
import CharflowCore
import CharflowStore
import Foundation

/// Read the calendars again, conditionally (rule F-12): each source is asked whether anything changed
/// (an ETag or Last-Modified, a CalDAV collection's tag, a file's size and time) and sends its events
/// only when something did. A source that fails keeps its last snapshot and occurrences, and its
/// failure is kept for `calendar list` to show.
///
/// Not an undoable action: a refresh brings the cache up to what the sources hold, which no person's
/// action decided, and undoing it would only show events the calendars no longer hold. An undo of
/// the action before it still works (a refresh captures nothing in the journal).
public enum RefreshCalendars {
    public struct Input: Decodable, Sendable {
        /// One calendar; every calendar when none.
        public var calendar: CalendarRef?

        public init(calendar: CalendarRef? = nil) {
            self.calendar = calendar
        }
    }
}

/// What a refresh did to each calendar it read.
public struct CalendarRefreshReport: Report {
    public let outcomes: [Outcome]
    let calendar: PlannerCalendar

    /// One calendar's refresh.
    public struct Outcome: Sendable {
        public let name: String
        public let result: Result
        /// The calendar's occurrences in the cache after the refresh.
        public let events: Int
        /// Whether its last read before this one had failed.
        public let wasFailing: Bool

        public enum Result: Sendable {
            /// The source sent events that differ from the ones kept.
            case changed
            /// The source said nothing changed (a 304, the same collection tag, the same files), or sent
            /// the same events: the kept ones stay.
            case unchanged
            /// The source could not be read; its last events stay. `isNews` when it was not failing, or
            /// failed for another reason, before: what a front end says once.
            case failed(CalendarFailure, isNews: Bool)
            /// The calendar was removed while it was being read.
            case removed
        }

        /// The failure, when the read failed.
        public var failure: CalendarFailure? {
            if case .failed(let failure, _) = result { return failure }
            return nil
        }
    }

    public var json: JSONValue {
        .object([("calendars", .array(outcomes.map { outcome in
            let (word, failure): (String, CalendarFailure?) = switch outcome.result {
            case .changed: ("changed", nil)
            case .unchanged: ("unchanged", nil)
            case .failed(let failure, _): ("failed", failure)
            case .removed: ("removed", nil)
            }
            return .object([
                ("name", .string(outcome.name)), ("result", .string(word)), ("events", .int(outcome.events)),
                ("error", failure.map { .object([("code", .string($0.code)), ("message", .string($0.message))]) } ?? .null),
            ])
        }))])
    }
}

extension Charflow {
    /// Reads the calendar the input names, or every calendar, one after the other.
    ///
    /// A named calendar that cannot be read is refused with the engine's failure, once its failure is
    /// recorded and its last events kept; of every calendar, each failure is in the report instead. No
    /// transaction is open while a source is read.
    public func refreshCalendars(_ input: RefreshCalendars.Input) throws -> CalendarRefreshReport {
        let entries = try input.calendar.map { [try calendarEntry($0)] } ?? calendarEntries()
        var outcomes: [CalendarRefreshReport.Outcome] = []
        for entry in entries {
            let result = try refresh(entry)
            let events = try store.calendarCache.occurrenceCounts(in: CalendarWindow(today: today))[entry.name] ?? 0
            outcomes.append(.init(name: entry.name, result: result, events: events, wasFailing: entry.failure != nil))
        }
        if input.calendar != nil, let failure = outcomes.first?.failure { throw failure }
        return CalendarRefreshReport(outcomes: outcomes, calendar: calendar)
    }

    /// Reads one calendar and keeps what it read (or why it could not be read).
    private func refresh(_ entry: CalendarEntry) throws -> CalendarRefreshReport.Outcome.Result {
        let cache = store.calendarCache
        guard let kept = try cache.snapshot(of: entry.name) else { return .removed }
        let previous = kept.text.flatMap(CalendarSnapshotText.decode)
        let window = CalendarWindow(today: today)
        let source = entry.source
        do {
            let read = try CalendarFetcher(environment: calendarEnvironment)
                .refresh(source, window: fetchWindow(window, previous: previous), previous: previous)
            let changed = read.changed || previous == nil
            // What the occurrences were expanded for still holds when only the validators moved; they are
            // expanded again here before the window outgrows them, so no command has to.
            let current = try cache.expansions()[entry.name]
            let renewal = window.extended(by: CalendarUpkeep.daysBeforeRenewal)
            let stale = current.map { !$0.serves(renewal, calendar, generation: kept.generation) } ?? true
            let expanded = changed || stale
                ? try expand(read.snapshot, of: source, generation: kept.generation + (changed ? 1 : 0), window: window) : nil
            let snapshot = read.snapshot != previous ? CalendarSnapshotText.encode(read.snapshot) : nil
            let kept = try cache.recordRead(of: entry.name, addedAt: entry.addedAt, at: now, snapshot: snapshot,
                                            newContent: changed, expanded: expanded, calendar: calendar)
            guard kept else { return .removed }
            return changed ? .changed : .unchanged
        } catch let failure as CalendarFailure {
            guard let isNews = try cache.recordFailure(of: entry.name, addedAt: entry.addedAt, at: now, code: failure.code,
                                                       message: failure.message) else { return .removed }
            return .failed(failure, isNews: isNews)
        }
    }
}
