import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

@Suite("Undo by action id: exactly the named action, or a calm refusal (W-15, D17)")
struct UndoActionTests {
    @Test("W-15 the latest action's id undoes it exactly, as plain undo would")
    func latest() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("keep me", region: .morning)
        let before = try #require(try TempStore.row(planner, task: task.id))
        var change = Store.TaskEdit()
        change.title = "renamed"
        try planner.edit(task.id.uuidString, change)
        let id = try #require(planner.lastActionID)
        try expectEqual(planner.undo(action: id), "edit")
        var after = try #require(try TempStore.row(planner, task: task.id))
        after["modified_at"] = before["modified_at"]
        expectEqual(after, before)
        expectEqual(planner.lastActionID, nil, "an undo records no action")
    }

    @Test("W-15 an older action no later action touched is undone on its own; the later one stays")
    func olderIndependent() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let first = try planner.add("first", region: .morning)
        let firstAdd = try #require(planner.lastActionID)
        let second = try planner.add("second", region: .afternoon)
        let secondAdd = try #require(planner.lastActionID)
        expectNotEqual(firstAdd, secondAdd)
        try planner.toggleSetting()
        try expectEqual(planner.undo(action: firstAdd), "add")
        try expectEqual(planner.task(id: first.id), nil)
        try expectNotEqual(planner.task(id: second.id), nil)
        #expect(try TempStore.count(planner, "SELECT count(*) FROM tombstones WHERE id = ?",
                                    [.text(first.id.uuidString.lowercased())]) == 1, "the removed row leaves a tombstone")
        // Plain undo goes on with what is left, newest first.
        try expectEqual(planner.undo(), "settings")
        try expectEqual(planner.undo(), "add")
        try expectEqual(planner.task(id: second.id), nil)
        #expect(throws: PlannerError.nothingToUndo) { try planner.undo() }
    }

    @Test("W-15 an older action whose record a later action changed is refused as undo_blocked, changing nothing")
    func blockedBySameRecord() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("shared", region: .morning)
        try planner.appendNote(task.id.uuidString, "first note")
        let noted = try #require(planner.lastActionID)
        try planner.complete(task.id.uuidString)
        let before = try TempStore.contents(planner)
        #expect(throws: PlannerError.undoBlocked) { try planner.undo(action: noted) }
        try expectEqual(TempStore.contents(planner), before)
        expectEqual(PlannerError.undoBlocked.code, "undo_blocked")
        expectEqual(PlannerError.undoBlocked.message, "That change can't be undone on its own: later changes build on it.")
        // Once the later action is undone, the older one is the latest again.
        try planner.undo()
        try expectEqual(planner.undo(action: noted), "note")
        try expectEqual(planner.reload(task).notes, nil)
    }

    @Test("W-15 adding a task is refused when a later action made a row that points at it (a session)")
    func blockedByChildRow() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("timed", region: .morning)
        let added = try #require(planner.lastActionID)
        try planner.recordBegin(.task(task.id))
        let before = try TempStore.contents(planner)
        #expect(throws: PlannerError.undoBlocked) { try planner.undo(action: added) }
        try expectEqual(TempStore.contents(planner), before, "the session was not deleted with the task")
    }

    @Test("W-15 an edit is still undone on its own when a later action only points at the task (a session begun)")
    func notBlockedByChildOfRestoredRow() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("timed", region: .morning)
        try planner.appendNote(task.id.uuidString, "plan")
        let noted = try #require(planner.lastActionID)
        try planner.recordBegin(.task(task.id))
        try expectEqual(planner.undo(action: noted), "note")
        try expectEqual(planner.reload(task).notes, nil)
        try expectEqual(planner.sessions.live()?.subject, .task(task.id), "the session stays")
    }

    @Test("W-15 an id the journal does not hold is refused as undo_unknown: made up, undone already, or before a rollover")
    func unknown() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        try planner.add("one")
        let id = try #require(planner.lastActionID)
        #expect(throws: PlannerError.undoUnknown) { try planner.undo(action: UndoActionID(rawValue: id.rawValue + 100)) }
        try planner.add("two")
        let second = try #require(planner.lastActionID)
        try planner.undo()
        #expect(throws: PlannerError.undoUnknown) { try planner.undo(action: second) }
        expectEqual(PlannerError.undoUnknown.code, "undo_unknown")
        expectLacks(PlannerError.undoUnknown.message, "!")

        let tomorrow = try store.open("2026-03-03")
        #expect(throws: PlannerError.undoUnknown) { try tomorrow.undo(action: id) }
        try expectEqual(tomorrow.list(all: true).map(\.title), ["one"])
    }

    @Test("W-15 ids are stable across processes: another planner on the same file undoes the action it was told")
    func acrossPlanners() throws {
        let store = try TempStore()
        let cli = try store.open("2026-03-02")
        let task = try cli.add("from the command line")
        let id = try #require(cli.lastActionID)
        let server = try store.open("2026-03-02", "09:01")
        expectEqual(server.lastActionID, nil)
        try expectEqual(server.undo(action: id), "add")
        try expectEqual(cli.task(id: task.id), nil)
    }
}

extension Store {
    /// One undoable action that touches no task: flips the Complementary lock.
    func toggleSetting() throws {
        try setSetting("lock-complementary", settings.lockComplementary ? "off" : "on")
    }
}
