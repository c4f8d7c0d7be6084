import CharflowCalendar
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// What the expansion gives for the cases other planners get wrong, one by one (F-10).
@Suite("Calendar expansion · overrides, all-day, floating, zones (F-10)")
struct CalendarExpanderTests {
    typealias F = CalendarFixtures

    static func expand(_ zone: String, own: [String] = [F.me], documents: [CalendarDocument]? = nil) throws -> CalendarExpander.Result {
        let window = F.window(zone)
        return try CalendarExpander(calendar: F.calendar(zone))
            .occurrences(in: documents ?? F.documents(), source: "Work", ownAddresses: own, from: window.from, to: window.to)
    }

    static func utc(_ text: String) -> Date { Instant.parseStorageText(text)! }

    @Test("F-10 the weekly standup keeps 09:00 Berlin across DST, drops its EXDATE, and each override replaces the instance it names")
    func overridesReplaceTheirInstance() throws {
        let standup = try Self.expand("Europe/Berlin").occurrences.filter { $0.uid == "standup@fixtures.charflow" }
        let starts = standup.map { F.utc(Self.start($0)) }
        expectEqual(starts, ["2026-03-03T08:00:00Z", "2026-03-10T08:00:00Z", "2026-03-17T08:00:00Z", "2026-03-31T07:00:00Z",
                           "2026-04-09T12:00:00Z", "2026-04-14T12:00:00Z", "2026-04-21T07:00:00Z", "2026-04-28T07:00:00Z"])
        let berlin = F.calendar("Europe/Berlin")
        expectTrue(standup.filter { $0.title == "Standup" }.allSatisfy { berlin.timeOfDay(at: Self.start($0)) == TimeOfDay(hour: 9, minute: 0) })
        let moved = try #require(standup.first { $0.title == "Standup (moved to Thursday)" })
        expectEqual(moved.recurrenceID, .instant(Self.utc("2026-04-07T07:00:00Z")))
        expectEqual(moved.timing, .timed(start: Self.utc("2026-04-09T12:00:00Z"), end: Self.utc("2026-04-09T12:30:00Z")))
        let newYork = try #require(standup.first { $0.title == "Standup (from New York)" })
        expectEqual(newYork.recurrenceID, .instant(Self.utc("2026-04-14T07:00:00Z")))
        expectEqual(newYork.timing, .timed(start: Self.utc("2026-04-14T12:00:00Z"), end: Self.utc("2026-04-14T12:45:00Z")))
        expectEqual(standup.first?.recurrenceID?.description, "2026-03-03T08:00:00Z")
        expectEqual(standup.first?.location, "Room 4")
        expectEqual(Set(standup.map(\.recurrenceID)).count, standup.count, "every occurrence has its own recurrence id")
    }

    @Test("F-10 an all-day event over three days is one occurrence of days, whole days in whatever zone the person is in")
    func allDayMultiDay() throws {
        for zone in F.zones {
            let offsite = try Self.expand(zone).occurrences.filter { $0.uid == "offsite@fixtures.charflow" }
            expectEqual(offsite.count, 1)
            expectEqual(offsite.first?.timing, .allDay(first: LocalDay(year: 2026, month: 3, day: 25)!, last: LocalDay(year: 2026, month: 3, day: 27)!))
            expectEqual(offsite.first?.recurrenceID, nil)
            let calendar = F.calendar(zone)
            let span = try #require(offsite.first?.interval(in: calendar))
            expectEqual(calendar.calendarDay(at: span.start), LocalDay(year: 2026, month: 3, day: 25))
            expectEqual(calendar.timeOfDay(at: span.start), .midnight)
            expectEqual(calendar.calendarDay(at: span.end), LocalDay(year: 2026, month: 3, day: 28))
        }
        let bins = try Self.expand("Europe/Berlin").occurrences.filter { $0.uid == "bin-day@fixtures.charflow" }
        expectTrue(!bins.contains { $0.timing == .allDay(first: LocalDay(year: 2026, month: 4, day: 2)!, last: LocalDay(year: 2026, month: 4, day: 2)!) }, "an all-day EXDATE removes its day")
        expectEqual(bins.first?.recurrenceID, .day(LocalDay(year: 2026, month: 3, day: 5)!))
    }

    @Test("F-10 a floating time is the same wall time in every zone; a UTC time is the same instant in every zone")
    func floatingAndUTC() throws {
        for zone in F.zones {
            let found = try Self.expand(zone).occurrences
            let calendar = F.calendar(zone)
            let lunches = found.filter { $0.uid == "lunch@fixtures.charflow" }
            expectEqual(lunches.count, 6)
            expectTrue(lunches.allSatisfy { calendar.timeOfDay(at: Self.start($0)) == TimeOfDay(hour: 12, minute: 30) }, "\(zone)")
            let deploys = found.filter { $0.uid == "deploy@fixtures.charflow" }.map { F.utc(Self.start($0)) }
            expectEqual(deploys.first, "2026-03-03T20:00:00Z")
        }
    }

    @Test("F-10 a TZID is read by the file's VTIMEZONE, else the zone database, else as a Windows zone name; one none knows is reported")
    func zoneNames() throws {
        let found = try Self.expand("America/New_York").occurrences
        let board = found.filter { $0.uid == "board@fixtures.charflow" }.map { F.utc(Self.start($0)) }
        expectEqual(board.prefix(5), ["2026-03-06T10:00:00Z", "2026-03-13T10:00:00Z", "2026-03-20T10:00:00Z", "2026-03-27T10:00:00Z",
                                    "2026-04-03T09:00:00Z"], "“Custom Berlin” by its VTIMEZONE")
        let supplier = found.filter { $0.uid == "supplier@fixtures.charflow" }.map { F.utc(Self.start($0)) }
        expectEqual(supplier.prefix(4), ["2026-03-26T09:00:00Z", "2026-03-27T09:00:00Z", "2026-03-28T09:00:00Z", "2026-03-29T08:00:00Z"], "“W. Europe Standard Time” as Europe/Berlin")

        let odd = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:prefixed@x\r
            DTSTART;TZID=/mozilla.org/20050126_1/America/New_York:20260310T090000\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:unknown@x\r
            DTSTART;TZID=Atlantis Standard Time:20260310T090000\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:tokyo@x\r
            DTSTART;TZID=Tokyo Standard Time:20260310T090000\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let result = try Self.expand("Europe/Berlin", documents: [CalendarDocument(name: "odd.ics", text: odd)])
        let starts = Dictionary(uniqueKeysWithValues: result.occurrences.map { ($0.uid, F.utc(Self.start($0))) })
        expectEqual(starts["prefixed@x"], "2026-03-10T13:00:00Z")
        expectEqual(starts["tokyo@x"], "2026-03-10T00:00:00Z")
        expectEqual(starts["unknown@x"], "2026-03-10T08:00:00Z", "read in the person's zone")
        expectEqual(result.unknownZones, ["Atlantis Standard Time"])
    }

    @Test("F-10 across the DST night: a night shift keeps its wall-clock end, a time the clocks skip is read after the jump")
    func dstNight() throws {
        let found = try Self.expand("Europe/Berlin").occurrences
        let night = try #require(found.first { $0.uid == "night@fixtures.charflow" && F.utc(Self.start($0)) == "2026-03-28T21:00:00Z" })
        expectEqual(night.timing, .timed(start: Self.utc("2026-03-28T21:00:00Z"), end: Self.utc("2026-03-29T04:00:00Z")), "22:00 to 06:00, seven hours")
        let train = try #require(found.first { $0.uid == "train@fixtures.charflow" && F.utc(Self.start($0)) == "2026-03-29T01:30:00Z" })
        expectEqual(F.calendar("Europe/Berlin").timeOfDay(at: Self.start(train)), TimeOfDay(hour: 3, minute: 30))
    }

    @Test("F-10 a series begun years before the window is expanded from the window, not from its start, and is the same")
    func oldSeries() throws {
        let found = try Self.expand("America/New_York").occurrences
        expectEqual(found.filter { $0.uid == "one-to-one@fixtures.charflow" }.map { F.utc(Self.start($0)) }, ["2026-03-11T20:00:00Z", "2026-03-25T20:00:00Z", "2026-04-08T20:00:00Z", "2026-04-22T20:00:00Z"])
        expectEqual(found.filter { $0.uid == "birthday@fixtures.charflow" }.map(\.timing), [.allDay(first: LocalDay(year: 2026, month: 4, day: 12)!, last: LocalDay(year: 2026, month: 4, day: 12)!)])
        expectEqual(found.filter { $0.uid == "month-end@fixtures.charflow" }.count, 2)
    }

    @Test("F-10 an event touching the window's edge counts only when it overlaps it; the order is by start")
    func windowEdges() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:before@x\r
            DTSTART:20260301T060000Z\r
            DTEND:20260301T070000Z\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:across@x\r
            DTSTART:20260301T060000Z\r
            DTEND:20260301T083000Z\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:at-end@x\r
            DTSTART:20260301T090000Z\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:at-start@x\r
            DTSTART:20260301T080000Z\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let found = try CalendarExpander(calendar: F.calendar("Europe/Berlin"))
            .occurrences(in: [CalendarDocument(name: "edges.ics", text: text)], source: "E",
                         from: Self.utc("2026-03-01T08:00:00Z"), to: Self.utc("2026-03-01T09:00:00Z")).occurrences
        expectEqual(found.map(\.uid), ["across@x", "at-start@x"])
    }

    @Test("F-10 a rule with no end that would give more than the limit stops there and says which event")
    func runawayRule() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:tick@x\r\nDTSTART:20260301T000000Z\r\nRRULE:FREQ=MINUTELY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let window = F.window("Europe/Berlin")
        let result = try CalendarExpander(calendar: F.calendar("Europe/Berlin"))
            .occurrences(in: [CalendarDocument(name: "tick.ics", text: text)], source: "T", from: window.from, to: window.to)
        expectEqual(result.occurrences.count, CalendarExpander.instanceLimit)
        expectEqual(result.truncatedEvents, ["tick@x"])
    }

    static func start(_ occurrence: CalendarOccurrence) -> Date {
        occurrence.interval(in: F.calendar("Europe/Berlin")).start
    }
}
