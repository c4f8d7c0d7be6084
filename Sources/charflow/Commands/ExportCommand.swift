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
            throw PlannerError.invalidWord(what: "format", given: format, expected: DataExchange.exportFormats.joined(separator: ", "))
        }
        let app = try context.app()
        let out = context.args.value("out")
        // Written to a file beside the target and renamed at the end, so a failed export leaves no half file.
        let temporary = out.map { $0 + ".charflow-partial" }
        let handle: FileHandle
        if let temporary {
            guard FileManager.default.createFile(atPath: temporary, contents: nil),
                  let file = FileHandle(forWritingAtPath: temporary) else {
                throw PlannerError.invalidWord(what: "output file", given: out ?? "", expected: "a path Charflow can write")
            }
            handle = file
        } else {
            handle = FileHandle.standardOutput
        }
        do {
            try app.export(format: format, table: context.args.value("table") ?? "tasks", to: handle)
            if let out, let temporary {
                try handle.close()
                guard rename(temporary, out) == 0 else {
                    throw PlannerError.invalidWord(what: "output file", given: out, expected: "a path Charflow can write")
                }
                FileHandle.standardError.write(Data("Exported to \(out).\n".utf8))
            }
        } catch {
            if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
            throw error
        }
    }
}
