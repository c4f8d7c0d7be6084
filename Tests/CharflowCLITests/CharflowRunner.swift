import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Runs the real `charflow` binary against a store in a fresh temporary folder.
///
/// Each runner owns its folder; the clock, zone and locale are explicit on every run, so the tests
/// never depend on the machine's.
struct CharflowRunner {
    let folder: URL
    var timeZone: String
    var language = "C.UTF-8"

    init(timeZone: String = "Europe/London") throws {
        folder = try TestFolder.make("charflow-e2e")
        self.timeZone = timeZone
    }

    var storePath: String { folder.appendingPathComponent("store.sqlite").path }

    /// The built binary beside the test bundle (`.build/<config>/charflow`), or the one
    /// `CHARFLOW_TEST_BINARY` names, so that the same suites can check a release or static build.
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

    /// The environment every run gets: the store, the zone, a plain locale, no colour.
    func environment(extra: [String: String] = [:]) -> [String: String] {
        var env = ["CHARFLOW_DB": storePath, "TZ": timeZone, "LANG": language, "HOME": folder.path,
                   "PATH": "/usr/bin:/bin"]
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// Starts `charflow ARGS` with `--now NOW` (local time) and returns the process without waiting.
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

    /// Runs `charflow ARGS --now NOW` to the end.
    @discardableResult
    func run(_ arguments: [String], now: String? = "2026-11-30T09:00", extra: [String: String] = [:]) throws -> Result {
        let (process, out, err) = try start(arguments, now: now, extra: extra)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
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
    /// long bound only keeps a process that starts slowly on a loaded machine (the suite spawns hundreds
    /// at once) from being taken for one that never locked. Stops at once if the action ends first, and
    /// says how it ended and what it printed.
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
