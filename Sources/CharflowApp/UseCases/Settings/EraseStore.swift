import CharflowCore
import Foundation

/// A store erased (P-9), and the hub that still holds what it synced (rule Y-27).
public struct EraseReport: Report, Sendable, Equatable {
    /// The hub this store synced with, shown without its password; nil when it had none.
    public let hub: String?

    /// `erase --yes --json`; `hubCopy` only when a hub still holds the store's data.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [("erased", .bool(true))]
        if let hub { fields.append(("hubCopy", .string(hub))) }
        return .object(fields)
    }
}

/// Erase the store (P-9): refused without the confirmation.
public enum EraseStore {
    public struct Input: Decodable, Sendable {
        /// The confirmation; without it nothing is erased.
        public var yes: Bool?

        public init(yes: Bool) {
            self.yes = yes
        }
    }
}

extension StoreEnvironment {
    /// Removes the store, once confirmed (`PlannerError.eraseNeedsYes` otherwise).
    @discardableResult
    public func erase(_ input: EraseStore.Input) throws -> EraseReport {
        guard input.yes == true else { throw PlannerError.eraseNeedsYes }
        return try erase()
    }

    /// Removes the store with its write-ahead log and shared memory, irreversibly (P-9). The hub's copy
    /// stays: the report names the hub, so the user can remove it too (`hub erase`).
    @discardableResult
    public func erase() throws -> EraseReport {
        let hub = rememberedHub()
        for suffix in ["", "-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
        return EraseReport(hub: hub)
    }
}
