import CharflowCore
import CharflowSync

/// What `hub erase` is asked to do: which hub (the one named, else the one the store remembers, else
/// `CHARFLOW_HUB`'s), and whether the person confirmed (`--yes`).
public struct HubEraseInput: Sendable {
    public var hub: String?
    public var environmentHub: String?
    public var confirmed: Bool

    public init(hub: String? = nil, environmentHub: String? = nil, confirmed: Bool) {
        self.hub = hub
        self.environmentHub = environmentHub
        self.confirmed = confirmed
    }
}

/// A hub emptied of every device's Charflow data (rule Y-27).
public struct HubEraseReport: Sendable, Equatable {
    /// The hub erased, shown without its password.
    public let hub: String

    /// `hub erase --json`.
    public var json: JSONValue { .object([("erasedHub", .string(hub))]) }
}

extension Charflow {
    /// Remove every device's Charflow data from a hub, after a confirmation; this store keeps its own.
    /// The hub remembered comes before `CHARFLOW_HUB` here: a leftover variable must not name the hub
    /// a removal for good reaches.
    public func eraseHub(_ input: HubEraseInput) throws -> HubEraseReport {
        guard input.confirmed else { throw SyncError.hubEraseNeedsYes }
        let client = SyncClient(store: store)
        let remembered = try client.status().hubURL
        let url = try client.hubURL(given: input.hub ?? remembered, environment: input.environmentHub)
        try client.eraseHub(url: url)
        return HubEraseReport(hub: HubAddress.shown(url))
    }
}
