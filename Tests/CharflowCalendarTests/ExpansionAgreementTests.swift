import CharflowCalendar
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The expansion agrees with Python's recurring-ical-events (PyPI) on every fixture event over 60 days.
@Suite("Calendar expansion · agreement with recurring-ical-events (F-10)")
struct ExpansionAgreementTests {
    typealias F = CalendarFixtures

    @Test("F-10 every fixture event expands over 60 days as recurring-ical-events expands it, in Berlin, New York and Sydney",
          arguments: CalendarFixtures.zones)
    func agreesWithPython(zone: String) throws {
        let window = F.window(zone)
        let files = try F.files() + F.files(in: F.more)
        let ours = try CalendarExpander(calendar: F.calendar(zone))
            .occurrences(in: try F.documents() + F.documents(in: F.more), source: "Fixtures", ownAddresses: [F.me],
                         from: window.from, to: window.to)
        expectEmpty(ours.unknownZones)
        expectEmpty(ours.truncatedEvents)
        let reference = try PythonReference.json("expand_ics.py", [zone, F.firstDay.description, F.endDay.description]
                                                  + files.map(\.path))
        let found = try #require(reference["occurrences"] as? [[String: Any]], "no occurrences from Python")
        let theirs = found.map(Self.line)
        let uids = Set(theirs.map { String($0.split(separator: " ")[0]) })
        expectEqual(uids.count, files.count + 2, "every fixture event has occurrences in the window (one file holds three)")
        for uid in uids.sorted() {
            let mine = ours.occurrences.filter { $0.uid == uid }.map(F.line).sorted()
            let python = theirs.filter { $0.hasPrefix(uid + " ") }.sorted()
            expectEqual(mine, python, "\(uid) in \(zone)")
        }
        expectEqual(ours.occurrences.map(F.line).sorted(), theirs.sorted())
    }

    /// A Python occurrence in the form of `CalendarFixtures.line`. An instance that begins at a time the
    /// DST night skips (02:30 read as 03:30) and ends at 03:00 ends before it begins in Python; the
    /// engine gives it no length instead, so the end is taken as no earlier than the start here.
    static func line(_ item: [String: Any]) -> String {
        let uid = item["uid"] as? String ?? "?"
        if item["allDay"] as? Bool == true {
            return "\(uid) \(item["first"] as? String ?? "?")..\(item["last"] as? String ?? "?")"
        }
        let start = item["start"] as? String ?? "?"
        let end = item["end"] as? String ?? "?"
        return "\(uid) \(start) \(max(start, end))"
    }
}
