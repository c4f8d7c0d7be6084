import CharflowCore
import Foundation

/// One calendar source as this device keeps it, without its snapshot (spec D22, rule F-12).
package struct CalendarSourceRecord: Sendable, Equatable {
    /// The name the person gave it, as given; the key of its rows.
    package var name: String
    /// `file`, `folder`, `web` or `caldav`.
    package var kind: String
    /// An absolute path or an address without a password.
    package var location: String
    package var ownAddresses: [String]
    /// The absolute path of a password file, or nil for `~/.netrc`.
    package var passwordFile: String?
    /// When it was added: with the name, which source a refresh that began before a remove is about.
    package var addedAt: Date
    /// When a read last succeeded (nothing changed counts).
    package var readAt: Date?
    /// When a read was last tried.
    package var triedAt: Date?
    /// Why the last read failed; nil when it worked.
    package var failure: Failure?
    /// Raised with every snapshot kept, so an expansion knows which snapshot it was made from.
    package var generation: Int

    /// Why a source's last read failed, and since when it has been failing for that reason.
    package struct Failure: Sendable, Equatable {
        package var code: String
        package var message: String
        package var since: Date

        package init(code: String, message: String, since: Date) {
            self.code = code
            self.message = message
            self.since = since
        }
    }

    package init(name: String, kind: String, location: String, ownAddresses: [String], passwordFile: String?, addedAt: Date,
                 readAt: Date? = nil, triedAt: Date? = nil, failure: Failure? = nil, generation: Int = 1) {
        self.name = name
        self.kind = kind
        self.location = location
        self.ownAddresses = ownAddresses
        self.passwordFile = passwordFile
        self.addedAt = addedAt
        self.readAt = readAt
        self.triedAt = triedAt
        self.failure = failure
        self.generation = generation
    }
}

/// What a source's occurrences were expanded for: the snapshot, the days, the zone and the rollover.
package struct CalendarExpansionRecord: Sendable, Equatable {
    package var generation: Int
    /// The days expanded: the cache's window and some days beyond it, so the window can move for a
    /// while before the snapshot is expanded again.
    package var window: CalendarWindow
    /// The zone's identifier.
    package var zone: String
    /// The rollover time, `HH:MM`: with the zone, what a logical day is.
    package var rollover: String
    /// TZIDs the expansion did not know and read in the person's zone.
    package var unknownZones: [String]
    /// UIDs of events that had more instances than the engine takes in one window.
    package var truncated: [String]

    package init(generation: Int, window: CalendarWindow, zone: String, rollover: String, unknownZones: [String] = [],
                 truncated: [String] = []) {
        self.generation = generation
        self.window = window
        self.zone = zone
        self.rollover = rollover
        self.unknownZones = unknownZones
        self.truncated = truncated
    }

    /// Whether the occurrences still serve `calendar` on every day of `window` from snapshot `generation`.
    package func serves(_ window: CalendarWindow, _ calendar: PlannerCalendar, generation: Int) -> Bool {
        self.generation == generation && self.window.contains(window) && zone == calendar.timeZone.identifier
            && rollover == calendar.rollover.description
    }
}

/// The device's calendar cache: its sources, their snapshots and the occurrences expanded from them
/// (spec D22, rules F-9 and F-12).
///
/// Its tables are this device's alone: no sync trigger covers them (`OperationLog.syncedTables` does
/// not name them) and a backup leaves them out (`Backup.tables`). Adding and removing a source are
/// actions (undoable: the source's row is captured, its occurrences follow it by `ON DELETE CASCADE`
/// and are expanded again from the snapshot it brings back); a refresh and a re-expansion write in
/// transactions of their own, which undo does not take back.
package struct CalendarCache {
    let db: Database

    // MARK: Reading

    /// Every source, in the order they were added.
    package func sources() throws -> [CalendarSourceRecord] {
        try db.rows("""
            SELECT name, kind, location, own_addresses, password_file, added_at, read_at, tried_at,
                   failure_code, failure, failed_since, generation
            FROM calendar_sources ORDER BY added_at, rowid
            """).map(Self.source)
    }

    /// The source called `name`, case aside.
    package func source(named name: String) throws -> CalendarSourceRecord? {
        try sources().first { $0.name.lowercased() == name.lowercased() }
    }

    /// The snapshot kept for `name` as the text it was stored as, with its generation; nil when there
    /// is no such source.
    package func snapshot(of name: String) throws -> (text: String?, generation: Int)? {
        guard let row = try db.rows("SELECT snapshot, generation FROM calendar_sources WHERE name = ?", [.text(name)]).first else {
            return nil
        }
        return (row[0].text, row[1].int ?? 0)
    }

    /// What each source's occurrences were expanded for, by source name.
    package func expansions() throws -> [String: CalendarExpansionRecord] {
        var found: [String: CalendarExpansionRecord] = [:]
        for row in try db.rows("""
            SELECT source, generation, first_day, last_day, zone, rollover, unknown_zones, truncated
            FROM calendar_expansions
            """) {
            guard let name = row[0].text, let first = row.day(2), let last = row.day(3) else { continue }
            found[name] = CalendarExpansionRecord(generation: row[1].int ?? 0, window: CalendarWindow(first: first, last: last), zone: row[4].text ?? "",
                                                  rollover: row[5].text ?? "", unknownZones: Self.list(row[6]),
                                                  truncated: Self.list(row[7]))
        }
        return found
    }

    /// How many occurrences each source has on the days of `window`, by source name.
    package func occurrenceCounts(in window: CalendarWindow) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try db.rows("""
            SELECT source, count(*) FROM calendar_occurrences INDEXED BY calendar_occurrences_by_day
            WHERE day BETWEEN ?1 AND ?2 AND day = max(first_day, ?1) GROUP BY source
            """, [.text(window.first.description), .text(window.last.description)]) {
            if let name = row[0].text { counts[name] = row[1].int ?? 0 }
        }
        return counts
    }

    /// The sources whose occurrences do not serve every day of `window` in `calendar` (days the
    /// expansion did not reach, another zone or rollover, an older snapshot, or none expanded since an
    /// undo put the source back), and that have a snapshot to expand. One small read when every source
    /// is current.
    package func staleSources(for window: CalendarWindow, in calendar: PlannerCalendar) throws -> [String] {
        // Most stores read no calendar: one probe of an empty table, without the join's planning.
        guard try db.scalar("SELECT 1 FROM calendar_sources LIMIT 1") != nil else { return [] }
        return try db.rows("""
            SELECT s.name FROM calendar_sources s LEFT JOIN calendar_expansions e ON e.source = s.name
            WHERE s.snapshot IS NOT NULL AND (e.source IS NULL OR e.generation != s.generation OR e.first_day > ?
                  OR e.last_day < ? OR e.zone != ? OR e.rollover != ?)
            ORDER BY s.added_at, s.rowid
            """, [.text(window.first.description), .text(window.last.description), .text(calendar.timeZone.identifier),
                  .text(calendar.rollover.description)]).compactMap { $0[0].text }
    }

    /// The occurrences that touch logical days `first` through `last`, each once, in the order they
    /// begin (all-day ones at their first day's midnight), then by source, UID and title.
    ///
    /// Read from the cache alone: one range of the day index.
    package func occurrences(from first: LocalDay, through last: LocalDay) throws -> [CalendarOccurrence] {
        var found: [CalendarOccurrence] = []
        try db.forEachRow("""
            SELECT source, uid, recurrence_id, title, location, starts_at, ends_at, first_date, last_date, not_busy
            FROM calendar_occurrences INDEXED BY calendar_occurrences_by_day
            WHERE day BETWEEN ?1 AND ?2 AND day = max(first_day, ?1)
            ORDER BY sort_at, source, uid, title
            """, [.text(first.description), .text(last.description)]) { row in
            if let occurrence = Self.occurrence(row) { found.append(occurrence) }
        }
        return found
    }

    // MARK: Actions

    /// Keeps a new source with its first snapshot and occurrences, as part of `work` (undo removes it,
    /// and its occurrences with it).
    package func add(_ source: CalendarSourceRecord, snapshot: String, expansion: CalendarExpansionRecord,
                     occurrences: [CalendarOccurrence], calendar: PlannerCalendar, in work: UnitOfWork) throws {
        try work.journal.capture("calendar_sources", key: source.name, keyColumn: "name")
        try db.run("""
            INSERT INTO calendar_sources (name, kind, location, own_addresses, password_file, added_at, read_at, tried_at,
                                          generation, modified_at, snapshot)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(source.name), .text(source.kind), .text(source.location), .text(Self.text(source.ownAddresses)),
                  source.passwordFile.sqlValue, .text(Instant.storageText(source.addedAt)),
                  source.readAt.map { .text(Instant.storageText($0)) } ?? .null,
                  source.triedAt.map { .text(Instant.storageText($0)) } ?? .null,
                  .integer(Int64(source.generation)), .text(Instant.storageText(work.now)), .text(snapshot)])
        try write(occurrences, of: source.name, expansion: expansion, calendar: calendar)
    }

    /// Removes the source called exactly `name` with its occurrences, as part of `work` (undo puts the
    /// source and its snapshot back; the occurrences are expanded again).
    package func remove(_ name: String, in work: UnitOfWork) throws {
        try work.journal.capture("calendar_sources", key: name, keyColumn: "name")
        try db.run("DELETE FROM calendar_sources WHERE name = ?", [.text(name)])
    }

    // MARK: Refreshes

    /// Records a read of the source `name` added at `addedAt`: `snapshot`, when given, is kept (a new
    /// validator, or new events); with `newContent` its generation is raised, and `expanded` holds the
    /// occurrences expanded from it (or, without, from the kept one for a window that moved). Clears the
    /// failure. Returns false, writing nothing, when that source is gone (removed, or removed and added
    /// again, while it was being read).
    @discardableResult
    package func recordRead(of name: String, addedAt: Date, at time: Date, snapshot: String?, newContent: Bool,
                            expanded: (CalendarExpansionRecord, [CalendarOccurrence])?, calendar: PlannerCalendar) throws -> Bool {
        try db.write {
            guard let generation = try generation(of: name, addedAt: addedAt) else { return false }
            let next = newContent ? generation + 1 : generation
            let at = Instant.storageText(time)
            try db.run("""
                UPDATE calendar_sources SET snapshot = coalesce(?, snapshot), generation = ?, read_at = ?, tried_at = ?,
                    failure_code = NULL, failure = NULL, failed_since = NULL, modified_at = ? WHERE name = ?
                """, [snapshot.sqlValue, .integer(Int64(next)), .text(at), .text(at), .text(at), .text(name)])
            if var (expansion, occurrences) = expanded {
                expansion.generation = next
                try write(occurrences, of: name, expansion: expansion, calendar: calendar)
            }
            return true
        }
    }

    /// Records that a read of the source `name` (added at `addedAt`) failed: its snapshot and occurrences
    /// stay. Returns whether the failure is news: the source was not failing, or failed for another
    /// reason (the words a front end says once); nil when the source is gone.
    @discardableResult
    package func recordFailure(of name: String, addedAt: Date, at time: Date, code: String, message: String) throws -> Bool? {
        try db.write {
            guard try generation(of: name, addedAt: addedAt) != nil else { return nil }
            let before = try db.rows("SELECT failure_code, failure FROM calendar_sources WHERE name = ?", [.text(name)]).first
            let isNews = before?[0].text != code || before?[1].text != message
            let at = Instant.storageText(time)
            try db.run("""
                UPDATE calendar_sources SET tried_at = ?, failure_code = ?, failure = ?,
                    failed_since = CASE WHEN ? THEN ? ELSE coalesce(failed_since, ?) END, modified_at = ? WHERE name = ?
                """, [.text(at), .text(code), .text(message), .integer(isNews ? 1 : 0), .text(at), .text(at), .text(at), .text(name)])
            return isNews
        }
    }

    /// Replaces the occurrences of `name` with ones expanded again from snapshot `generation` (the day,
    /// zone or rollover moved); writes nothing and returns false when the source is gone or holds
    /// another snapshot by now.
    @discardableResult
    package func recordExpansion(of name: String, _ expansion: CalendarExpansionRecord, occurrences: [CalendarOccurrence],
                                 calendar: PlannerCalendar) throws -> Bool {
        try db.write {
            let current = try db.scalar("SELECT generation FROM calendar_sources WHERE name = ?", [.text(name)])?.int
            guard current == expansion.generation else { return false }
            try write(occurrences, of: name, expansion: expansion, calendar: calendar)
            return true
        }
    }

    // MARK: Rows

    /// The generation of the source `name` added at `addedAt`, or nil when it is not there.
    private func generation(of name: String, addedAt: Date) throws -> Int? {
        try db.scalar("SELECT generation FROM calendar_sources WHERE name = ? AND added_at = ?",
                      [.text(name), .text(Instant.storageText(addedAt))])?.int
    }

    /// Replaces the occurrences of `name` and what they were expanded for: one row for each logical day
    /// of the expanded days an occurrence touches.
    private func write(_ occurrences: [CalendarOccurrence], of name: String, expansion: CalendarExpansionRecord,
                       calendar: PlannerCalendar) throws {
        let window = expansion.window
        try db.run("DELETE FROM calendar_occurrences WHERE source = ?", [.text(name)])
        let insert = """
            INSERT INTO calendar_occurrences (source, day, first_day, sort_at, uid, recurrence_id, title, location,
                                              starts_at, ends_at, first_date, last_date, not_busy)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        for occurrence in occurrences {
            let days = occurrence.days(in: calendar)
            let first = max(days.first, window.first), last = min(days.last, window.last)
            guard first <= last else { continue }
            var startsAt = SQLValue.null, endsAt = SQLValue.null, firstDate = SQLValue.null, lastDate = SQLValue.null
            switch occurrence.timing {
            case let .timed(start, end):
                startsAt = .text(Instant.storageText(start))
                endsAt = .text(Instant.storageText(end))
            case let .allDay(firstDay, lastDay):
                firstDate = .text(firstDay.description)
                lastDate = .text(lastDay.description)
            }
            let sortAt = SQLValue.text(Instant.storageText(occurrence.interval(in: calendar).start))
            var day = first
            while day <= last {
                try db.run(insert, [.text(name), .text(day.description), .text(first.description), sortAt, .text(occurrence.uid),
                                    occurrence.recurrenceID.map { .text(Self.text($0)) } ?? .null, .text(occurrence.title),
                                    occurrence.location.sqlValue, startsAt, endsAt, firstDate, lastDate,
                                    occurrence.notBusyReason.map { .text($0.rawValue) } ?? .null])
                day = day.adding(days: 1)
            }
        }
        try db.run("""
            INSERT INTO calendar_expansions (source, generation, first_day, last_day, zone, rollover, unknown_zones, truncated)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(source) DO UPDATE SET generation = excluded.generation, first_day = excluded.first_day,
                last_day = excluded.last_day, zone = excluded.zone, rollover = excluded.rollover,
                unknown_zones = excluded.unknown_zones, truncated = excluded.truncated
            """, [.text(name), .integer(Int64(expansion.generation)), .text(window.first.description), .text(window.last.description),
                  .text(expansion.zone), .text(expansion.rollover), .text(Self.text(expansion.unknownZones)),
                  .text(Self.text(expansion.truncated))])
    }

    private static func source(_ row: [SQLValue]) -> CalendarSourceRecord {
        var failure: CalendarSourceRecord.Failure?
        if let code = row[8].text, let message = row[9].text {
            failure = .init(code: code, message: message, since: row.instant(10) ?? row.instant(7) ?? Date(timeIntervalSince1970: 0))
        }
        return CalendarSourceRecord(name: row[0].text ?? "", kind: row[1].text ?? "", location: row[2].text ?? "",
                                    ownAddresses: list(row[3]), passwordFile: row[4].text,
                                    addedAt: row.instant(5) ?? Date(timeIntervalSince1970: 0), readAt: row.instant(6),
                                    triedAt: row.instant(7), failure: failure, generation: row[11].int ?? 0)
    }

    private static func occurrence(_ row: [SQLValue]) -> CalendarOccurrence? {
        guard let source = row[0].text, let uid = row[1].text else { return nil }
        let timing: CalendarOccurrence.Timing
        if let start = row.instant(5), let end = row.instant(6) {
            timing = .timed(start: start, end: end)
        } else if let first = row.day(7), let last = row.day(8) {
            timing = .allDay(first: first, last: last)
        } else {
            return nil
        }
        return CalendarOccurrence(source: source, uid: uid, recurrenceID: row[2].text.flatMap(recurrenceID),
                                  title: row[3].text ?? "", location: row[4].text, timing: timing,
                                  notBusyReason: row[9].text.flatMap(CalendarOccurrence.NotBusyReason.init(rawValue:)))
    }

    /// A recurrence id as a row keeps it: a date, or an instant's storage text.
    private static func text(_ id: CalendarOccurrence.RecurrenceID) -> String {
        switch id {
        case .day(let day): day.description
        case .instant(let date): Instant.storageText(date)
        }
    }

    private static func recurrenceID(_ text: String) -> CalendarOccurrence.RecurrenceID? {
        if text.count == 10 { return LocalDay(text).map { .day($0) } }
        return Instant.parseStorageText(text).map { .instant($0) }
    }

    /// A list of texts as one JSON array.
    private static func text(_ list: [String]) -> String {
        "[" + list.map(JSONText.quoted).joinedText(separator: ",") + "]"
    }

    private static func list(_ value: SQLValue) -> [String] {
        guard let text = value.text, let data = text.data(using: .utf8),
              let items = try? JSONSerialization.jsonObject(with: data) as? [String] else { return [] }
        return items
    }
}

extension Store {
    /// This device's calendar sources, snapshots and occurrences.
    package var calendarCache: CalendarCache {
        CalendarCache(db: db)
    }
}
