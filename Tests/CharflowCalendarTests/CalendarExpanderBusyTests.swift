import CharflowCalendar
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Cancelled, transparent and declined events are shown, and are not busy (F-11).
@Suite("Calendar expansion · what is busy (F-11)")
struct CalendarExpanderBusyTests {
    typealias F = CalendarFixtures

    @Test("F-11 cancelled, transparent and the person's own declined events are shown with the reason they are not busy; the rest are busy")
    func notBusyReasons() throws {
        let found = try CalendarExpanderTests.expand("Europe/Berlin").occurrences
        let reasons = Dictionary(grouping: found, by: \.uid).mapValues { Set($0.map(\.notBusyReason)) }
        expectEqual(reasons["review@fixtures.charflow"], [.declined])
        expectEqual(reasons["focus@fixtures.charflow"], [.transparent])
        expectEqual(reasons["birthday@fixtures.charflow"], [.transparent])
        expectEqual(reasons["dentist@fixtures.charflow"], [.cancelled])
        let lunches = found.filter { $0.uid == "team-lunch@fixtures.charflow" }
        expectEqual(lunches.filter { !$0.isBusy }.map { F.utc(CalendarExpanderTests.start($0)) }, ["2026-03-20T11:00:00Z"], "the one cancelled instance of the team lunch")
        let busy = Set(found.filter(\.isBusy).map(\.uid))
        for uid in ["standup", "offsite", "lunch", "reading", "supplier", "board", "night", "train", "one-to-one", "month-end", "sydney",
                    "deploy", "bin-day"] {
            expectContains(busy, "\(uid)@fixtures.charflow", "\(uid) is busy")
        }
        expectLacks(busy, "review@fixtures.charflow")
    }

    @Test("F-11 a declined invitation is known only by the person's own address (any case, with or without mailto:); the organiser's acceptance does not count")
    func declinedNeedsOwnAddress() throws {
        for own in [["ME@example.ORG"], ["mailto:me@example.org"], [" me@example.org "]] {
            let review = try CalendarExpanderTests.expand("Europe/Berlin", own: own).occurrences.first { $0.uid == "review@fixtures.charflow" }
            expectEqual(review?.notBusyReason, .declined, "\(own)")
        }
        for own in [[], ["boss@example.org"], ["someone@example.org"]] {
            let review = try CalendarExpanderTests.expand("Europe/Berlin", own: own).occurrences.first { $0.uid == "review@fixtures.charflow" }
            expectEqual(review?.isBusy, true, "\(own)")
        }
    }

    @Test("F-11 a cancelled event that is also declined and transparent gives cancelled; declined comes before transparent")
    func reasonOrder() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:all@x\r
            DTSTART:20260310T100000Z\r
            STATUS:CANCELLED\r
            TRANSP:TRANSPARENT\r
            ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.org\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:two@x\r
            DTSTART:20260310T110000Z\r
            TRANSP:TRANSPARENT\r
            ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.org\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:tentative@x\r
            DTSTART:20260310T120000Z\r
            STATUS:TENTATIVE\r
            ATTENDEE;PARTSTAT=TENTATIVE:mailto:me@example.org\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let found = try CalendarExpanderTests.expand("Europe/Berlin", documents: [CalendarDocument(name: "r.ics", text: text)]).occurrences
        expectEqual(found.map(\.notBusyReason), [.cancelled, .declined, nil])
    }
}
