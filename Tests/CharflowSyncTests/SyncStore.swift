import CharflowCore
import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// One device's real SQLite store in its own temporary folder, opened as a command would open it at
/// a given London wall time; rows are written with SQL inside the store's own transaction, so the
/// triggers write and stamp their operations as any change would.
final class SyncStore {
    let folder: URL
    let path: String
    static let zone = TimeZone(identifier: "Europe/London")!

    init() throws {
        folder = try TestFolder.make("charflow-sync-tests")
        path = folder.appendingPathComponent("charflow.sqlite").path
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The instant London reads `time` (HH:MM) on `day`.
    static func instant(_ day: String, _ time: String) throws -> Date {
        PlannerCalendar(timeZone: zone).instant(on: try #require(LocalDay(day)), at: try #require(TimeOfDay(time)))
    }

    /// Opens the store with the clock at `day` `time`.
    func open(_ day: String = "2026-03-07", _ time: String = "09:00") throws -> Store {
        try Store(path: path, timeZone: SyncStore.zone, localeFirstWeekday: .monday, now: try SyncStore.instant(day, time))
    }

    /// Opens the store and makes it a sync device; returns the device id.
    @discardableResult
    func becomeDevice(_ day: String = "2026-03-07", _ time: String = "09:00") throws -> String {
        try OperationLog.enable(try open(day, time).db)
    }

    /// Runs `sql` in one transaction of the store opened at `day` `time`.
    func write(_ day: String = "2026-03-07", _ time: String = "09:00", _ sql: String, _ bindings: [SQLValue] = []) throws {
        let db = try open(day, time).db
        try db.write { try db.run(sql, bindings) }
    }

    /// Adds a task with `id` and `title` (an ordinary write: the triggers send it).
    func addTask(_ id: String, _ title: String, at day: String = "2026-03-07", _ time: String = "09:00") throws {
        let stamp = Instant.storageText(try SyncStore.instant(day, time))
        try write(day, time, "INSERT INTO tasks (id, title, created_at, modified_at) VALUES (?, ?, ?, ?)",
                  [.text(id), .text(title), .text(stamp), .text(stamp)])
    }

    /// Every operation this device has not handed on yet, as another device receives it; marks them
    /// handed on, as a push to the hub would.
    func takeOperations() throws -> [RemoteOperation] {
        let db = try open().db
        let pending = try OperationLog.unpushed(db, limit: Int.max)
        if let last = pending.last { try OperationLog.markPushed(db, through: last.deviceSeq) }
        return pending.map { RemoteOperation(hlc: $0.hlc, table: $0.table, rowID: $0.rowID, field: $0.field, value: $0.value, base: $0.base) }
    }

    /// Applies `operations` from another device as one pulled page.
    @discardableResult
    func receive(_ operations: [RemoteOperation], cursor: Int64 = 1) throws -> Int {
        let planner = try open()
        let changed = try OperationMerge.apply(operations, cursor: cursor, now: "2026-03-07T09:00:00.000Z", planner.db)
        try MergeSettlement.settle(planner, rules: nil)
        return changed
    }

    /// Every synced table's rows, as text, in id order: two stores that merged alike read the same.
    func syncedRows() throws -> [String] {
        let db = try open().db
        var lines: [String] = []
        // A tombstone's `deleted_at` is when this device learned of the removal: its own.
        for table in OperationLog.syncedTables + ["tombstones"] {
            let columns = table == "tombstones" ? "table_name, id" : "*"
            let order = table == "tombstones" ? "table_name, id" : "id"
            for row in try db.rows("SELECT \(columns) FROM \(table) ORDER BY \(order)") {
                lines.append(table + ": " + row.map { "\($0)" }.joined(separator: "|"))
            }
        }
        return lines
    }

    /// One column of one task, or nil when the task is not there.
    func task(_ id: String, _ column: String) throws -> SQLValue? {
        try open().db.rows("SELECT \(column) FROM tasks WHERE id = ?", [.text(id)]).first?[0]
    }
}
