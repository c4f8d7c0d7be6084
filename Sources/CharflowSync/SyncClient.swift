import CharflowCore
import CharflowStore
import Foundation

/// Sync for one store as of one clock (spec D18): set up a hub, sync with it, say where sync stands.
///
/// Made over a store the application layer opened as every use case opens it (migrated, rolled
/// over); the hub is reached only inside `initHub` and `sync`, so every other command works without it
/// (rule Y-11). The use cases on sync are in `CharflowApp/UseCases/Sync`.
package final class SyncClient {
    let store: Store
    var db: Database { store.db }

    /// How far the device's clock may run ahead of the hub's before a sync is refused (rule Y-10).
    package static let clockBound: Int64 = 5 * 60 * 1000
    /// Operations per push statement and per pulled page.
    static let page = 5_000

    /// The application's settlements a merge runs (nil runs only the merge's own).
    package var rules: SettlementRules?

    package init(store: Store) {
        self.store = store
    }

    /// Runs after the hub committed a push and before this store marks it pushed; a seam for crash
    /// tests, which kill the process there.
    package var afterPush: (() -> Void)?
    /// The blind hub's key for this sync; nil for an open hub (rule Y-32).
    var seal: ValueSeal?
    /// The series this sync's merges can have left to settle.
    var mergeScope = MergeScope()

    var nowMilliseconds: Int64 { Int64((store.now.timeIntervalSince1970 * 1000).rounded()) }
    /// The hub's clock (ms) when this sync began, and this machine's uptime then (rule Y-22).
    private var hubClock: (milliseconds: Int64, at: TimeInterval)?
    var nowText: String { Instant.storageText(store.now) }

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
        try db.stopMapping()
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
        /// Whether the new device id came because the hub had forgotten the old one (rule Y-31).
        package var wasForgotten = false
    }

    /// Pushes what this device has not pushed, then pulls past its cursor (one local transaction per
    /// page) and merges. `remember` keeps `url` as this store's hub when it has none yet. `progress`
    /// hears how many operations arrived so far, and how many there are in all when the hub knows.
    ///
    /// A one-change sync is connecting, one `hub_push` call (which also checks the schema, the clocks,
    /// the binding and the identity) and one `hub_pull` call (rule Y-29). Nothing is written, here or
    /// on the hub, before the hub is reached, checked and found to agree on the time; a failure at any
    /// later point keeps what was done so far and repeats nothing twice. `kept` is a loop's connection
    /// kept between its syncs.
    package func sync(url: String, remember: Bool, passphrase: HubPassphrase = HubPassphrase(),
                      kept: KeptHubConnection? = nil, progress: ((Int, Int?) -> Void)? = nil) throws -> Report {
        try db.stopMapping()
        // One sync of this store at a time (`SyncTurn`), held until this sync returns.
        let turn = SyncTurn(storePath: db.path)
        defer { withExtendedLifetime(turn) {} }
        guard let kept else {
            return try sync(over: try HubConnection(url: url), url: url, remember: remember, passphrase: passphrase, progress: progress)
        }
        return try kept.use(url) { hub in
            try sync(over: hub, url: url, remember: remember, passphrase: passphrase, progress: progress)
        }
    }

    /// One sync over `hub`, a connection to `url`.
    private func sync(over hub: HubConnection, url: String, remember: Bool, passphrase: HubPassphrase,
                      progress: ((Int, Int?) -> Void)?) throws -> Report {
        mergeScope = MergeScope()
        // A store bound to no hub yet asks first (its first sync only), so that it becomes a device,
        // which writes here, only once the hub agreed (Y-10); one hub per device (Y-16) from then on.
        if let bound = try OperationLog.state(db)?.hubID {
            // A hub is blind or open from its first value on (Y-32): a device bound to it knows which
            // by the key it keeps, and a lost key file is refused by the hub itself.
            seal = passphrase.given?.isEmpty == false
                ? try HubKey.resolve(hub, hubID: bound, passphrase: passphrase) : try HubKey.keptKey(hubID: bound)
        } else {
            let answer = try call(hub, device: nil, page: try PushPage([], device: nil, seal: nil), mark: nil, restamped: false)
            // A blind hub's key, or its refusal, before anything is written (rule Y-32).
            seal = try HubKey.resolve(hub, hubID: answer.hubID, passphrase: passphrase)
            _ = try OperationLog.enable(db)
            try OperationLog.attach(hub: answer.hubID, db)
            try rememberHub(url, if: remember)
        }
        var device = try OperationLog.enable(db)
        try ConflictRepository(db: db).startWatching()
        var report = Report()
        report.pushed = try push(hub, device: &device, report: &report, checking: true)
        try rememberHub(url, if: remember)
        // What an older build set aside is tried again; then what this pull sets aside is counted (Y-23).
        try retrySetAside()
        let setAsideBefore = try OperationLog.setAsideCount(db)
        let lastTombstone = try db.scalar("SELECT max(rowid) FROM tombstones")?.integer ?? 0
        let cursor = try OperationLog.state(db)?.cursor ?? 0
        if cursor == 0 {
            report.fromSnapshot = true
            report.pulled = try pullSnapshot(hub, device: device, progress: progress)
            if report.pushed > 0 { report.pulled += try pullConcurrentLines(hub, device: device) }
        } else {
            let pulled = try pull(hub, device: device, from: cursor, progress: progress)
            report.pulled = pulled.changed
            // Behind the hub's compaction (rule Y-30): what this device sent is on the hub already (the
            // push came first), and the rest comes from the hub's state.
            if pulled.behindCompaction {
                report.fromSnapshot = true
                report.pulled += try pullSnapshot(hub, device: device, progress: progress)
            }
        }
        // Two instances of one series on one day, two live sessions: the rules settle them now (Y-7,
        // Y-8).
        if report.pulled > 0 {
            let merged = try OperationLog.issuedSeq(db)
            // Another device's rollover time or first weekday shapes this device's day from now (Y-26).
            try store.reloadSettings()
            try MergeSettlement.settle(store, scope: mergeScope, rules: rules)
            // Rows the rules changed are other devices' doing too: their actions' undo says so (Y-25).
            try UndoAcrossSync.markChanged(byOperationsAfter: merged, at: nowText, db)
            // What the merge and the settling wrote as this device's own (two devices' notes merged by
            // lines, say) goes now, so the hub's state holds it before any other device pulls (Y-17).
            report.pushed += try push(hub, device: &device, report: &report, checking: false)
        }
        report.setAside = max(0, try OperationLog.setAsideCount(db) - setAsideBefore)
        try OperationLog.recordSync(at: nowText, db)
        try ConflictRepository(db: db).markSynced()
        // A removal for good that arrived left the removed rows' pages in the write-ahead log: fold them
        // into the main file (whose freed copies secure_delete zeroed) and empty it, as a purge here does.
        if try db.scalar("SELECT max(rowid) FROM tombstones")?.integer ?? 0 > lastTombstone { try db.checkpoint() }
        return report
    }

    /// Keeps `url` as this store's hub when `remember` and it has none yet, without its password (Y-27).
    private func rememberHub(_ url: String, if remember: Bool) throws {
        guard remember, try OperationLog.state(db)?.hubURL == nil else { return }
        try OperationLog.remember(hub: try PasswordFile.keepPassword(of: url), db)
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
            mergeScope.widen()
            try OperationMerge.apply(waiting, cursor: 0, now: nowText, notAfter: receiveLimit, db)
        }
    }

    /// The hub's own id, which a device is bound to (rule Y-16).
    static func identity(of hub: HubConnection) throws -> String {
        try hub.query("SELECT hub_id FROM hub_identity WHERE id = 1").first?.first.flatMap { $0 } ?? ""
    }

    /// What one `hub_push` call answered: `ok` when it pushed (or only checked), else why it wrote
    /// nothing (`restamp`, `identity_taken`, `forgotten`); the hub's id and clock (ms) either way.
    private struct PushAnswer {
        let outcome: String
        let hubID: String
        let hubClock: Int64
    }

    /// One call of `hub_push`, one round trip (rule Y-29): the hub checks its schema version, the
    /// clocks (Y-10, Y-22), the hub this store is bound to (Y-16) and the device's identity (Y-14),
    /// and pushes `pending` in its one transaction when every check passes. `device` nil only checks.
    /// A hub an older build made (no `hub_push`, or an older version) is brought up to date once, and
    /// a database that is no hub, or a newer hub, is refused; so are a clock ahead and another hub.
    private func call(_ hub: HubConnection, device: String?, page: PushPage, mark: String?, restamped: Bool,
                      meanwhile: (() throws -> Void)? = nil) throws -> PushAnswer {
        let state = try OperationLog.state(db)
        let known = try OperationLog.incarnations(db)
        let parameters: [String?] = [
            String(HubSchema.version), state?.hubID, String(nowMilliseconds),
            restamped ? nil : String(state?.clock.milliseconds ?? 0),
            device, mark, known.current, known.next, String(try OperationLog.issuedSeq(db)),
            // One of the two is empty: a page goes one entry an operation or one entry a record.
            page.operationsJSON, page.recordsJSON,
        ]
        let sql = "SELECT * FROM hub_push($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb)"
        var upgraded = false
        var meanwhile = meanwhile
        while true {
            let row: [String?]
            do {
                if let work = meanwhile {
                    meanwhile = nil
                    row = try hub.query(sql, parameters, meanwhile: work).first ?? []
                } else {
                    row = try hub.query(sql, parameters).first ?? []
                }
            } catch SyncError.refused(_, let code) where code == HubRefusalCode.plaintext {
                // A blind hub whose key this device no longer keeps (rule Y-32): nothing was written.
                throw SyncError.passphraseNeeded
            } catch SyncError.refused(let detail, let code)
                        where code == HubRefusalCode.undefinedFunction || code == HubRefusalCode.undefinedTable {
                // No `hub_push` (a hub before it, or no hub at all): completed or refused, once.
                guard !upgraded else { throw SyncError.refused(detail, sqlState: code) }
                try HubSchema.ensure(hub)
                upgraded = true
                continue
            }
            let field = { (index: Int) in row.indices.contains(index) ? row[index] : nil }
            let hubClock = Int64(field(3) ?? "") ?? 0
            switch field(0) ?? "" {
            case "upgrade" where !upgraded:
                _ = try HubSchema.install(hub)
                upgraded = true
                continue
            case "too_new", "upgrade":
                throw SyncError.hubTooNew(Int(field(1) ?? "") ?? 0)
            case "ahead":
                throw SyncError.clockAhead(seconds: Int((nowMilliseconds - hubClock) / 1000))
            case "other_hub":
                throw SyncError.otherHub
            case let outcome:
                return PushAnswer(outcome: outcome, hubID: field(2) ?? "", hubClock: hubClock)
            }
        }
    }

    /// Sends every unpushed operation, a page per `hub_push` call (one round trip and one hub
    /// transaction each), and marks each page pushed here once the hub committed it; with nothing to
    /// send and `checking`, one call still checks (and tells the hub this device synced). Returns how
    /// many rows the pushed operations change.
    ///
    /// While the hub writes a page, this store marks the page before it pushed and reads and encodes
    /// the next, so the two sides work at once instead of in turns. A crash between the hub's commit
    /// and the mark here sends a page again, which the hub ignores. All of one sync's pages carry one
    /// incarnation mark (rule Y-14): the hub holds it from the first page on.
    ///
    /// What the hub asks for before it writes is done here and the page sent again: operations
    /// stamped ahead of its clock are re-stamped to its time (rule Y-22, once a sync), and a device
    /// id in use elsewhere (Y-14) or forgotten on the hub (Y-31) is replaced by a new one, under which
    /// everything this store did not push yet goes.
    private func push(_ hub: HubConnection, device: inout String, report: inout Report, checking: Bool) throws -> Int {
        let rows = try pushPages(hub, device: &device, report: &report, checking: checking)
        // What the hub holds leaves the store once, with the last page's mark (rule Y-30); what a push
        // cut short left marked goes here.
        try OperationLog.dropPushed(db)
        return rows
    }

    /// The pages of `push`, each marked pushed here once the hub committed it.
    private func pushPages(_ hub: HubConnection, device: inout String, report: inout Report, checking: Bool) throws -> Int {
        var page = try PushPage(try unpushedPage(), device: device, seal: seal)
        guard checking || !page.operations.isEmpty else { return 0 }
        var rows = Set<String>()
        var restamped = false, renewed = 0
        var mark: String?
        // The last page the hub committed that is not marked here yet.
        var committed: Int64?
        func markCommitted(dropping: Bool = false) throws {
            guard let seq = committed else { return }
            try OperationLog.markPushed(db, through: seq, dropping: dropping)
            committed = nil
        }
        while true {
            if mark == nil, !page.operations.isEmpty { mark = try OperationLog.nextIncarnation(db) }
            var next: PushPage?
            var pageRows = Set<String>()
            let pushing = device
            let answer = try call(hub, device: device, page: page, mark: mark, restamped: restamped) {
                try markCommitted()
                guard let last = page.operations.last else { return }
                for operation in page.operations { pageRows.insert(SyncClient.rowKey(operation.table, operation.rowID)) }
                next = try PushPage(try self.unpushedPage(after: last.deviceSeq), device: pushing, seal: self.seal)
            }
            hubClock = (answer.hubClock, ProcessInfo.processInfo.systemUptime)
            switch answer.outcome {
            case "ok":
                guard let last = page.operations.last else { return rows.count }
                afterPush?()
                committed = last.deviceSeq
                rows.formUnion(pageRows)
                page = try next ?? PushPage(try unpushedPage(after: last.deviceSeq), device: device, seal: seal)
                if page.operations.isEmpty {
                    // The last page: its mark lets every pushed operation go in the same transaction.
                    try markCommitted(dropping: true)
                    return rows.count
                }
                continue
            case "restamp" where !restamped:
                restamped = true
                try OperationLog.restampAhead(of: answer.hubClock, bound: SyncClient.clockBound, db)
            case let outcome where ["identity_taken", "forgotten"].contains(outcome) && renewed < 2:
                renewed += 1
                device = try OperationLog.renewIdentity(db)
                mark = nil
                report.newDeviceID = device
                report.wasForgotten = outcome == "forgotten"
            case let outcome:
                throw SyncError.refused(outcome)
            }
            page = try PushPage(try unpushedPage(), device: device, seal: seal)
        }
    }

    /// The next page to push (after `seq`, when the page ending there is not marked yet), ending on a
    /// whole row: the hub numbers each page's operations together, and another device's push may
    /// come between two pages.
    private func unpushedPage(after seq: Int64 = 0) throws -> [OperationLog.Operation] {
        let page = try OperationLog.unpushed(db, after: seq, limit: SyncClient.page)
        return SyncClient.wholeRows(page, full: page.count == SyncClient.page) { SyncClient.rowKey($0.table, $0.rowID) }
    }

    /// A full page cut back before the operations of its last row, which then begin the next page: a
    /// device pushes a row's fields one after another, so a row new to the puller arrives whole in one
    /// page and one transaction (a new row without its required fields cannot be made, and would be
    /// lost). A page that is one row only is kept as it is.
    static func wholeRows<Element>(_ page: [Element], full: Bool, row: (Element) -> String) -> [Element] {
        guard full, let last = page.last else { return page }
        let tail = row(last)
        var end = page.count
        while end > 0, row(page[end - 1]) == tail { end -= 1 }
        return end == 0 ? page : Array(page[..<end])
    }

    /// The row an operation changes, as one key: counting distinct keys counts changes as a person
    /// does (a task added is one change, not its twenty fields).
    static func rowKey(_ table: String, _ row: String) -> String {
        table + "\u{1F}" + row
    }

    /// Pulls other devices' operations past `cursor`, a page per local transaction; stops, saying so,
    /// when the hub answers that the cursor is behind its compaction.
    private func pull(_ hub: HubConnection, device: String, from cursor: Int64,
                      progress: ((Int, Int?) -> Void)?) throws -> (changed: Int, behindCompaction: Bool) {
        var cursor = cursor
        var received = 0
        // What changed here, counted by the merge: a row delivered with values it held already is no
        // change (issue 39, item 8).
        var changed = 0
        while true {
            var rows = try hub.query("SELECT * FROM hub_pull($1, $2, $3)", [String(cursor), device, String(SyncClient.page)])
            if rows.count == 1, rows[0][0] == String(HubSchema.behindCompaction) { return (changed, true) }
            let full = rows.count == SyncClient.page
            // A row's fields (and a base, which travels just before its change) come in one page.
            rows = SyncClient.wholeRows(rows, full: full, row: SyncClient.pulledRowKey)
            guard let last = rows.last, let seq = last[0].flatMap({ Int64($0) }) else { break }
            // The row of nulls at a last page's end only numbers how far the device now holds the log.
            let operations = SyncClient.operations(ofPulled: rows)
            if operations.isEmpty {
                try db.write { try OperationLog.advanceCursor(to: seq, db) }
            } else {
                changed += try applyPulled(operations, cursor: seq)
            }
            cursor = seq
            received += operations.count
            progress?(received, nil)
            if !full { break }
        }
        return (changed, false)
    }

    /// Starts a device with no cursor from the hub's current state: every field's winning value, read
    /// by one `hub_pull` call in one snapshot with the last operation number it includes (on every
    /// row), applied in one local transaction.
    ///
    /// The state streams through a hub cursor a page at a time, so memory holds one page whatever
    /// the hub holds (rule Y-30): ordered by table and row, a page cut after its last whole row, the
    /// rest carried into the next, so each row is merged whole. The cursor moves once the last page
    /// is in, in the same local transaction.
    private func pullSnapshot(_ hub: HubConnection, device: String, progress: ((Int, Int?) -> Void)?) throws -> Int {
        mergeScope.widen()
        var changed = 0
        var received = 0
        try hub.transaction {
            // Parents before children (the synced tables' order), so no page holds a link to a row
            // a later page brings: the merge would take it for a broken one.
            let tables = "{" + OperationLog.syncedTables.joinedText(separator: ",") + "}"
            try hub.query("""
                DECLARE hub_state NO SCROLL CURSOR FOR
                SELECT * FROM hub_pull(0, $1, 0)
                ORDER BY array_position($2::text[], o_table) NULLS LAST, o_table, o_row, o_hlc
                """, [device, tables])
            try db.write {
                var cursor: Int64 = 0
                var carried: [[String?]] = []
                var lastRow: String?
                let fetch = "FETCH \(SyncClient.page) FROM hub_state"
                var fetched = try hub.query(fetch)
                while true {
                    let full = fetched.count == SyncClient.page
                    let page = carried + fetched
                    let rows = SyncClient.wholeRows(page, full: full, row: SyncClient.pulledRowKey)
                    carried = Array(page[rows.count...])
                    if let seq = rows.first?[0].flatMap({ Int64($0) }) { cursor = seq }
                    let operations = SyncClient.operations(ofPulled: rows)
                    for operation in operations {
                        let key = SyncClient.rowKey(operation.table, operation.rowID)
                        if key != lastRow { changed += 1; lastRow = key }
                    }
                    // The hub reads the next page while this store merges this one, rather than in turns.
                    let merge = { if !operations.isEmpty { try self.applyPulled(operations, cursor: 0, fromState: true) } }
                    if full { fetched = try hub.query(fetch, [], meanwhile: merge) } else { try merge() }
                    received += operations.count
                    progress?(received, nil)
                    if !full { break }
                }
                try OperationLog.advanceCursor(to: cursor, db)
            }
            try hub.execute("CLOSE hub_state")
        }
        return changed
    }

    /// The row a row of `hub_pull`'s answer changes (`o_table`, `o_row`), as `rowKey` makes it.
    static func pulledRowKey(_ row: [String?]) -> String {
        rowKey(row[2] ?? "", row[3] ?? "")
    }

    /// The operations in rows of `hub_pull`'s answer (number, clock, table, row, field, value and,
    /// from schema 14, the clock of the value each replaced), without the row of nulls that only
    /// numbers how far the log goes.
    static func operations(ofPulled rows: [[String?]]) -> [RemoteOperation] {
        rows.filter { $0[1] != nil }.map {
            RemoteOperation(hlc: $0[1] ?? "", table: $0[2] ?? "", rowID: $0[3] ?? "", field: $0[4] ?? "", value: $0[5] ?? "null",
                            base: $0.count > 6 ? $0[6] : nil)
        }
    }

    /// Brings in the other devices' changes of each field merged by lines whose winning value on the
    /// hub is this device's (rule Y-17): the state leaves them out, and a device that filled a hub
    /// with what it held (`hub switch`, a restored copy) would otherwise not see another device's
    /// line until that device merged it. They are applied as the log's changes, with their bases.
    ///
    /// What compaction removed is gone from the log; the other device merges it on its next pull.
    private func pullConcurrentLines(_ hub: HubConnection, device: String) throws -> Int {
        let fields = "{" + OperationLog.mergedByLines.sorted().joinedText(separator: ",") + "}"
        let rows = try hub.query("""
            SELECT o.hlc, o.table_name, o.row_id, o.field, o.value FROM hub_operations o
            JOIN hub_records r ON r.table_name = o.table_name AND r.row_id = o.row_id
            WHERE o.device_id <> $1 AND right(r.fields->o.field->>0, length($1) + 1) = '-' || $1
            AND o.table_name || '.' || replace(o.field, '\(OperationLog.baseSuffix)', '') = ANY($2::text[])
            ORDER BY o.hub_seq
            """, [device, fields])
        guard !rows.isEmpty else { return 0 }
        let operations = rows.map {
            RemoteOperation(hlc: $0[0] ?? "", table: $0[1] ?? "", rowID: $0[2] ?? "", field: $0[3] ?? "", value: $0[4] ?? "null")
        }
        try applyPulled(operations, cursor: 0)
        return Set(operations.map { SyncClient.rowKey($0.table, $0.rowID) }).count
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
