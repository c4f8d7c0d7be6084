import CharflowCalendar
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// One `.ics` served over HTTP on loopback (rules F-9, F-12).
@Suite("Calendar sources · an iCalendar address (F-9, F-12)")
struct WebSourceTests {
    typealias F = CalendarFixtures

    static let window = CalDAVSourceTests.window

    static func environment() throws -> CalendarEnvironment {
        let home = try TestFolder.make("calendar-home")
        return CalendarEnvironment(home: home.path, workingDirectory: home.path)
    }

    @Test("F-9 one .ics served over http on loopback gives the same occurrences as the vdir folder, in every zone")
    func servedMatchesFolder() throws {
        let servers = try CalendarServers.shared()
        let environment = try Self.environment()
        let source = try CalendarSource.named("Subscribed", location: servers.http("calendar.ics"), environment: environment)
        expectEqual(source.kind, .web)
        let refresh = try CalendarFetcher(environment: environment).refresh(source, window: Self.window, previous: nil)
        expectEqual(refresh.snapshot.documents.count, 1)
        expectNotEqual(refresh.snapshot.validator.etag, nil)
        expectNotEqual(refresh.snapshot.validator.lastModified, nil)
        for zone in F.zones {
            let window = F.window(zone)
            let expander = CalendarExpander(calendar: F.calendar(zone))
            let served = try expander.occurrences(in: refresh.snapshot.documents, source: "Subscribed", ownAddresses: [F.me],
                                                  from: window.from, to: window.to).occurrences
            let folder = try expander.occurrences(in: try F.documents(), source: "Subscribed", ownAddresses: [F.me],
                                                  from: window.from, to: window.to).occurrences
            expectTrue(served.count > 80)
            expectEqual(served, folder, "\(zone)")
        }
    }

    @Test("F-12 a conditional request answered 304 keeps the last events; a changed file is read again")
    func conditionalRequests() throws {
        let servers = try CalendarServers.shared()
        let name = "conditional-\(UUID().uuidString.prefix(8)).ics"
        let file = servers.www.appendingPathComponent(name)
        try String(contentsOf: F.folder.appendingPathComponent("standup.ics"), encoding: .utf8).write(to: file, atomically: true, encoding: .utf8)
        let environment = try Self.environment()
        let source = try CalendarSource.named("Standup", location: "http://localhost:\(servers.httpPort)/\(name)", environment: environment)
        let fetcher = CalendarFetcher(environment: environment)
        let first = try fetcher.refresh(source, window: Self.window, previous: nil)
        expectTrue(first.changed)

        let second = try fetcher.refresh(source, window: Self.window, previous: first.snapshot)
        expectTrue(!second.changed)
        expectEqual(second.snapshot, first.snapshot)
        let asked = try servers.httpLog().filter { $0["path"] as? String == "/\(name)" }
        expectEqual(asked.map { $0["status"] as? Int }, [200, 304])
        expectEqual(asked.last?["ifNoneMatch"] as? String, first.snapshot.validator.etag)
        expectEqual(asked.last?["ifModifiedSince"] as? String, first.snapshot.validator.lastModified)

        // Only Last-Modified to go by: the server answers If-Modified-Since alone.
        var dated = first.snapshot
        dated.validator.etag = nil
        expectTrue(try !fetcher.refresh(source, window: Self.window, previous: dated).changed)

        try String(contentsOf: F.folder.appendingPathComponent("offsite.ics"), encoding: .utf8).write(to: file, atomically: true, encoding: .utf8)
        let third = try fetcher.refresh(source, window: Self.window, previous: first.snapshot)
        expectTrue(third.changed)
        expectEqual(third.snapshot.documents.first?.text.contains("UID:offsite@fixtures.charflow"), true)
        try expectEqual(servers.httpLog().filter { $0["path"] as? String == "/\(name)" }.map { $0["status"] as? Int }, [200, 304, 304, 200])
    }

    @Test("F-9 plain http:// is refused for an address that is not this machine, also when a redirect leads there; a redirect on this machine is followed")
    func plainHTTPOnlyOnLoopback() throws {
        let environment = try Self.environment()
        for address in ["http://192.0.2.10/calendar.ics", "http://example.org/calendar.ics", "http://10.0.0.1:8080/x.ics"] {
            let refused = #expect(throws: CalendarFailure.self) {
                try CalendarSource.named("Remote", location: address, environment: environment)
            }
            expectEqual(refused, .addressRefused(address: address, problem: .plainHTTPNotLoopback))
            expectEqual(refused?.message.contains("use https://"), true)
        }
        for address in ["http://127.0.0.1:1/x.ics", "http://127.10.0.3/x.ics", "http://localhost/x.ics", "http://[::1]:8080/x.ics",
                        "https://calendar.example.org/x.ics"] {
            #expect(throws: Never.self) { try CalendarSource.named("Local", location: address, environment: environment) }
        }
        try expectEqual(CalendarSource.named("Link", location: "webcal://calendar.example.org/x.ics", environment: environment).location, "https://calendar.example.org/x.ics")
        #expect(throws: CalendarFailure.addressRefused(address: "https://sam@calendar.example.org/x.ics", problem: .carriesPassword)) {
            try CalendarSource.named("Link", location: "https://sam:hunter2@calendar.example.org/x.ics", environment: environment)
        }
        #expect(throws: CalendarFailure.addressRefused(address: "ftp://example.org/x.ics", problem: .unsupportedScheme)) {
            try CalendarSource.named("Link", location: "ftp://example.org/x.ics", environment: environment)
        }

        let servers = try CalendarServers.shared()
        let fetcher = CalendarFetcher(environment: environment)
        let away = try CalendarSource.named("Away", location: servers.http("away.ics"), environment: environment)
        #expect(throws: CalendarFailure.addressRefused(address: "http://192.0.2.10/calendar.ics", problem: .plainHTTPNotLoopback)) {
            try fetcher.refresh(away, window: Self.window, previous: nil)
        }
        let moved = try CalendarSource.named("Moved", location: servers.http("moved.ics"), environment: environment)
        try expectEqual(fetcher.refresh(moved, window: Self.window, previous: nil).snapshot.documents.count, 1)
    }

    @Test("F-9 a 401 from an address names the source; the password from .netrc is sent, and a 404 says what came back")
    func statuses() throws {
        let servers = try CalendarServers.shared()
        let environment = try Self.environment()
        let source = try CalendarSource.named("Private", location: servers.http("private.ics"), environment: environment)
        let fetcher = CalendarFetcher(environment: environment)
        #expect(throws: CalendarFailure.unauthorized(source: "Private", host: "127.0.0.1", credentials: nil)) {
            try fetcher.refresh(source, window: Self.window, previous: nil)
        }
        let netrc = environment.home! + "/.netrc"
        try "default login alice password secret\n".write(toFile: netrc, atomically: true, encoding: .utf8)
        try expectEqual(fetcher.refresh(source, window: Self.window, previous: nil).snapshot.documents.count, 1)

        let missing = try CalendarSource.named("Missing", location: servers.http("no-such.ics"), environment: environment)
        let refused = #expect(throws: CalendarFailure.self) { try fetcher.refresh(missing, window: Self.window, previous: nil) }
        expectEqual(refused, .httpStatus(source: "Missing", status: 404))
        expectEqual(refused?.message, "The calendar “Missing” answered HTTP 404 instead of a calendar. Nothing was read.")
    }

    @Test("F-12 a server that takes the connection and never answers is given up on within the time allowed")
    func deadServerTimesOut() throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let environment = try Self.environment()
        let source = try CalendarSource.named("Dead", location: "http://127.0.0.1:\(listener.port)/calendar.ics", environment: environment)
        let fetcher = CalendarFetcher(environment: environment, limits: CalendarFetchLimits(connectSeconds: 1, requestSeconds: 1))
        let started = Date()
        #expect(throws: CalendarFailure.timedOut(source: "Dead", seconds: 1)) {
            try fetcher.refresh(source, window: Self.window, previous: nil)
        }
        expectTrue(Date().timeIntervalSince(started) < 5)
        let unreachable = #expect(throws: CalendarFailure.self) {
            try fetcher.refresh(try CalendarSource.named("Gone", location: "http://127.0.0.1:1/x.ics", environment: environment),
                                window: Self.window, previous: nil)
        }
        expectEqual(unreachable?.code, "calendar_unreachable")
    }
}

/// A loopback socket that listens and never accepts: the kernel completes each connection, and no
/// answer ever comes, as with a server that hangs.
final class SilentListener {
    let socket: Int32
    let port: Int

    init() throws {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && listen(socket, 8) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        try #require(ready, "no listening socket")
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Foundation.close(socket) }
}
