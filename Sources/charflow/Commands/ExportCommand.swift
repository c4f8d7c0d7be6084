import CharflowCore
import CharflowStore
import Foundation

/// `charflow export [--format json|ics|csv] [--table tasks|habits|entries] [--out FILE]`.
enum ExportCommand: Command {
    static let name = "export"
    static let usage = "charflow export [--format json|ics|csv] [--table tasks|habits|entries] [--out FILE]"
    static let summary = "Export everything (json, lossless), tasks as iCalendar (ics), or CSV"
    static let options: Set<String> = ["format", "out", "table"]
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let format = (context.args.value("format") ?? "json").lowercased()
        guard Exchange.exportFormats.contains(format) else {
            throw PlannerError.invalidWord(what: "format", given: format, expected: Exchange.exportFormats.joined(separator: ", "))
        }
        if context.args.value("table") != nil, format != "csv" {
            throw UsageError(message: "--table chooses a CSV table; it does not go with --format \(format).\nUsage: \(usage)")
        }
        let planner = try context.planner()
        let out = context.args.value("out")
        // Written through the path `--out` names, and replaced only once whole (see `ExportFile`).
        let file = try out.map { try ExportFile(path: $0) }
        let descriptor = file?.descriptor ?? FileHandle.standardOutput.fileDescriptor
        var damaged: [String] = []
        do {
            if format == "json" {
                var writer = BackupWriter(descriptor: descriptor)
                damaged = try writer.write(planner)
            } else {
                let document = try Exchange.export(planner, format: format, table: context.args.value("table") ?? "tasks")
                try ExportFile.write(Array(document.utf8), to: descriptor)
            }
            try file?.commit()
        } catch {
            file?.abandon()
            throw error
        }
        // A damaged store's export holds what could be read, and says what could not (exit 1).
        if !damaged.isEmpty { throw PlannerError.exportSalvaged(damaged) }
        if let out { FileHandle.standardError.write(Data("Exported to \(out).\n".utf8)) }
    }
}

/// `charflow import FILE [--from charflow|taskwarrior|todotxt] [--dry-run]`.
enum ImportCommand: Command {
    static let name = "import"
    static let usage = "charflow import FILE [--from charflow|taskwarrior|todotxt] [--dry-run]"
    static let summary = "Import a Charflow backup (merge by id), a Taskwarrior export or a todo.txt file"
    static let options: Set<String> = ["from", "dry-run"]

    static func run(_ context: Context) throws {
        guard let path = context.args.words.first else { throw UsageError(message: "Which file?\nUsage: \(usage)") }
        // Refused before it is read, so a huge file costs no memory.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int { try ImportGuard.checkSize(size) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlannerError.invalidWord(what: "file", given: path, expected: "a file Charflow can read")
        }
        guard let source = try Exchange.detect(data, declared: context.args.value("from")) else {
            return context.output.emit(text: Messages.nothingToImport, json: .object([("source", .null), ("inserted", .int(0))]))
        }
        let dryRun = context.args.has("dry-run")
        // A dry run creates no store: without one it runs against an empty store made for the run.
        let storePath = Context.storePath(context.args.value("db"), context.environment)
        let scratch = dryRun && !FileManager.default.fileExists(atPath: storePath)
            ? FileManager.default.temporaryDirectory.appendingPathComponent("charflow-dry-run-" + UUID().uuidString) : nil
        defer { scratch.map { try? FileManager.default.removeItem(at: $0) } }
        let planner = try context.planner(path: scratch?.appendingPathComponent("store.sqlite").path)
        let lines: [String]
        var json: [(String, JSONValue)] = [("source", .string(source.rawValue)), ("dryRun", .bool(dryRun))]
        switch source {
        case .charflow:
            let document: Any
            do {
                document = try JSONSerialization.jsonObject(with: data)
            } catch {
                throw ImportError(place: "file", message: "not valid JSON")
            }
            let report = try planner.importBackup(document, dryRun: dryRun)
            lines = Exchange.describe(report, dryRun: dryRun)
            json.append(("inserted", .int(report.totalInserted)))
            json.append(("updated", .int(report.totalUpdated)))
            json.append(("replaced", .bool(report.replaced)))
            json.append(("tables", .object(Backup.tables.map { table in
                (table.name, .object([("inserted", .int(report.inserted[table.name] ?? 0)),
                                      ("updated", .int(report.updated[table.name] ?? 0)),
                                      ("unchanged", .int(report.unchanged[table.name] ?? 0)),
                                      ("skipped", .int(report.skipped[table.name] ?? 0)),
                                      ("removed", .int(report.removed[table.name] ?? 0))]))
            })))
        case .taskwarrior, .todotxt:
            // On a terminal, a long import says how far it is (stderr; never with --json or when piped).
            let showProgress = isatty(STDERR_FILENO) == 1 && !context.output.json
            let progress: ((Int, Int) -> Void)? = showProgress ? { ImportProgress.show($0, $1) } : nil
            let (summary, report) = try Exchange.importTasks(data, source: source, planner: planner, dryRun: dryRun,
                                                             progress: progress)
            if showProgress { ImportProgress.clear() }
            lines = summary.lines + Exchange.describe(report, dryRun: dryRun) + (dryRun ? summary.remarks : [])
            json.append(("inserted", .int(report.totalInserted)))
            json.append(("updated", .int(report.totalUpdated)))
            json.append(("summary", .array(summary.lines.map(JSONValue.string))))
            json.append(("notImported", .array(summary.problems.map { .object([("place", .string($0.place)), ("message", .string($0.message))]) })))
        }
        context.output.emit(text: lines.joined(separator: "\n"), json: .object(json))
    }
}

/// The glue between the command line and the exchange formats.
enum Exchange {
    static let exportFormats = ["json", "ics", "csv"]

    /// The iCalendar or CSV document; `json`, the backup, is streamed by `BackupWriter` instead.
    static func export(_ planner: Planner, format: String, table: String) throws -> String {
        switch format {
        case "csv":
            switch table.lowercased() {
            case "tasks":
                return CSVExport.tasks(try planner.list(all: true), categoryNames: try planner.categoryNames(),
                                       calendar: planner.calendar)
            case "habits":
                let export = try planner.habitExport()
                return CSVExport.habits(export.habits, windows: export.windows)
            case "entries":
                return CSVExport.entries(try planner.habitExport().cells)
            default:
                throw PlannerError.invalidWord(what: "table", given: table, expected: "tasks, habits or entries")
            }
        default:
            return ICalendarExport.document(tasks: try planner.list(all: true), categoryNames: try planner.categoryNames(),
                                            calendar: planner.calendar)
        }
    }

    /// Parses a Taskwarrior or todo.txt file and merges its tasks; returns the summary and the report.
    static func importTasks(_ data: Data, source: Source, planner: Planner, dryRun: Bool,
                            progress: ((Int, Int) -> Void)? = nil) throws
        -> (summary: (lines: [String], problems: [ImportError], remarks: [String]), report: Backup.Report)
    {
        let parsed = source == .taskwarrior
            ? try TaskwarriorImport.parse(data, calendar: planner.calendar, now: planner.now)
            : try TodoTxtImport.parse(data, calendar: planner.calendar, now: planner.now)
        let (report, notes) = try planner.importTasks(parsed.tasks, dryRun: dryRun, progress: progress)
        // A dry run says, task by task, what was made of fields that had no plain place (issue 17).
        let remarked = parsed.tasks.filter { !$0.remarks.isEmpty }
        var remarks = remarked.prefix(50).map { "  \($0.place) “\($0.task.title)”: " + $0.remarks.joined(separator: "; ") + "." }
        if remarked.count > 50 { remarks.append("  … and \(remarked.count - 50) more tasks with fields kept in their notes.") }
        return ((parsed.summary.lines + notes, parsed.summary.problems, remarks), report)
    }

    typealias Source = ImportFormat

    /// The file's format (see `ImportFormat`), or nil when it holds nothing to import. Refuses what is
    /// not text, and text of a kind Charflow cannot import.
    static func detect(_ data: Data, declared: String?) throws -> Source? {
        let text = try ImportGuard.text(data)
        if ImportFormat.isEmpty(text) { return nil }
        guard let source = try ImportFormat.recognise(text, declared: declared) else {
            throw PlannerError.invalidWord(what: "source", given: declared ?? "", expected: "charflow, taskwarrior or todotxt")
        }
        return source
    }

    static func describe(_ report: Backup.Report, dryRun: Bool) -> [String] {
        var lines = [dryRun ? "Nothing was changed (dry run). The import would:" : (report.replaced ? "Restored the backup:" : "Merged:")]
        let verb = dryRun ? ("add", "update", "keep", "leave out", "remove") : ("added", "updated", "kept", "left out", "removed")
        for table in Backup.tables {
            let parts = [(report.inserted[table.name] ?? 0, verb.0), (report.updated[table.name] ?? 0, verb.1),
                         (report.unchanged[table.name] ?? 0, verb.2 + " as they were"),
                         (report.skipped[table.name] ?? 0, verb.3 + " (deleted here later)"),
                         (report.removed[table.name] ?? 0, verb.4)]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            if !parts.isEmpty { lines.append("  \(table.name): " + parts.joined(separator: ", ")) }
        }
        if report.sessionsStopped > 0 { lines.append("  " + Messages.twoTimers) }
        if lines.count == 1 { lines.append("  nothing") }
        return lines
    }
}

/// The progress line of a long import on a terminal: rewritten in place on stderr, cleared at the end.
enum ImportProgress {
    nonisolated(unsafe) static var shown = false

    static func show(_ done: Int, _ total: Int) {
        shown = true
        FileHandle.standardError.write(Data(("\r" + Messages.importProgress(done: done, total: total)).utf8))
    }

    static func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
