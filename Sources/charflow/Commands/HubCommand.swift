import CharflowApp
import CharflowCore

/// `charflow hub init URL`: make a PostgreSQL database a sync hub (spec D18); `charflow hub switch
/// URL`: move this device to another hub (rule Y-16); `charflow hub erase --yes`: remove every
/// device's data from the hub (rule Y-27); `charflow hub devices` and `hub forget DEVICE`: list the
/// hub's devices and take a lost one off the list (rule Y-31).
enum HubCommand: Command {
    static let name = "hub"
    static let usage = "charflow hub init URL | switch URL [--passphrase-file FILE] | devices | forget DEVICE | erase --yes [--hub URL]"
    static let summary = "Set up a PostgreSQL database as the hub devices sync through, move to another, list or forget devices, or erase it"
    static let options: Set<String> = ["yes", "hub", "passphrase-file"]
    static let maxWords = 2

    static func run(_ context: Context) throws {
        if context.args.words == ["erase"] {
            let input = HubEraseInput(hub: context.args.value("hub"), environmentHub: context.environment["CHARFLOW_HUB"],
                                      confirmed: context.args.has("yes"))
            let report = try context.app(holdingCommits: false).eraseHub(input)
            context.output.emit(text: SyncMessages.hubErased(report.hub), json: report.json)
            return
        }
        let words = context.args.words
        if words == ["devices"] || (words.count == 2 && words[0] == "forget"), !context.args.has("yes") {
            let choice = HubChoice(hub: context.args.value("hub"), environmentHub: context.environment["CHARFLOW_HUB"])
            let app = try context.app(holdingCommits: false)
            if words[0] == "devices" {
                let report = try app.listHubDevices(choice)
                context.output.emit(text: report.text, json: report.json)
            } else {
                let report = try app.forgetHubDevice(words[1], on: choice)
                context.output.emit(text: SyncMessages.deviceForgotten(report.device), json: report.json)
            }
            return
        }
        guard ["init", "switch"].contains(context.args.words.first ?? ""), context.args.words.count == 2,
              !context.args.has("yes"), !context.args.has("hub") else {
            throw UsageError(message: "Usage: \(usage)")
        }
        if context.args.words[0] == "switch" {
            let report = try context.app(holdingCommits: false).switchHub(url: context.args.words[1],
                                                                          passphrase: try PassphraseInput.from(context))
            context.output.emit(text: report.switched ? SyncMessages.hubSwitched : SyncMessages.alreadyOnHub, json: report.json)
            return
        }
        let report = try context.app(holdingCommits: false).setUpHub(url: context.args.words[1],
                                                                     passphrase: try PassphraseInput.from(context))
        context.output.emit(text: SyncMessages.hubReady(version: report.schemaVersion), json: report.json)
    }
}
