import CharflowCore
import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// The merge between two real SQLite stores with no hub between them (spec D18): what one device
/// wrote, taken from its operation log, applied to the other.
@Suite("Merging operations between two stores (D18)")
struct OperationMergeTests {
    @Test("Y-2 Y-3: a task added on one store reaches the other through its operations, and both stores then hold the same rows")
    func twoStoresConverge() throws {
        let a = try SyncStore(), b = try SyncStore()
        try a.becomeDevice()
        try b.becomeDevice()
        try a.addTask("00000000-0000-4000-8000-00000000000a", "Call the bank")
        try b.addTask("00000000-0000-4000-8000-00000000000b", "Water the plants")
        let fromA = try a.takeOperations(), fromB = try b.takeOperations()
        try b.receive(fromA)
        try a.receive(fromB)
        try expectEqual(b.task("00000000-0000-4000-8000-00000000000a", "title"), .text("Call the bank"))
        try expectEqual(a.task("00000000-0000-4000-8000-00000000000b", "title"), .text("Water the plants"))
        try expectEqual(a.syncedRows(), b.syncedRows())
    }

    @Test("Y-3: applying other devices' operations takes the later clock per field, in any order and any number of times")
    func mergeIsOrderFree() throws {
        let store = try SyncStore()
        try store.becomeDevice()
        let id = "00000000-0000-4000-8000-000000000001"
        try store.addTask(id, "Mine")
        let early = HybridLogicalClock(milliseconds: 1, counter: 0, device: "zz").text
        let late = HybridLogicalClock(milliseconds: 9_999_999_999_999, counter: 0, device: "aa").text
        let ops = [
            RemoteOperation(hlc: late, table: "tasks", rowID: id, field: "title", value: "\"Theirs, later\""),
            RemoteOperation(hlc: early, table: "tasks", rowID: id, field: "effort_minutes", value: "25"),
            RemoteOperation(hlc: early, table: "tasks", rowID: id, field: "title", value: "\"Theirs, earlier\""),
        ]
        for order in [ops, ops.reversed(), ops + ops] {
            try store.receive(Array(order))
            try expectEqual(store.task(id, "title"), .text("Theirs, later"))
            try expectEqual(store.task(id, "effort_minutes"), .null)
        }
    }

    @Test("Y-17: a note sent without a base (its device never shared one) keeps both sides' lines, whichever clock is later")
    func noteWithoutBaseKeepsBothSides() throws {
        let store = try SyncStore()
        try store.becomeDevice()
        let id = "00000000-0000-4000-8000-000000000003"
        try store.addTask(id, "Mine")
        try store.write("2026-03-07", "09:00", "UPDATE tasks SET notes = 'written here' WHERE id = ?", [.text(id)])
        let early = HybridLogicalClock(milliseconds: 1, counter: 0, device: "zz").text
        let late = HybridLogicalClock(milliseconds: 9_999_999_999_999, counter: 0, device: "aa").text
        try store.receive([RemoteOperation(hlc: early, table: "tasks", rowID: id, field: "notes", value: "\"written there, earlier\"")])
        try expectEqual(store.task(id, "notes"), .text("written there, earlier\nwritten here"))
        try store.receive([RemoteOperation(hlc: late, table: "tasks", rowID: id, field: "notes", value: "\"written there, later\"")])
        try expectEqual(store.task(id, "notes"), .text("written there, earlier\nwritten here\nwritten there, later"))
    }

    @Test("Y-17 Y-13: notes merged from earlier changes go out as this device's change whenever they differ from what its later clock carries, also when a later change in the same delivery already holds them")
    func mergedNotesAlwaysLeave() throws {
        let store = try SyncStore()
        try store.becomeDevice()
        let id = "00000000-0000-4000-8000-000000000005"
        try store.addTask(id, "Mine")
        try store.write("2026-03-07", "09:00", "UPDATE tasks SET notes = 'written here' WHERE id = ?", [.text(id)])
        // What this device wrote is on the hub, under its clock, as "written here".
        _ = try store.takeOperations()
        let first = HybridLogicalClock(milliseconds: 1, counter: 0, device: "zz").text
        let second = HybridLogicalClock(milliseconds: 2, counter: 0, device: "zz").text
        // Two earlier changes of another device: a line of its own, then the union it had merged.
        try store.receive([
            RemoteOperation(hlc: first, table: "tasks", rowID: id, field: "notes", value: "\"written there\""),
            RemoteOperation(hlc: second, table: "tasks", rowID: id, field: "notes", value: "\"written there\\nwritten here\""),
        ])
        try expectEqual(store.task(id, "notes"), .text("written there\nwritten here"))
        // The later clock here carries "written here" everywhere else: the merged value must follow it.
        let sent = try store.takeOperations().filter { $0.rowID == id && $0.field == "notes" }
        expectEqual(sent.map(\.value), ["\"written there\\nwritten here\""])
    }

    @Test("Y-5: a removal for good from another device removes the row and its children, and a later edit never brings it back")
    func removalStaysRemoved() throws {
        let a = try SyncStore(), b = try SyncStore()
        try a.becomeDevice()
        try b.becomeDevice()
        let id = "00000000-0000-4000-8000-000000000002"
        try a.addTask(id, "Old errand")
        try a.write("2026-03-07", "09:01", "INSERT INTO deferrals (id, task_id, deferred_on, day, modified_at) VALUES ('d1', ?, '2026-03-07', '2026-03-07', '2026-03-07T09:01:00.000Z')", [.text(id)])
        try b.receive(try a.takeOperations())
        try b.write("2026-03-07", "09:05", "UPDATE tasks SET title = 'Edited later' WHERE id = ?", [.text(id)])
        let edit = try b.takeOperations()
        try a.write("2026-03-07", "09:02", "DELETE FROM tasks WHERE id = ?", [.text(id)])
        try a.write("2026-03-07", "09:02", "INSERT INTO tombstones (table_name, id, deleted_at) VALUES ('tasks', ?, '2026-03-07T09:02:00.000Z')", [.text(id)])
        try b.receive(try a.takeOperations(), cursor: 2)
        try a.receive(edit)
        try expectEqual(a.task(id, "title"), nil)
        try expectEqual(b.task(id, "title"), nil)
        try expectEqual(b.open().db.scalar("SELECT count(*) FROM deferrals")?.int, 0)
        try expectEqual(a.syncedRows(), b.syncedRows())
    }

    @Test("Y-5: a row that arrives pointing at a row this store removed for good follows its link's rule: a deferral of a purged task is not kept")
    func arrivalAfterRemovalFollowsItsLink() throws {
        let a = try SyncStore(), b = try SyncStore()
        try a.becomeDevice()
        try b.becomeDevice()
        let gone = "00000000-0000-4000-8000-000000000003", kept = "00000000-0000-4000-8000-000000000004"
        try a.addTask(gone, "Purged on B")
        try a.addTask(kept, "Kept everywhere")
        try b.receive(try a.takeOperations())
        try b.write("2026-03-07", "09:02", "DELETE FROM tasks WHERE id = ?", [.text(gone)])
        try b.write("2026-03-07", "09:02", "INSERT INTO tombstones (table_name, id, deleted_at) VALUES ('tasks', ?, '2026-03-07T09:02:00.000Z')", [.text(gone)])
        // A, not knowing yet, defers both tasks; both deferrals reach B in one delivery.
        for (deferral, task) in [("d-gone", gone), ("d-kept", kept)] {
            try a.write("2026-03-07", "09:03", "INSERT INTO deferrals (id, task_id, deferred_on, day, modified_at) VALUES (?, ?, '2026-03-07', '2026-03-07', '2026-03-07T09:03:00.000Z')",
                        [.text(deferral), .text(task)])
        }
        try b.receive(try a.takeOperations(), cursor: 2)
        try expectEqual(b.open().db.rows("SELECT id FROM deferrals ORDER BY id").compactMap { $0[0].text }, ["d-kept"])
        try expectEqual(b.open().db.scalar("PRAGMA foreign_key_check")?.text, nil, "no row points at a missing one")
    }

    @Test("Y-12 Y-3: rows a joining store does not hold are written whole with their field clocks, and end as the field-by-field merge of the same state leaves them")
    func joiningRowsMatchTheFieldByFieldMerge() throws {
        let first = HybridLogicalClock(milliseconds: 1_772_000_000_000, counter: 0, device: "aa").text
        let second = HybridLogicalClock(milliseconds: 1_772_000_000_000, counter: 1, device: "bb").text
        let third = HybridLogicalClock(milliseconds: 1_772_000_005_000, counter: 0, device: "cc").text
        let made = "\"2026-03-01T09:00:00.000Z\""
        let mixed = "00000000-0000-4000-8000-0000000000a1", tied = "00000000-0000-4000-8000-0000000000a2"
        let plain = "00000000-0000-4000-8000-0000000000a3"
        // The hub's state as a joining device pulls it: one row's fields mostly at one clock, one row
        // whose fields split two and two (the later clock then holds the row), one row at one clock.
        let state = [
            RemoteOperation(hlc: first, table: "tasks", rowID: mixed, field: "created_at", value: made),
            RemoteOperation(hlc: second, table: "tasks", rowID: mixed, field: "effort_minutes", value: "30"),
            RemoteOperation(hlc: first, table: "tasks", rowID: mixed, field: "modified_at", value: made),
            RemoteOperation(hlc: first, table: "tasks", rowID: mixed, field: "notes", value: "\"a line\""),
            RemoteOperation(hlc: first, table: "tasks", rowID: mixed, field: "title", value: "\"Mixed\""),
            RemoteOperation(hlc: third, table: "tasks", rowID: tied, field: "created_at", value: made),
            RemoteOperation(hlc: second, table: "tasks", rowID: tied, field: "modified_at", value: made),
            RemoteOperation(hlc: third, table: "tasks", rowID: tied, field: "notes", value: "\"tied\""),
            RemoteOperation(hlc: second, table: "tasks", rowID: tied, field: "title", value: "\"Tied\""),
            RemoteOperation(hlc: third, table: "tasks", rowID: plain, field: "created_at", value: made),
            RemoteOperation(hlc: third, table: "tasks", rowID: plain, field: "modified_at", value: made),
            RemoteOperation(hlc: third, table: "tasks", rowID: plain, field: "title", value: "\"Plain\""),
        ]
        let joining = try SyncStore(), merged = try SyncStore()
        try joining.becomeDevice()
        try merged.becomeDevice()
        // A row clock no field holds makes each row one the store keeps clocks for: its clocks then go
        // through the field-by-field merge with the clocks held, as before new rows were written whole.
        for id in [mixed, tied, plain] {
            let db = try merged.open().db
            try db.write { try db.run("INSERT INTO sync_rows (table_name, row_id, hlc, fields) VALUES ('tasks', ?, '', 0)", [.text(id)]) }
        }
        for store in [joining, merged] {
            let db = try store.open().db
            try expectEqual(OperationMerge.apply(state, cursor: 12, now: "2026-03-07T09:00:00.000Z", fromState: true, db), 3)
        }
        try expectEqual(joining.syncedRows(), merged.syncedRows())
        let clocks = { (store: SyncStore) in
            try store.open().db.rows("""
                SELECT 'row', table_name, row_id, hlc, fields FROM sync_rows WHERE table_name = 'tasks'
                UNION ALL SELECT 'field', table_name, row_id, field, hlc FROM sync_fields WHERE table_name = 'tasks'
                UNION ALL SELECT 'base', table_name, row_id, field, value FROM sync_bases
                UNION ALL SELECT 'line', table_name, row_id, field, hlc FROM sync_line_changes
                ORDER BY 1, 2, 3, 4
                """).map { $0.map { "\($0)" }.joined(separator: "|") }
        }
        try expectEqual(clocks(joining), clocks(merged))
        // Each field holds the clock it came with; the row clock is the one most of its fields hold.
        let db = try joining.open().db
        for (id, fields) in Dictionary(grouping: state, by: \.rowID) {
            let held = try OperationLog.fieldClocks(table: "tasks", id: id, db)
            expectEqual(held, Dictionary(uniqueKeysWithValues: fields.map { ($0.field, $0.hlc) }))
        }
        let rowClocks = try db.rows("SELECT row_id, hlc FROM sync_rows WHERE table_name = 'tasks' ORDER BY row_id").map { [$0[0].text, $0[1].text] }
        expectEqual(rowClocks, [[mixed, first], [tied, third], [plain, third]])
        let apart = try db.rows("SELECT row_id, field FROM sync_fields WHERE table_name = 'tasks' ORDER BY row_id, field").map { [$0[0].text, $0[1].text] }
        expectEqual(apart, [[mixed, "effort_minutes"], [tied, "modified_at"], [tied, "title"]])
        try expectEqual(joining.task(mixed, "effort_minutes"), .integer(30))
        try expectEqual(joining.task(tied, "notes"), .text("tied"))
    }
}
