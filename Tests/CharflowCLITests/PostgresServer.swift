import Foundation
import Synchronization
import CharflowTestSupport

/// The one PostgreSQL server of a test process, which every sync test's database lives on
/// (`PostgresHub`): one `initdb` a run instead of one a test.
///
/// Started by the first test that asks for a hub, in `charflow-pg-shared-PID-…` of `/dev/shm` (else `/tmp`,
/// see `parent`) on a free loopback port with trust authentication; stopped (`-m immediate`) and removed when the test process exits
/// (`atexit`). A process that dies without exiting (a crash, SIGKILL) leaves it to a watchdog of its
/// own process group, which stops the server within a second of the test process going; a run also
/// stops and removes, before it starts its own, any server whose test process is gone. So no server
/// outlives the run that started it.
///
/// PostgreSQL refuses to run as root, so under root the server runs as the `postgres` user in a
/// folder that user owns (`runuser -u postgres --`). The binaries come from `PG_BIN`, else Debian's
/// `/usr/lib/postgresql/15/bin`.
final class PostgresServer: Sendable {
    let folder: String
    let port: Int
    /// The server's log: every line led by its database and program (`hub_3|charflow|`).
    var logPath: String { folder + "/log" }
    private var data: String { folder + "/data" }

    private let databases = Mutex(0)
    /// The test process's own sessions on the server, kept open between statements (`rows`).
    private let connections: PostgresConnections
    /// The authentication lines tests added for their roles, kept above the file's own.
    private let signInRules = Mutex<[(role: String, lines: [String])]>([])
    private let hbaAsMade: String

    static let binaries: String = {
        if let chosen = ProcessInfo.processInfo.environment["PG_BIN"], !chosen.isEmpty { return chosen }
        return "/usr/lib/postgresql/15/bin"
    }()

    /// What every folder of a server this code starts is named from.
    private static let folderPrefix = "charflow-pg-shared-"

    /// Where the server's folder goes: memory (`/dev/shm`) when it is a tmpfs with a gigabyte free, else `/tmp`.
    ///
    /// Every sync test makes a database, some 300 files, and drops it again; on ext4 each new file
    /// searches past the inodes freed a moment before, and that search was a quarter of the seeded
    /// intent test's time. Nothing here must outlive the machine, so memory is the right place.
    static let parent: String = {
        let mounts = (try? String(contentsOfFile: "/proc/mounts", encoding: .utf8)) ?? ""
        let inMemory = mounts.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 2 && fields[1] == "/dev/shm" && fields[2] == "tmpfs"
        }
        var space = statvfs()
        guard inMemory, access("/dev/shm", W_OK) == 0, statvfs("/dev/shm", &space) == 0,
              Double(space.f_bavail) * Double(space.f_frsize) >= 1_073_741_824 else { return "/tmp" }
        return "/dev/shm"
    }()

    /// The folders a server of a run may be in, for the clean-up of runs that died.
    private static let parents = ["/dev/shm", "/tmp"]

    /// psql itself: Debian's `/usr/bin/psql` is a Perl wrapper that costs a Perl start on every call.
    private static var psql: String { binaries + "/psql" }

    private static let started: Result<PostgresServer, HubFailure> = {
        do {
            return .success(try PostgresServer())
        } catch let failure as HubFailure {
            return .failure(failure)
        } catch {
            return .failure(HubFailure(message: "\(error)"))
        }
    }()

    /// The process's server, started the first time it is asked for.
    static func shared() throws -> PostgresServer {
        try started.get()
    }

    private init() throws {
        PostgresServer.stopServersOfGoneRuns()
        let pid = getpid()
        guard let started = PostgresServer.startTime(of: pid) else { throw HubFailure(message: "no /proc/\(pid)/stat") }
        folder = PostgresServer.parent + "/" + PostgresServer.folderPrefix + "\(pid)-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        do {
            try "\(pid) \(started)\n".write(toFile: folder + "/owner", atomically: true, encoding: .utf8)
            (port, hbaAsMade) = try PostgresServer.start(in: folder)
            try PostgresServer.watch(folder: folder, pid: pid, started: started)
        } catch {
            _ = try? PostgresServer.run(["\(PostgresServer.binaries)/pg_ctl", "-D", folder + "/data", "-m", "immediate", "-w", "stop"])
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        connections = PostgresConnections(port: port)
        // Stopped at the process's exit; the watchdog stops it when the process dies without one.
        atexit { PostgresServer.stopAtExit() }
    }

    /// Makes a cluster in `folder` and starts it on a free port; returns the port and the
    /// authentication rules `initdb` wrote.
    private static func start(in folder: String) throws -> (port: Int, hba: String) {
        if getuid() == 0 {
            try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: folder)
        }
        try run(["\(binaries)/initdb", "-D", folder + "/data", "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
        // Speed over durability (nothing here must survive a crash of the machine), room for every
        // test's devices and listeners at once, and each log line led by its database.
        let settings = """

            listen_addresses = '127.0.0.1'
            unix_socket_directories = '\(folder)'
            fsync = off
            full_page_writes = off
            synchronous_commit = off
            max_connections = 300
            log_line_prefix = '%d|%a|'

            """
        let configuration = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/data/postgresql.conf"))
        try configuration.seekToEnd()
        try configuration.write(contentsOf: Data(settings.utf8))
        try configuration.close()
        let hba = try String(contentsOfFile: folder + "/data/pg_hba.conf", encoding: .utf8)
        var lastFailure: Error?
        // A port free a moment ago can be taken by another run before the server binds it.
        for _ in 0..<5 {
            let port = try freePort()
            do {
                try run(["\(binaries)/pg_ctl", "-D", folder + "/data", "-l", folder + "/log", "-w", "-o", "-p \(port)", "start"])
                return (port, hba)
            } catch {
                lastFailure = error
            }
        }
        throw lastFailure ?? HubFailure(message: "the test server did not start")
    }

    /// A database name no other test of this run uses.
    func newDatabaseName() -> String {
        let number = databases.withLock { count in
            count += 1
            return count
        }
        return "hub_\(number)"
    }

    /// Rows of `sql` in `database`, each as its `|`-separated columns, as `psql -At` printed them; a
    /// refusal throws with its SQLSTATE first ("ERROR:  CF001: …"), which tests of the hub's refusals read.
    @discardableResult
    func rows(_ sql: String, database: String = "postgres") throws -> [String] {
        try connections.rows(sql, database: database)
    }

    /// Closes this process's idle sessions on `database`, before it is dropped or taken down.
    func forgetConnections(to database: String) {
        connections.forget(database)
    }

    /// Lets `role` sign in to `database` alone, over TCP with its password, and nowhere else (every
    /// other role keeps trust); returns once the server reads the new rules.
    func requirePassword(of role: String, on database: String) throws {
        let lines = ["host \(database) \(role) 127.0.0.1/32 scram-sha-256",
                     "host all \(role) all reject",
                     "local all \(role) reject"]
        try signInRules.withLock { rules in
            rules.append((role, lines))
            try writeRules(rules)
        }
        // The server reads the file again when told; until then the role still signs in without one.
        let deadline = Date().addingTimeInterval(10)
        while (try? PostgresServer.run([PostgresServer.psql, "-X", "-w", "-At", "-h", "127.0.0.1", "-p", String(port), "-U", role,
                                        "-d", database, "-c", "SELECT 1"],
                                       asServer: false, environment: ["PGPASSFILE": "/dev/null", "PGPASSWORD": nil])) != nil {
            guard Date() < deadline else { throw HubFailure(message: "the server never asked \(role) for a password") }
            usleep(20_000)
        }
    }

    /// Takes `role`'s sign-in rules away again.
    func forgetSignIn(of role: String) {
        try? signInRules.withLock { rules in
            rules.removeAll { $0.role == role }
            try writeRules(rules)
        }
    }

    private func writeRules(_ rules: [(role: String, lines: [String])]) throws {
        let added = rules.flatMap(\.lines).map { $0 + "\n" }.joined()
        try (added + hbaAsMade).write(toFile: data + "/pg_hba.conf", atomically: false, encoding: .utf8)
        try rows("SELECT pg_reload_conf()")
    }

    // MARK: stopping

    /// Stops the server at once and removes its folder; what `atexit` runs.
    private static func stopAtExit() {
        guard case .success(let server) = started else { return }
        _ = try? run(["\(binaries)/pg_ctl", "-D", server.data, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: server.folder)
    }

    /// Starts the watchdog: a shell of its own process group that waits for the test process `pid` to
    /// go (or the folder to be removed at its exit), then stops the server and removes the folder.
    private static func watch(folder: String, pid: pid_t, started: String) throws {
        let asServer = getuid() == 0 ? "/usr/sbin/runuser -u postgres -- " : ""
        let script = """
            alive() { [ "$(sed 's/.*) //' /proc/\(pid)/stat 2>/dev/null | cut -d' ' -f20)" = '\(started)' ]; }
            while [ -d '\(folder)' ] && alive; do sleep 1; done
            if [ -d '\(folder)' ]; then
                \(asServer)'\(binaries)/pg_ctl' -D '\(folder)/data' -m immediate -w stop
                rm -rf '\(folder)'
            fi
            """
        try spawn(["/bin/sh", "-c", script], output: "/dev/null", errors: "/dev/null", ownGroup: true)
    }

    /// Stops and removes every server of this kind whose test process is gone (killed before its exit
    /// and its watchdog with it); servers of live runs, this machine's other test runs, are left alone.
    private static func stopServersOfGoneRuns() {
        let folders = parents.flatMap { parent in
            ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).map { parent + "/" + $0 }
        }
        for folder in folders where (folder as NSString).lastPathComponent.hasPrefix(folderPrefix) {
            guard let owner = try? String(contentsOfFile: folder + "/owner", encoding: .utf8) else { continue }
            let parts = owner.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard let pid = parts.first.flatMap({ pid_t($0) }) else { continue }
            let started = parts.count > 1 ? parts[1] : ""
            if let now = startTime(of: pid), now == started { continue }
            _ = try? run(["\(binaries)/pg_ctl", "-D", folder + "/data", "-m", "immediate", "-w", "stop"])
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// When process `pid` started (field 22 of `/proc/PID/stat`, in clock ticks since boot), which tells
    /// it from a later process under the same id; nil when there is no such process.
    static func startTime(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil
    }

    // MARK: processes

    /// Runs `command` to its end (as the `postgres` user when `asServer` and under root) and returns
    /// its stdout; a non-zero exit throws with its stderr. `environment` adds (or, with nil, removes)
    /// variables.
    ///
    /// Spawned with `posix_spawn` and reaped with `waitpid`, output in files: `pg_ctl start` leaves a
    /// server running that would keep a pipe open, and Foundation's `Process` missed `runuser`'s exit.
    @discardableResult
    static func run(_ command: [String], asServer: Bool = true, environment: [String: String?] = [:]) throws -> String {
        let argv = asServer && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + command : command
        let base = parent + "/charflow-pg-out-" + UUID().uuidString
        defer {
            unlink(base + ".out")
            unlink(base + ".err")
        }
        let pid = try spawn(argv, output: base + ".out", errors: base + ".err", environment: environment)
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

    /// Starts `argv` with stdin from /dev/null and stdout and stderr to files, in a process group of its
    /// own when `ownGroup`; returns its id.
    @discardableResult
    static func spawn(_ argv: [String], output: String, errors: String, environment: [String: String?] = [:],
                              ownGroup: Bool = false) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Nothing else of the test process, which this helper would hold for the whole run.
        SpawnActions.closeEverything(from: 3, in: &actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if ownGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        var cEnvironment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cEnvironment.forEach { free($0) } }
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, &cEnvironment)
        guard spawned == 0 else { throw HubFailure(message: "\(argv[0]): cannot start (\(spawned))") }
        return pid
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

    struct HubFailure: Error, CustomStringConvertible, Sendable {
        let message: String
        var description: String { message }
    }
}
