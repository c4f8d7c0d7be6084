import CharflowApp
import CharflowCore

/// `charflow hub init URL`: make a PostgreSQL database a sync hub (spec D18); `charflow hub switch
/// URL`: move this device to another hub (rule Y-16).
enum HubCommand: Command {
    static let name = "hub"
    static let usage = "charflow hub init URL | switch URL"
    static let summary = "Set up a PostgreSQL database as the hub devices sync through, or move to another"
    static let maxWords = 2

    static func run(_ context: Context) throws {
        guard ["init", "switch"].contains(context.args.words.first ?? ""), context.args.words.count == 2 else {
            throw UsageError(message: "Usage: \(usage)")
        }
        if context.args.words[0] == "switch" {
            let report = try context.app(holdingCommits: false).switchHub(url: context.args.words[1])
            context.output.emit(text: report.switched ? SyncMessages.hubSwitched : SyncMessages.alreadyOnHub, json: report.json)
            return
        }
        let report = try context.app(holdingCommits: false).setUpHub(url: context.args.words[1])
        context.output.emit(text: SyncMessages.hubReady(version: report.schemaVersion), json: report.json)
    }
}
