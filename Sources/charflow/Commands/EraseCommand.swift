import CharflowApp
import CharflowCore

/// `charflow erase --yes`: remove every record, irreversibly.
enum EraseCommand: TypedCommand {
    static let name = "erase"
    static let usage = "charflow erase --yes"
    static let summary = "Remove all data irreversibly (asks for --yes)"
    typealias Input = EraseStore.Input

    static func run(_ input: Input, _ context: Context) throws {
        let report = try StoreEnvironment(environment: context.environment, storeOption: context.args.value("db")).erase(input)
        let erased = "Erased. Every task, habit and setting is gone."
        context.output.emit(text: report.hub.map { erased + "\n" + SyncMessages.hubCopyRemains($0) } ?? erased, json: report.json)
    }
}
