import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

// Helpers for the night-planning, signals, reminders, settings, erase and privacy tests
// (Planning*.swift). They only run the command line and read its output or the store; every assertion
// about behaviour stays in the tests.

/// One entry of `today --json`'s `signals`.
struct PlanningSignal: Hashable, CustomStringConvertible {
    let kind: String
    let task: String?
    let message: String

    var description: String { "\(kind)(\(task.map { String($0.prefix(8)) } ?? "-")): \(message)" }
}

/// One entry of `remind --json`'s `reminders`.
struct PlanningReminder: Hashable, CustomStringConvertible {
    let kind: String
    let message: String
    let window: String?

    var description: String { "\(kind): \(message)" }
}

/// One deferral record of `show ID --json`, as the tests compare it.
struct PlanningDeferral: Hashable, CustomStringConvertible {
    let day: String
    let deferredTo: String?
    let reason: String

    init(_ day: String, _ deferredTo: String?, _ reason: String) {
        self.day = day
        self.deferredTo = deferredTo
        self.reason = reason
    }

    var description: String { "\(day)→\(deferredTo ?? "someday") \(reason)" }
}

extension CharflowRunner {
    /// The task's deferral records, in the order `show` lists them.
    func planningDeferrals(_ id: String, now: String) throws -> [PlanningDeferral] {
        let records = try show(id, now: now)["deferrals"] as? [[String: Any]] ?? []
        return records.map {
            PlanningDeferral($0["day"] as? String ?? "?", $0["deferredTo"] as? String, $0["reason"] as? String ?? "?")
        }
    }

    /// The signals Today shows as of `now`: read from `today --json`, then shown by the text Today, which marks them seen.
    func planningSignals(now: String) throws -> [PlanningSignal] {
        let today = try json(["today"], now: now)
        let signals = try #require(today["signals"] as? [[String: Any]], "no signals array in today --json")
        // JSON marks nothing (A-2); the text Today is the front end that shows them to a person and marks them.
        try ok(["today"], now: now)
        return signals.map {
            PlanningSignal(kind: $0["kind"] as? String ?? "?", task: $0["task"] as? String, message: $0["message"] as? String ?? "")
        }
    }

    /// The reminders `remind --json` prints as of `now` (printing them records them).
    func planningReminders(now: String) throws -> [PlanningReminder] {
        let document = try json(["remind"], now: now)
        let reminders = try #require(document["reminders"] as? [[String: Any]], "no reminders array in remind --json")
        return reminders.map {
            PlanningReminder(kind: $0["kind"] as? String ?? "?", message: $0["message"] as? String ?? "",
                             window: $0["window"] as? String)
        }
    }

    /// `habit grid ID --json`'s days, date to state.
    func planningGridStates(_ habit: String, now: String) throws -> [String: String] {
        let grid = try json(["habit", "grid", habit], now: now)
        let days = try #require(grid["days"] as? [[String: Any]], "no days in habit grid --json")
        var states: [String: String] = [:]
        for day in days {
            if let date = day["date"] as? String { states[date] = day["state"] as? String }
        }
        return states
    }

    /// Every row of every table, with each `modified_at` blanked, for "undo reverts exactly" checks.
    ///
    /// Left out: `sqlite_sequence` (SQLite's counter for AUTOINCREMENT, never reused by design) and
    /// `tombstones` (an undone insert leaves one for sync, spec D14); the tests check tombstones apart;
    /// and `change_version`, which every committed write raises, an undo included.
    func planningContents() throws -> String {
        let db = try Database(path: storePath)
        var lines: [String] = []
        let tables = try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0[0].text }
        for table in tables where !["sqlite_sequence", "tombstones", "change_version"].contains(table) {
            let columns = try db.columns(of: table)
            lines.append("# " + table + " (" + columns.joined(separator: ", ") + ")")
            var rows: [String] = []
            for row in try db.rows("SELECT * FROM \(table)") {
                rows.append(zip(columns, row).map { name, value in name == "modified_at" ? "·" : "\(value)" }
                    .joined(separator: "|"))
            }
            lines += rows.sorted()
        }
        return lines.joined(separator: "\n")
    }

    /// The ids named by tombstones, per table.
    func planningTombstones() throws -> [String: Set<String>] {
        let db = try Database(path: storePath)
        var result: [String: Set<String>] = [:]
        for row in try db.rows("SELECT table_name, id FROM tombstones") {
            if let table = row[0].text, let id = row[1].text { result[table, default: []].insert(id) }
        }
        return result
    }

    /// Whether a row with this id exists in `table`.
    func planningRowExists(_ table: String, id: String) throws -> Bool {
        let db = try Database(path: storePath)
        return try db.scalar("SELECT count(*) FROM \(table) WHERE id = ?", [.text(id)])?.int == 1
    }

}

/// A tmux session running one command in a 120×40 pane, for driving interactive `charflow plan`.
struct PlanningTmux {
    let name: String

    static var isAvailable: Bool { planningTool("tmux") != nil }

    /// The absolute path of a tool on the usual PATH, if it is installed.
    static func planningTool(_ tool: String) -> String? {
        ["/usr/bin", "/bin", "/usr/local/bin"].map { $0 + "/" + tool }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `command` (one shell line) in a fresh detached session on a tmux server of its own.
    ///
    /// One server per pane: a server shared by tests that run at once exits when one test kills the last
    /// session, and another test's `new-session` arriving then fails with "server exited unexpectedly".
    init(command: String) throws {
        name = "charflow-plan-" + UUID().uuidString.prefix(8).lowercased()
        let result = try tmux(["new-session", "-d", "-s", name, "-x", "120", "-y", "40", command])
        expectEqual(result.status, 0, "tmux new-session failed: \(result.output)")
    }

    /// Runs one tmux client command on this pane's own server (its socket is named after the session).
    @discardableResult
    func tmux(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try PlanningTmux.tmux(["-L", name] + arguments)
    }

    /// Runs one tmux client command; `arguments` name the server socket (`-L`).
    ///
    /// The first command starts the tmux server, a daemon that keeps every descriptor it inherits.
    /// Foundation's `Process` learns that a child ended when the child's end of a socket closes, and
    /// other tests' pipes may be open too; so a bash wrapper closes every descriptor above 2 before it
    /// becomes tmux, and the output goes through a file, not a pipe.
    @discardableResult
    static func tmux(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let tmux = try #require(planningTool("tmux"), "tmux is not installed")
        let bash = try #require(planningTool("bash"), "bash is not installed")
        let script = #"for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-" 2>/dev/null; fi; done; exec "$0" "$@""#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bash)
        process.arguments = ["-c", script, tmux] + arguments
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("charflow-tmux-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? String(contentsOf: file, encoding: .utf8)) ?? "")
    }

    /// The pane's text; with `escapes`, the colour escape sequences too.
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-S", "-200", "-t", name] + (escapes ? ["-e"] : [])).output
    }

    /// Waits until the pane shows `text` `count` times (or more); returns the pane, failing after `timeout`.
    @discardableResult
    func waitFor(
        _ text: String, count: Int = 1, timeout: TimeInterval = 60, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var pane = ""
        while Date() < deadline {
            pane = try capture()
            if pane.components(separatedBy: text).count - 1 >= count { return pane }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("timed out waiting for \(count)× “\(text)”; the pane shows:\n\(pane)", sourceLocation: sourceLocation)
        throw PlanningTmuxTimeout()
    }

    /// Types `text` literally, then Enter.
    func answer(_ text: String) throws {
        if !text.isEmpty { try tmux(["send-keys", "-t", name, "-l", text]) }
        try tmux(["send-keys", "-t", name, "Enter"])
    }

    func kill() {
        _ = try? tmux(["kill-session", "-t", name])
    }
}

struct PlanningTmuxTimeout: Error {}

/// Quotes a word for a POSIX shell.
func planningShellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
