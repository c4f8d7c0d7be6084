import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A completion's day travels with it (rules B-15, P-8, spec D18): the device that receives it counts
/// it on the day it was made on, whatever that device's own rollover time, through a real PostgreSQL hub.
/// (The hub refuses a device clock ahead of its own, so these days lie in the past.)
@Suite("Sync carries the day a task was done on", .serialized)
struct SyncCompletionDayTests {
    @Test("B-15 P-8 Y-2 a task done at 02:00 under the phone's 04:00 rollover arrives on the laptop under the 27th, though the laptop's rollover is 00:30",
          arguments: ["Europe/Berlin", "America/New_York"])
    func dayArrives(_ zone: String) throws {
        let hub = try PostgresHub.initialised(at: "2026-05-20T07:00")
        let phone = try CharflowRunner(timeZone: zone), laptop = try CharflowRunner(timeZone: zone)
        defer { phone.removeFolder(); laptop.removeFolder() }
        try phone.syncJSON(hub, now: "2026-05-20T08:00")
        try laptop.syncJSON(hub, now: "2026-05-20T08:01")
        try phone.ok(["settings", "rollover-time", "04:00"], now: "2026-05-20T09:00")
        let letter = try phone.add("Post the letter", ["--region", "evening"], now: "2026-05-27T18:00")
        try phone.ok(["done", letter], now: "2026-05-28T02:00")
        try phone.syncJSON(hub, now: "2026-05-28T02:05")
        #expect(try hub.value("SELECT value FROM hub_fields WHERE table_name = 'tasks' AND field = 'completed_day'") == "\"2026-05-27\"")
        // The laptop's own rollover, set after the phone's: it stays the laptop's through the sync.
        try laptop.ok(["settings", "rollover-time", "00:30"], now: "2026-05-28T03:00")
        try laptop.syncJSON(hub, now: "2026-05-28T03:05")
        expectEqual((try laptop.json(["settings"], now: "2026-05-28T03:06") as? [String: String])?["rollover-time"], "00:30")
        let history = try laptop.json(["history", "2026-05-27"], now: "2026-05-29T09:00")
        expectEqual(JSONPath.titles(JSONPath.tasks(history, "tasks")), ["Post the letter"])
        expectTrue(JSONPath.tasks(try laptop.json(["history", "2026-05-28"], now: "2026-05-29T09:00"), "tasks").isEmpty)
        // Opened again on the laptop, the day goes; done there, it is the laptop's day that travels back.
        try laptop.ok(["undone", letter], now: "2026-05-29T09:01")
        try laptop.ok(["done", letter], now: "2026-05-30T00:15")
        try laptop.syncJSON(hub, now: "2026-05-30T00:20")
        try phone.syncJSON(hub, now: "2026-05-30T00:25")
        let stored = try Database(path: phone.storePath, readOnly: true)
            .scalar("SELECT completed_day FROM tasks WHERE title = 'Post the letter'")?.text
        expectEqual(stored, "2026-05-29", "the laptop's 00:30 rollover put 00:15 on the 29th")
        expectEqual(JSONPath.titles(JSONPath.tasks(try phone.json(["history", "2026-05-29"], now: "2026-05-30T09:00"), "tasks")), ["Post the letter"])
    }

    @Test("B-15 P-8 Y-2 a done task whose day is unknown here (as an older build's merge leaves it) gets one on opening, and the filling sends nothing")
    func missingDayFilledQuietly() throws {
        let hub = try PostgresHub.initialised(at: "2026-05-20T07:00")
        let phone = try CharflowRunner(timeZone: "Europe/Berlin")
        defer { phone.removeFolder() }
        try phone.syncJSON(hub, now: "2026-05-20T08:00")
        try phone.ok(["settings", "rollover-time", "04:00"], now: "2026-05-20T09:00")
        let letter = try phone.add("Post the letter", ["--region", "evening"], now: "2026-05-27T18:00")
        try phone.ok(["done", letter], now: "2026-05-28T02:00")
        try phone.syncJSON(hub, now: "2026-05-28T02:05")
        let db = try Database(path: phone.storePath)
        try db.execute("""
            UPDATE sync_state SET applying = 1; UPDATE tasks SET completed_day = NULL; UPDATE sync_state SET applying = 0
            """)
        let queued = try db.scalar("SELECT count(*) FROM sync_ops")?.int
        try expectEqual(db.scalar("SELECT completed_day FROM tasks")?.text, nil)
        expectEqual(JSONPath.titles(JSONPath.tasks(try phone.json(["history", "2026-05-27"], now: "2026-05-28T09:00"), "tasks")), ["Post the letter"])
        try expectEqual(db.scalar("SELECT completed_day FROM tasks")?.text, "2026-05-27")
        try expectEqual(db.scalar("SELECT count(*) FROM sync_ops")?.int, queued)
        try expectEqual(db.scalar("SELECT applying FROM sync_state")?.int, 0)
        try expectEqual(phone.syncJSON(hub, now: "2026-05-28T09:05")["pushed"] as? Int, 0)
    }
}
