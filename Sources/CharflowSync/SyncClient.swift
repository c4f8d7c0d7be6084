import CharflowCore
import CharflowStore
import Foundation

/// Sync for one store as of one clock (spec D18): set up a hub, sync with it, say where sync stands.
///
/// Made over a store the application layer opened as every use case opens it (migrated, rolled
/// over); the hub is reached only inside `initHub` and `sync`, so every other command works without it
/// (rule Y-11). The use cases on sync are in `CharflowApp/UseCases/Sync`.
package final class SyncClient {
    let planner: Planner
    var db: Database { planner.db }

    /// How far the device's clock may run ahead of the hub's before a sync is refused (rule Y-10).
    package static let clockBound: Int64 = 5 * 60 * 1000
    /// Operations per push statement and per pulled page.
    static let page = 5_000

    package init(planner: Planner) {
        self.planner = planner
    }

    /// Runs after the hub committed a push and before this store marks it pushed; a seam for crash
    /// tests, which kill the process there.
    package var afterPush: (() -> Void)?

    var nowMilliseconds: Int64 { Int64((planner.now.timeIntervalSince1970 * 1000).rounded()) }
    /// The hub's clock (ms) when this sync began, and this machine's uptime then (rule Y-22).
    private var hubClock: (milliseconds: Int64, at: TimeInterval)?
    var nowText: String { Instant.storageText(planner.now) }
    /// The blind hub's key for this sync; nil for an open hub (rule Y-32).
    var seal: ValueSeal?

    /// The hub to use: the one given, then the environment's (`CHARFLOW_HUB`), then the one this
    /// store remembers.
    package func hubURL(given: String?, environment: String?) throws -> String {
        if let given, !given.isEmpty { return given }
        if let set = environment, !set.isEmpty { return set }
        if let remembered = try OperationLog.state(db)?.hubURL { return remembered }
        throw SyncError.noHub
    }

    // MARK: hub init

    /// Creates (or completes) the hub schema at `url`, makes this store a device and remembers the
    /// URL when it has none yet. Returns the hub's schema version. A new, empty hub becomes a blind
    /// one when `passphrase` gives one; a blind one takes this device only with its passphrase.
    package func initHub(url: String, passphrase: HubPassphrase = HubPassphrase()) throws -> Int {
        let hub = try HubConnection(url: url)
        let version = try HubSchema.install(hub)
        seal = try HubKey.resolve(hub, hubID: try SyncClient.identity(of: hub), passphrase: passphrase, creating: true)
        try HubScrub.scrubAll(hub)
        // The store keeps the URL without its password, which goes to libpq's password file (Y-27).
        let kept = try PasswordFile.keepPassword(of: url)
        try OperationLog.enable(db)
        try ConflictRepository(db: db).startWatching()
        if try OperationLog.state(db)?.hubURL == nil { try OperationLog.remember(hub: kept, db) }
        return version
    }

    // MARK: hub switch

    /// What a switch did: whether the device was bound to that hub already.
    package enum SwitchOutcome: Sendable, Equatable {
        case alreadyThere, switched
    }

    /// Binds this store to the hub at `url` (rule Y-16): its next sync starts there afresh and pushes
    /// everything the store holds. The same hub under another URL only changes the URL remembered.
    package func switchHub(url: String, passphrase: HubPassphrase = HubPassphrase()) throws -> SwitchOutcome {
        let hub = try HubConnection(url: url)
        try HubSchema.ensure(hub)
        let hubID = try SyncClient.identity(of: hub)
        seal = try HubKey.resolve(hub, hubID: hubID, passphrase: passphrase)
        let kept = try PasswordFile.keepPassword(of: url)
        try OperationLog.enable(db)
        guard let state = try OperationLog.state(db), state.hubID != hubID else {
            try OperationLog.remember(hub: kept, db)
            return .alreadyThere
        }
        guard state.hubID != nil else {
            // Never synced: the first sync sends all of it anyway.
            try OperationLog.remember(hub: kept, db)
            try OperationLog.attach(hub: hubID, db)
            return .switched
        }
        try OperationLog.switchHub(to: hubID, url: kept, db)
        return .switched
    }

    // MARK: sync

    /// What one sync did.
    package struct Report: Sendable, Equatable {
        package var pushed = 0
        package var pulled = 0
        /// The device id this store took because its old one was in use elsewhere (rule Y-14).
        package var newDeviceID: String?
        /// Whether the pull started from the hub's current state rather than its operations (Y-12).
        package var fromSnapshot = false
        /// Changes from other devices this sync could not apply and set aside (rule Y-23).
        package var setAside = 0
    }

    /// Pushes what this device has not pushed (one hub transaction), then pulls past its cursor (one
    /// local transaction per page) and merges. `remember` keeps `url` as this store's hub when it has
    /// none yet. `progress` hears how many operations arrived so far, and how many there are in all
    /// when the hub knows.
    ///
    /// Nothing is written, here or on the hub, before the hub is reached, checked and found to agree
    /// on the time; a failure at any later point keeps what was done so far and repeats nothing twice.
    package func sync(url: String, remember: Bool, passphrase: HubPassphrase = HubPassphrase(),
                      progress: ((Int, Int?) -> Void)? = nil) throws -> Report {
        let hub = try HubConnection(url: url)
        try HubSchema.ensure(hub)
        let hubNow = Int64(try hub.query("SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint").first?.first.flatMap { $0 } ?? "") ?? 0
        let ahead = nowMilliseconds - hubNow
        if ahead > SyncClient.clockBound { throw SyncError.clockAhead(seconds: Int(ahead / 1000)) }
        hubClock = (hubNow, ProcessInfo.processInfo.systemUptime)
        let hubID = try SyncClient.identity(of: hub)
        // One hub per device (rule Y-16): another one, empty or not, only through `hub switch`.
        if let bound = try OperationLog.state(db)?.hubID, bound != hubID { throw SyncError.otherHub }
        // A blind hub's key, or its refusal, before anything is written (rule Y-32).
        seal = try HubKey.resolve(hub, hubID: hubID, passphrase: passphrase)

        var device = try OperationLog.enable(db)
        try ConflictRepository(db: db).startWatching()
        try OperationLog.attach(hub: hubID, db)
        if remember {
            let kept = try PasswordFile.keepPassword(of: url)
            if try OperationLog.state(db)?.hubURL == nil { try OperationLog.remember(hub: kept, db) }
        }

        var report = Report()
        // A restored or copied store: its id is in use elsewhere, so it goes on under a new one (Y-14).
        if try identityTaken(hub, device: device) {
            device = try OperationLog.renewIdentity(db)
            report.newDeviceID = device
        }
        // What this device stamped ahead of the hub's clock goes at the hub's time (rule Y-22).
        try OperationLog.restampAhead(of: hubNow, bound: SyncClient.clockBound, db)
        do {
            report.pushed = try push(hub, device: device)
        } catch is SyncClient.IdentityTaken {
            device = try OperationLog.renewIdentity(db)
            report.newDeviceID = device
            report.pushed = try push(hub, device: device)
        }
        // What an older build set aside is tried again; then what this pull sets aside is counted (Y-23).
        try retrySetAside()
        let setAsideBefore = try OperationLog.setAsideCount(db)
        let cursor = try OperationLog.state(db)?.cursor ?? 0
        if cursor == 0 {
            report.fromSnapshot = true
            report.pulled = try pullSnapshot(hub, device: device, progress: progress)
        } else {
            report.pulled = try pull(hub, device: device, from: cursor, progress: progress)
        }
        // Two instances of one series on one day, two live sessions: the rules settle them now (Y-7,
        // Y-8).
        if report.pulled > 0 {
            let merged = try OperationLog.issuedSeq(db)
            // Another device's rollover time or first weekday shapes this device's day from now (Y-26).
            try planner.reloadSettings()
            try MergeSettlement.settle(planner)
            // Rows the rules changed are other devices' doing too: their actions' undo says so (Y-25).
            try UndoAcrossSync.markChanged(byOperationsAfter: merged, at: nowText, db)
            // What the merge and the settling wrote as this device's own (two devices' notes merged by
            // lines, say) goes now, so the hub's state holds it before any other device pulls (Y-17).
            report.pushed += try push(hub, device: device)
        }
        report.setAside = max(0, try OperationLog.setAsideCount(db) - setAsideBefore)
        try OperationLog.recordSync(at: nowText, db)
        try ConflictRepository(db: db).markSynced()
        return report
    }

    /// The latest clock (ms) a received operation may move this device's clock to: the hub's clock as
    /// it is now and the bound (rule Y-22), so a far-ahead arrival never drags it.
    var receiveLimit: Int64 {
        guard let hubClock else { return .max }
        let elapsed = Int64(((ProcessInfo.processInfo.systemUptime - hubClock.at) * 1000).rounded(.up))
        return hubClock.milliseconds + max(0, elapsed) + SyncClient.clockBound
    }

    /// Applies again, in one transaction, what a build other than this one set aside (rule Y-23): one
    /// that knows a table or a field it did not, or takes a value it refused. What still cannot be
    /// applied is set aside again, under this build.
    private func retrySetAside() throws {
        guard try OperationLog.hasSetAsideFromOtherBuild(db) else { return }
        try db.write {
            let waiting = try OperationLog.takeSetAsideFromOtherBuild(db).map {
                RemoteOperation(hlc: $0.hlc, table: $0.table, rowID: $0.rowID, field: $0.field, value: $0.value)
            }
            try OperationMerge.apply(waiting, cursor: 0, now: nowText, notAfter: receiveLimit, db)
        }
    }

    /// The hub's own id, which a device is bound to (rule Y-16).
    static func identity(of hub: HubConnection) throws -> String {
        try hub.query("SELECT hub_id FROM hub_identity WHERE id = 1").first?.first.flatMap { $0 } ?? ""
    }

    /// Thrown inside a push whose device id turned out to be in use elsewhere; nothing was written.
    struct IdentityTaken: Error {}

    /// Whether the hub holds, under `device`, what this store never did (rule Y-14): a mark written by
    /// a push this store never made, or an operation number beyond any it ever gave. A restored copy
    /// and a store copied to a second machine both show one of them at their next sync.
    private func identityTaken(_ hub: HubConnection, device: String) throws -> Bool {
        guard let row = try hub.query("""
            SELECT d.incarnation, (SELECT max(device_seq) FROM hub_operations WHERE device_id = $1)
            FROM hub_devices d WHERE d.device_id = $1
            """, [device]).first else { return false }
        let known = try OperationLog.incarnations(db)
        if let held = row[0] ?? nil, held != known.current, held != known.next { return true }
        let highest = (row[1] ?? nil).flatMap { Int64($0) } ?? 0
        return highest > (try OperationLog.issuedSeq(db))
    }

    /// Sends every unpushed operation in one hub transaction, then marks them pushed here; throws
    /// `IdentityTaken` (writing nothing) when another store pushed under this device id meanwhile.
    private func push(_ hub: HubConnection, device: String) throws -> Int {
        let pending = try OperationLog.unpushed(db, limit: Int.max)
        guard let last = pending.last else { return 0 }
        let mark = try OperationLog.nextIncarnation(db)
        try hub.transaction {
            try hub.query("SELECT pg_advisory_xact_lock(\(HubSchema.lockKey))")
            if try identityTaken(hub, device: device) { throw IdentityTaken() }
            try hub.query("""
                INSERT INTO hub_devices (device_id, incarnation) VALUES ($1, $2)
                ON CONFLICT (device_id) DO UPDATE SET last_seen = now(), incarnation = excluded.incarnation
                """, [device, mark])
            var start = 0
            while start < pending.count {
                let slice = pending[start..<min(start + SyncClient.page, pending.count)]
                let json = try SyncClient.json(slice, seal: seal)
                try hub.query("""
                    INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                    SELECT $1, x.s, x.h, x.t, x.r, x.f, x.v
                    FROM jsonb_to_recordset($2::jsonb) AS x(s bigint, h text, t text, r text, f text, v text)
                    ORDER BY x.s
                    ON CONFLICT (device_id, device_seq) DO NOTHING
                    """, [device, json])
                try hub.query("""
                    INSERT INTO hub_fields (table_name, row_id, field, hlc, value)
                    SELECT DISTINCT ON (x.t, x.r, x.f) x.t, x.r, x.f, x.h, x.v
                    FROM jsonb_to_recordset($1::jsonb) AS x(s bigint, h text, t text, r text, f text, v text)
                    ORDER BY x.t, x.r, x.f, x.h DESC, x.s DESC
                    ON CONFLICT (table_name, row_id, field) DO UPDATE SET hlc = excluded.hlc, value = excluded.value
                    WHERE excluded.hlc > hub_fields.hlc
                    """, [json])
                start += SyncClient.page
            }
            try HubScrub.scrub(hub, rows: try HubScrub.rows(pending))
        }
        afterPush?()
        try OperationLog.markPushed(db, through: last.deviceSeq)
        try OperationLog.confirmIncarnation(db)
        return Set(pending.map { SyncClient.rowKey($0.table, $0.rowID) }).count
    }

    /// The row an operation changes, as one key: counting distinct keys counts changes as a person
    /// does (a task added is one change, not its twenty fields).
    static func rowKey(_ table: String, _ row: String) -> String {
        table + "\u{1F}" + row
    }

    /// Pulls other devices' operations past `cursor`, a page per local transaction.
    private func pull(_ hub: HubConnection, device: String, from cursor: Int64,
                      progress: ((Int, Int?) -> Void)?) throws -> Int {
        var cursor = cursor
        var received = 0
        var changed = Set<String>()
        while true {
            var rows = try hub.query("""
                SELECT hub_seq, hlc, table_name, row_id, field, value FROM hub_operations
                WHERE hub_seq > $1 AND device_id <> $2 ORDER BY hub_seq LIMIT \(SyncClient.page)
                """, [String(cursor), device])
            let full = rows.count == SyncClient.page
            // A base travels just before its change: one at a full page's end waits for the next page.
            while full, rows.count > 1, (rows.last?[4] ?? nil)?.hasSuffix(OperationLog.baseSuffix) == true { rows.removeLast() }
            guard let last = rows.last, let seq = last[0].flatMap({ Int64($0) }) else { break }
            let operations = rows.map {
                RemoteOperation(hlc: $0[1] ?? "", table: $0[2] ?? "", rowID: $0[3] ?? "", field: $0[4] ?? "", value: $0[5] ?? "null")
            }
            try applyPulled(operations, cursor: seq)
            cursor = seq
            received += rows.count
            for operation in operations { changed.insert(SyncClient.rowKey(operation.table, operation.rowID)) }
            progress?(received, nil)
            if !full { break }
        }
        return changed.count
    }

    /// Starts a device with no cursor from the hub's current state: every field's winning value, read
    /// in one snapshot with the last operation number it includes, applied in one local transaction.
    private func pullSnapshot(_ hub: HubConnection, device: String, progress: ((Int, Int?) -> Void)?) throws -> Int {
        let (cursor, rows) = try hub.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
            let cursor = Int64(try hub.query("SELECT coalesce(max(hub_seq), 0) FROM hub_operations").first?.first.flatMap { $0 } ?? "0") ?? 0
            // A field whose winning value this device wrote is already here.
            let rows = try hub.query("""
                SELECT hlc, table_name, row_id, field, value FROM hub_fields
                WHERE right(hlc, length($1) + 1) <> '-' || $1 ORDER BY hlc
                """, [device])
            return (cursor, rows)
        }
        let operations = rows.map {
            RemoteOperation(hlc: $0[0] ?? "", table: $0[1] ?? "", rowID: $0[2] ?? "", field: $0[3] ?? "", value: $0[4] ?? "null")
        }
        progress?(0, operations.count)
        try applyPulled(operations, cursor: cursor)
        progress?(operations.count, operations.count)
        return Set(operations.map { SyncClient.rowKey($0.table, $0.rowID) }).count
    }

    static func json(_ operations: ArraySlice<OperationLog.Operation>, seal: ValueSeal? = nil) throws -> String {
        let objects: [[String: Any]] = try operations.map {
            let value = try SyncClient.hubValue($0.value, table: $0.table, row: $0.rowID, field: $0.field, hlc: $0.hlc, seal: seal)
            return ["s": NSNumber(value: $0.deviceSeq), "h": $0.hlc, "t": $0.table, "r": $0.rowID, "f": $0.field, "v": value]
        }
        let data = try JSONSerialization.data(withJSONObject: objects)
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: sync --status

    /// Where sync stands on this store; reads only, and never reaches the hub.
    package struct Status: Sendable, Equatable {
        package let isDevice: Bool
        package let deviceID: String?
        package let unpushed: Int
        package let lastSync: String?
        package let hubURL: String?
        /// Changes from other devices set aside here, waiting for a build that can apply them (Y-23).
        package var setAside = 0
    }

    package func status() throws -> Status {
        guard let state = try OperationLog.state(db) else {
            return Status(isDevice: false, deviceID: nil, unpushed: 0, lastSync: nil, hubURL: nil)
        }
        var status = Status(isDevice: true, deviceID: state.deviceID, unpushed: try OperationLog.unpushedCount(db),
                            lastSync: state.lastSync, hubURL: state.hubURL)
        status.setAside = try OperationLog.setAsideCount(db)
        return status
    }
}
