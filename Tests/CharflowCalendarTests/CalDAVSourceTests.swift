import CharflowCalendar
import CharflowCore
import CharflowTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// A CalDAV collection on a real Radicale started by the test run (rules F-9, F-11, F-12).
@Suite("Calendar sources · CalDAV on Radicale (F-9, F-12)")
struct CalDAVSourceTests {
    typealias F = CalendarFixtures

    /// A home folder whose `.netrc` holds `password` for 127.0.0.1, and the environment that names it.
    static func home(password: String? = CalendarServers.password) throws -> CalendarEnvironment {
        let home = try TestFolder.make("calendar-home")
        if let password {
            let netrc = home.appendingPathComponent(".netrc")
            try "machine 127.0.0.1\n  login \(CalendarServers.user)\n  password \(password)\n".write(to: netrc, atomically: true, encoding: .utf8)
            chmod(netrc.path, 0o600)
        }
        return CalendarEnvironment(home: home.path, workingDirectory: home.path)
    }

    static let window = DateInterval(start: F.window("Europe/Berlin").from, end: F.window("Europe/Berlin").to)

    @Test("F-9 a CalDAV collection on Radicale gives every fixture event, expanded exactly as the same events in a vdir folder")
    func radicaleMatchesFolder() throws {
        let servers = try CalendarServers.shared()
        let environment = try Self.home()
        let source = try CalendarSource.named("Work", location: servers.radicale("alice/work/"), caldav: true,
                                              ownAddresses: [F.me], environment: environment)
        expectEqual(source.kind, .caldav)
        let refresh = try CalendarFetcher(environment: environment).refresh(source, window: Self.window, previous: nil)
        expectTrue(refresh.changed)
        expectEqual(refresh.snapshot.documents.count, (try F.files()).count)
        expectEqual(refresh.snapshot.validator.collectionTag?.isEmpty, false)
        expectEqual(refresh.snapshot.coverage, Self.window)
        for zone in F.zones {
            let window = F.window(zone)
            let expander = CalendarExpander(calendar: F.calendar(zone))
            let fromServer = try expander.occurrences(in: refresh.snapshot.documents, source: "Work", ownAddresses: [F.me],
                                                      from: window.from, to: window.to).occurrences
            let fromFolder = try expander.occurrences(in: try F.documents(), source: "Work", ownAddresses: [F.me],
                                                      from: window.from, to: window.to).occurrences
            expectTrue(fromServer.count > 80)
            expectEqual(fromServer, fromFolder, "\(zone)")
        }
    }

    @Test("F-11 Radicale's declined review, transparent focus time and cancelled dentist are shown but not busy")
    func radicaleBusy() throws {
        let servers = try CalendarServers.shared()
        let environment = try Self.home()
        let source = try CalendarSource.named("Work", location: servers.radicale("alice/work/"), caldav: true, environment: environment)
        let snapshot = try CalendarFetcher(environment: environment).refresh(source, window: Self.window, previous: nil).snapshot
        let found = try CalendarExpander(calendar: F.calendar("Europe/Berlin"))
            .occurrences(in: snapshot.documents, source: "Work", ownAddresses: [F.me] + snapshot.ownAddresses,
                         from: Self.window.start, to: Self.window.end).occurrences
        let reasons = Dictionary(grouping: found, by: \.uid).mapValues { Set($0.map(\.notBusyReason)) }
        expectEqual(reasons["review@fixtures.charflow"], [.declined])
        expectEqual(reasons["focus@fixtures.charflow"], [.transparent])
        expectEqual(reasons["dentist@fixtures.charflow"], [.cancelled])
        expectEqual(reasons["team-lunch@fixtures.charflow"], [nil, .cancelled])
        expectEqual(reasons["standup@fixtures.charflow"], [nil])
        expectEqual(reasons["offsite@fixtures.charflow"], [nil])
    }

    @Test("F-12 an unchanged collection costs one PROPFIND and keeps its snapshot; a new event on the server is read at the next refresh")
    func refreshOnlyWhenChanged() async throws {
        let servers = try CalendarServers.shared()
        let environment = try Self.home()
        let source = try CalendarSource.named("Changes", location: servers.radicale("alice/changes/"), caldav: true, environment: environment)
        let fetcher = CalendarFetcher(environment: environment)
        try await Self.put(servers.radicale("alice/changes/offsite.ics"), try String(contentsOf: F.folder.appendingPathComponent("offsite.ics"), encoding: .utf8))
        let first = try fetcher.refresh(source, window: Self.window, previous: nil)
        expectEqual(first.snapshot.documents.map(\.name), ["/alice/changes/offsite.ics"])

        let again = try fetcher.refresh(source, window: Self.window, previous: first.snapshot)
        expectTrue(!again.changed)
        expectEqual(again.snapshot, first.snapshot)

        let wider = DateInterval(start: Self.window.start, end: Self.window.end.addingTimeInterval(7 * 86_400))
        try expectEqual(fetcher.refresh(source, window: wider, previous: first.snapshot).snapshot.coverage, wider, "a window the last answer did not cover is asked for again")

        try await Self.put(servers.radicale("alice/changes/standup.ics"), try String(contentsOf: F.folder.appendingPathComponent("standup.ics"), encoding: .utf8))
        let changed = try fetcher.refresh(source, window: Self.window, previous: first.snapshot)
        expectTrue(changed.changed)
        expectEqual(changed.snapshot.documents.map(\.name), ["/alice/changes/offsite.ics", "/alice/changes/standup.ics"])
        expectNotEqual(changed.snapshot.validator.collectionTag, first.snapshot.validator.collectionTag)
    }

    @Test("F-9 a wrong password is a 401 that names the source, and nothing is read; no credentials at all says none were found")
    func unauthorized() throws {
        let servers = try CalendarServers.shared()
        let wrong = try Self.home(password: "not-the-password")
        let source = try CalendarSource.named("Work", location: servers.radicale("alice/work/"), caldav: true, environment: wrong)
        let netrc = wrong.home! + "/.netrc"
        let refused = #expect(throws: CalendarFailure.self) {
            try CalendarFetcher(environment: wrong).refresh(source, window: Self.window, previous: nil)
        }
        expectEqual(refused, .unauthorized(source: "Work", host: "127.0.0.1", credentials: netrc))
        expectEqual(refused?.message, "The calendar “Work” answered 401 (not signed in): the user name and password from \(netrc) were refused. Nothing was read.")
        expectEqual(refused?.code, "calendar_unauthorized")

        let none = try Self.home(password: nil)
        let missing = #expect(throws: CalendarFailure.self) {
            try CalendarFetcher(environment: none).refresh(source, window: Self.window, previous: nil)
        }
        expectEqual(missing, .unauthorized(source: "Work", host: "127.0.0.1", credentials: nil))
        expectEqual(missing?.message.contains("none were found for 127.0.0.1"), true)
    }

    @Test("F-9 a password file is read when it is its owner's alone (0600) and refused when others may read it; it is never kept")
    func passwordFile() throws {
        let servers = try CalendarServers.shared()
        let environment = try Self.home(password: nil)
        let file = environment.home! + "/work-password"
        try "\(CalendarServers.password)\n".write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        let source = try CalendarSource.named("Work", location: "http://alice@127.0.0.1:\(servers.radicalePort)/alice/work/", caldav: true,
                                              passwordFile: "work-password", environment: environment)
        expectEqual(source.passwordFile, file)
        let refresh = try CalendarFetcher(environment: environment).refresh(source, window: Self.window, previous: nil)
        expectEqual(refresh.snapshot.documents.count, (try F.files()).count)
        let kept = try String(decoding: JSONEncoder().encode(source), as: UTF8.self) + String(decoding: JSONEncoder().encode(refresh.snapshot), as: UTF8.self)
        expectLacks(kept, CalendarServers.password, "the password is in neither the source nor the snapshot")

        chmod(file, 0o644)
        let open = #expect(throws: CalendarFailure.self) {
            try CalendarFetcher(environment: environment).refresh(source, window: Self.window, previous: nil)
        }
        expectEqual(open, .passwordFile(path: file, problem: .openToOthers(mode: 0o644)))
        expectEqual(open?.message.contains("chmod 600"), true)
        #expect(throws: CalendarFailure.passwordFile(path: file, problem: .openToOthers(mode: 0o644))) {
            try CalendarSource.named("Work", location: servers.radicale("alice/work/"), caldav: true, passwordFile: file, environment: environment)
        }
    }

    @Test("F-9 an address that is not a calendar collection is refused as such")
    func notACalendar() throws {
        let servers = try CalendarServers.shared()
        let environment = try Self.home()
        let source = try CalendarSource.named("Home", location: servers.radicale("alice/"), caldav: true, environment: environment)
        #expect(throws: CalendarFailure.notACalendar(source: "Home", address: servers.radicale("alice/"))) {
            try CalendarFetcher(environment: environment).refresh(source, window: Self.window, previous: nil)
        }
    }

    /// Puts `text` at `address` on Radicale, as a calendar client would (Foundation's own HTTP client).
    static func put(_ address: String, _ text: String) async throws {
        var request = URLRequest(url: URL(string: address)!)
        request.httpMethod = "PUT"
        request.httpBody = Data(text.utf8)
        request.setValue("text/calendar; charset=utf-8", forHTTPHeaderField: "Content-Type")
        let credentials = Data("\(CalendarServers.user):\(CalendarServers.password)".utf8).base64EncodedString()
        request.setValue("Basic \(credentials)", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        expectContains((200..<300), status, "PUT \(address): \(status)")
    }
}
