import CharflowCalendar
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// An `.ics` file and a vdir folder (rules F-9, F-12).
@Suite("Calendar sources · a file and a vdir folder (F-9, F-12)")
struct FileSourceTests {
    typealias F = CalendarFixtures

    static let window = CalDAVSourceTests.window

    @Test("F-9 a vdir folder is read one event a file; the folder is read again only when a file changes, comes or goes")
    func vdirFolder() throws {
        let parent = try TestFolder.make("calendar-vdir")
        let folder = try F.copy(into: parent)
        try "not a calendar".write(to: folder.appendingPathComponent("README"), atomically: true, encoding: .utf8)
        try "BEGIN:VCALENDAR\nbroken".write(to: folder.appendingPathComponent(".hidden.ics"), atomically: true, encoding: .utf8)
        let environment = CalendarEnvironment(home: parent.path, workingDirectory: parent.path)
        let source = try CalendarSource.named("Khal", location: "events", ownAddresses: [F.me], environment: environment)
        expectEqual(source.kind, .folder)
        expectEqual(source.location, folder.path)
        let fetcher = CalendarFetcher(environment: environment)
        let first = try fetcher.refresh(source, window: Self.window, previous: nil)
        expectEqual(first.snapshot.documents.map(\.name), (try F.files()).map(\.lastPathComponent))
        expectEqual(first.snapshot.documents, (try F.documents()))

        expectTrue(try !fetcher.refresh(source, window: Self.window, previous: first.snapshot).changed)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("dentist-cancelled.ics"))
        let removed = try fetcher.refresh(source, window: Self.window, previous: first.snapshot)
        expectTrue(removed.changed)
        expectEqual(removed.snapshot.documents.count, first.snapshot.documents.count - 1)

        let added = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:added@x\r\nDTSTAMP:20260201T120000Z\r\nSUMMARY:Added\r\n"
            + "DTSTART:20260305T100000Z\r\nDTEND:20260305T110000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try added.write(to: folder.appendingPathComponent("added.ics"), atomically: true, encoding: .utf8)
        let grown = try fetcher.refresh(source, window: Self.window, previous: removed.snapshot)
        expectTrue(grown.changed)
        let window = F.window("Europe/Berlin")
        let found = try CalendarExpander(calendar: F.calendar("Europe/Berlin"))
            .occurrences(in: grown.snapshot.documents, source: "Khal", from: window.from, to: window.to).occurrences
        expectTrue(found.contains { $0.uid == "added@x" && $0.title == "Added" })
        expectTrue(!found.contains { $0.uid == "dentist@fixtures.charflow" })
    }

    @Test("F-9 an .ics file is read whole and again only when it changes; a missing path is refused naming it")
    func icsFile() throws {
        let parent = try TestFolder.make("calendar-file")
        let file = parent.appendingPathComponent("all.ics")
        try F.combined().write(to: file, atomically: true, encoding: .utf8)
        let environment = CalendarEnvironment(home: parent.path, workingDirectory: "/")
        let source = try CalendarSource.named("All", location: "~/all.ics", environment: environment)
        expectEqual(source.kind, .file)
        expectEqual(source.location, file.path)
        let fetcher = CalendarFetcher(environment: environment)
        let first = try fetcher.refresh(source, window: Self.window, previous: nil)
        expectEqual(first.snapshot.documents.map(\.name), ["all.ics"])
        expectTrue(try !fetcher.refresh(source, window: Self.window, previous: first.snapshot).changed)
        let window = F.window("America/New_York")
        let expander = CalendarExpander(calendar: F.calendar("America/New_York"))
        try expectEqual(expander.occurrences(in: first.snapshot.documents, source: "All", from: window.from, to: window.to).occurrences, expander.occurrences(in: try F.documents(), source: "All", from: window.from, to: window.to).occurrences)

        let missing = #expect(throws: CalendarFailure.self) {
            try CalendarSource.named("Gone", location: "/no/such/calendar.ics", environment: environment)
        }
        expectEqual(missing, .unreadable(source: "Gone", path: "/no/such/calendar.ics", reason: "there is no file or folder there"))
        #expect(throws: CalendarFailure.addressRefused(address: "/no/such/calendar.ics", problem: .caldavNeedsAddress)) {
            try CalendarSource.named("Gone", location: "/no/such/calendar.ics", caldav: true, environment: environment)
        }

        try FileManager.default.removeItem(at: file)
        #expect(throws: CalendarFailure.unreadable(source: "All", path: file.path, reason: "No such file or directory")) {
            try fetcher.refresh(source, window: Self.window, previous: first.snapshot)
        }
    }
}
