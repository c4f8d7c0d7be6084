import CharflowApp
import CharflowCore
import Foundation

/// `charflow import FILE [--from charflow|taskwarrior|todotxt] [--dry-run]`.
enum ImportCommand: Command {
    static let name = "import"
    static let usage = "charflow import FILE [--from charflow|taskwarrior|todotxt] [--dry-run]"
    static let summary = "Import a Charflow backup (merge by id), a Taskwarrior export or a todo.txt file"
    static let options: Set<String> = ["from", "dry-run"]

    static func run(_ context: Context) throws {
        guard let path = context.args.words.first else { throw UsageError(message: "Which file?\nUsage: \(usage)") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlannerError.invalidWord(what: "file", given: path, expected: "a file Charflow can read")
        }
        let source = try DataExchange.detect(data, declared: context.args.value("from"))
        let dryRun = context.args.has("dry-run")
        let report = try context.app().importData(data, source: source, dryRun: dryRun)
        context.output.emit(text: report.lines.joined(separator: "\n"), json: report.json)
    }
}
