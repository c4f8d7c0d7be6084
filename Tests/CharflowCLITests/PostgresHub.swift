import Foundation
import Testing

/// A real PostgreSQL server for sync tests: its own cluster in a temporary folder, on a free loopback
/// port, with trust authentication, stopped and removed when the value goes away (also when the test
/// that made it fails).
///
/// PostgreSQL refuses to run as root, so under root the server runs as the `postgres` user in a
/// folder that user owns (`runuser -u postgres --`). The binaries come from `PG_BIN`, else Debian's
/// `/usr/lib/postgresql/15/bin`.
final class PostgresHub {
    let folder: String
    let port: Int
    private var running = false

    static let binaries: String = {
        if let chosen = ProcessInfo.processInfo.environment["PG_BIN"], !chosen.isEmpty { return chosen }
        return "/usr/lib/postgresql/15/bin"
    }()

    /// The connection string a device syncs through.
    var url: String { "postgresql://postgres@127.0.0.1:\(port)/postgres" }

    init() throws {
        folder = "/tmp/charflow-pg-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        if getuid() == 0 {
            try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: folder)
        }
        port = try PostgresHub.freePort()
        try PostgresHub.run(["\(PostgresHub.binaries)/initdb", "-D", folder + "/data", "-A", "trust", "-U", "postgres",
                             "--no-sync", "-E", "UTF8"])
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Starts the server (again) and waits until it takes connections.
    func start() throws {
        try PostgresHub.run(["\(PostgresHub.binaries)/pg_ctl", "-D", folder + "/data", "-l", folder + "/log", "-w",
                             "-o", "-c listen_addresses=127.0.0.1 -p \(port) -k \(folder) -c fsync=off", "start"])
        running = true
    }

    /// Stops the server at once (`-m immediate`), as a crash or a pulled cable would.
    func stop() {
        guard running else { return }
        _ = try? PostgresHub.run(["\(PostgresHub.binaries)/pg_ctl", "-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        running = false
    }

    /// A superuser role `user` that signs in with `password` over TCP (every other role keeps trust),
    /// for the tests of where a hub's password is kept; the URL it syncs through carries the password.
    func requirePassword(for user: String, _ password: String) throws -> String {
        _ = try rows("CREATE ROLE \(user) LOGIN SUPERUSER PASSWORD '\(password)'")
        let hba = folder + "/data/pg_hba.conf"
        let rules = try String(contentsOfFile: hba, encoding: .utf8)
        try ("host all \(user) 127.0.0.1/32 scram-sha-256\n" + rules).write(toFile: hba, atomically: false, encoding: .utf8)
        try PostgresHub.run(["\(PostgresHub.binaries)/pg_ctl", "-D", folder + "/data", "reload"])
        usleep(300_000)
        return "postgresql://\(user):\(password)@127.0.0.1:\(port)/postgres"
    }

    /// The connection string of another database of this server.
    func url(database: String) -> String { "postgresql://postgres@127.0.0.1:\(port)/\(database)" }

    /// Rows of `sql` run through `psql` (in `database`), each as its `|`-separated columns.
    func rows(_ sql: String, database: String = "postgres") throws -> [String] {
        let output = try PostgresHub.run(["/usr/bin/psql", "-X", "-q", "-At", "-h", "127.0.0.1", "-p", String(port),
                                          "-U", "postgres", "-d", database, "-c", sql], asServer: false)
        return output.split(separator: "\n").map(String.init)
    }

    /// The single value `sql` returns.
    func value(_ sql: String) throws -> String {
        try rows(sql).first ?? ""
    }

    /// Runs `command` to its end (as the `postgres` user when `asServer` and under root) and returns
    /// its stdout; a non-zero exit throws with its stderr.
    ///
    /// Spawned with `posix_spawn` and reaped with `waitpid`, output in files: `pg_ctl start` leaves a
    /// server running that would keep a pipe open, and Foundation's `Process` missed `runuser`'s exit.
    @discardableResult
    private static func run(_ command: [String], asServer: Bool = true) throws -> String {
        let argv = asServer && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + command : command
        let base = "/tmp/charflow-pg-run-" + UUID().uuidString
        defer {
            unlink(base + ".out")
            unlink(base + ".err")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, base + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, base + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw HubFailure(message: "\(argv[0]): cannot start (\(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let stdout = (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
        // WIFEXITED and WEXITSTATUS by hand: the low 7 bits are the signal, the next 8 the exit code.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw HubFailure(message: "\(command.joined(separator: " ")): \(stderr)")
        }
        return stdout
    }

    /// A loopback port nothing listens on right now.
    static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw HubFailure(message: "no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw HubFailure(message: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct HubFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
