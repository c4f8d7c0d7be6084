import CharflowApp
import CharflowCore

/// `charflow erase --yes`: remove every record, irreversibly.
enum EraseCommand: Command {
    static let name = "erase"
    static let usage = "charflow erase --yes"
    static let summary = "Remove all data irreversibly (asks for --yes)"
    static let options: Set<String> = ["yes"]
    static let maxWords = 0

    static func run(_ context: Context) throws {
        guard context.args.has("yes") else {
            throw PlannerError.eraseNeedsYes
        }
        let report = try StoreEnvironment(environment: context.environment, storeOption: context.args.value("db")).erase()
        let erased = "Erased. Every task, habit and setting is gone."
        context.output.emit(text: report.hub.map { erased + "\n" + SyncMessages.hubCopyRemains($0) } ?? erased, json: report.json)
    }
}
