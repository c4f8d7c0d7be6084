import CharflowCore
import CharflowStore
import Foundation
import Testing

/// A series' occurrences through sync (spec D19, rules Y-2, Y-7, Y-20): the field travels like any
/// other, and a row from a device that does not know it gets it before the dedup rule runs.
@Suite("Repeat occurrences through sync (Y-20)")
struct RepeatOccurrenceSyncTests {
    @Test("Y-20 Y-2 a next instance's occurrence is written as an operation in its action's transaction")
    func occurrenceIsAnOperation() throws {
        let store = try TaskSystemStore()
        let planner = try store.open("2026-11-30", "09:00")
        try OperationLog.enable(planner.db)
        let series = try planner.taskSystemAdd("Stretch", due: .tomorrow, repeat: .daily)
        try planner.complete(series.shortID)
        let next = try #require(try planner.taskSystemLive(series: series.id).first)
        let sent = try planner.db.rows("SELECT row_id, value FROM sync_ops WHERE table_name = 'tasks' AND field = 'occurrence_day' ORDER BY seq")
        #expect(sent == [[.text(series.id.lowercasedText), .text("\"2026-12-01\"")],
                         [.text(next.id.lowercasedText), .text("\"2026-12-02\"")]])
    }

    @Test("Y-20 Y-7 after a merge, an instance from a device that sent no occurrence gets one, and the dedup rule keeps one instance per (series, occurrence)")
    func olderDeviceRowIsSettled() throws {
        let store = try TaskSystemStore()
        let planner = try store.open("2026-11-30", "09:00")
        try OperationLog.enable(planner.db)
        let series = try planner.taskSystemAdd("Stretch", due: .tomorrow, repeat: .daily)
        try planner.complete(series.shortID)
        let next = try #require(try planner.taskSystemLive(series: series.id).first)

        // Another device's own next instance for Wednesday, already done there, without the field.
        let theirs = UUID().uuidString.lowercased()
        let clock = HybridLogicalClock(milliseconds: 1_764_500_000_000, counter: 0, device: "other").text
        let fields: [(String, String)] = [
            ("title", "\"Stretch\""), ("due_date", "\"2026-12-02\""), ("repeat_kind", "\"daily\""),
            ("series_id", "\"\(series.id.lowercasedText)\""), ("is_completed", "1"),
            ("completed_at", "\"2026-11-30T08:30:00.000Z\""), ("created_at", "\"2026-11-30T08:00:00.000Z\""),
            ("modified_at", "\"2026-11-30T08:30:00.000Z\""),
        ]
        let operations = fields.map { OperationLog.Remote(hlc: clock, table: "tasks", rowID: theirs, field: $0.0, value: $0.1) }
        try OperationLog.apply(operations, cursor: 1, now: "2026-11-30T09:10:00.000Z", planner.db)
        #expect(try TempStore.count(planner, "SELECT count(*) FROM tasks WHERE id = ? AND occurrence_day IS NULL", [.text(theirs)]) == 1)

        try planner.settleAfterMerge()
        let kept = try planner.list(all: true).filter { $0.seriesID == series.id }
        #expect(kept.map { $0.id.uuidString.lowercased() }.sorted() == [series.id.lowercasedText, theirs].sorted(),
                "the done copy is kept, the open one removed")
        #expect(try planner.task(id: UUID(uuidString: theirs)!)?.occurrence?.description == "2026-12-02")
        #expect(try TempStore.count(planner, "SELECT count(*) FROM tombstones WHERE id = ?", [.text(next.id.lowercasedText)]) == 1)
    }
}
