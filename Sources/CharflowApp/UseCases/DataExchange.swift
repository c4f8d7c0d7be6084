import CharflowCore
import CharflowStore
import Foundation

/// The exchange formats as use cases: which can be exported, what a file to import is, and what an
/// import did, in words.
public enum DataExchange {
    public static let exportFormats = ["json", "ics", "csv"]

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
    static func importTasks(_ data: Data, source: Source, planner: Planner, dryRun: Bool) throws
        -> (summary: [String], report: Backup.Report)
    {
        let parsed = source == .taskwarrior
            ? try TaskwarriorImport.parse(data, calendar: planner.calendar, now: planner.now)
            : try TodoTxtImport.parse(data, calendar: planner.calendar, now: planner.now)
        let (report, notes) = try planner.importTasks(parsed.tasks.map { ($0.task, $0.category) }, dryRun: dryRun)
        return (parsed.summary.lines + notes, report)
    }

    public enum Source: String, Sendable {
        case charflow, taskwarrior, todotxt
    }

    /// The file's format: as declared, or guessed from its first characters. Refuses what is not text.
    public static func detect(_ data: Data, declared: String?) throws -> Source {
        let text = try ImportGuard.text(data)
        if let declared {
            guard let source = Source(rawValue: declared.lowercased().replacingOccurrences(of: ".", with: "")) else {
                throw PlannerError.invalidWord(what: "source", given: declared, expected: "charflow, taskwarrior or todotxt")
            }
            return source
        }
        let start = text.drop(while: \.isWhitespace).prefix(1)
        if start == "{", text.contains("\"\(Backup.format)\"") { return .charflow }
        if start == "[" || start == "{" { return .taskwarrior }
        return .todotxt
    }

    public static func describe(_ report: Backup.Report, dryRun: Bool) -> [String] {
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

/// What an import did (or, dry, would do): the summary lines and the JSON report.
public struct ImportReport {
    public let lines: [String]
    public let json: JSONValue
}

extension Charflow {
    /// Merges a Charflow backup, a Taskwarrior export or a todo.txt file; with `dryRun`, changes nothing.
    public func importData(_ data: Data, source: DataExchange.Source, dryRun: Bool) throws -> ImportReport {
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
            let (summary, report) = try DataExchange.importTasks(data, source: source, planner: planner, dryRun: dryRun)
            lines = summary + DataExchange.describe(report, dryRun: dryRun)
            json.append(("inserted", .int(report.totalInserted)))
            json.append(("updated", .int(report.totalUpdated)))
            json.append(("summary", .array(summary.map(JSONValue.string))))
        }
        return ImportReport(lines: lines, json: .object(json))
    }

    /// Writes an export to `handle`: the lossless JSON backup streamed from the rows, or iCalendar or CSV.
    public func export(format: String, table: String, to handle: FileHandle) throws {
        if format == "json" {
            var writer = BackupWriter(descriptor: handle.fileDescriptor)
            try writer.write(planner)
        } else {
            handle.write(Data(try DataExchange.export(planner, format: format, table: table).utf8))
        }
    }
}
