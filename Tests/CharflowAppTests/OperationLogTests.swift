import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

/// The operations a sync device's changes write (spec D18), read straight from the store.
@Suite("Operation log (D18)")
struct OperationLogTests {
    func operations(_ planner: Store) throws -> [[SQLValue]] {
        try planner.db.rows("SELECT hlc, table_name, row_id, field, value FROM sync_ops ORDER BY seq")
    }

    @Test("Y-2: a store that never synced writes no operations")
    func noDeviceNoOperations() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-07", "09:00")
        _ = try planner.add(Store.NewTask(title: "Quiet"))
        try expectEmpty(operations(planner))
        try expectEqual(OperationLog.state(planner.db), nil)
    }

    @Test("Y-2: once a device, an action, its undo and the rollover each write their operations, stamped at commit; a refused action writes none")
    func everyWriterWritesOperations() throws {
        // New York's clocks go forward on 8 March 2026; the week starts on Sunday.
        let store = try TempStore(zone: "America/New_York", localeFirstWeekday: .sunday)
        var planner = try store.open("2026-03-07", "09:00")
        let device = try OperationLog.enable(planner.db)
        try expectEqual(OperationLog.enable(planner.db), device)
        // The rows it already held wait to be sent by their key (Y-30), not as operations.
        let seeded = try operations(planner).count
        expectTrue(try planner.db.scalar("SELECT count(*) FROM sync_unsent_rows")?.int ?? 0 > 0)
        try expectEqual(planner.db.scalar("SELECT count(*) FROM sync_ops WHERE hlc IS NULL")?.int, 0)

        var request = Store.NewTask(title: "Call the bank")
        request.due = .today
        let task = try planner.add(request)
        let added = try operations(planner).dropFirst(seeded)
        expectTrue(added.contains { $0[1] == .text("tasks") && $0[3] == .text("title") && $0[4] == .text("\"Call the bank\"") })
        let clocks = Set(added.compactMap { $0[0].text })
        expectEqual(clocks.count, 1)
        expectEqual(clocks.first?.hasSuffix("-" + device), true)

        let before = try operations(planner).count
        #expect(throws: (any Error).self) { try planner.add(Store.NewTask(title: "")) }
        try expectEqual(operations(planner).count, before)

        _ = try planner.undo()
        // The undone add is removed for good: its tombstone is written, and its values leave the log (Y-27).
        let undone = try operations(planner).filter { $0[2] == .text(task.id.lowercasedText) }
        expectEqual(undone.map { $0[3] }, [.text("_deleted")])

        let again = try planner.add(request)
        let beforeRollover = try operations(planner).count
        let lastClock = try #require(try operations(planner).last?[0].text)
        planner = try store.open("2026-03-08", "09:00")
        let rolled = try operations(planner).dropFirst(beforeRollover)
        expectTrue(rolled.contains { $0[1] == .text("tasks") && $0[2] == .text(again.id.lowercasedText) })
        expectTrue(rolled.contains { $0[1] == .text("deferrals") && $0[3] == .text("task_id") })
        expectTrue(rolled.allSatisfy { ($0[0].text ?? "") > lastClock })
    }
}
