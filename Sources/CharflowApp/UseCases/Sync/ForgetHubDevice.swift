import CharflowCore
import CharflowSync

/// A lost device taken off the hub's list (rule Y-31).
public struct HubForgetReport: Sendable, Equatable {
    public let device: String

    /// `hub forget --json`.
    public var json: JSONValue { .object([("forgotten", .string(device))]) }
}

extension Charflow {
    /// Take a lost device off the hub's list: what it sent stays in the hub's state, and a store that
    /// syncs again under its id goes on under a new one. Refuses this device itself and an id the hub
    /// does not list.
    public func forgetHubDevice(_ id: String, on input: HubChoice) throws -> HubForgetReport {
        let client = SyncClient(store: store)
        let url = try client.hubURL(given: input.hub, environment: input.environmentHub)
        try client.forgetDevice(id, url: url)
        return HubForgetReport(device: id)
    }
}
