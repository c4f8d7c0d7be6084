import CharflowApp
import CharflowCore

/// `charflow privacy`.
enum PrivacyCommand: TypedCommand {
    static let name = "privacy"
    static let usage = "charflow privacy"
    static let summary = "What Charflow keeps, and where (and what a hub receives, once one is set)"
    typealias Input = NoInput

    static func run(_ input: Input, _ context: Context) throws {
        let report = try StoreEnvironment(environment: context.environment, storeOption: context.args.value("db")).privacy()
        context.output.emit(text: report.message + "\nThe store: " + report.store, json: report.json)
    }
}
