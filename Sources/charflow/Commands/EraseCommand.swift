import CharflowApp
import CharflowCore
import CharflowStore
import Foundation

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
        let path = StoreEnvironment.storePath(context.args.value("db"), context.environment)
        for suffix in ["", "-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
        context.output.emit(text: "Erased. Every task, habit and setting is gone.", json: .object([("erased", .bool(true))]))
    }
}
