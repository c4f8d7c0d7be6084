import CharflowTestSupport
import Foundation
import Testing

/// `habit grid` looked at in a real terminal: tmux runs the built binary in a pane, `capture-pane -e`
/// keeps the colours it drew. Needs tmux (`apt-get install -y tmux`); the test fails, not skips, without it.
@Suite("End to end · habit grid in a terminal")
struct EndToEndHabitGridTerminalTests {
    static let now = "2026-11-30T09:00"

    /// A store with a counted habit whose grid has every state: complete, partialHigh, partialLow, missed,
    /// today's empty cell and unscheduled days before it existed.
    static func seeded() throws -> (CharflowRunner, String) {
        let runner = try CharflowRunner()
        let water = try runner.addHabit("Water", ["--kind", "counted", "--target", "4"], now: "2026-11-18T09:00")
        try runner.ok(["habit", "log", water, "--count", "4"], now: "2026-11-26T20:00")
        try runner.ok(["habit", "log", water, "--count", "2"], now: "2026-11-27T20:00")
        try runner.ok(["habit", "log", water, "--count", "1"], now: "2026-11-28T20:00")
        try runner.ok(["habit", "log", water, "--count", "3"], now: "2026-11-30T08:00")
        return (runner, water)
    }

    static func tmuxPath() -> String? {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux", "/opt/homebrew/bin/tmux"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `charflow ARGS` in a detached tmux pane with `env` set, waits for it to finish drawing and
    /// returns `capture-pane -p -e` (text with its escape sequences). The tmux server is this test's own.
    static func capture(_ runner: CharflowRunner, _ arguments: [String], env: [String: String], unset: [String] = [])
        throws -> String
    {
        let tmux = try #require(tmuxPath(), "tmux is needed for the terminal check: apt-get install -y tmux")
        let socket = "cf-habit-\(UUID().uuidString.prefix(8))"
        var environment = runner.environment()
        let sockets = try SocketFolder.make()
        defer { try? FileManager.default.removeItem(atPath: sockets) }
        environment["TMUX_TMPDIR"] = sockets
        environment["TERM"] = "xterm-256color"
        environment.removeValue(forKey: "TMUX")
        // An empty configuration, so the user's own cannot change what the pane shows.
        let config = runner.folder.appendingPathComponent("tmux.conf")
        try "".write(to: config, atomically: true, encoding: .utf8)
        // tmux's server keeps every descriptor it inherits, Foundation's own among them, which would hold up
        // every other process wait in this test run while it lives: start tmux with only 0, 1 and 2 open.
        func tmuxProcess(_ args: [String], output: Pipe?) throws -> Process {
            let process = Process()
            let tmuxArguments = ["-L", socket, "-f", config.path] + args
            if FileManager.default.isExecutableFile(atPath: "/bin/bash") {
                process.executableURL = URL(fileURLWithPath: "/bin/bash")
                process.arguments = ["-c", """
                    for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done 2>/dev/null
                    exec "$@"
                    """, "bash", tmux] + tmuxArguments
            } else {
                process.executableURL = URL(fileURLWithPath: tmux)
                process.arguments = tmuxArguments
            }
            process.environment = environment
            process.standardOutput = output ?? FileHandle.nullDevice
            process.standardError = output ?? FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            return process
        }
        func tmuxRun(_ args: [String]) throws -> (Int32, String) {
            let out = Pipe()
            let process = try tmuxProcess(args, output: out)
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        func quote(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        var words = ["env"] + unset.flatMap { ["-u", $0] }
        for (key, value) in runner.environment().merging(env, uniquingKeysWith: { _, new in new }).sorted(by: { $0.key < $1.key }) {
            words.append("\(key)=\(value)")
        }
        words += [CharflowRunner.binary.path] + arguments + ["--now", now]
        let marker = "charflow-done-\(socket)"
        // The pane's shell stays alive after the marker: with `remain-on-exit`, tmux 3.3 could mark a pane
        // that ended at once dead before it had read what it drew, and capture an empty screen. The `cat`
        // waits on the pane's terminal and ends when the server is killed and its reads fail (a hang-up
        // signal would not end it: the pane inherits the test run's blocked signals).
        let command = words.map(quote).joined(separator: " ") + "; echo " + marker + "; exec cat >/dev/null"
        // The server `new-session` starts inherits the launcher's descriptors, so Foundation would only see
        // the launch end with the server: it is not waited for until the server has been killed.
        let session = try tmuxProcess(["new-session", "-d", "-x", "160", "-y", "50", command], output: nil)
        // The server inherits the test run's blocked signal mask, so `kill-server` (SIGTERM to itself) may
        // not end it: it is ended by its own pid, with SIGKILL.
        defer {
            if let (_, pid) = try? tmuxRun(["display-message", "-p", "#{pid}"]),
               let serverPID = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)), serverPID > 1 {
                kill(serverPID, SIGKILL)
            }
            session.waitUntilExit()
        }
        // The loop ends as soon as the marker shows; the long bound only keeps a pane that starts slowly
        // on a loaded machine (the whole suite starts hundreds of processes at once) from being taken
        // for one that drew nothing.
        let deadline = Date().addingTimeInterval(60)
        var screen = ""
        while Date() < deadline {
            let (_, captured) = try tmuxRun(["capture-pane", "-p", "-e"])
            screen = captured
            if captured.contains(marker) { break }
            usleep(50_000)
        }
        expectContains(screen, marker, "charflow did not finish in the pane: \(screen)")
        return screen
    }

    /// The escape for a 24-bit foreground colour.
    static func rgb(_ r: Int, _ g: Int, _ b: Int) -> String { "\u{1B}[38;2;\(r);\(g);\(b)m" }

    @Test("H-19 in a truecolor terminal (tmux) the grid's cells carry 24-bit density colours and the label sits beside the grid")
    func trueColour() throws {
        let (runner, water) = try Self.seeded()
        let screen = try Self.capture(runner, ["habit", "grid", water, "--weeks", "3"],
                                      env: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        expectContains(screen, Self.rgb(0x1F, 0x6A, 0x58), "complete (d3)")
        expectContains(screen, Self.rgb(0x5F, 0xA5, 0x8C), "partialHigh (d2)")
        expectContains(screen, Self.rgb(0xB8, 0xDD, 0xD0), "partialLow (d1)")
        expectContains(screen, Self.rgb(0xB5, 0x57, 0x3B), "missed")
        expectLacks(screen, "\u{1B}[38;5;", "no 256-colour fallback where truecolor is on")
        let lines = screen.split(separator: "\n").map(String.init)
        let first = try #require(lines.first { habitStripEscapes($0).hasPrefix("Mon ") })
        let plain = habitStripEscapes(first)
        expectTrue(plain.hasSuffix("today 3/4"), "the label is beside the first row: \(plain)")
        // The label is outside the cells: everything before it holds no numeral.
        let cells = plain.replacingOccurrences(of: "today 3/4", with: "").dropFirst(4)
        expectTrue(!cells.contains { $0.isNumber }, "a cell holds a numeral: \(plain)")
        expectContains(first, "\u{1B}[38;2;", "the first row is drawn in colour")
        expectContains(screen, "Missed 9 of the last 12. 2 partly.")
        expectLacks(screen, "x ", "no plain glyphs in colour")
    }

    @Test("H-19 in a 256-colour terminal (tmux, no COLORTERM) the cells use 256-colour escapes")
    func colour256() throws {
        let (runner, water) = try Self.seeded()
        let screen = try Self.capture(runner, ["habit", "grid", water, "--weeks", "3"], env: ["TERM": "xterm-256color"],
                                      unset: ["COLORTERM"])
        expectContains(screen, "\u{1B}[38;5;29m", "complete")
        expectContains(screen, "\u{1B}[38;5;131m", "missed")
        expectLacks(screen, "\u{1B}[38;2;")
    }

    @Test("H-19 with NO_COLOR=1 in the terminal (tmux) there are no escapes, only the plain glyphs")
    func noColour() throws {
        let (runner, water) = try Self.seeded()
        let screen = try Self.capture(runner, ["habit", "grid", water, "--weeks", "3"],
                                      env: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"])
        let grid = screen.components(separatedBy: "charflow-done-").first ?? screen
        expectLacks(grid, "\u{1B}[", "escapes with NO_COLOR: \(grid.debugDescription)")
        Self.expectPlainGrid(grid)
    }

    @Test("H-19 through a pipe the grid has no escapes, only the plain glyphs, even when the terminal says truecolor")
    func pipe() throws {
        let (runner, water) = try Self.seeded()
        let result = try runner.run(["habit", "grid", water, "--weeks", "3"], now: Self.now,
                                    extra: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
        expectEqual(result.status, 0)
        expectLacks(result.stdout, "\u{1B}")
        Self.expectPlainGrid(result.stdout)
    }

    /// Weeks of 16, 23 and 30 November: created on Wed 18th (earlier days blank), 26th complete, 27th
    /// partialHigh, 28th partialLow, other past days missed, today (3 of 4 so far) partialHigh.
    static func expectPlainGrid(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func row(_ name: String) -> String {
            rows.first { $0.hasPrefix(name + " ") }?.trimmingCharacters(in: .whitespaces) ?? "absent"
        }
        #expect(row("Mon") == "Mon   x ▒   today 3/4", sourceLocation: sourceLocation)
        #expect(row("Tue") == "Tue   x", sourceLocation: sourceLocation)
        #expect(row("Wed") == "Wed x x", sourceLocation: sourceLocation)
        #expect(row("Thu") == "Thu x █", sourceLocation: sourceLocation)
        #expect(row("Fri") == "Fri x ▒", sourceLocation: sourceLocation)
        #expect(row("Sat") == "Sat x ░", sourceLocation: sourceLocation)
        #expect(row("Sun") == "Sun x x", sourceLocation: sourceLocation)
        #expect(text.contains("Missed 9 of the last 12. 2 partly."), sourceLocation: sourceLocation)
        #expect(text.contains("█ done  ▒ half or more  ░ some  x missed  · not yet / nothing"), sourceLocation: sourceLocation)
        // Row order: Monday first, as the first weekday says.
        let order = rows.compactMap { line in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].first { line.hasPrefix($0 + " ") } }
        #expect(order == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], sourceLocation: sourceLocation)
    }
}
