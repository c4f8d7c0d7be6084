import CharflowTestSupport
import Foundation
import Testing

/// What the built binary shows on a terminal, beside `EndToEndHabitGridTerminalTests` and
/// `EndToEndPlanningInteractiveTests`: colour or none (tmux), an import's progress (`script`).
@Suite("End to end · output on a terminal")
struct EndToEndTerminalOutputTests {
    static let now = "2026-11-30T09:00"

    @Test("P-7 color off makes output plain on a terminal (tmux); piped output is always plain")
    func colorOffOnATerminal() throws {
        try #require(PlanningTmux.isAvailable, "tmux is needed (apt-get install -y tmux)")
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.add("Colourful", ["--region", "morning", "--bucket", "must"], now: "2026-11-30T09:00")
        let piped = try cf.ok(["today"], now: "2026-11-30T09:00").stdout
        expectLacks(piped, "\u{1B}[", "piped output has no escapes")

        func onTerminal() throws -> String {
            let line = "env -i HOME=/tmp PATH=/usr/bin:/bin CHARFLOW_DB=\(planningShellQuoted(cf.storePath)) TZ=Europe/London LANG=C.UTF-8 TERM=xterm-256color "
                + "\(planningShellQuoted(CharflowRunner.binary.path)) today --now 2026-11-30T09:00; echo DONE-$?; sleep 60"
            let pane = try PlanningTmux(command: line)
            defer { pane.kill() }
            try pane.waitFor("DONE-0")
            return try pane.capture(escapes: true)
        }
        let coloured = try onTerminal()
        expectContains(coloured, "\u{1B}[", "colour on a terminal by default")
        expectContains(coloured, "Colourful")
        try cf.ok(["settings", "color", "off"], now: "2026-11-30T09:00")
        let plain = try onTerminal()
        expectContains(plain, "Colourful")
        expectLacks(plain, "\u{1B}[", "color off: plain text even on a terminal:\n\(plain)")
    }

    @Test("X-4 a long import shows its progress on a terminal's stderr, and none when piped")
    func progress() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let file = cf.folder.appendingPathComponent("many.txt")
        try Data((0..<2500).map { "Task number \($0)\n" }.joined().utf8).write(to: file)
        let piped = try cf.run(["import", file.path, "--dry-run"], now: Self.now)
        expectEqual(piped.status, 0)
        expectLacks(piped.stderr, "Importing", "\(piped.stderr)")
        let script = try #require(["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "script(1) gives the import a terminal")
        let typescript = cf.folder.appendingPathComponent("typescript").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qec", "'\(CharflowRunner.binary.path)' import '\(file.path)' --now \(Self.now)", typescript]
        process.environment = cf.environment()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 0)
        let shown = String(decoding: FileManager.default.contents(atPath: typescript) ?? Data(), as: UTF8.self)
        expectContains(shown, "Importing: 2000 of 2500 tasks", "\(shown)")
        expectContains(shown, "Imported 2500 tasks.", "\(shown)")
    }
}
