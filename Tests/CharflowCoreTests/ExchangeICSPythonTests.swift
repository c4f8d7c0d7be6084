import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The `.ics` read back by Python's `icalendar` and expanded by `recurring-ical-events` (issue 7, Done when).
///
/// Needs Python with `icalendar` and `recurring-ical-events`: `scripts/test` installs them into
/// `.build/python` and names that interpreter in `CHARFLOW_PYTHON`. Without them the test fails and says
/// so — it never skips.
@Suite("Exchange · iCalendar checked by Python (X-2)")
struct ExchangeICSPythonTests {
    typealias F = ExchangeFixture

    /// Occurrences compared per repeating task: the due date and the next 24.
    static let following = 24

    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support").appendingPathComponent("check_ics.py")
    }

    /// The due date and the next `following` dates Charflow gives, chained through `RepeatRule.next` the way
    /// `TaskItem.nextInstance` does when each instance is completed on its day.
    static func charflowDates(_ task: TaskItem) -> [String] {
        guard var due = task.dueDate else { return [] }
        let dayOfMonth = task.repeatKind == .monthly && task.repeatDayOfMonth == 0 ? due.day : task.repeatDayOfMonth
        var days = [due]
        for _ in 0..<following {
            guard let next = RepeatRule.next(kind: task.repeatKind, after: due, due: due,
                                             weekdays: RepeatRule.weekdays(task.repeatWeekdays),
                                             dayOfMonth: dayOfMonth) else { break }
            days.append(next)
            due = next
        }
        return days.map(\.description)
    }

    static func uid(_ task: TaskItem) -> String {
        task.id.uuidString.lowercased() + "@charflow"
    }

    @Test("X-2 Python's icalendar parses the export, finds the required properties, and recurring-ical-events expands each RRULE to Charflow's next 24 dates")
    func pythonAgrees() throws {
        let repeating = [
            F.task("Daily stretch", id: 1, due: "2026-01-30", repeat: .daily),
            F.task("Timesheet, Mondays & Fridays", id: 2, due: "2026-01-02", repeat: .weekly, weekdays: "1,5"),
            F.task("Bins; weekly on the due date's day", id: 3, due: "2026-01-07", repeat: .weekly),
            F.task("Rent on the 31st", id: 4, due: "2026-01-31", repeat: .monthly, dayOfMonth: 31),
            F.task("Invoice on the 30th", id: 5, due: "2027-12-30", repeat: .monthly, dayOfMonth: 30),
            F.task("Report on the 29th", id: 6, due: "2027-11-29", repeat: .monthly, dayOfMonth: 29),
            F.task("Mid-month review", id: 7, due: "2026-01-15", repeat: .monthly, dayOfMonth: 15),
            F.task("Day filled from the due date", id: 8, due: "2026-05-31", repeat: .monthly),
            F.task("Clamped instance of the 31st", id: 9, due: "2026-02-28", repeat: .monthly, dayOfMonth: 31),
        ]
        var once = F.task("Écrire à Zoë — 日本語 and a long title that has to fold past seventy-five octets 🧭", id: 20,
                          due: "2026-03-05", importance: .high)
        once.notes = "Line one, with a comma; and a semicolon\nLine two \\ backslash"
        once.categoryID = F.id(99)
        var done = F.task("Done already", id: 21, due: "2026-01-10", importance: .medium, repeat: .weekly)
        done.isCompleted = true
        done.completedAt = F.utc("2026-01-10T15:00:00Z")
        let ics = ICalendarExport.document(tasks: repeating + [once, done], categoryNames: [F.id(99): "Home, garden"],
                                           calendar: F.calendar())

        var expected: [String: [String]] = [:]
        for task in repeating { expected[Self.uid(task)] = Self.charflowDates(task) }
        expectEqual(expected[Self.uid(repeating[3])]?.prefix(4), ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"])
        expectEqual(expected[Self.uid(repeating[4])]?.contains("2028-02-29"), true)
        expectEqual(expected[Self.uid(repeating[5])]?.contains("2029-02-28"), true)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("charflow-ics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let icsFile = folder.appendingPathComponent("export.ics")
        let expectedFile = folder.appendingPathComponent("expected.json")
        try Data(ics.utf8).write(to: icsFile)
        try JSONSerialization.data(withJSONObject: ["occurrences": expected], options: [.sortedKeys]).write(to: expectedFile)

        let result = try Self.runChecker(ics: icsFile, expected: expectedFile, folder: folder)
        let problems = result["problems"] as? [String] ?? ["no problems list in the checker's output"]
        expectEqual(result["ok"] as? Bool, true, "check_ics.py found problems: \(problems.joined(separator: "; "))")
        expectEmpty(problems, "\(problems)")

        let todos = try #require(result["todos"] as? [String: [String: Any]], "no todos in the checker's output")
        expectEqual(todos.count, repeating.count + 2)
        for task in repeating {
            let todo = try #require(todos[Self.uid(task)], "Python found no VTODO \(task.title)")
            let dates = todo["dates"] as? [String] ?? []
            expectEqual(dates, expected[Self.uid(task)], "\(task.title): Python \(dates) vs Charflow \(expected[Self.uid(task)]!)")
            expectEqual(dates.count, Self.following + 1)
            let properties = Set(todo["properties"] as? [String] ?? [])
            for name in ["UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "SUMMARY", "DUE", "DTSTART", "STATUS", "PRIORITY",
                         "RRULE", "X-CHARFLOW-SERIES", "X-CHARFLOW-IMPORTANCE"] {
                expectContains(properties, name, "\(task.title): no \(name)")
            }
            expectEqual(todo["summary"] as? String, task.title)
            expectEqual(todo["status"] as? String, "NEEDS-ACTION")
        }
        let plain = try #require(todos[Self.uid(once)])
        expectEqual(plain["summary"] as? String, once.title)
        expectEqual(plain["description"] as? String, once.notes)
        expectEqual(plain["categories"] as? [String], ["Home, garden"])
        expectEqual(plain["priority"] as? Int, 1)
        expectEqual(plain["due"] as? String, "2026-03-05")
        expectTrue(plain["rrule"] is NSNull)
        let finished = try #require(todos[Self.uid(done)])
        expectEqual(finished["status"] as? String, "COMPLETED")
        expectEqual(finished["priority"] as? Int, 5)
        expectTrue(finished["rrule"] is NSNull)
        expectContains((finished["properties"] as? [String] ?? []), "COMPLETED")
    }

    static let install = "Run the tests with `scripts/test`, which installs them, or `pip install icalendar recurring-ical-events`."

    /// Runs `python3 Tests/Support/check_ics.py` and returns its JSON verdict; a missing interpreter or module
    /// is a failure with the fix in its message.
    static func runChecker(ics: URL, expected: URL, folder: URL) throws -> [String: Any] {
        let script = Self.script
        try #require(FileManager.default.fileExists(atPath: script.path), "the checker is missing at \(script.path)")
        let outFile = folder.appendingPathComponent("stdout.json")
        let errFile = folder.appendingPathComponent("stderr.txt")
        try Data().write(to: outFile)
        try Data().write(to: errFile)
        let process = Process()
        // `scripts/test` names the interpreter of its virtual environment; otherwise python3 from PATH.
        if let python = ProcessInfo.processInfo.environment["CHARFLOW_PYTHON"], !python.isEmpty {
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [script.path, ics.path, expected.path]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, ics.path, expected.path]
        }
        let out = try FileHandle(forWritingTo: outFile)
        let err = try FileHandle(forWritingTo: errFile)
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            Issue.record("could not start \(process.executableURL?.path ?? "python3"): \(error). \(Self.install)")
            throw error
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        let stdout = (try? String(contentsOf: outFile, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
        switch process.terminationStatus {
        case 0: break
        case 127:
            Issue.record("python3 is not on PATH, so the .ics cannot be checked. \(Self.install) \(stderr)")
        case 3:
            Issue.record("Python modules are missing: \(stdout) \(stderr)")
        default:
            Issue.record("check_ics.py exited \(process.terminationStatus): \(stdout) \(stderr)")
        }
        try #require(process.terminationStatus == 0, "the Python check did not run")
        let json = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(json as? [String: Any], "check_ics.py printed no JSON object: \(stdout) \(stderr)")
    }
}
