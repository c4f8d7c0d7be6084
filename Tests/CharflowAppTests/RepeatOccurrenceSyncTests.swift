import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A series' occurrences through sync (spec D19, rules Y-2, Y-20): the field travels like any other
/// (the merge's side is in `CharflowSyncTests`).
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
        expectEqual(sent, [[.text(series.id.lowercasedText), .text("\"2026-12-01\"")],
                         [.text(next.id.lowercasedText), .text("\"2026-12-02\"")]])
    }
}
