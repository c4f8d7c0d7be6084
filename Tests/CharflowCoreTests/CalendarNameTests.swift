import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// What a person types for a calendar: its name and their own addresses, and the refusals of the
/// calendar commands (rules F-9, F-11, A-3).
@Suite("Calendar names and addresses")
struct CalendarNameTests {
    @Test("F-9 a calendar's name is one trimmed line of 1 to 60 characters, compared without regard to case")
    func names() throws {
        let name = try CalendarName.reading("  Work  ")
        expectEqual(name.text, "Work")
        expectTrue(name.names("WORK"))
        try expectEqual(CalendarName.reading(String(repeating: "é", count: 60)).text.count, 60)
        #expect(throws: CalendarRefusal.badName(" ")) { try CalendarName.reading(" ") }
        #expect(throws: CalendarRefusal.badName(String(repeating: "x", count: 61))) { try CalendarName.reading(String(repeating: "x", count: 61)) }
        #expect(throws: PlannerError.unfitCharacter(.calendarName, 0x0A)) { try CalendarName.reading("Work\nHome") }
        #expect(throws: PlannerError.unfitCharacter(.calendarName, 0x202E)) { try CalendarName.reading("Work\u{202E}") }
    }

    @Test("F-11 an own address is read without mailto: and kept as given; what is no address is refused naming it")
    func addresses() throws {
        try expectEqual(CalendarAddress.reading("mailto:Me@Example.org").text, "Me@Example.org")
        try expectEqual(CalendarAddress.reading(" sam@example.org ").text, "sam@example.org")
        for word in ["sam", "@example.org", "sam@", "sam@exa mple.org", "a@b@c"] {
            #expect(throws: InputError.invalidWord(what: "calendar address", given: word,
                                                   expected: "an email address such as sam@example.org")) {
                try CalendarAddress.reading(word)
            }
        }
    }

    @Test("A-3 the calendar commands' refusals have their codes, kinds and domain words", arguments: [
        (CalendarRefusal.badName(""), "calendar_name", RefusalKind.badInput),
        (CalendarRefusal.nameTaken("Work"), "calendar_name_taken", RefusalKind.conflict),
        (CalendarRefusal.notFound("Wrok"), "calendar_not_found", RefusalKind.notFound),
    ])
    func refusals(_ refusal: CalendarRefusal, _ code: String, _ kind: RefusalKind) {
        expectEqual(refusal.code, code)
        expectEqual(refusal.kind, kind)
        expectTrue(!refusal.message.isEmpty)
        expectTrue(!refusal.message.contains("--") && !refusal.message.contains("`") && !refusal.message.contains("charflow "))
    }

    @Test("F-12 the cache's window is 14 days back and 60 ahead; an occurrence's logical days follow the rollover")
    func window() throws {
        let window = CalendarWindow(today: LocalDay(year: 2026, month: 3, day: 20)!)
        expectEqual(window.first, LocalDay(year: 2026, month: 3, day: 6))
        expectEqual(window.last, LocalDay(year: 2026, month: 5, day: 19))
        expectTrue(window.extended(by: 30).contains(window))
        expectTrue(!window.contains(window.extended(by: 1)))
        let calendar = PlannerCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!, rollover: TimeOfDay("04:00")!)
        let start = calendar.instant(on: LocalDay(year: 2026, month: 3, day: 21)!, at: TimeOfDay("02:30")!)
        let late = CalendarOccurrence(source: "Work", uid: "late", recurrenceID: nil, title: "Late", location: nil,
                                      timing: .timed(start: start, end: start.addingTimeInterval(3600)), notBusyReason: nil)
        expectEqual(late.days(in: calendar).first, LocalDay(year: 2026, month: 3, day: 20))
        expectEqual(late.days(in: calendar).last, LocalDay(year: 2026, month: 3, day: 20))
        let instant = CalendarOccurrence(source: "Work", uid: "point", recurrenceID: nil, title: "", location: nil,
                                         timing: .timed(start: start, end: start), notBusyReason: nil)
        expectEqual(instant.days(in: calendar).first, instant.days(in: calendar).last)
    }
}
