import CharflowApp
import CharflowCore
import Foundation

extension Context {
    /// Runs `body` on the store a dry run reads: the store when there is one, else an empty store made
    /// for the run and removed after it, so a dry run never creates a store.
    func withDryRunApp<T>(_ body: (Charflow) throws -> T) throws -> T {
        let storePath = try StoreEnvironment(environment: environment, storeOption: args.value("db")).path
        let scratch = FileManager.default.fileExists(atPath: storePath) ? nil
            : FileManager.default.temporaryDirectory.appendingPathComponent("charflow-dry-run-" + UUID().uuidString)
        defer { scratch.map { try? FileManager.default.removeItem(at: $0) } }
        return try body(try app(storePath: scratch?.appendingPathComponent("store.sqlite").path))
    }
}
