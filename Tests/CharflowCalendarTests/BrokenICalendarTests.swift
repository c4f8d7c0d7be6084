import CharflowCalendar
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// A broken `.ics` is refused naming the line at fault, never read in part and never a crash (F-10).
@Suite("Calendar reading · a broken .ics names its line (F-10)")
struct BrokenICalendarTests {
    static let head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tests//EN\r\nBEGIN:VEVENT\r\nUID:one@x\r\nSUMMARY:One\r\n"

    /// The failure `text` is refused with, as the source "Broken" in "broken.ics".
    static func refusal(_ text: String) -> CalendarFailure? {
        #expect(throws: CalendarFailure.self) {
            try CalendarExpander.check(CalendarDocument(name: "broken.ics", text: text), source: "Broken")
        }
    }

    @Test("F-10 each kind of broken line is refused with its line number and what is wrong with it",
          arguments: [
              (head + "DTSTART:2026-13-45\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", 7, ICalendarProblem.badDate(property: "DTSTART", value: "2026-13-45")),
              (head + "DTSTART:20260230T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", 7, .badDate(property: "DTSTART", value: "20260230T100000Z")),
              (head + "DTSTART:20260301T100000Z\r\nEXDATE:20260308T100000Z,20260315T250000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", 8,
               .badDate(property: "EXDATE", value: "20260308T100000Z,20260315T250000Z")),
              (head + "DTSTART:20260301T100000Z\r\nRRULE:FREQ=SOMETIMES\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", 8, .badRule("FREQ=SOMETIMES")),
              (head + "DTSTART:20260301T100000Z\r\nRRULE:FREQ=DAILY;UNTIL=20261399\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", 8,
               .badRule("FREQ=DAILY;UNTIL=20261399")),
              (head + "DTSTART:20260301T100000Z\r\nDURATION:PT1Q\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", 8, .badDuration(property: "DURATION", value: "PT1Q")),
              (head + "DTSTART:20260301T100000Z\r\nthis line has no colon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", 8, .notAContentLine("this line has no colon")),
              (head + "DTSTART:20260301T100000Z\r\nEND:VCALENDAR\r\n", 8, .unexpectedEnd(name: "VCALENDAR", open: "VEVENT")),
              (head + "DTSTART:20260301T100000Z\r\nEND:VEVENT\r\n", 1, .unclosed(name: "VCALENDAR")),
              (head + "END:VEVENT\r\nEND:VCALENDAR\r\n", 4, .noStart),
              ("SUMMARY:Stray\r\n" + head + "DTSTART:20260301T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", 1, .outsideCalendar("SUMMARY:Stray")),
          ])
    func refusedNamingTheLine(text: String, line: Int, problem: ICalendarProblem) throws {
        let refused = Self.refusal(text)
        expectEqual(refused, .malformed(source: "Broken", document: "broken.ics", line: line, problem: problem))
        expectEqual(refused?.message.hasPrefix("The calendar “Broken” is not valid iCalendar: line \(line) of broken.ics: "), true)
    }

    @Test("F-10 what libical alone finds wrong is placed on its line too; a folded line counts from where it starts")
    func libraryErrorsAndFolding() throws {
        let geo = Self.head + "DTSTART:20260301T100000Z\r\nGEO:abc\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let refused = Self.refusal(geo)
        guard case let .malformed(_, _, line, .library(words)) = refused else {
            Issue.record("not libical's complaint: \(String(describing: refused))")
            return
        }
        expectEqual(line, 8)
        expectContains(words, "GEO")

        let folded = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Tests//EN\r\nBEGIN:VEVENT\r\nUID:one@x\r\n"
            + "DESCRIPTION:A long description that goes on\r\n  and on over\r\n  three lines\r\nDTSTART;TZID=Europe/Berlin:2026\r\n 0301T25\r\n 0000\r\n"
            + "END:VEVENT\r\nEND:VCALENDAR\r\n"
        expectEqual(Self.refusal(folded), .malformed(source: "Broken", document: "broken.ics", line: 9,
                                                   problem: .badDate(property: "DTSTART", value: "20260301T250000")))
    }

    @Test("F-10 an empty file or a web page where a calendar was expected is refused as no calendar")
    func noCalendar() throws {
        for text in ["", "\r\n\r\n", "<!DOCTYPE html>\n<html><body>Sign in</body></html>\n"] {
            let refused = Self.refusal(text)
            expectEqual(refused?.code, "calendar_malformed")
            if !text.contains("<") {
                expectEqual(refused, .malformed(source: "Broken", document: "broken.ics", line: nil, problem: .noCalendar))
            } else {
                expectEqual(refused, .malformed(source: "Broken", document: "broken.ics", line: 1, problem: .notAContentLine("<!DOCTYPE html>")))
            }
        }
    }

    @Test("F-10 a broken file in a vdir folder refuses the refresh naming the file and its line; the last snapshot is untouched")
    func brokenFileInFolder() throws {
        let parent = try TestFolder.make("calendar-broken")
        let folder = try CalendarFixtures.copy(into: parent)
        let environment = CalendarEnvironment(home: parent.path, workingDirectory: parent.path)
        let source = try CalendarSource.named("Khal", location: folder.path, environment: environment)
        let fetcher = CalendarFetcher(environment: environment)
        let good = try fetcher.refresh(source, window: CalDAVSourceTests.window, previous: nil).snapshot
        let offsite = folder.appendingPathComponent("offsite.ics")
        let text = try String(contentsOf: offsite, encoding: .utf8).replacingOccurrences(of: "DTEND;VALUE=DATE:20260328", with: "DTEND;VALUE=DATE:20260332")
        try text.write(to: offsite, atomically: true, encoding: .utf8)
        let refused = #expect(throws: CalendarFailure.self) {
            try fetcher.refresh(source, window: CalDAVSourceTests.window, previous: good)
        }
        expectEqual(refused, .malformed(source: "Khal", document: "offsite.ics", line: 9, problem: .badDate(property: "DTEND", value: "20260332")))
        expectEqual(refused?.message, "The calendar “Khal” is not valid iCalendar: line 9 of offsite.ics: DTEND is not a valid date or date and time (“20260332”).")
        expectEqual(good.documents, (try CalendarFixtures.documents()))
    }

    @Test("F-10 a byte-order mark and lines ending in LF alone are read")
    func tolerated() throws {
        let text = "\u{FEFF}BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:bom@x\nDTSTART:20260301T100000Z\nSUMMARY:With BOM\nEND:VEVENT\nEND:VCALENDAR\n"
        let found = try CalendarExpander(calendar: CalendarFixtures.calendar("Europe/Berlin"))
            .occurrences(in: [CalendarDocument(name: "bom.ics", text: text)], source: "B",
                         from: Date(timeIntervalSince1970: 1_772_000_000), to: Date(timeIntervalSince1970: 1_773_000_000)).occurrences
        expectEqual(found.map(\.title), ["With BOM"])
    }
}
