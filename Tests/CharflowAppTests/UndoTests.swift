import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

@Suite("Undo reverts the last action exactly")
struct UndoTests {
    /// Every state-changing action a test can undo, each done at 12:00 on a board set up at 09:00.
    enum Action: String, CaseIterable, Sendable {
        case add, addPlaced, editWords, editDueTomorrow, editImportance, complete, uncomplete, drop,
             moveRegion, bucketChange, moveToBacklog, moveFromBacklog, moveToTomorrow, reorder, setting
    }

    struct Setup {
        var must: TaskItem, comps: [TaskItem], misc: TaskItem, parked: TaskItem, done: TaskItem
    }

    /// The board every undo test starts from, made at 09:00 on Monday 2026-03-02.
    func setUp(_ store: TempStore) throws -> Setup {
        let planner = try store.open("2026-03-02", "09:00")
        let must = try planner.add("must", region: .morning, bucket: .mustDo, notes: "quote \" and ✓")
        let comps = try (1...3).map { try planner.add("comp \($0)", region: .morning, bucket: .complementary) }
        let misc = try planner.add("misc", region: .afternoon, bucket: .misc, importance: .medium)
        let parked = try planner.add("parked", notes: "someday")
        let done = try planner.add("done", region: .evening)
        try planner.complete(done.id.uuidString)
        return Setup(must: must, comps: comps, misc: misc, parked: parked, done: done)
    }

    func perform(_ action: Action, on planner: Store, _ board: Setup) throws {
        switch action {
        case .add: try planner.add("new")
        case .addPlaced: try planner.add("new placed", region: .evening, bucket: .mustDo)
        case .editWords:
            var change = Store.TaskEdit()
            change.title = #"{"json": [1, 2]} and \ backslash, 123"#
            change.notes = .some(nil)
            change.effortMinutes = .some(90)
            try planner.edit(board.must.id.uuidString, change)
        case .editDueTomorrow:
            var change = Store.TaskEdit()
            change.due = .tomorrow
            try planner.edit(board.comps[1].id.uuidString, change)
        case .editImportance:
            var change = Store.TaskEdit()
            change.importance = .high
            try planner.edit(board.parked.id.uuidString, change)
        case .complete: try planner.complete(board.comps[0].id.uuidString)
        case .uncomplete: try planner.uncomplete(board.done.id.uuidString)
        case .drop: try planner.drop(board.misc.id.uuidString)
        case .moveRegion: try planner.move(board.must.id.uuidString, region: .evening, bucket: nil)
        case .bucketChange: try planner.move(board.misc.id.uuidString, region: nil, bucket: .complementary)
        case .moveToBacklog: try planner.moveToBacklog(board.comps[2].id.uuidString)
        case .moveFromBacklog: try planner.move(board.parked.id.uuidString, region: .afternoon, bucket: .mustDo)
        case .moveToTomorrow: try planner.move(board.must.id.uuidString, region: .morning, bucket: nil, day: .tomorrow)
        case .reorder: try planner.reorder(board.comps[2].id.uuidString, to: 1)
        case .setting: try planner.setSetting("lock-complementary", "on")
        }
    }

    static let tables = ["tasks", "deferrals", "settings", "categories", "sessions"]

    func snapshot(_ planner: Store) throws -> [String: [[String: SQLValue]]] {
        var result: [String: [[String: SQLValue]]] = [:]
        for table in Self.tables {
            let names = try planner.db.columns(of: table)
            let key = names.contains("id") ? "id" : "key"
            result[table] = try planner.db.rows("SELECT * FROM \(table) ORDER BY \(key)").map {
                Dictionary(uniqueKeysWithValues: zip(names, $0))
            }
        }
        return result
    }

    func withoutModified(_ snapshot: [String: [[String: SQLValue]]]) -> [String: [[String: SQLValue]]] {
        snapshot.mapValues { rows in rows.map { var row = $0; row["modified_at"] = nil; return row } }
    }

    @Test("B-21 undo reverts each action exactly: every field of every row but modifiedAt", arguments: Action.allCases)
    func exact(_ action: Action) throws {
        let store = try TempStore(zone: "America/New_York")
        let board = try setUp(store)
        let before: [String: [[String: SQLValue]]]
        do {
            let planner = try store.open("2026-03-02", "12:00")
            before = try snapshot(planner)
            try perform(action, on: planner, board)
            try expectNotEqual(withoutModified(snapshot(planner)), withoutModified(before), "the action changed something")
        }
        // Undo from a later command, as the CLI would.
        let planner = try store.open("2026-03-02", "12:05")
        let label = try planner.undo()
        expectTrue(!label.isEmpty)
        let after = try snapshot(planner)
        expectEqual(withoutModified(after), withoutModified(before))
        // A restored row is marked changed at the undo (D14); untouched rows keep their time.
        let undoTime = SQLValue.text(Instant.storageText(planner.now))
        for table in Self.tables {
            for (old, new) in zip(before[table] ?? [], after[table] ?? []) {
                #expect(new["modified_at"] == old["modified_at"] || new["modified_at"] == undoTime)
            }
        }
    }

    @Test("B-21 undo of add removes the task and leaves a tombstone")
    func undoAdd() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("oops", region: .morning, bucket: .mustDo)
        try expectEqual(planner.undo(), "add")
        try expectEqual(TempStore.row(planner, task: task.id), nil)
        #expect(try TempStore.count(planner, "SELECT count(*) FROM tombstones WHERE table_name = 'tasks' AND id = ?",
                                    [.text(task.id.uuidString.lowercased())]) == 1)
        expectTrue(try planner.titles(.morning, .mustDo).isEmpty)
        try planner.add("the real one", region: .morning, bucket: .mustDo)
    }

    @Test("B-21 undo of complete restores the open task; undo of un-complete restores completedAt to the millisecond")
    func undoComplete() throws {
        let store = try TempStore()
        let task: TaskItem
        let done: TaskItem
        do {
            let planner = try store.open("2026-03-02", "09:00")
            task = try planner.add("task", region: .morning)
        }
        do {
            let planner = try store.open("2026-03-02", "10:30")
            done = try planner.complete(task.id.uuidString)
            try expectEqual(planner.undo(), "done")
            expectTrue(sameExceptModified(try planner.reload(task), task))
            try planner.complete(task.id.uuidString)
        }
        let planner = try store.open("2026-03-02", "11:00")
        try planner.uncomplete(task.id.uuidString)
        try expectEqual(planner.undo(), "undone")
        let restored = try planner.reload(task)
        expectTrue(restored.isCompleted)
        expectEqual(restored.completedAt, done.completedAt)
        expectEqual(restored.completedAt, (try store.instant("2026-03-02", "10:30")))
    }

    @Test("B-21 B-9 undo of delete brings the task back into its place and views")
    func undoDrop() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("dropped by mistake", region: .evening, bucket: .complementary)
        try planner.drop(task.id.uuidString)
        expectTrue(try planner.titles(.evening, .complementary).isEmpty)
        try expectEqual(planner.undo(), "delete")
        let back = try planner.reload(task)
        expectEqual(back.droppedAt, nil)
        expectTrue(sameExceptModified(back, task))
        try expectEqual(planner.titles(.evening, .complementary), ["dropped by mistake"])
    }

    @Test("B-21 undo steps back one action at a time, newest first, then there is nothing to undo")
    func stack() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("stacked", region: .morning)
        try planner.move(task.id.uuidString, region: .afternoon, bucket: .complementary)
        try planner.complete(task.id.uuidString)
        try expectEqual(planner.undo(), "done")
        try expectEqual(planner.reload(task).region, .afternoon)
        expectTrue(try !planner.reload(task).isCompleted)
        try expectEqual(planner.undo(), "move")
        try expectEqual(planner.reload(task).region, .morning)
        try expectEqual(planner.reload(task).bucket, .misc)
        try expectEqual(planner.undo(), "add")
        try expectEqual(TempStore.row(planner, task: task.id), nil)
        #expect(throws: PlannerError.nothingToUndo) { try planner.undo() }
        expectEqual(PlannerError.nothingToUndo.message, "Nothing to undo.")
    }

    @Test("B-21 a refused action leaves no undo step behind")
    func refusedActionIsNotUndone() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let first = try planner.add("first must", region: .morning, bucket: .mustDo)
        let second = try planner.add("second", region: .morning, bucket: .misc)
        #expect(throws: PlannerError.regionFull(.morning)) { try planner.move(second.id.uuidString, region: nil, bucket: .mustDo) }
        #expect(throws: PlannerError.emptyTitle) { try planner.add(" ") }
        try expectEqual(planner.undo(), "add")
        try expectEqual(TempStore.row(planner, task: second.id), nil)
        try expectNotEqual(TempStore.row(planner, task: first.id), nil)
    }

    @Test("B-21 undo of a reorder restores the whole bucket's order in one step")
    func undoReorder() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let tasks = try (1...5).map { try planner.add("m\($0)", region: .evening) }
        try planner.reorder(tasks[4].id.uuidString, to: 1)
        try expectEqual(planner.titles(.evening, .misc), ["m5", "m1", "m2", "m3", "m4"])
        try expectEqual(planner.undo(), "reorder")
        try expectEqual(planner.titles(.evening, .misc), ["m1", "m2", "m3", "m4", "m5"])
        for task in tasks { expectTrue(sameExceptModified(try planner.reload(task), task)) }
    }

    @Test("B-21 undo of a setting restores the old value for later commands")
    func undoSetting() throws {
        let store = try TempStore()
        do {
            let planner = try store.open("2026-03-02")
            try planner.setSetting("rollover-time", "04:00")
            try planner.setSetting("rollover-time", "05:30")
        }
        do {
            let planner = try store.open("2026-03-02", "12:00")
            expectEqual(planner.settings.rolloverTime, TimeOfDay("05:30"))
            try expectEqual(planner.undo(), "settings")
        }
        do {
            let planner = try store.open("2026-03-02", "12:01")
            expectEqual(planner.settings.rolloverTime, TimeOfDay("04:00"))
            try expectEqual(planner.undo(), "settings")
        }
        let planner = try store.open("2026-03-02", "12:02")
        expectEqual(planner.settings.rolloverTime, .midnight)
        #expect(try TempStore.count(planner, "SELECT count(*) FROM settings WHERE key = 'rollover-time'") == 0)
    }

    @Test("B-21 after undoing a setting, the same Store follows the restored value")
    func undoSettingSameInstance() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        try planner.setSetting("lock-complementary", "on")
        expectTrue(planner.settings.lockComplementary)
        try planner.undo()
        expectTrue(!planner.settings.lockComplementary, "the in-memory settings still say 'on' after the undo")
        try planner.add("must", region: .morning, bucket: .mustDo)
        let comp = try planner.add("comp", region: .morning, bucket: .complementary)
        #expect(throws: Never.self) { try planner.complete(comp.id.uuidString) }
    }
}
