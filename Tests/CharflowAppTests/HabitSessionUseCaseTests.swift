@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A focus session on a timed habit's window, begun through `CharflowApp` on a real store: the same
/// one-timer rules as a task's, settled with Log it or Stop for now only.
@Suite("Habit sessions: begin through CharflowApp on a real store")
struct HabitSessionUseCaseTests {
    @Test("H-12 a running habit session is settled with Log it or Stop for now only, never defer or drop",
          arguments: [SessionSettle.defer, .drop])
    func habitSettleChoices(_ refused: SessionSettle) throws {
        let store = try AppTestStore()
        let setup = try store.open("2026-11-30", "08:00")
        try setup.store.habitAdd("Read", kind: .timed, target: 30)
        try setup.store.habitAdd("Run", kind: .timed, target: 20)
        try store.open("2026-11-30", "09:00").habitBegin("Read", settle: nil)
        let app = try store.open("2026-11-30", "09:05")
        let before = try AppTestStore.contents(app)
        #expect(throws: PlannerError.habitSessionSettle) { try app.habitBegin("Run", settle: refused) }
        let running = #expect(throws: PlannerError.self) { try app.habitBegin("Run", settle: nil) }
        if case .habitSessionRunning? = running {} else {
            Issue.record("expected habitSessionRunning (it offers only done or stop), got \(String(describing: running))")
        }
        try expectEqual(AppTestStore.contents(app), before)
    }

    @Test("H-12 Log it and Stop for now both keep the habit session's time", arguments: [SessionSettle.done, .stop])
    func habitSettleKeepsTime(_ choice: SessionSettle) throws {
        let store = try AppTestStore()
        let setup = try store.open("2026-11-30", "08:00")
        let read = try setup.store.habitAdd("Read", kind: .timed, target: 30)
        try setup.store.habitAdd("Run", kind: .timed, target: 20)
        try store.open("2026-11-30", "09:00").habitBegin("Read", settle: nil)
        try store.open("2026-11-30", "09:12").habitBegin("Run", settle: choice)
        let app = try store.open("2026-11-30", "09:13")
        try expectEqual(app.store.habitCell(read, "2026-11-30").amount, 12)
        let outcome = try app.store.db.scalar("SELECT outcome FROM sessions WHERE ended_at IS NOT NULL")?.text
        #expect(outcome == (choice == .done ? "finished" : "abandoned"))
        try expectNotEqual(app.liveSession(), nil)
    }

    @Test("H-11 only a timed habit runs a session, and not while archived")
    func beginNeedsTimed() throws {
        let store = try AppTestStore()
        let app = try store.open("2026-11-30")
        try app.store.habitAdd("Walk")
        #expect(throws: PlannerError.notTimed) { try app.habitBegin("Walk", settle: nil) }
        try app.store.habitAdd("Read", kind: .timed, target: 10)
        try app.store.archiveHabit("Read")
        #expect(throws: PlannerError.habitArchived("Read")) { try app.habitBegin("Read", settle: nil) }
    }
}
