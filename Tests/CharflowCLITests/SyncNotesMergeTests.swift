import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Notes and checklist ticks made on two or three devices through a real PostgreSQL hub (spec D19
/// "Text", rule Y-17): merged by lines against the value the devices last shared, so no line and no
/// tick another device wrote vanishes.
@Suite("Sync merges notes by lines (Y-17)", .serialized)
struct SyncNotesMergeTests {
    static let day = "2026-03-10"

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(Self.day)T\(time)")
    }

    func startHub() throws -> PostgresHub { try PostgresHub.initialised(at: "\(Self.day)T07:00") }

    func notes(_ device: CharflowRunner, _ id: String) throws -> String? {
        try device.json(["show", id], now: "\(Self.day)T12:00")["notes"] as? String
    }

    /// Syncs `a`, then `b`, then `a` again (10:10 to 10:12), after which both show `expected` as the
    /// notes of task `id` and hold the same records.
    func exchange(_ a: CharflowRunner, _ b: CharflowRunner, _ hub: PostgresHub, thenBothShow expected: String,
                  of id: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try sync(a, hub, at: "10:10")
        try sync(b, hub, at: "10:11")
        try sync(a, hub, at: "10:12")
        #expect(try notes(a, id) == expected, sourceLocation: sourceLocation)
        #expect(try notes(b, id) == expected, sourceLocation: sourceLocation)
        #expect(try a.syncedRecords() == b.syncedRecords(), sourceLocation: sourceLocation)
    }

    /// A task with `notes` on `a`, synced to `b` (and every other device given).
    func shared(_ notes: String, _ hub: PostgresHub, _ devices: [CharflowRunner]) throws -> String {
        let id = try devices[0].add("Groceries", ["--notes", notes], now: "\(Self.day)T09:00")
        for (index, device) in devices.enumerated() { try sync(device, hub, at: "09:0\(index + 1)") }
        return id
    }

    @Test("Y-17: a note added on each of two devices offline keeps both lines on both, in the same order")
    func twoNotesBothKept() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try shared("Bring bags", hub, [a, b])
        try a.run(["note", id, "Shop on Elm Street is shut"], now: "\(Self.day)T10:00")
        try b.run(["note", id, "Mum wants oat milk"], now: "\(Self.day)T10:05")
        let expected = "Bring bags\n2026-03-10 10:00 — Shop on Elm Street is shut\n2026-03-10 10:05 — Mum wants oat milk"
        try exchange(a, b, hub, thenBothShow: expected, of: id)
    }

    @Test("Y-17: notes written in turns, B then A then B, with syncs after: every line once, on both (issue 39, item 3)")
    func turnsNeverDouble() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try shared("List", hub, [a, b])
        try b.run(["note", id, "B one"], now: "\(Self.day)T10:00")
        try a.run(["note", id, "A two"], now: "\(Self.day)T10:01")
        try b.run(["note", id, "B three"], now: "\(Self.day)T10:02")
        try sync(a, hub, at: "10:10")
        try sync(b, hub, at: "10:11")
        try sync(a, hub, at: "10:12")
        try sync(b, hub, at: "10:13")
        let expected = "List\n2026-03-10 10:00 — B one\n2026-03-10 10:01 — A two\n2026-03-10 10:02 — B three"
        try expectEqual(notes(a, id), expected)
        try expectEqual(notes(b, id), expected)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-17 Y-25: a line written and undone between two syncs never comes back, while the other device's line written meanwhile stays (each change's base is the value it replaced)")
    func undoneLineStaysGone() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try shared("Bring bags", hub, [a, b])
        try a.ok(["note", id, "Kept"], now: "\(Self.day)T10:00")
        try a.ok(["note", id, "Taken back"], now: "\(Self.day)T10:01")
        try a.ok(["undo"], now: "\(Self.day)T10:02")
        try b.ok(["note", id, "From B"], now: "\(Self.day)T10:03")
        let expected = "Bring bags\n2026-03-10 10:00 — Kept\n2026-03-10 10:03 — From B"
        try exchange(a, b, hub, thenBothShow: expected, of: id)
    }

    @Test("Y-17: checklist items ticked on two devices offline are both ticked; the same item ticked on both is ticked once")
    func ticksPerItem() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try shared("- [ ] milk\n- [ ] eggs\n- [ ] bread", hub, [a, b])
        try a.run(["check", id, "1"], now: "\(Self.day)T10:00")
        try a.run(["check", id, "2"], now: "\(Self.day)T10:01")
        try b.run(["check", id, "3"], now: "\(Self.day)T10:05")
        try b.run(["check", id, "2"], now: "\(Self.day)T10:06")
        try exchange(a, b, hub, thenBothShow: "- [x] milk\n- [x] eggs\n- [x] bread", of: id)
    }

    @Test("Y-17: a line removed on one device and untouched on the other is removed, while the other's new line stays; a third device that joins later sees the same")
    func removalAndAdditionMerge() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner(), c = try CharflowRunner()
        let id = try shared("Call first\nBring bags\nPay by card", hub, [a, b])
        try a.run(["edit", id, "--notes", "Call first\nPay by card"], now: "\(Self.day)T10:00")
        try b.run(["note", id, "Parking at the back"], now: "\(Self.day)T10:05")
        try sync(b, hub, at: "10:10")
        try sync(a, hub, at: "10:11")
        try sync(b, hub, at: "10:12")
        try expectEqual(a.syncedRecords(), b.syncedRecords())
        // A device made now starts from the hub's state, which holds the merge already.
        try sync(c, hub, at: "10:13")
        let expected = "Call first\nPay by card\n2026-03-10 10:05 — Parking at the back"
        for device in [a, b, c] { try expectEqual(notes(device, id), expected) }
    }

    @Test("Y-17 Y-3: an edit on one device only (no concurrent change) still reaches the other as it was written")
    func singleEditTravelsAsWritten() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try shared("Bring bags", hub, [a, b])
        try a.run(["edit", id, "--notes", "Bring two bags"], now: "\(Self.day)T10:00")
        try sync(a, hub, at: "10:10")
        try sync(b, hub, at: "10:11")
        try expectEqual(notes(b, id), "Bring two bags")
        try b.run(["note", id, "Done by noon"], now: "\(Self.day)T10:20")
        try sync(b, hub, at: "10:21")
        try sync(a, hub, at: "10:22")
        try expectEqual(notes(a, id), "Bring two bags\n2026-03-10 10:20 — Done by noon")
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-17 Y-18 D19: a machine replaced by a fresh store restored from its export joins the hub and every line written since the export stays, there and everywhere")
    func restoredFromExportKeepsLaterLines() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try shared("Bring bags", hub, [a, b])
        let exported = try a.run(["export"], now: "\(Self.day)T09:30")
        try #require(exported.status == 0, "\(exported.stderr)")
        let backup = a.folder.appendingPathComponent("backup.json")
        try exported.stdout.write(to: backup, atomically: true, encoding: .utf8)
        // Two notes after the export, each synced: the hub's note is two changes past the backup's.
        try a.run(["note", id, "Shop on Elm Street is shut"], now: "\(Self.day)T10:00")
        try sync(a, hub, at: "10:01")
        try b.run(["note", id, "Mum wants oat milk"], now: "\(Self.day)T10:05")
        try sync(b, hub, at: "10:06")
        // A's machine is lost; a fresh store takes in the export and joins the hub.
        let replaced = try CharflowRunner()
        let imported = try replaced.run(["import", backup.path], now: "\(Self.day)T10:10")
        try #require(imported.status == 0, "\(imported.stderr)")
        try sync(replaced, hub, at: "10:11")
        try sync(b, hub, at: "10:12")
        let expected = "Bring bags\n2026-03-10 10:00 — Shop on Elm Street is shut\n2026-03-10 10:05 — Mum wants oat milk"
        try expectEqual(notes(replaced, id), expected)
        try expectEqual(notes(b, id), expected)
        try expectEqual(replaced.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-17 Y-14 D19: a store put back from a file copy starts again from the hub's state and keeps every line written since the copy, there and everywhere")
    func restoredFromCopyKeepsLaterLines() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try shared("Bring bags", hub, [a, b])
        let copy = a.storePath + ".copy"
        try Database(path: a.storePath).execute("VACUUM INTO '\(copy)'")
        // Two notes after the copy, one on each device, each synced: the hub's note is two changes past the copy's.
        try a.run(["note", id, "Shop on Elm Street is shut"], now: "\(Self.day)T10:00")
        try sync(a, hub, at: "10:01")
        try sync(b, hub, at: "10:02")
        try b.run(["note", id, "Mum wants oat milk"], now: "\(Self.day)T10:05")
        try sync(b, hub, at: "10:06")
        // A's store is put back from the copy, as a backup tool would.
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: a.storePath + suffix) }
        try FileManager.default.moveItem(atPath: copy, toPath: a.storePath)
        let report = try sync(a, hub, at: "10:11")
        expectTrue(report["newDevice"] is String)
        try sync(b, hub, at: "10:12")
        let expected = "Bring bags\n2026-03-10 10:00 — Shop on Elm Street is shut\n2026-03-10 10:05 — Mum wants oat milk"
        try expectEqual(notes(a, id), expected)
        try expectEqual(notes(b, id), expected)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-17 Y-16 D19: a note written on each of two devices before the hub is lost reaches both as soon as each has switched and synced, whichever switches first")
    func notesSurviveALostHub() throws {
        for laterFirst in [false, true] {
            let old = try startHub()
            let a = try CharflowRunner(), b = try CharflowRunner()
            let id = try shared("Bring bags", old, [a, b])
            try a.run(["note", id, "Shop on Elm Street is shut"], now: "\(Self.day)T10:00")
            try b.run(["note", id, "Mum wants oat milk"], now: "\(Self.day)T10:05")
            old.stop()
            let hub = try startHub()
            // B's note is the later one: the hub's state holds B's value, and A's line only in its log.
            let order = laterFirst ? [b, a] : [a, b]
            for (index, device) in order.enumerated() {
                try device.run(["hub", "switch", hub.url], now: "\(Self.day)T10:1\(index)")
                try sync(device, hub, at: "10:2\(index)")
            }
            let both = "Bring bags\n2026-03-10 10:00 — Shop on Elm Street is shut\n2026-03-10 10:05 — Mum wants oat milk"
            // The device that synced last sees both lines at once; the other after its next sync.
            let last = try notes(order[1], id), first = try notes(order[0], id)
            expectEqual(last, both, "later first: \(laterFirst); the first holds \(first ?? "nil")")
            try sync(order[0], hub, at: "10:30")
            try sync(order[1], hub, at: "10:31")
            try expectEqual(notes(a, id), both, "later first: \(laterFirst)")
            try expectEqual(notes(b, id), both, "later first: \(laterFirst)")
            try expectEqual(a.syncedRecords(), b.syncedRecords())
        }
    }
}
