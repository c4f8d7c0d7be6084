import CharflowCore
import CharflowStore
import CharflowSync
import Foundation

/// What a sync is asked to do: which hub (the one named, else `CHARFLOW_HUB`'s, else the one the
/// store remembers), and who hears its progress.
public struct SyncInput {
    /// The hub named for this sync (`--hub`); remembered when the store has none yet.
    public var hub: String?
    /// The hub the environment names (`CHARFLOW_HUB`), used when none is named.
    public var environmentHub: String?
    /// Hears how many operations arrived so far, and how many there are in all when the hub knows.
    public var progress: ((Int, Int?) -> Void)?
    /// Runs after the hub committed a push and before the store marks it pushed (a seam for crash tests).
    public var afterPush: (() -> Void)?
    /// A blind hub's passphrase, asked for only when this device has no key for it (rule Y-32).
    public var passphrase = HubPassphrase()
    /// The hub connection a loop keeps between its syncs; nil connects for this sync alone.
    public var keptHub: KeptHubConnection?

    public init(hub: String? = nil, environmentHub: String? = nil) {
        self.hub = hub
        self.environmentHub = environmentHub
    }
}

/// What one sync did.
public struct SyncReport: Sendable, Equatable {
    /// Operations sent to the hub.
    public let pushed: Int
    /// Operations received from other devices.
    public let pulled: Int
    /// Whether the pull started from the hub's current state rather than its operations (rule Y-12).
    public let fromSnapshot: Bool
    /// The device id this store took because its old one was in use elsewhere (rule Y-14).
    public let newDeviceID: String?
    /// Changes from other devices this sync could not apply and set aside (rule Y-23).
    public var setAside = 0
    /// Values of this device's the merge replaced, recorded as conflicts by this sync (rule Y-24).
    public var conflicts = 0
    /// Whether the new device id came because the hub had forgotten the old one (rule Y-31).
    public var wasForgotten = false

    /// `sync --json`; `newDevice` only when the store took a new device id.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [("pushed", .int(pushed)), ("pulled", .int(pulled)), ("fromSnapshot", .bool(fromSnapshot)),
                                             ("conflicts", .int(conflicts))]
        fields.append(("setAside", .int(setAside)))
        if let newDeviceID { fields.append(("newDevice", .string(newDeviceID))) }
        return .object(fields)
    }
}

extension Charflow {
    /// Sync this store with its hub: push what this device has not pushed, pull and merge what the
    /// others did (spec D18). Refuses with a `SyncError`, leaving everything here for the next sync.
    public func syncWithHub(_ input: SyncInput) throws -> SyncReport {
        let client = SyncClient(store: store)
        client.afterPush = input.afterPush
        client.rules = settlementRules
        let url = try client.hubURL(given: input.hub, environment: input.environmentHub)
        let conflicts = ConflictRepository(db: store.db)
        let before = try conflicts.lastID()
        let done = try client.sync(url: url, remember: input.hub != nil, passphrase: input.passphrase,
                                  kept: input.keptHub, progress: input.progress)
        var report = SyncReport(pushed: done.pushed, pulled: done.pulled, fromSnapshot: done.fromSnapshot, newDeviceID: done.newDeviceID)
        report.setAside = done.setAside
        report.wasForgotten = done.wasForgotten
        report.conflicts = try conflicts.waitingCount(after: before)
        return report
    }
}

extension Charflow {
    /// The application's settlements, for a merge to run after it (`MergeSettlement`).
    package var settlementRules: SettlementRules {
        SettlementRules(
            removeSeriesDuplicates: { [self] series in
                store.forgetReads()
                try store.db.write { try removeSeriesDuplicates(series: series) }
            },
            settleTwoTimers: { [self] in try settleTwoTimers() })
    }
}
