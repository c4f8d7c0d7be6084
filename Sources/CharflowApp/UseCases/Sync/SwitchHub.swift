import CharflowCore
import CharflowSync

/// A device moved to another hub (rule Y-16), or found already bound to it.
public struct HubSwitchReport: Sendable, Equatable {
    /// Whether the device now syncs with a hub it was not bound to; false when it already was.
    public let switched: Bool

    /// `hub switch --json`.
    public var json: JSONValue { .object([("switched", .bool(switched))]) }
}

extension Charflow {
    /// Move this device to the hub at `url`, the only way to sync with a hub other than the one it is
    /// bound to: its next sync starts there afresh and sends everything it holds, whoever wrote it.
    public func switchHub(url: String, passphrase: HubPassphrase = HubPassphrase()) throws -> HubSwitchReport {
        HubSwitchReport(switched: try SyncClient(store: store).switchHub(url: url, passphrase: passphrase) == .switched)
    }
}
