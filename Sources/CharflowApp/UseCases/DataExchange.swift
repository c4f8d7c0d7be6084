import CharflowCore
import CharflowStore
import Foundation

/// The exchange formats as use cases: which can be exported, what a file to import is, and what an
/// import did, in words.
public enum DataExchange {
    public static let exportFormats = ["json", "ics", "csv"]

    /// The iCalendar or CSV document; `json`, the backup, is streamed by `BackupWriter` instead.
    static func export(_ store: Store, format: String, table: String) throws -> String {
        switch format {
        case "csv":
            switch table.lowercased() {
            case "tasks":
                return CSVExport.tasks(try Charflow(store: store).allTasks(includingResolved: true), categoryNames: try store.categories.names(),
                                       calendar: store.calendar)
            case "habits":
                let export = try Charflow(store: store).habitExport()
                return CSVExport.habits(export.habits, windows: export.windows)
            case "entries":
                return CSVExport.entries(try Charflow(store: store).habitExport().cells)
            default:
                throw InputError.invalidWord(what: "table", given: table, expected: "tasks, habits or entries")
            }
        default:
            return ICalendarExport.document(tasks: try Charflow(store: store).allTasks(includingResolved: true), categoryNames: try store.categories.names(),
                                            calendar: store.calendar)
        }
    }

    /// Parses a Taskwarrior or todo.txt file and merges its tasks; returns the summary and the report.
    static func importTasks(_ data: Data, source: Source, store: Store, dryRun: Bool, skipUnreadable: Bool,
                            progress: ((Int, Int) -> Void)? = nil) throws
        -> (summary: (lines: [String], problems: [ImportError], remarks: [String]), report: Backup.Report)
    {
        let parsed = source == .taskwarrior
            ? try TaskwarriorImport.parse(data, calendar: store.calendar, now: store.now)
            : try TodoTxtImport.parse(data, calendar: store.calendar, now: store.now)
        // One rule for every foreign file: what cannot be read refuses the file, naming the first ten
        // places, unless the person asked for the rest without them.
        let problems = parsed.summary.problems
        if !problems.isEmpty, !skipUnreadable {
            throw FileFailure.importUnreadable(Array(problems.prefix(ImportSummary.refusedPlaces)), count: problems.count)
        }
        let (report, notes) = try Charflow(store: store).importTasks(parsed.tasks, dryRun: dryRun, progress: progress)
        // A dry run says, task by task, what was made of fields that had no plain place (issue 17).
        let remarked = parsed.tasks.filter { !$0.remarks.isEmpty }
        var remarks = remarked.prefix(50).map { "  \($0.place) “\($0.task.title)”: " + $0.remarks.joinedText(separator: "; ") + "." }
        if remarked.count > 50 { remarks.append("  … and \(remarked.count - 50) more tasks with fields kept in their notes.") }
        return ((parsed.summary.lines + notes, parsed.summary.problems, remarks), report)
    }

    public typealias Source = ImportFormat

    /// The file's format (see `ImportFormat`), or nil when it holds nothing to import. Refuses what is
    /// not text, and text of a kind Charflow cannot import.
    public static func detect(_ data: Data, declared: String?) throws -> Source? {
        let text = try ImportGuard.text(data)
        if ImportFormat.isEmpty(text) { return nil }
        guard let source = try ImportFormat.recognise(text, declared: declared) else {
            throw InputError.invalidWord(what: "source", given: declared ?? "", expected: "charflow, taskwarrior or todotxt")
        }
        return source
    }

    package static func describe(_ report: Backup.Report, dryRun: Bool) -> [String] {
        var lines = [dryRun ? "Nothing was changed (dry run). The import would:" : (report.replaced ? "Restored the backup:" : "Merged:")]
        let verb = dryRun ? ("add", "update", "keep", "leave out", "remove") : ("added", "updated", "kept", "left out", "removed")
        for table in Backup.tables {
            let parts = [(report.inserted[table.name] ?? 0, verb.0), (report.updated[table.name] ?? 0, verb.1),
                         (report.unchanged[table.name] ?? 0, verb.2 + " as they were"),
                         (report.skipped[table.name] ?? 0, verb.3 + " (deleted here later)"),
                         (report.removed[table.name] ?? 0, verb.4)]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            if !parts.isEmpty { lines.append("  \(table.name): " + parts.joinedText(separator: ", ")) }
        }
        if report.sessionsStopped > 0 { lines.append("  " + Messages.twoTimers) }
        if lines.count == 1 { lines.append("  nothing") }
        return lines
    }
}

/// What an import did (or, dry, would do): the summary lines and the JSON report.
public struct ImportReport {
    public let lines: [String]
    public let json: JSONValue
}

extension Charflow {
    /// Merges a Charflow backup, a Taskwarrior export or a todo.txt file; with `dryRun`, changes nothing.
    /// `progress` hears (tasks done, tasks in all) during a long foreign import. A foreign file with items
    /// that cannot be read is refused whole unless `skipUnreadable` (then they are left out and listed).
    public func importData(_ data: Data, source: DataExchange.Source, dryRun: Bool, skipUnreadable: Bool = false,
                           progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        let lines: [String]
        var json: [(String, JSONValue)] = [("source", .string(source.rawValue)), ("dryRun", .bool(dryRun))]
        switch source {
        case .charflow:
            let report = try store.importBackup(try BackupDocument(data), dryRun: dryRun, vetting: BackupRules(), settle: settleImported)
            lines = DataExchange.describe(report, dryRun: dryRun)
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
            let (summary, report) = try DataExchange.importTasks(data, source: source, store: store, dryRun: dryRun,
                                                                 skipUnreadable: skipUnreadable, progress: progress)
            lines = summary.lines + DataExchange.describe(report, dryRun: dryRun) + (dryRun ? summary.remarks : [])
            json.append(("inserted", .int(report.totalInserted)))
            json.append(("updated", .int(report.totalUpdated)))
            json.append(("summary", .array(summary.lines.map(JSONValue.string))))
            json.append(("notImported", .array(summary.problems.map {
                .object([("place", .string($0.place)), ("message", .string($0.message))])
            })))
        }
        return ImportReport(lines: lines, json: .object(json))
    }

    /// Where an export goes: a file, or a stream already open (the command line's standard output).
    public enum ExportDestination: Sendable {
        case file(String)
        case stream(Int32)
    }

    /// Writes an export to a file (through links, replaced only once whole; see `ExportFile`) or a
    /// stream: the lossless JSON backup streamed from the rows, or iCalendar or CSV.
    /// A damaged store's backup holds what could be read and is refused as partial (`exportSalvaged`).
    public func export(format: String, table: String, to destination: ExportDestination) throws {
        var file: ExportFile?
        let descriptor: Int32
        switch destination {
        case .file(let path):
            let opened = try ExportFile(path: path)
            file = opened
            descriptor = opened.descriptor
        case .stream(let stream):
            descriptor = stream
        }
        var damaged: [String] = []
        do {
            if format == "json" {
                var writer = BackupWriter(descriptor: descriptor)
                damaged = try writer.write(store)
            } else {
                let document = try DataExchange.export(store, format: format, table: table)
                try ExportFile.write(Array(document.utf8), to: descriptor)
            }
            try file?.commit()
        } catch {
            file?.abandon()
            throw error
        }
        if !damaged.isEmpty { throw FileFailure.exportSalvaged(damaged) }
    }
}
