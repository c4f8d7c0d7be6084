import CharflowCore
import CharflowSync

/// A PostgreSQL database made (or completed as) a hub.
public struct HubSetUpReport: Sendable, Equatable {
    /// The hub's schema version after the set-up.
    public let schemaVersion: Int

    /// `hub init --json`.
    public var json: JSONValue { .object([("hubSchemaVersion", .int(schemaVersion))]) }
}

extension Charflow {
    /// Set up the database at `url` as a hub (safe to run again), make this store a device and
    /// remember the hub when it has none yet. A new, empty hub is made a blind one when `passphrase`
    /// gives one (rule Y-32).
    public func setUpHub(url: String, passphrase: HubPassphrase = HubPassphrase()) throws -> HubSetUpReport {
        HubSetUpReport(schemaVersion: try SyncClient(store: store).initHub(url: url, passphrase: passphrase))
    }
}
