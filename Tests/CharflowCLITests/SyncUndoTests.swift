import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Undo across a sync through a real PostgreSQL hub (spec D19 "Undo survives a sync", rule Y-25): an
/// action whose rows the merge did not touch is undone as before; one whose rows another device
/// changed is refused with the reason, never a bare "Nothing to undo.".
@Suite("Undo survives a sync where the merge left its rows alone, and says why otherwise (Y-25)", .serialized)
struct SyncUndoTests {
    static let day = "2026-03-10"

    func at(_ time: String) -> String { "\(Self.day)T\(time)" }

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: at(time))
    }

    func titles(_ device: CharflowRunner) throws -> Set<String> {
        Set(try Database(path: device.storePath).rows("SELECT title FROM tasks").compactMap { $0[0].text })
    }

    @Test("Y-25: undo after a sync that brought unrelated changes undoes the action, and the undo syncs")
    func unrelatedChanges() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        try sync(b, hub, at: "08:01")
        try a.add("Pay rent", ["--due", "today"], now: at("09:00"))
        try b.add("Buy milk", ["--due", "today"], now: at("09:01"))
        try sync(b, hub, at: "09:02")
        try sync(a, hub, at: "09:05")
        try expectEqual(titles(a), ["Pay rent", "Buy milk"])
        try expectEqual(a.ok(["undo"], now: at("09:06")).stdout, "Undid add.\n")
        try expectEqual(titles(a), ["Buy milk"])
        try sync(a, hub, at: "09:07")
        try sync(b, hub, at: "09:08")
        try expectEqual(titles(b), ["Buy milk"])
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-25: undo after a sync that changed the action's row is refused with the reason and changes nothing")
    func sameRowChanged() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        let task = try a.add("Pay rent", ["--due", "today"], now: at("09:00"))
        try sync(a, hub, at: "09:01")
        try sync(b, hub, at: "09:02")
        try b.ok(["edit", task, "--importance", "high"], now: at("09:03"))
        try sync(b, hub, at: "09:04")
        try sync(a, hub, at: "09:05")
        let refused = try a.expectRefused(["undo"], now: at("09:06"))
        expectEqual(refused.message, "Can't undo 'add Pay rent': another device changed it since (sync at 09:05).")
        expectEqual(refused.code, "undo_changed_elsewhere")
        try expectEqual(a.json(["show", task], now: at("09:07"))["importance"] as? String, "high")
    }

    @Test("Y-25: an earlier action the merge left alone is undone by its id, through the API, after a sync changed a later one's row")
    func byActionIDThroughTheAPI() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        try sync(b, hub, at: "08:01")
        let server = try ServedCharflow(a, now: at("09:00"))
        let first = try server.send("POST", "/api/tasks", json: #"{"title": "Pay rent", "due": "today"}"#)
        let second = try server.send("POST", "/api/tasks", json: #"{"title": "Call the bank", "due": "today"}"#)
        let firstAction = try #require(try first.json()["action"] as? String)
        let secondAction = try #require(try second.json()["action"] as? String)
        let bank = try #require(try second.json()["id"] as? String)
        server.stop()
        try sync(a, hub, at: "09:01")
        try sync(b, hub, at: "09:02")
        try b.ok(["edit", bank, "--title", "Call the bank at noon"], now: at("09:03"))
        try sync(b, hub, at: "09:04")
        try sync(a, hub, at: "09:05")
        let again = try ServedCharflow(a, now: at("09:10"))
        defer { again.stop() }
        let blocked = try again.send("POST", "/api/undo", json: #"{"action": "\#(secondAction)"}"#)
        expectEqual(blocked.status, 409)
        try expectEqual(blocked.errorCode(), "undo_changed_elsewhere")
        expectContains(blocked.body, "another device changed it since (sync at 09:05)", "\(blocked.body)")
        let undone = try again.send("POST", "/api/undo", json: #"{"action": "\#(firstAction)"}"#)
        expectEqual(undone.status, 200, "\(undone.body)")
        try expectEqual(titles(a), ["Call the bank at noon"])
    }

    @Test("Y-25: a habit log undone after a sync that brought the other device's log of the same day takes back only its own")
    func habitLogAfterSync() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        let water = try a.addHabit("Water", ["--kind", "counted", "--target", "8"], now: at("08:00"))
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        try a.ok(["habit", "log", water, "--count", "3"], now: at("09:00"))
        try b.ok(["habit", "log", water, "--count", "2"], now: at("09:01"))
        try sync(b, hub, at: "09:02")
        try sync(a, hub, at: "09:05")
        try expectEqual(amount(a, water), 5)
        try expectEqual(a.ok(["undo"], now: at("09:06")).stdout, "Undid habit log.\n")
        try expectEqual(amount(a, water), 2)
        try sync(a, hub, at: "09:07")
        try sync(b, hub, at: "09:08")
        try expectEqual(amount(b, water), 2)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-25: a day's first log undone after a sync brought the other device's log of that day keeps the other's")
    func firstHabitLogAfterSync() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        let floss = try a.addHabit("Floss", [], now: at("08:00"))
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        try b.ok(["habit", "log", floss], now: at("09:00"))
        try sync(b, hub, at: "09:01")
        try a.ok(["habit", "log", floss], now: at("09:02"))
        try sync(a, hub, at: "09:05")
        try a.ok(["undo"], now: at("09:06"))
        try expectEqual(amount(a, floss), 1, "B's tick stays")
    }

    @Test("Y-25 Y-18: a deferral undone after a sync brought another device's deferral of the same task leaves the count of the records there, on both devices")
    func deferralAfterSync() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        let task = try a.add("Book dentist", ["--region", "morning"], now: at("08:00"))
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        try b.ok(["defer", task], now: at("09:00"))
        try sync(b, hub, at: "09:01")
        // The next day A, not yet told, finds the task rolled over (an automatic deferral) and defers it
        // itself; the sync then brings B's deferral, a record of its own.
        let next = "2026-03-11"
        try a.ok(["defer", task], now: "\(next)T10:00")
        try a.syncJSON(hub, now: "\(next)T10:01")
        try expectEqual(a.ok(["undo"], now: "\(next)T10:02").stdout, "Undid defer.\n")
        try expectEqual(deferrals(a, task), (count: 2, records: 2), "the rollover's deferral and B's stay, and count")
        try a.syncJSON(hub, now: "\(next)T10:03")
        try b.syncJSON(hub, now: "\(next)T10:04")
        try expectEqual(deferrals(b, task), (count: 2, records: 2))
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    /// A task's deferral count and how many deferral records it has.
    func deferrals(_ device: CharflowRunner, _ task: String) throws -> (count: Int, records: Int) {
        let row = try Database(path: device.storePath).rows("""
            SELECT deferral_count, (SELECT count(*) FROM deferrals WHERE task_id = ?1) FROM tasks WHERE id = ?1
            """, [.text(task)]).first
        return (row?[0].int ?? -1, row?[1].int ?? -1)
    }

    /// The amount of the habit's day on the test's day (nil when the day has no entry).
    func amount(_ device: CharflowRunner, _ habit: String) throws -> Int? {
        try Database(path: device.storePath).scalar("""
            SELECT max(e.amount) FROM habit_entries e JOIN habit_windows w ON w.id = e.window_id
            WHERE w.habit_id = ? AND e.date = ?
            """, [.text(habit), .text(Self.day)])?.int
    }
}
