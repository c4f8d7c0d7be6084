import CharflowCalendar
import CharflowCore
import CharflowStore
import Foundation

/// Add a calendar this device reads (spec D22, rule F-9): an `.ics` file, a vdir folder, an `https://`
/// address or, with `caldav`, a CalDAV collection. It is read once here, so a source that cannot be read
/// is refused with the engine's words (a broken file naming its line, a 401 naming the source) and
/// nothing is kept. No password is ever taken: it comes from `~/.netrc` or a 0600 password file, read
/// at each fetch.
public enum AddCalendar {
    public struct Input: Decodable, Sendable {
        public var name: CalendarName
        /// A path (`~/` and relative ones made absolute) or an address.
        public var source: String
        /// The address is a CalDAV collection rather than an iCalendar file.
        public var caldav: Bool?
        /// A file holding the password alone, readable by its owner only.
        public var passwordFile: String?
        /// The person's own addresses in the calendar, by which their declined invitations are known.
        public var address: [CalendarAddress]?

        enum CodingKeys: String, CodingKey {
            case name, source, caldav, address
            case passwordFile = "password-file"
        }

        public init(name: CalendarName, source: String, caldav: Bool = false, passwordFile: String? = nil,
                    address: [CalendarAddress] = []) {
            self.name = name
            self.source = source
            self.caldav = caldav
            self.passwordFile = passwordFile
            self.address = address
        }
    }
}

/// A calendar after it was added or removed.
public struct CalendarReport: Report {
    public let entry: CalendarEntry
    let calendar: PlannerCalendar

    public var json: JSONValue { entry.json(calendar) }
}

extension Charflow {
    /// Reads the source once and keeps it with its occurrences (one undoable action).
    @discardableResult
    public func addCalendar(_ input: AddCalendar.Input) throws -> CalendarReport {
        let cache = store.calendarCache
        if let taken = try cache.source(named: input.name.text) { throw CalendarRefusal.nameTaken(taken.name) }
        let environment = calendarEnvironment
        let source = try CalendarSource.named(input.name.text, location: input.source, caldav: input.caldav ?? false,
                                              ownAddresses: (input.address ?? []).map(\.text), passwordFile: input.passwordFile,
                                              environment: environment)
        let window = CalendarWindow(today: today)
        // Read and expanded before the action: the network is never waited on inside a transaction.
        let read = try CalendarFetcher(environment: environment).refresh(source, window: fetchWindow(window, previous: nil), previous: nil)
        let (expansion, occurrences) = try expand(read.snapshot, of: source, generation: 1, window: window)
        let record = CalendarSourceRecord(name: source.name, kind: source.kind.rawValue, location: source.location,
                                          ownAddresses: source.ownAddresses, passwordFile: source.passwordFile, addedAt: now,
                                          readAt: now, triedAt: now, generation: 1)
        let snapshot = CalendarSnapshotText.encode(read.snapshot)
        try store.action("calendar add") { work in
            // Another command may have taken the name while this one read.
            if let taken = try cache.source(named: source.name) { throw CalendarRefusal.nameTaken(taken.name) }
            try cache.add(record, snapshot: snapshot, expansion: expansion, occurrences: occurrences, calendar: calendar, in: work)
        }
        return CalendarReport(entry: try calendarEntry(CalendarRef(source.name)), calendar: calendar)
    }
}
