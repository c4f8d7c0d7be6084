import CharflowApp
import CharflowCore
import Foundation

/// `charflow export [--format json|ics|csv] [--table tasks|habits|entries] [--out FILE]`.
enum ExportCommand: TypedCommand {
    static let name = "export"
    static let usage = "charflow export [--format json|ics|csv] [--table tasks|habits|entries] [--out FILE]"
    static let summary = "Export everything (json, lossless), tasks as iCalendar (ics), or CSV"

    /// The format, the file (standard output when none) and, for CSV, the table.
    struct Input: Decodable {
        var format: String?
        var out: String?
        var table: String?
    }

    static func run(_ input: Input, _ context: Context) throws {
        let format = (input.format ?? "json").lowercased()
        guard DataExchange.exportFormats.contains(format) else {
            throw InputError.invalidWord(what: "format", given: format, expected: DataExchange.exportFormats.joinedText(separator: ", "))
        }
        if input.table != nil, format != "csv" {
            throw UsageError(message: "--table chooses a CSV table; it does not go with --format \(format).\nUsage: \(usage)")
        }
        let out = input.out
        // `--json` promises one JSON document on standard output: a JSON export is one, a CSV or
        // iCalendar export is not, so those go to a file with it.
        if context.output.json, out == nil, format != "json" {
            throw UsageError(message: "--json prints one JSON document; a \(format) export is not one: give --out FILE.\nUsage: \(usage)")
        }
        try context.app().export(format: format, table: input.table ?? "tasks",
                                 to: out.map { .file($0) } ?? .stream(context.output.console.output))
        guard let out else { return }
        if context.output.json {
            context.output.emit(text: "", json: .object([("exported", .string(out)), ("format", .string(format))]))
        } else {
            context.output.note("Exported to \(out).\n")
        }
    }
}
