import CharflowApp
import CharflowCore

/// `charflow privacy`.
enum PrivacyCommand: Command {
    static let name = "privacy"
    static let usage = "charflow privacy"
    static let summary = "What Charflow keeps, and where (nothing leaves this machine)"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let path = try StoreEnvironment(environment: context.environment, storeOption: context.args.value("db")).path
        context.output.emit(text: Messages.privacy + "\nThe store: " + path,
                            json: .object([("message", .string(Messages.privacy)), ("store", .string(path))]))
    }
}
