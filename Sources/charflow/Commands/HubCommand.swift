import CharflowApp
import CharflowCore

/// `charflow hub init URL`: make a PostgreSQL database a sync hub (spec D18).
enum HubCommand: Command {
    static let name = "hub"
    static let usage = "charflow hub init URL"
    static let summary = "Set up a PostgreSQL database as the hub devices sync through"
    static let maxWords = 2

    static func run(_ context: Context) throws {
        guard context.args.words.first == "init", context.args.words.count == 2 else {
            throw UsageError(message: "Usage: \(usage)")
        }
        let report = try context.app(holdingCommits: false).setUpHub(url: context.args.words[1])
        context.output.emit(text: SyncMessages.hubReady(version: report.schemaVersion), json: report.json)
    }
}
