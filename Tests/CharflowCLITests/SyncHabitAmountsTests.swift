import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Habit amounts made of increments, through a real PostgreSQL hub (spec D19 "Counts are derived",
/// rule Y-18): a day's amount is the sum of its rows, and taking a log back, by `undo` or by
/// `habit log --undo`, takes back only this device's log; the day's shared entry is never removed.
@Suite("Sync keeps every device's habit logs through an undo (Y-18)", .serialized)
struct SyncHabitAmountsTests {
    static let day = "2026-03-10"

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(Self.day)T\(time)")
    }

    func startHub() throws -> PostgresHub { try PostgresHub.initialised(at: "\(Self.day)T07:00") }

    /// The amount of the habit's window `label` (its only one when nil) on the test's day; nil
    /// when the day has no entry.
    func amount(_ device: CharflowRunner, _ habit: String, window label: String? = nil) throws -> Int? {
        let db = try Database(path: device.storePath)
        return try db.scalar("""
            SELECT max(e.amount) FROM habit_entries e JOIN habit_windows w ON w.id = e.window_id
            WHERE w.habit_id = ? AND e.date = ? AND (? IS NULL OR lower(w.label) = lower(?))
            """, [.text(habit), .text(Self.day), label.map(SQLValue.text) ?? .null, label.map(SQLValue.text) ?? .null])?.int
    }

    /// Two synced devices with the habit `title` made with `options` on the first.
    func shared(_ title: String, _ options: [String], _ hub: PostgresHub) throws -> (CharflowRunner, CharflowRunner, String) {
        let a = try CharflowRunner(), b = try CharflowRunner()
        let habit = try a.addHabit(title, options, now: "\(Self.day)T08:00")
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        return (a, b, habit)
    }

    /// Syncs A, B, A, and checks both end with `expected` and identical records.
    func settle(_ a: CharflowRunner, _ b: CharflowRunner, _ hub: PostgresHub, _ habit: String, window: String? = nil,
                expect expected: Int, _ comment: Comment) throws {
        try sync(a, hub, at: "09:10")
        try sync(b, hub, at: "09:11")
        try sync(a, hub, at: "09:12")
        try expectEqual(amount(a, habit, window: window), expected, comment)
        try expectEqual(amount(b, habit, window: window), expected, comment)
        try expectEqual(a.syncedRecords(), b.syncedRecords(), comment)
    }

    @Test("Y-18: a binary day ticked on two devices stays ticked when one undoes its tick")
    func binaryUndo() throws {
        let hub = try startHub()
        let (a, b, floss) = try shared("Floss", [], hub)
        try a.ok(["habit", "log", floss], now: "\(Self.day)T09:00")
        try b.ok(["habit", "log", floss], now: "\(Self.day)T09:01")
        try a.ok(["undo"], now: "\(Self.day)T09:02")
        try settle(a, b, hub, floss, expect: 1, "B's tick is kept")
    }

    @Test("Y-18: a binary day ticked on two devices stays ticked when one unticks with habit log --undo")
    func binaryLogUndo() throws {
        let hub = try startHub()
        let (a, b, floss) = try shared("Floss", [], hub)
        try a.ok(["habit", "log", floss], now: "\(Self.day)T09:00")
        try b.ok(["habit", "log", floss], now: "\(Self.day)T09:01")
        try a.ok(["habit", "log", floss, "--undo"], now: "\(Self.day)T09:02")
        try settle(a, b, hub, floss, expect: 1, "B's tick is kept")
        // Unticked on a device that knows both ticks, the day is unticked everywhere.
        try b.ok(["habit", "log", floss], now: "\(Self.day)T09:20")
        try sync(b, hub, at: "09:21")
        try sync(a, hub, at: "09:22")
        try expectEqual(amount(a, floss), 0)
        try expectEqual(amount(b, floss), 0)
    }

    @Test("Y-18: a counted day's logs on two devices: an undo on one takes back only its own count")
    func countedUndo() throws {
        let hub = try startHub()
        let (a, b, water) = try shared("Water", ["--kind", "counted", "--target", "8"], hub)
        try a.ok(["habit", "log", water, "--count", "3"], now: "\(Self.day)T09:00")
        try b.ok(["habit", "log", water, "--count", "2"], now: "\(Self.day)T09:01")
        try a.ok(["undo"], now: "\(Self.day)T09:02")
        try settle(a, b, hub, water, expect: 2, "B's count is kept")
    }

    @Test("Y-18: a timed day's minutes on two devices: an undo on one takes back only its own minutes")
    func timedUndo() throws {
        let hub = try startHub()
        let (a, b, read) = try shared("Read", ["--kind", "timed", "--target", "30"], hub)
        try a.ok(["habit", "log", read, "--minutes", "10"], now: "\(Self.day)T09:00")
        try b.ok(["habit", "log", read, "--minutes", "20"], now: "\(Self.day)T09:01")
        try a.ok(["undo"], now: "\(Self.day)T09:02")
        try settle(a, b, hub, read, expect: 20, "B's minutes are kept")
    }

    @Test("Y-18: an avoid day's slips on two devices: an undo on one takes back only its own slip")
    func avoidUndo() throws {
        let hub = try startHub()
        let (a, b, sweets) = try shared("Sweets", ["--kind", "avoid", "--target", "0"], hub)
        try a.ok(["habit", "log", sweets, "--slip"], now: "\(Self.day)T09:00")
        try b.ok(["habit", "log", sweets, "--slip"], now: "\(Self.day)T09:01")
        try a.ok(["undo"], now: "\(Self.day)T09:02")
        try settle(a, b, hub, sweets, expect: 1, "B's slip is kept")
    }

    @Test("Y-18: a habit with two windows: an undo of one window's log on one device leaves the other window's log of the other device")
    func windowUndo() throws {
        let hub = try startHub()
        let (a, b, meds) = try shared("Meds", ["--window", "Morning 07:00-09:00", "--window", "Evening 19:00-21:00"], hub)
        try a.ok(["habit", "log", meds, "--window", "Morning"], now: "\(Self.day)T08:30")
        try b.ok(["habit", "log", meds, "--window", "Morning"], now: "\(Self.day)T08:31")
        try b.ok(["habit", "log", meds, "--window", "Evening"], now: "\(Self.day)T08:32")
        try a.ok(["undo"], now: "\(Self.day)T08:33")
        try settle(a, b, hub, meds, window: "Morning", expect: 1, "B's morning tick is kept")
        try expectEqual(amount(a, meds, window: "Evening"), 1)
    }
}
