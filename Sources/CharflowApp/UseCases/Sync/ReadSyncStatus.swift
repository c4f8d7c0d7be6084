import CharflowCore
import CharflowSync

/// Where sync stands on this store: whether it is a device, what waits to be sent, the last sync and
/// whether a hub is set. Read from the store alone; the hub is never reached.
public struct SyncStatusReport: Sendable, Equatable {
    public let isDevice: Bool
    public let deviceID: String?
    /// Operations written here and not yet on the hub.
    public let unpushed: Int
    /// When the last sync ended (UTC storage text), if one did.
    public let lastSync: String?
    public let hubURL: String?

    /// `sync --status --json`; says whether a hub is set, never its URL (it may hold a password).
    public var json: JSONValue {
        .object([
            ("device", deviceID.map { .string($0) } ?? .null),
            ("unpushed", .int(unpushed)),
            ("lastSync", lastSync.map { .string($0) } ?? .null),
            ("hubSet", .bool(hubURL != nil)),
        ])
    }
}

extension Charflow {
    /// Read where sync stands on this store; changes nothing and reaches no hub.
    public func syncStatus() throws -> SyncStatusReport {
        let status = try SyncClient(planner: planner).status()
        return SyncStatusReport(isDevice: status.isDevice, deviceID: status.deviceID, unpushed: status.unpushed,
                                lastSync: status.lastSync, hubURL: status.hubURL)
    }
}
