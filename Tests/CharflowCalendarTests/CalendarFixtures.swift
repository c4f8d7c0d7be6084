import CharflowCalendar
import CharflowCore
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
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("events")

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
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "ics" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func documents(in folder: URL = folder) throws -> [CalendarDocument] {
        try files(in: folder).map { CalendarDocument(name: $0.lastPathComponent, text: try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// Every fixture's VTIMEZONEs (each TZID once) and VEVENTs in one VCALENDAR, lines ending in CRLF,
    /// as a calendar's subscription address serves them.
    static func combined() throws -> String {
        var zones: [String: [String]] = [:]
        var zoneOrder: [String] = []
        var events: [String] = []
        for file in try files() {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
            var block: [String] = []
            for line in lines {
                if line == "BEGIN:VTIMEZONE" || line == "BEGIN:VEVENT" { block = [line]; continue }
                guard !block.isEmpty else { continue }
                block.append(line)
                if line == "END:VTIMEZONE" {
                    let tzid = block.first { $0.hasPrefix("TZID:") }!
                    if zones[tzid] == nil { zoneOrder.append(tzid); zones[tzid] = block }
                    block = []
                } else if line == "END:VEVENT" {
                    events += block
                    block = []
                }
            }
        }
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Charflow tests//Combined fixtures//EN"]
            + zoneOrder.flatMap { zones[$0]! } + events + ["END:VCALENDAR"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A copy of the fixture folder in `parent`, to serve or change.
    static func copy(into parent: URL, named name: String = "events") throws -> URL {
        let target = parent.appendingPathComponent(name)
        try FileManager.default.copyItem(at: folder, to: target)
        return target
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
