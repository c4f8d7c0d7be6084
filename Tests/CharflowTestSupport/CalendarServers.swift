import Foundation
import Testing

/// Radicale and a small HTTP file server on loopback, started once for the whole test run by
/// `Tests/Support/calendar_servers.py` and stopped when the test process ends.
///
/// Radicale keeps its own folder; user `alice` (password `secret`) owns two calendars: `work`, the
/// fixture events one resource a UID, which no test changes, and `changes`, which the refresh test
/// writes to. The HTTP server serves `www/calendar.ics` (the combined fixtures) and what tests put
/// beside it. The helper runs until its standard input closes: this process holds the pipe's other
/// end, so however it ends — at exit, where an `atexit` handler also waits for the helper, or killed —
/// the servers go with it.
public final class CalendarServers: Sendable {
    public let folder: URL
    public let radicalePort: Int
    public let httpPort: Int

    public static let user = "alice"
    public static let password = "secret"

    /// The one set of servers of this run, started by the first test that asks.
    public static func shared() throws -> CalendarServers {
        switch started {
        case .success(let servers): return servers
        case .failure(let error): throw error
        }
    }

    private static let started: Result<CalendarServers, any Error> = Result { try CalendarServers() }

    /// The address of `path` on Radicale.
    public func radicale(_ path: String) -> String { "http://127.0.0.1:\(radicalePort)/\(path)" }

    /// The address of `path` on the HTTP server.
    public func http(_ path: String) -> String { "http://127.0.0.1:\(httpPort)/\(path)" }

    /// Where the HTTP server serves its files from.
    public var www: URL { folder.appendingPathComponent("www") }

    /// The HTTP server's requests so far, each as it logged it.
    public func httpLog() throws -> [[String: Any]] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("http.log"), encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    private init() throws {
        folder = try TestFolder.make("calendar-servers")
        let calendars = folder.appendingPathComponent("radicale/collections/collection-root/\(Self.user)")
        for (calendar, name) in [("work", "Work"), ("changes", "Changes")] {
            let collection = calendars.appendingPathComponent(calendar)
            try FileManager.default.createDirectory(at: collection, withIntermediateDirectories: true)
            let properties = ["tag": "VCALENDAR", "D:displayname": name, "C:supported-calendar-component-set": "VEVENT"]
            try JSONSerialization.data(withJSONObject: properties).write(to: collection.appendingPathComponent(".Radicale.props"))
        }
        for file in try CalendarFixtureFiles.files() {
            try FileManager.default.copyItem(at: file, to: calendars.appendingPathComponent("work").appendingPathComponent(file.lastPathComponent))
        }
        try "\(Self.user):\(Self.password)\n".write(to: folder.appendingPathComponent("radicale/users"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("www"), withIntermediateDirectories: true)
        try CalendarFixtureFiles.combined().write(to: folder.appendingPathComponent("www/calendar.ics"), atomically: true, encoding: .utf8)

        let (pid, pipe) = try Self.spawn(folder)
        CalendarServers.helper = (pid, pipe)
        atexit {
            guard let (pid, pipe) = CalendarServers.helper else { return }
            close(pipe)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        let ports = folder.appendingPathComponent("ports.json")
        let deadline = Date().addingTimeInterval(60)
        var status: Int32 = 0
        while !FileManager.default.fileExists(atPath: ports.path) && Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                CalendarServers.helper = nil
                throw Failure("calendar_servers.py ended before the servers answered: \(Self.log(folder)) \(PythonReference.install)")
            }
            usleep(50_000)
        }
        let said = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: ports)) as? [String: Any],
                                "calendar_servers.py did not start: \(Self.log(folder))")
        if let error = said["error"] as? String { Issue.record("\(error) \(PythonReference.install)") }
        radicalePort = try #require(said["radicale"] as? Int, "no Radicale port: \(said)")
        httpPort = try #require(said["http"] as? Int, "no HTTP port: \(said)")
    }

    /// The helper's process and the write end of its standard input.
    nonisolated(unsafe) private static var helper: (pid_t, Int32)?

    /// Starts the helper with a pipe for its standard input; the pipe's ends close on exec, so no other
    /// child of this process holds it open.
    private static func spawn(_ folder: URL) throws -> (pid_t, Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failure("no pipe") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (executable, arguments) = PythonReference.command("calendar_servers.py", [folder.path])
        let log = folder.appendingPathComponent("helper.log").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of the test process, which this helper would hold for the whole run.
        SpawnActions.closeEverything(from: 3, in: &actions)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(ends[0])
        guard result == 0 else {
            close(ends[1])
            throw Failure("\(executable) could not start (\(result)). \(PythonReference.install)")
        }
        return (pid, ends[1])
    }

    private static func log(_ folder: URL) -> String {
        (try? String(contentsOf: folder.appendingPathComponent("helper.log"), encoding: .utf8)) ?? ""
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
