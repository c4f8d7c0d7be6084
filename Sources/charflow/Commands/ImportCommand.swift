import CharflowApp
import CharflowCore
import Foundation

/// `charflow import FILE [--from charflow|taskwarrior|todotxt] [--dry-run] [--skip-unreadable]`.
enum ImportCommand: TypedCommand {
    static let name = "import"
    static let usage = "charflow import FILE [--from charflow|taskwarrior|todotxt] [--dry-run] [--skip-unreadable]"
    static let summary = "Import a Charflow backup (merge by id), a Taskwarrior export or a todo.txt file"
    static let positions = ["file"]

    /// The file, what it is (found out from its contents when not said), whether only to try it, and
    /// whether a foreign file's unreadable items are left out (listed) instead of refusing the file.
    struct Input: Decodable {
        var file: String
        var from: String?
        var dryRun: Bool?
        var skipUnreadable: Bool?

        enum CodingKeys: String, CodingKey {
            case file, from
            case dryRun = "dry-run"
            case skipUnreadable = "skip-unreadable"
        }
    }

    static func run(_ input: Input, _ context: Context) throws {
        let path = input.file
        // Refused before it is read, so a huge file costs no memory.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int { try ImportGuard.checkSize(size) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError.invalidWord(what: "file", given: path, expected: "a file Charflow can read")
        }
        guard let source = try DataExchange.detect(data, declared: input.from) else {
            return context.output.emit(text: Messages.nothingToImport, json: .object([("source", .null), ("inserted", .int(0))]))
        }
        let dryRun = input.dryRun == true
        // A dry run creates no store: without one it runs against an empty store made for the run.
        let storePath = try StoreEnvironment(environment: context.environment, storeOption: context.args.value("db")).path
        let scratch = dryRun && !FileManager.default.fileExists(atPath: storePath)
            ? FileManager.default.temporaryDirectory.appendingPathComponent("charflow-dry-run-" + UUID().uuidString) : nil
        defer { scratch.map { try? FileManager.default.removeItem(at: $0) } }
        let app = try context.app(storePath: scratch?.appendingPathComponent("store.sqlite").path)
        // On a terminal, a long import says how far it is (stderr; never with --json or when piped).
        let progress = context.output.console.errorsIsTerminal && !context.output.json ? ImportProgress(output: context.output) : nil
        let report = try app.importData(data, source: source, dryRun: dryRun, skipUnreadable: input.skipUnreadable == true,
                                        progress: progress.map { progress in { progress.show($0, $1) } })
        progress?.clear()
        context.output.emit(text: report.lines.joinedText(separator: "\n"), json: report.json)
    }
}
