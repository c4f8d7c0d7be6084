import CharflowStore
import Foundation
import CharflowTestSupport
import Testing
@testable import charflow

/// The built binary itself (the debug build, or the install build `CHARFLOW_TEST_BINARY` names): every
/// command once, its exit statuses, and what only a process can show (the bytes of its arguments, a
/// limit on its address space).
///
/// The command line's behaviour is tested in this test process (every other suite of this target);
/// these check that the binary is that command line, linked and started as it is installed.
@Suite("End to end · the built binary: every command, exit statuses, its arguments and memory")
struct EndToEndCommandTests {
    static let now = "2026-11-30T09:00"

    @Test("--version prints the version and exits 0")
    func version() throws {
        let runner = try CharflowRunner().spawning
        defer { runner.removeFolder() }
        let result = try runner.run(["--version"], now: nil)
        expectEqual(result.status, 0)
        expectTrue(result.stdout.hasPrefix("charflow "))
    }

    @Test("Every command runs in the built binary on one store through a day, against a real hub: exit 0 and its own words")
    func everyCommand() throws {
        let cf = try CharflowRunner().spawning
        defer { cf.removeFolder() }
        var ran: Set<String> = []
        func step(_ arguments: [String], says words: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let result = try cf.ok(arguments, now: Self.now, sourceLocation: sourceLocation)
            // A file's export says so on stderr, beside nothing on stdout.
            #expect((result.stdout + result.stderr).contains(words),
                    "charflow \(arguments.joined(separator: " ")): \(result.stdout) \(result.stderr)", sourceLocation: sourceLocation)
            ran.insert(arguments[0])
        }
        let report = try cf.add("Write report", ["--region", "morning", "--bucket", "must"])
        ran.insert("add")
        let call = try cf.add("Call Sam")
        try step(["today"], says: "Write report")
        try step(["show", report], says: "Write report")
        try step(["edit", report, "--notes", "- [ ] outline"], says: "Edited")
        try step(["check", report, "1"], says: "Checked")
        try step(["note", report, "started"], says: "Noted")
        try step(["move", call, "--region", "afternoon"], says: "Afternoon · Misc 1/5")
        try step(["reorder", call, "--position", "1"], says: "Reordered")
        try step(["region", "afternoon"], says: "Call Sam")
        try step(["begin", report], says: "Began “Write report”")
        try step(["pause"], says: "Paused")
        try step(["resume"], says: "Resumed")
        try step(["status"], says: "Write report")
        try step(["finish", "--done"], says: "Done: “Write report”")
        try step(["undone", report], says: "Not done")
        try step(["done", report], says: "Done:")
        try step(["history"], says: "Write report")
        try step(["defer", call], says: "due tomorrow")
        try step(["upcoming"], says: "Call Sam")
        try step(["list"], says: "Call Sam")
        try step(["backlog"], says: "Backlog")
        try step(["delete", call], says: "Deleted")
        try step(["undo"], says: "Undid delete")
        try step(["purge", call], says: "Purged")
        try step(["category", "add", "Garden"], says: "Added category Garden")
        try step(["filter", "Garden"], says: "Garden only")
        try step(["habit", "add", "Water", "--kind", "counted", "--target", "8"], says: "“Water”")
        try step(["habits"], says: "Water")
        try step(["group", "add", "Health"], says: "Added group Health")
        try step(["plan", "review"], says: "Review · Monday 30 November 2026")
        try step(["anchor", "add", "Standup", "--at", "09:30", "--for", "15m", "--weekdays"], says: "“Standup” — 09:30, 15 min, weekdays")
        try step(["settings", "location", "51.5074,-0.1278"], says: "51.5074,-0.1278")
        try step(["prayers"], says: "Prayer times at 51.5074,-0.1278")
        // A calendar file read through libical, which the binary opens at run time.
        let calendar = cf.folder.appendingPathComponent("personal.ics")
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Charflow tests//EN\r\nBEGIN:VEVENT\r\nUID:dentist@example.org\r\n"
            + "DTSTAMP:20261101T000000Z\r\nDTSTART:20261130T140000Z\r\nDTEND:20261130T150000Z\r\nSUMMARY:Dentist\r\n"
            + "END:VEVENT\r\nEND:VCALENDAR\r\n").utf8).write(to: calendar)
        try step(["calendar", "add", "Personal", calendar.path], says: "Added calendar Personal: 1 event")
        try step(["remind", "--dry-run", "--json"], says: "reminders")
        try step(["review", "--week", "this"], says: "Must-Dos: 1 of 1 done.")
        try step(["stats", "--weeks", "2"], says: "2026-W49")
        let backup = cf.folder.appendingPathComponent("backup.json").path
        try step(["export", "--out", backup], says: "Exported to")
        try step(["import", backup, "--dry-run"], says: "dry run")
        try step(["settings"], says: "rollover-time")
        try step(["privacy"], says: cf.storePath)
        try step(["conflicts"], says: "No conflicts")
        try step(["serve", "--sign-out"], says: "signed out")
        // libqrencode is opened only when a pairing link is drawn; the list needs no server.
        try step(["pair", "--list"], says: "No browser is paired.")
        // libpq and libcrypto are opened at run time: a real hub shows the build finds them.
        let hub = try PostgresHub()
        try step(["hub", "init", hub.url], says: "The hub is ready")
        try step(["sync"], says: "Synced. Sent")
        try step(["hub", "devices", "--json"], says: "devices")
        try step(["erase", "--yes"], says: "Erased")
        try step(["help"], says: "Commands:")
        // `open` leaves a server running; `EndToEndServeTests` starts and finds one with it.
        expectEqual(Set(CLI.commands.map { $0.name }).subtracting(ran), ["open"])
    }

    @Test("The built binary's exit statuses: 0 done, 1 refused (one line, the --json error document), 2 usage")
    func exitStatuses() throws {
        let cf = try CharflowRunner().spawning
        defer { cf.removeFolder() }
        let id = try cf.add("Only one", ["--region", "morning", "--bucket", "must"], now: Self.now)
        let full = try cf.run(["add", "Second", "--region", "morning", "--bucket", "must"], now: Self.now)
        expectEqual(full.status, 1)
        expectEmpty(full.stdout)
        expectEqual(full.stderrLines, ["charflow: " + regionFullMessage("Morning")], "\(full.stderr)")
        let json = try cf.run(["--json", "add", "Second", "--region", "morning", "--bucket", "must"], now: Self.now)
        expectEqual(json.status, 1)
        try expectEqual(json.errorDocument().code, "region_full")
        let usage = try cf.run(["add", "Third", "--frobnicate"], now: Self.now)
        expectEqual(usage.status, 2, "\(usage.stderr)")
        expectContains(usage.stderr, "Unknown option --frobnicate", "\(usage.stderr)")
        let unknown = try cf.run(["frobnicate"], now: Self.now)
        expectEqual(unknown.status, 2)
        expectContains(unknown.stderr, "Unknown command 'frobnicate'")
        try expectEqual(cf.run(["done", id], now: Self.now).status, 0)
    }

    @Test("an argument that is not UTF-8 is refused (exit 2) and nothing is stored")
    func invalidUTF8Argument() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", now: Self.now)
        let before = try cf.contents()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" add \"$(printf 'caf\\351')\" --now 2026-11-30T09:00", CharflowRunner.binary.path]
        process.environment = cf.environment()
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 2, "\(stderr)")
        expectContains(stderr, "Argument 2 is not UTF-8", "\(stderr)")
        try expectEqual(cf.contents(), before)
    }

    @Test("X-5 a large backup wrong from its first row is refused there, in a fraction of the memory its rows would take")
    func largeMalformedBackupStaysSmall() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", now: Self.now)
        let before = try cf.contents()
        // 16 MB of small rows, each wrong (an id that is no text): parsed whole, their objects need over
        // 600 MB; read row by row, the refusal comes at the first.
        let file = cf.folder.appendingPathComponent("wrong-rows.json")
        var text = #"{"format": "charflow-backup", "version": 1, "tables": {"tasks": ["#
        text += Array(repeating: #"{"id": 1}"#, count: 1_600_000).joined(separator: ",")
        text += "]}}"
        try Data(text.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // 400 MB of address space: the binary and the file's bytes fit, its rows as objects do not.
        process.arguments = ["-c", #"ulimit -v 409600 && exec "$0" "$@""#, CharflowRunner.binary.path,
                             "import", file.path, "--from", "charflow", "--now", Self.now]
        process.environment = cf.environment(extra: [:])
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(process.terminationStatus): \(message)")
        expectContains(message, "tasks[1].id", "\(message)")
        try expectEqual(cf.contents(), before)
    }

    @Test("X-5 a 40 MB Taskwarrior export of tasks that cannot be read is refused within 400 MB of address space, not killed")
    func largeMalformedTaskwarriorStaysSmall() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.add("Keep me", now: Self.now)
        let before = try cf.contents()
        // Descriptions that are numbers: parsed whole, the objects needed about a gigabyte and the process
        // died of a bad pointer when memory ran out; read one element at a time, it needs a fraction.
        let file = cf.folder.appendingPathComponent("export.json")
        var lines: [String] = []
        lines.reserveCapacity(220_000)
        for n in 0..<220_000 {
            lines.append(#"{"uuid":"\#(UUID().uuidString)","description":\#(n),"status":"pending","entry":"20261120T090000Z","project":"Work"}"#)
        }
        try Data(("[" + lines.joined(separator: ",\n") + "]").utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"ulimit -v 409600 && exec "$0" "$@""#, CharflowRunner.binary.path,
                             "import", file.path, "--now", Self.now]
        process.environment = cf.environment(extra: [:])
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(process.terminationStatus): \(message.prefix(400))")
        expectContains(message, "task 1 (description): expected text", "\(message.prefix(400))")
        try expectEqual(cf.contents(), before)
    }
}
