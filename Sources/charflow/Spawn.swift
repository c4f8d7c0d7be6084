import Foundation

/// Starting other programs from `charflow open`: the store's server in the background, and `xdg-open`.
///
/// Both are started in a session of their own with no descriptor of ours but the ones given, so a
/// server that outlives `open` holds no pipe of whoever ran `open` (a terminal, a test) open.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// glibc's `POSIX_SPAWN_SETSID`, which Swift's Glibc module does not name.
    static let newSession: Int16 = 0x80

    /// Marks every descriptor above stderr close-on-exec, whoever opened it.
    static func closeOnExec() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for name in names {
            guard let descriptor = Int32(name), descriptor > 2 else { continue }
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// The running `charflow` binary.
    static func ownExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first executable `name` on `path` (colon-separated folders), or nil.
    static func find(_ name: String, path: String?) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Starts `program` in the background with stdin from /dev/null and its output appended to `log`
    /// (created 0600, emptied first); returns its process id.
    static func background(_ program: String, _ arguments: [String], environment: [String: String], log: String) throws -> pid_t {
        try start(program, arguments, environment: environment, output: log)
    }

    /// Runs `program` with everything to /dev/null and waits up to `waitSeconds` for it: true if it
    /// finished with status 0 or is still running then.
    static func run(_ program: String, _ arguments: [String], environment: [String: String], waitSeconds: TimeInterval) -> Bool {
        guard let child = try? start(program, arguments, environment: environment, output: nil) else { return false }
        let deadline = Date().addingTimeInterval(waitSeconds)
        while Date() < deadline {
            var status: Int32 = 0
            let done = waitpid(child, &status, WNOHANG)
            if done == child { return (status & 0x7f) == 0 && ((status >> 8) & 0xff) == 0 }
            if done < 0 { return false }
            usleep(10_000)
        }
        return true
    }

    /// Whether `child` has ended (and reaps it if so).
    static func hasExited(_ child: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(child, &status, WNOHANG) != 0
    }

    private static func start(_ program: String, _ arguments: [String], environment: [String: String], output: String?) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let output {
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, newSession)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, program, &actions, &attributes, argv, envp)
        guard status == 0 else { throw Failure(description: "\(program) could not be started (error \(status))") }
        return child
    }
}
