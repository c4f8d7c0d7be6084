@testable import CharflowApp
import CharflowCore
import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// The settlements a merge runs with the application's rules (`SettlementRules`): the dedup of a
/// series' instances after another device's rows arrive.
@Suite("A merge settled by the application's rules (Y-7, Y-20)")
struct MergeSettlementRulesTests {
    @Test("Y-20 Y-7: after a merge, an instance from a device that sent no occurrence gets one, and the dedup rule keeps one instance per (series, occurrence)")
    func olderDeviceRowIsSettled() throws {
        let store = try MergedStore()
        try store.becomeDevice("2026-11-30")
        let series = "00000000-0000-4000-8000-000000000003"
        let mine = "00000000-0000-4000-8000-000000000004"
        try store.write("2026-11-30", "09:00", """
            INSERT INTO tasks (id, title, due_date, repeat_kind, series_id, occurrence_day, created_at, modified_at)
            VALUES (?1, 'Stretch', '2026-12-02', 'daily', ?2, '2026-12-02', '2026-11-30T09:00:00.000Z', '2026-11-30T09:00:00.000Z')
            """, [.text(mine), .text(series)])
        // Another device's own instance for the same day, already done there, without the field.
        let theirs = UUID().uuidString.lowercased()
        let clock = HybridLogicalClock(milliseconds: 1_764_500_000_000, counter: 0, device: "other").text
        let fields: [(String, String)] = [
            ("title", "\"Stretch\""), ("due_date", "\"2026-12-02\""), ("repeat_kind", "\"daily\""),
            ("series_id", "\"\(series)\""), ("is_completed", "1"),
            ("completed_at", "\"2026-11-30T08:30:00.000Z\""), ("created_at", "\"2026-11-30T08:00:00.000Z\""),
            ("modified_at", "\"2026-11-30T08:30:00.000Z\""),
        ]
        let planner = try store.open("2026-11-30", "09:10")
        try OperationMerge.apply(fields.map { RemoteOperation(hlc: clock, table: "tasks", rowID: theirs, field: $0.0, value: $0.1) },
                                 cursor: 1, now: "2026-11-30T09:10:00.000Z", planner.db)
        try expectEqual(store.task(theirs, "occurrence_day"), .null)
        try MergeSettlement.settle(planner, rules: Charflow.opening(planner).settlementRules)
        try expectEqual(store.task(theirs, "occurrence_day"), .text("2026-12-02"))
        try expectEqual(store.task(mine, "id"), nil, "the done copy is kept, the open one removed")
        #expect(try planner.db.scalar("SELECT count(*) FROM tombstones WHERE id = ?", [.text(mine)])?.int == 1)
    }
}

/// One device's store in a temporary folder, written with SQL inside its own transactions so the
/// triggers log every change, as `CharflowSyncTests`' stores are.
final class MergedStore {
    let folder: URL
    let path: String
    static let zone = TimeZone(identifier: "Europe/London")!

    init() throws {
        folder = try TestFolder.make("charflow-merge-rules")
        path = folder.appendingPathComponent("charflow.sqlite").path
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func open(_ day: String = "2026-03-07", _ time: String = "09:00") throws -> Store {
        let now = PlannerCalendar(timeZone: Self.zone).instant(on: try #require(LocalDay(day)), at: try #require(TimeOfDay(time)))
        return try Store(path: path, timeZone: Self.zone, localeFirstWeekday: .monday, now: now)
    }

    func becomeDevice(_ day: String) throws {
        _ = try OperationLog.enable(try open(day).db)
    }

    func write(_ day: String, _ time: String, _ sql: String, _ bindings: [SQLValue] = []) throws {
        let db = try open(day, time).db
        try db.write { try db.run(sql, bindings) }
    }

    func task(_ id: String, _ column: String) throws -> SQLValue? {
        try open().db.rows("SELECT \(column) FROM tasks WHERE id = ?", [.text(id)]).first?[0]
    }
}
