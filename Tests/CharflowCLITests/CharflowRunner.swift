import CharflowStore
import CharflowTestSupport
import Foundation
import Testing
@testable import charflow

/// Runs the command line against a store in a fresh temporary folder: inside this test process by
/// default, or as the built `charflow` binary.
///
/// Each runner owns its folder; the clock, zone, locale and home are explicit on every run, so the
/// tests never depend on the machine's or the test process's. In this process a run is `CLI.run` with
/// the same arguments and environment a spawned binary would get, standard input from /dev/null and its
/// output captured in temporary files: what it prints, its exit status and the store it leaves are the
/// binary's. (No command reads standard input off a terminal; what is typed on one is tested through
/// tmux, end to end.) What only a process can show spawns the binary instead: `start`,
/// a runner made `spawning`, the crash seam (`CHARFLOW_TEST_STALL_MS`), and the commands that run
/// until a signal or start other programs (`serve` but `serve --sign-out`, `open`, `sync --watch`).
struct CharflowRunner {
    let folder: URL
    var timeZone: String
    var language = "C.UTF-8"
    /// Whether every command spawns the built binary, for the tests of the process itself.
    var spawnsBinary = false

    init(timeZone: String = "Europe/London") throws {
        folder = try TestFolder.make("charflow-e2e")
        self.timeZone = timeZone
    }

    /// This runner's store and settings, with every command run as the built binary.
    var spawning: CharflowRunner {
        var copy = self
        copy.spawnsBinary = true
        return copy
    }

    var storePath: String { folder.appendingPathComponent("store.sqlite").path }

    /// The built binary beside the test bundle (`.build/<config>/charflow`), or the one
    /// `CHARFLOW_TEST_BINARY` names, so that the end-to-end suites can check a release or static build.
    static let binary: URL = {
        if let chosen = ProcessInfo.processInfo.environment["CHARFLOW_TEST_BINARY"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen)
        }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for _ in 0..<4 {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("charflow")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/.build/debug/charflow")
    }()

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// The stdout parsed as one JSON object.
        func json() throws -> [String: Any] {
            let value = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            return try #require(value as? [String: Any], "stdout is not a JSON object: \(stdout)")
        }
    }

    /// The environment every run gets: the store, the zone, a plain locale, its own home, no colour.
    func environment(extra: [String: String] = [:]) -> [String: String] {
        var env = ["CHARFLOW_DB": storePath, "TZ": timeZone, "LANG": language, "HOME": folder.path,
                   "PATH": "/usr/bin:/bin"]
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// Starts `charflow ARGS` with `--now NOW` (local time) as a process and returns it without waiting.
    func start(_ arguments: [String], now: String?, extra: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = CharflowRunner.binary
        process.arguments = arguments + (now.map { ["--now", $0] } ?? [])
        var extra = extra
        if extra["CHARFLOW_TEST_STALL_MS"] != nil { extra["CHARFLOW_TEST_STALL_MARK"] = stallMark }
        process.environment = environment(extra: extra)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// Runs `charflow ARGS --now NOW` to the end, standard input from /dev/null; `standardOutput` is a
    /// file its output goes to instead of being captured.
    @discardableResult
    func run(_ arguments: [String], now: String? = "2026-11-30T09:00", extra: [String: String] = [:],
             standardOutput: String? = nil) throws -> Result {
        if spawnsBinary || CharflowRunner.needsProcess(arguments, extra: extra) {
            return try runBinary(arguments, now: now, extra: extra, standardOutput: standardOutput)
        }
        let stdout = try standardOutput == nil ? CapturedStream() : nil
        let stderr = try CapturedStream()
        let nullInput = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let given = try standardOutput.map { path in
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw CapturedStream.Failure(description: "cannot open \(path): errno \(errno)") }
            return descriptor
        }
        defer {
            [stdout, stderr].forEach { $0?.close() }
            if nullInput >= 0 { close(nullInput) }
            if let given { close(given) }
        }
        let console = Console(input: nullInput, output: stdout?.descriptor ?? given!, errors: stderr.descriptor)
        let status = CLI.run(arguments: arguments + (now.map { ["--now", $0] } ?? []), environment: environment(extra: extra),
                             console: console)
        return Result(status: status, stdout: stdout?.text() ?? "", stderr: stderr.text())
    }

    /// Runs the built binary to the end, as `run` does in this process.
    private func runBinary(_ arguments: [String], now: String?, extra: [String: String],
                           standardOutput: String?) throws -> Result {
        let process = Process()
        process.executableURL = CharflowRunner.binary
        process.arguments = arguments + (now.map { ["--now", $0] } ?? [])
        var extra = extra
        if extra["CHARFLOW_TEST_STALL_MS"] != nil { extra["CHARFLOW_TEST_STALL_MARK"] = stallMark }
        process.environment = environment(extra: extra)
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = try standardOutput.map { try #require(FileHandle(forWritingAtPath: $0)) } ?? out
        process.standardError = err
        try process.run()
        let stdout = standardOutput == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Whether `arguments` can only run as a process: a command that runs until a signal (`serve`,
    /// `sync --watch`), one that starts other programs and leaves them running (`open`), or one held
    /// at the crash seam for a test to kill.
    ///
    /// Any word `serve` or `open` counts (a title too): spawning one more process only costs time.
    static func needsProcess(_ arguments: [String], extra: [String: String]) -> Bool {
        if extra["CHARFLOW_TEST_STALL_MS"] != nil { return true }
        let words = Set(arguments.filter { !$0.hasPrefix("--") })
        return words.contains("open") || (words.contains("serve") && !arguments.contains("--sign-out"))
            || arguments.contains("--watch")
    }

    /// Runs a command that must succeed (exit 0) and returns its result.
    @discardableResult
    func ok(_ arguments: [String], now: String = "2026-11-30T09:00", extra: [String: String] = [:],
            sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
        let result = try run(arguments, now: now, extra: extra)
        #expect(result.status == 0, "charflow \(arguments.joined(separator: " ")) at \(now) exited \(result.status): \(result.stderr)",
                sourceLocation: sourceLocation)
        return result
    }

    /// Runs a command with `--json` that must succeed, and returns its document.
    func json(_ arguments: [String], now: String = "2026-11-30T09:00",
              sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try ok(arguments + ["--json"], now: now, sourceLocation: sourceLocation).json()
    }

    /// Adds a task and returns its full id.
    @discardableResult
    func add(_ title: String, _ options: [String] = [], now: String = "2026-11-30T09:00",
             sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let task = try json(["add", title] + options, now: now, sourceLocation: sourceLocation)
        return try #require(task["id"] as? String, "no id in \(task)", sourceLocation: sourceLocation)
    }

    /// Adds a habit and returns its full id.
    @discardableResult
    func addHabit(_ title: String, _ options: [String] = [], now: String) throws -> String {
        try #require(try json(["habit", "add", title] + options, now: now)["id"] as? String)
    }

    /// Waits until a stalled action (`CHARFLOW_TEST_STALL_MS`, started by `start`) is inside its
    /// transaction, then checks that it holds the store's write lock.
    ///
    /// The action says so itself: before it stalls it creates `stallMark` (`CHARFLOW_TEST_STALL_MARK`),
    /// so no probe can miss the moment. It holds for a minute and is killed as soon as it is seen; the
    /// long bound only keeps a process that starts slowly on a loaded machine from being taken for one
    /// that never locked. Stops at once if the action ends first, and says how it ended and what it
    /// printed.
    func waitForWriteLock(_ process: (Process, Pipe, Pipe)) throws {
        let (stalled, out, err) = process
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: stallMark) {
            if !stalled.isRunning {
                let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    + String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                Issue.record("the stalled action ended (status \(stalled.terminationStatus)) before its commit: \(printed)")
                return
            }
            if Date() > deadline {
                Issue.record("the stalled action did not reach its commit in 120 s")
                return
            }
            usleep(20_000)
        }
        try FileManager.default.removeItem(atPath: stallMark)
        let probe = try Database(path: storePath, busyTimeoutMilliseconds: 0)
        do {
            try probe.execute("BEGIN IMMEDIATE")
            try probe.execute("ROLLBACK")
            Issue.record("the stalled action is at its commit, but the store's write lock is free")
        } catch let error as DatabaseError where error.isBusy {}
    }

    /// The file a stalled action creates once it is inside its transaction.
    var stallMark: String { folder.appendingPathComponent("stalled").path }

    /// Every row of every table, as text, for "the store is unchanged in content" checks.
    ///
    /// Read through SQLite so that WAL frames count as content and file layout does not.
    func contents() throws -> String {
        let db = try Database(path: storePath)
        var lines: [String] = []
        let tables = try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0[0].text }
        for table in tables {
            lines.append("# " + table)
            // Sorted as text: a sync device's WITHOUT ROWID tables (`sync_bases`) have no rowid to order by.
            lines += try db.rows("SELECT * FROM \(table)").map { $0.map { "\($0)" }.joined(separator: "|") }.sorted()
        }
        return lines.joined(separator: "\n")
    }
}

/// One standard stream of a run inside this process: a temporary file removed from its folder at once,
/// so nothing is left behind however the test ends, and read back from its start when the run is over.
struct CapturedStream {
    let descriptor: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A new, empty stream.
    init() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("charflow-stream-\(UUID().uuidString)").path
        descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot make \(path): errno \(errno)") }
        unlink(path)
    }

    /// Everything written to the stream, as UTF-8 (a wrong byte shows as U+FFFD, as a pipe's would).
    func text() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[0..<count]
            offset += off_t(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}

/// Helpers for reading `today --json` and friends.
enum JSONPath {
    static func tasks(_ object: [String: Any], _ keys: String...) -> [[String: Any]] {
        var current: Any? = object
        for key in keys { current = (current as? [String: Any])?[key] }
        return current as? [[String: Any]] ?? []
    }

    static func titles(_ tasks: [[String: Any]]) -> [String] {
        tasks.compactMap { $0["title"] as? String }
    }
}
