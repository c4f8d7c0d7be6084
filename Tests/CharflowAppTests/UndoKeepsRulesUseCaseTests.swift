@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Undo by action id through `CharflowApp` on a real store: an undo that would break a rule is refused
/// with the rule's words (D2, D8, S-7); an undone pause puts back its paused seconds exactly.
@Suite("Undo keeps the rules: one named action through CharflowApp (D2, D8, S-6, S-7)")
struct UndoKeepsRulesUseCaseTests {
    private let day = "2026-11-30"

    private func place(_ app: Charflow, _ title: String, _ bucket: Bucket) throws -> TaskItem {
        var input = AddTask.Input(title: title)
        input.region = .morning
        input.bucket = bucket
        return try app.addTask(input).task
    }

    @Test("B-4 D2 undoing a Must-Do's delete after another Must-Do took its place is refused with the 1–3–5 words, and changes nothing")
    func undoDeleteOverMustDo() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        let first = try place(app, "Write the report", .mustDo)
        try app.dropTask(DropTask.Input(task: first.id))
        let deleted = try #require(app.store.lastActionID)
        _ = try place(app, "Call the client", .mustDo)
        let before = try AppTestStore.contents(app)

        #expect(throws: PlannerError.regionFull(.morning)) { try app.undo(UndoAction.Input(action: deleted)) }
        expectEqual(PlannerError.regionFull(.morning).message, "Morning region full (1 Must-Do, 3 Complementary, 5 Misc)")
        try expectEqual(AppTestStore.contents(app), before)
        // Today carries no notice of a sync that never happened.
        expectTrue(!(try app.readToday().signals.contains { $0.signal.kind == "regionOverLimit" }))
    }

    @Test("B-4 the same undo on another day's board, and with room left, goes through")
    func undoWithRoom() throws {
        let store = try AppTestStore(zone: "America/New_York")
        let app = try store.open(day)
        let misc = try place(app, "Water the plants", .misc)
        try app.dropTask(DropTask.Input(task: misc.id))
        let deleted = try #require(app.store.lastActionID)
        _ = try place(app, "Tidy the desk", .misc)
        let later = try store.open(day, "10:00")
        try expectEqual(later.undo(UndoAction.Input(action: deleted)).label, "delete")
        try expectEqual(later.store.task(id: misc.id)?.droppedAt, nil)
    }

    @Test("S-7 undoing a finish while a later session runs is refused: one timer at a time")
    func undoFinishUnderSecondTimer() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        let first = try app.sessionAdd("Draft the plan")
        let second = try app.sessionAdd("Read the brief")
        _ = try app.beginSession(BeginSession.Input(task: first.id))
        let later = try store.open(day, "09:20")
        _ = try later.finishSession(FinishSession.Input(.stop))
        let finished = try #require(later.store.lastActionID)
        _ = try later.beginSession(BeginSession.Input(task: second.id))
        let before = try AppTestStore.contents(later)
        #expect(throws: PlannerError.undoSecondTimer) { try later.undo(UndoAction.Input(action: finished)) }
        try expectEqual(AppTestStore.contents(later), before)
    }

    @Test("D8 S-6 undo of pause puts back pausedSeconds exactly; undo of a finish still counts the gap as paused")
    func undoPauseIsExact() throws {
        let store = try AppTestStore(zone: "America/New_York")
        let app = try store.open(day)
        let task = try app.sessionAdd("Plan the trip")
        _ = try app.beginSession(BeginSession.Input(task: task.id))
        _ = try store.open(day, "09:10").pauseSession()
        _ = try store.open(day, "09:15").resumeSession()
        _ = try store.open(day, "09:30").pauseSession()
        let paused = try #require(try store.open(day, "09:31").store.sessions.live())
        expectEqual(paused.pausedSeconds, 300)
        _ = try store.open(day, "09:31").undo(UndoAction.Input())
        let restored = try #require(try store.open(day, "09:32").store.sessions.live())
        expectEqual(restored.pausedSeconds, 300)
        expectEqual(restored.pausedAt, nil)

        _ = try store.open(day, "09:40").finishSession(FinishSession.Input(.stop))
        _ = try store.open(day, "09:45").undo(UndoAction.Input())
        let reopened = try #require(try store.open(day, "09:46").store.sessions.live())
        expectEqual(reopened.pausedSeconds, 300 + 300)
    }

    // MARK: Backlog age (D5)

    @Test("D5 B-16 deferring an overdue Backlog task to Someday keeps the day it entered the Backlog, in any zone",
          arguments: ["Europe/London", "America/New_York", "Pacific/Auckland"])
    func somedayKeepsBacklogAge(zone: String) throws {
        let store = try AppTestStore(zone: zone)
        var input = AddTask.Input(title: "Sort the photos")
        input.due = .today
        let task = try store.open("2026-11-16").addTask(input).task
        // Rolled over into the Backlog on the 17th, entered on its due day, the 16th.
        let app = try store.open("2026-11-30")
        try expectEqual(app.store.task(id: task.id)?.backlogSince, LocalDay("2026-11-16"))
        let deferred = try app.deferTask(DeferTask.Input(task: task.id, to: .someday)).task
        expectEqual(deferred.dueDate, nil)
        expectEqual(deferred.backlogSince, LocalDay("2026-11-16"))
        let older = try app.backlog().groups.first { $0.group == .older }
        expectEqual(older?.tasks.map(\.id), [task.id])
        // A task taken off today's board to Someday enters the Backlog today.
        var placed = AddTask.Input(title: "Water the plants")
        placed.region = .evening
        let fresh = try app.addTask(placed).task
        let parked = try app.moveTask(MoveTask.Input(task: fresh.id, to: .backlog)).task
        expectEqual(parked.backlogSince, app.today)
    }
}
