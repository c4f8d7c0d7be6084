import CharflowCalendar
import CharflowCore
import CharflowTestSupport
import Foundation

/// The test calendar: one `.ics` a UID in `Fixtures/events` (a vdir folder as it stands), the same
/// events as one combined `.ics`, and the window and zones the tests read them in.
///
/// The events stress what other planners get wrong: a weekly Berlin standup across the EU DST change
/// with an EXDATE, an override moved to another day and one moved to New York, and an UNTIL that falls
/// exactly on the last instance; an all-day offsite over three days; a declined review; transparent
/// focus blocks; a cancelled dentist; floating lunches; RDATEs; a Windows zone name with
/// no VTIMEZONE; a VTIMEZONE with a name of its own; a night shift across the DST night; a train at a
/// time the DST night skips; a fortnightly series begun in 2024; all-day monthly and yearly series; a
/// Sydney meeting across the southern DST end; a cancelled instance; a UTC series; an all-day EXDATE.
enum CalendarFixtures {
    static let folder = CalendarFixtureFiles.folder

    /// Cases for the expansion alone, which Radicale (its vobject) cannot serve: RDATE periods and
    /// DURATION, on timed and all-day events.
    static let more = folder.deletingLastPathComponent().appendingPathComponent("more")

    /// The first and the day after the last day of the 60-day window.
    static let firstDay = LocalDay(year: 2026, month: 3, day: 1)!
    static let endDay = LocalDay(year: 2026, month: 4, day: 30)!

    /// Zones with DST in both hemispheres and on both sides of the Atlantic.
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney"]

    /// The person's own address in the fixtures (the review's ATTENDEE writes it `mailto:Me@Example.org`).
    static let me = "me@example.org"

    static func calendar(_ zone: String) -> PlannerCalendar {
        PlannerCalendar(timeZone: TimeZone(identifier: zone)!)
    }

    /// The window [first day 00:00, end day 00:00) in `zone`.
    static func window(_ zone: String) -> (from: Date, to: Date) {
        let calendar = calendar(zone)
        return (calendar.instant(on: firstDay, at: .midnight), calendar.instant(on: endDay, at: .midnight))
    }

    /// The fixture files of `folder`, sorted by name.
    static func files(in folder: URL = folder) throws -> [URL] {
        try CalendarFixtureFiles.files(in: folder)
    }

    static func documents(in folder: URL = folder) throws -> [CalendarDocument] {
        try files(in: folder).map { CalendarDocument(name: $0.lastPathComponent, text: try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// Every fixture's events in one `.ics` (`CalendarFixtureFiles.combined`).
    static func combined() throws -> String {
        try CalendarFixtureFiles.combined()
    }

    /// A copy of the fixture folder in `parent`, to serve or change.
    static func copy(into parent: URL, named name: String = "events") throws -> URL {
        try CalendarFixtureFiles.copy(into: parent, named: name)
    }

    /// One line an occurrence, in the form both sides of a comparison are put in:
    /// `uid start end` in UTC for timed ones, `uid first..last` for all-day ones.
    static func line(_ occurrence: CalendarOccurrence) -> String {
        switch occurrence.timing {
        case let .timed(start, end): "\(occurrence.uid) \(utc(start)) \(utc(end))"
        case let .allDay(first, last): "\(occurrence.uid) \(first)..\(last)"
        }
    }

    static func utc(_ date: Date) -> String {
        String(Instant.storageText(date).prefix(19)) + "Z"
    }
}
