import CharflowTestSupport
import Foundation
import Testing

/// Calendars for the command-line tests: iCalendar text written for one test, the test servers'
/// addresses (`CalendarServers`: one Radicale and one HTTP server for the whole run), and reads of what
/// `calendar … --json` prints.
enum CalendarCLI {
    /// The clock of these tests: Friday 20 March 2026, 09:00 in Berlin, nine days before the clocks go forward.
    static let now = "2026-03-20T09:00"
    static let zone = "Europe/Berlin"

    /// A runner in Berlin.
    static func runner() throws -> CharflowRunner {
        try CharflowRunner(timeZone: zone)
    }

    /// One VEVENT: timed when `start` and `end` are UTC date-times (`20260320T080000Z`), all day when they
    /// are dates (`20260325`, the end exclusive). `extra` lines go inside it.
    static func event(_ uid: String, _ title: String, _ start: String, _ end: String, _ extra: [String] = []) -> String {
        let isDate = start.count == 8
        let lines = ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260301T000000Z", "SUMMARY:\(title)",
                     isDate ? "DTSTART;VALUE=DATE:\(start)" : "DTSTART:\(start)",
                     isDate ? "DTEND;VALUE=DATE:\(end)" : "DTEND:\(end)"] + extra + ["END:VEVENT"]
        return lines.joined(separator: "\r\n")
    }

    /// A VCALENDAR of `events`.
    static func calendar(_ events: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Charflow tests//CLI//EN"] + events + ["END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n"
    }

    /// Writes `text` to a file of the HTTP test server under a name of its own and returns the name.
    static func serve(_ text: String, servers: CalendarServers) throws -> String {
        let name = "cli-\(UUID().uuidString.lowercased()).ics"
        try text.write(to: servers.www.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return name
    }

    /// The HTTP server's requests for `name`.
    static func requests(for name: String, servers: CalendarServers) throws -> [[String: Any]] {
        try servers.httpLog().filter { ($0["path"] as? String)?.split(separator: "?").first.map(String.init) == "/" + name }
    }

    /// `calendar list --json`'s calendars.
    static func list(_ runner: CharflowRunner, now: String = now) throws -> [[String: Any]] {
        try runner.json(["calendar", "list"], now: now)["calendars"] as? [[String: Any]] ?? []
    }

    /// The one calendar `calendar list --json` lists under `name`.
    static func entry(_ name: String, _ runner: CharflowRunner, now: String = now) throws -> [String: Any] {
        try #require(try list(runner, now: now).first { $0["name"] as? String == name }, "no calendar \(name) listed")
    }

    /// `calendar events DAY --days N --json`'s events, each once (an event over several days is taken
    /// from the first day it is listed under).
    static func events(_ runner: CharflowRunner, from day: String, days: Int = 1, now: String = now) throws -> [[String: Any]] {
        let document = try runner.json(["calendar", "events", day, "--days", String(days)], now: now)
        var seen = Set<String>()
        var found: [[String: Any]] = []
        for listed in document["days"] as? [[String: Any]] ?? [] {
            for event in listed["events"] as? [[String: Any]] ?? [] {
                let key = "\(event["calendar"] ?? "")|\(event["uid"] ?? "")|\(event["recurrenceID"] ?? "")|\(event["start"] ?? "")"
                if seen.insert(key).inserted { found.append(event) }
            }
        }
        return found
    }

    /// The titles of `day`'s events, in order.
    static func titles(_ runner: CharflowRunner, on day: String, now: String = now) throws -> [String] {
        try events(runner, from: day, now: now).compactMap { $0["title"] as? String }
    }

    /// A `.netrc` in the runner's home for the test servers' host.
    static func netrc(_ runner: CharflowRunner, password: String) throws {
        let path = runner.folder.appendingPathComponent(".netrc")
        try "machine 127.0.0.1 login \(CalendarServers.user) password \(password)\n".write(to: path, atomically: true, encoding: .utf8)
        chmod(path.path, 0o600)
    }
}
