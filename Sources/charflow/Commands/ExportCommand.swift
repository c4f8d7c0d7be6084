import CharflowApp
import CharflowCore
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
        guard DataExchange.exportFormats.contains(format) else {
            throw InputError.invalidWord(what: "format", given: format, expected: DataExchange.exportFormats.joined(separator: ", "))
        }
        if context.args.value("table") != nil, format != "csv" {
            throw UsageError(message: "--table chooses a CSV table; it does not go with --format \(format).\nUsage: \(usage)")
        }
        let out = context.args.value("out")
        try context.app().export(format: format, table: context.args.value("table") ?? "tasks",
                                 to: out.map { .file($0) } ?? .stream(context.output.console.output))
        if let out { context.output.note("Exported to \(out).\n") }
    }
}
