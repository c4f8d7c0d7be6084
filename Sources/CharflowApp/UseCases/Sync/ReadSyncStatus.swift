import CharflowCore
import CharflowStore
import CharflowSync

/// Where sync stands on this store: whether it is a device, what waits to be sent, the last sync and
/// whether a hub is set. Read from the store alone; the hub is never reached.
public struct SyncStatusReport: Sendable, Equatable {
    public let isDevice: Bool
    public let deviceID: String?
    /// Rows changed here and not yet on the hub (a task added is one change, not its fields).
    public let unpushed: Int
    /// When the last sync ended (UTC storage text), if one did.
    public let lastSync: String?
    public let hubURL: String?
    /// When the last sync ended, in this machine's zone: "today at 17:05", "28 Nov at 09:00".
    public let lastSyncText: String?
    /// Changes from other devices set aside here, waiting for a build that can apply them (rule Y-23).
    public var setAside = 0
    /// Conflicts waiting to be put back or dismissed (rule Y-24).
    public var conflicts = 0

    /// The hub as it may be shown: its connection string without the password.
    public var hub: String? { hubURL.map(HubAddress.shown) }

    /// `sync --status --json`; names the hub without its password.
    public var json: JSONValue {
        .object([
            ("device", deviceID.map { .string($0) } ?? .null),
            ("unpushed", .int(unpushed)),
            ("lastSync", lastSync.map { .string($0) } ?? .null),
            ("hubSet", .bool(hubURL != nil)),
            ("hub", .optional(hub)),
            ("setAside", .int(setAside)),
            ("conflicts", .int(conflicts)),
        ])
    }
}

extension Charflow {
    /// Read where sync stands on this store; changes nothing and reaches no hub.
    public func syncStatus() throws -> SyncStatusReport {
        let status = try SyncClient(store: store).status()
        let ended = status.lastSync.flatMap(Instant.parseStorageText)
        let lastSyncText = ended.map { instant in
            "\(DayText.relative(calendar.calendarDay(at: instant), today: calendar.calendarDay(at: now))) at "
                + calendar.timeOfDay(at: instant).description
        }
        var report = SyncStatusReport(isDevice: status.isDevice, deviceID: status.deviceID, unpushed: status.unpushed,
                                      lastSync: status.lastSync, hubURL: status.hubURL, lastSyncText: lastSyncText)
        report.setAside = status.setAside
        if status.isDevice { report.conflicts = try ConflictRepository(db: store.db).waitingCount() }
        return report
    }
}
