import CharflowCore
import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// Sync through a real PostgreSQL hub (spec D18, rules Y-1..Y-12): each test starts its own cluster
/// and drives two or three stores through the real `charflow` binary.
///
/// Device clocks are days behind the hub's real clock (allowed: only a clock ahead is refused), and
/// each device's clock moves on between its edits, so which edit is later is never left to chance.
@Suite("Sync through a PostgreSQL hub", .serialized)
struct SyncHubTests {
    static let day = "2026-03-10"

    /// Runs `sync` on `device` and returns its JSON report; the sync must succeed.
    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String, extra: [String] = []) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(Self.day)T\(time)", extra: extra)
    }

    /// A new cluster made a hub by `hub init` from a store of its own.
    func startHub() throws -> PostgresHub { try PostgresHub.initialised(at: "\(Self.day)T07:00") }

    func task(_ device: CharflowRunner, _ id: String, at time: String = "12:00") throws -> [String: Any] {
        try device.json(["show", id], now: "\(Self.day)T\(time)")
    }

    func taskIDs(_ device: CharflowRunner) throws -> [String] {
        let db = try Database(path: device.storePath)
        return try db.rows("SELECT id FROM tasks ORDER BY id").compactMap { $0[0].text }
    }

    @Test("Y-1: hub init is idempotent and versioned; sync pushes what is unpushed and pulls past its cursor")
    func hubInitAndSync() throws {
        let hub = try PostgresHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        for _ in 0..<2 {
            let result = try a.run(["hub", "init", hub.url], now: "\(Self.day)T09:00")
            expectEqual(result.status, 0, "\(result.stderr)")
            expectEqual(result.stdout, "The hub is ready (schema version \(HubSchema.version)).\n")
        }
        try expectEqual(hub.rows("SELECT version FROM hub_schema_version ORDER BY version"), (1...HubSchema.version).map(String.init))
        let id = try a.add("Water the plants", now: "\(Self.day)T09:01")
        let waiting = try a.json(["sync", "--status"], now: "\(Self.day)T09:02")
        expectTrue((waiting["unpushed"] as? Int ?? 0) > 0)
        // `hub init` remembered the URL: no --hub needed.
        let first = try a.run(["sync", "--json"], now: "\(Self.day)T09:03")
        expectEqual(first.status, 0, "\(first.stderr)")
        // One key style in every document: camelCase (these were `hub_set` and `last_sync`).
        let after = try a.json(["sync", "--status"], now: "\(Self.day)T09:04")
        expectEqual(after["unpushed"] as? Int, 0)
        expectEqual(after["hubSet"] as? Bool, true)
        expectNotEqual(after["lastSync"] as? String, nil)
        expectTrue(after.keys.allSatisfy { !$0.contains("_") }, "\(after.keys.sorted())")
        try sync(b, hub, at: "09:05")
        try expectEqual(task(b, id)["title"] as? String, "Water the plants")
        // The hub's numbering, which compaction (Y-30) never takes back: it keeps the last operation.
        let pushed = try hub.value("SELECT max(hub_seq) FROM hub_operations")
        // A second sync finds nothing new either way and sends nothing twice.
        let again = try sync(a, hub, at: "09:06")
        expectEqual(again["pushed"] as? Int, 0)
        try expectEqual(hub.value("SELECT max(hub_seq) FROM hub_operations"), pushed)
        try expectEqual(hub.value("SELECT count(*) FROM (SELECT device_id, device_seq FROM hub_operations GROUP BY 1, 2 HAVING count(*) > 1) d"), "0")
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-2: a change and its operations commit together; a sync killed at any point loses and doubles nothing")
    func interruptedSync() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        // An action killed before its commit leaves neither the change nor its operations.
        let before = try a.json(["sync", "--status"], now: "\(Self.day)T08:01")["unpushed"] as? Int
        let started = try a.start(["add", "Never saved"], now: "\(Self.day)T08:02",
                                          extra: ["CHARFLOW_TEST_STALL_MS": "20000"])
        try a.waitForWriteLock(started)
        let stalled = started.0
        kill(stalled.processIdentifier, SIGKILL)
        stalled.waitUntilExit()
        try expectEqual(a.json(["sync", "--status"], now: "\(Self.day)T08:03")["unpushed"] as? Int, before)
        // Syncs killed between the hub's commit and the store's, and at other points, then one that ends.
        var ids: [String] = []
        var generator = SystemRandomNumberGenerator()
        for round in 0..<6 {
            ids.append(try a.add("Task \(round)", now: "\(Self.day)T08:1\(round)"))
            let (process, _, _) = try a.start(["sync", "--hub", hub.url], now: "\(Self.day)T08:1\(round)",
                                              extra: round % 2 == 0 ? ["CHARFLOW_TEST_STALL_MS": "20000"] : [:])
            if round % 2 == 0 {
                // Held after the hub committed: wait for the push to land, then kill.
                let deadline = Date().addingTimeInterval(20)
                while Date() < deadline, try hub.value("SELECT count(*) FROM hub_operations WHERE row_id = '\(ids.last!)'") == "0" {
                    usleep(20_000)
                }
            } else {
                usleep(UInt32.random(in: 0...150_000, using: &generator))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try sync(a, hub, at: "08:30")
        try sync(b, hub, at: "08:31")
        try sync(a, hub, at: "08:32")
        try expectEqual(hub.value("SELECT count(*) FROM (SELECT device_id, device_seq FROM hub_operations GROUP BY 1, 2 HAVING count(*) > 1) d"), "0")
        // Every operation the device numbered is on the hub once, and none waits here (Y-30).
        try expectEqual(Database(path: a.storePath).scalar("SELECT count(*) FROM sync_ops")?.int, 0)
        let issued = try Database(path: a.storePath).scalar("SELECT seq FROM sqlite_sequence WHERE name = 'sync_ops'")?.int
        let device = try #require(try Database(path: a.storePath).scalar("SELECT device_id FROM sync_state")?.text)
        // The hub drops what both devices hold (Y-30) but keeps the highest number each device issued.
        #expect(try hub.value("SELECT highest_seq FROM hub_devices WHERE device_id = '\(device)'") == String(issued ?? -1))
        expectTrue(Set(try taskIDs(b)).isSuperset(of: ids))
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-3: the same field edited on two devices ends as the later edit everywhere, in either delivery order")
    func sameFieldLastWriterWins() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try a.add("Draft", now: "\(Self.day)T09:00")
        try sync(a, hub, at: "09:01")
        try sync(b, hub, at: "09:02")
        try b.run(["edit", id, "--title", "Later title"], now: "\(Self.day)T10:30")
        try a.run(["edit", id, "--title", "Earlier title"], now: "\(Self.day)T10:00")
        // The later edit is pushed first; the earlier one arrives after it and still loses.
        try sync(b, hub, at: "10:31")
        try sync(a, hub, at: "10:32")
        try sync(b, hub, at: "10:33")
        try expectEqual(task(a, id)["title"] as? String, "Later title")
        try expectEqual(task(b, id)["title"] as? String, "Later title")
        // Repeating every delivery changes nothing.
        try Database(path: a.storePath).execute("UPDATE sync_state SET hub_cursor = 1, pushed_seq = 0")
        try sync(a, hub, at: "10:34")
        try expectEqual(task(a, id)["title"] as? String, "Later title")
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-4: edits to different fields of one task on two devices both survive")
    func differentFieldsBothSurvive() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try a.add("Call the plumber", now: "\(Self.day)T09:00")
        try sync(a, hub, at: "09:01")
        try sync(b, hub, at: "09:02")
        try a.run(["edit", id, "--notes", "Ask about the boiler"], now: "\(Self.day)T10:00")
        try b.run(["edit", id, "--importance", "high", "--due", Self.day], now: "\(Self.day)T10:05")
        try sync(a, hub, at: "10:10")
        try sync(b, hub, at: "10:11")
        try sync(a, hub, at: "10:12")
        for device in [a, b] {
            let shown = try task(device, id)
            expectEqual(shown["notes"] as? String, "Ask about the boiler")
            expectEqual(shown["importance"] as? String, "high")
        }
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-5: drop vs edit ends dropped with the edit kept; purge vs edit ends purged, and the task never comes back")
    func dropAndPurgeAgainstEdit() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let dropped = try a.add("Old errand", now: "\(Self.day)T09:00")
        let purged = try a.add("Secret note", now: "\(Self.day)T09:00")
        try sync(a, hub, at: "09:01")
        try sync(b, hub, at: "09:02")
        try a.run(["delete", dropped], now: "\(Self.day)T10:00")
        try b.run(["edit", dropped, "--title", "Old errand, renamed"], now: "\(Self.day)T10:05")
        try a.run(["purge", purged], now: "\(Self.day)T10:00")
        // The edit is later than the purge, and still loses to it.
        try b.run(["edit", purged, "--title", "Edited after the purge"], now: "\(Self.day)T11:00")
        try sync(a, hub, at: "11:10")
        try sync(b, hub, at: "11:11")
        try sync(a, hub, at: "11:12")
        for device in [a, b] {
            let shown = try task(device, dropped, at: "11:30")
            expectTrue(shown["droppedAt"] is String)
            expectEqual(shown["title"] as? String, "Old errand, renamed")
            try expectLacks(taskIDs(device), purged)
        }
        // A device that edited the purged task again, and a new device, still never see it.
        let c = try CharflowRunner()
        try sync(c, hub, at: "11:20")
        try expectLacks(taskIDs(c), purged)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-7: two devices rolling over the same day write one deferral record per task and day")
    func twoRolloversOneDeferral() throws {
        let hub = try startHub()
        let a = try CharflowRunner(timeZone: "America/New_York"), b = try CharflowRunner(timeZone: "America/New_York")
        // New York's clocks go forward in the night from 7 to 8 March 2026.
        let id = try a.add("Renew the permit", ["--due", "today"], now: "2026-03-07T09:00")
        try expectEqual(a.run(["sync", "--hub", hub.url], now: "2026-03-07T09:01").status, 0)
        try expectEqual(b.run(["sync", "--hub", hub.url], now: "2026-03-07T09:02").status, 0)
        try expectEqual(a.run(["today"], now: "2026-03-08T09:00").status, 0)
        try expectEqual(b.run(["today"], now: "2026-03-08T09:05").status, 0)
        for (device, time) in [(a, "09:10"), (b, "09:11"), (a, "09:12")] {
            try expectEqual(device.run(["sync"], now: "2026-03-08T\(time)").status, 0)
        }
        for device in [a, b] {
            let rows = try Database(path: device.storePath).rows("SELECT day FROM deferrals WHERE task_id = ?", [.text(id)])
            expectEqual(rows.count, 1)
        }
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    /// Today's amount of a habit as `habit grid` shows it.
    func habitAmount(_ device: CharflowRunner, _ habit: String, at time: String) throws -> Int? {
        let grid = try device.json(["habit", "grid", habit, "--weeks", "1"], now: "\(Self.day)T\(time)")
        return (grid["days"] as? [[String: Any]])?.last?["amount"] as? Int
    }

    @Test("Y-6: counted habit increments made offline on two devices both count; an undo is a negative increment")
    func habitIncrementsSum() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let water = try a.addHabit("Water", ["--kind", "counted", "--target", "8"], now: "\(Self.day)T08:00")
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        // Offline on both: +3 on A, +2 on B; each first log of the day makes the day's entry.
        try a.ok(["habit", "log", water, "--count", "3"], now: "\(Self.day)T09:00")
        try b.ok(["habit", "log", water, "--count", "2"], now: "\(Self.day)T09:05")
        try sync(a, hub, at: "09:10")
        try sync(b, hub, at: "09:11")
        try sync(a, hub, at: "09:12")
        try expectEqual(habitAmount(a, water, at: "09:20"), 5)
        try expectEqual(habitAmount(b, water, at: "09:20"), 5)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
        // A takes back its three; B logs four and takes them back with `undo` before it syncs.
        for minute in 21...23 { try a.ok(["habit", "log", water, "--undo"], now: "\(Self.day)T09:\(minute)") }
        try b.ok(["habit", "log", water, "--count", "4"], now: "\(Self.day)T09:24")
        try b.ok(["undo"], now: "\(Self.day)T09:25")
        try sync(a, hub, at: "09:30")
        try sync(b, hub, at: "09:31")
        try sync(a, hub, at: "09:32")
        try expectEqual(habitAmount(a, water, at: "09:40"), 2)
        try expectEqual(habitAmount(b, water, at: "09:40"), 2)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
        // A new device starts from the hub's state with the same sum.
        let c = try CharflowRunner()
        try sync(c, hub, at: "09:45")
        try expectEqual(habitAmount(c, water, at: "09:50"), 2)
    }

    @Test("Y-6: timed habit minutes logged offline on two devices both count; an undo removes its minutes on every device")
    func timedMinutesSum() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let read = try a.addHabit("Read", ["--kind", "timed", "--target", "30"], now: "\(Self.day)T08:00")
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        try a.ok(["habit", "log", read, "--minutes", "10"], now: "\(Self.day)T09:00")
        try b.ok(["habit", "log", read, "--minutes", "15"], now: "\(Self.day)T09:05")
        try b.ok(["habit", "log", read, "--minutes", "5"], now: "\(Self.day)T09:06")
        try sync(a, hub, at: "09:10")
        try sync(b, hub, at: "09:11")
        try sync(a, hub, at: "09:12")
        try expectEqual(habitAmount(a, read, at: "09:20"), 30)
        try expectEqual(habitAmount(b, read, at: "09:20"), 30)
        // Complete on both at the same moment: the log that reached the target (B's second).
        let completed = "SELECT completed_at FROM habit_entries WHERE amount > 0"
        try expectEqual(Database(path: a.storePath).rows(completed).map { $0[0].text }, ["\(Self.day)T09:06:00.000Z"])
        try expectEqual(a.syncedRecords(), b.syncedRecords())
        // B takes back its last five minutes.
        try b.ok(["habit", "log", read, "--undo"], now: "\(Self.day)T09:30")
        try sync(b, hub, at: "09:31")
        try sync(a, hub, at: "09:32")
        try expectEqual(habitAmount(a, read, at: "09:40"), 25)
        try expectEqual(Database(path: a.storePath).rows(completed).map { $0[0].text }, [nil])
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-7: two devices completing the same repeating task offline create one next instance")
    func twoCompletionsOneInstance() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let rent = try a.add("Pay rent", ["--repeat", "monthly", "--due", Self.day], now: "\(Self.day)T08:00")
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        try a.ok(["done", rent], now: "\(Self.day)T09:00")
        try b.ok(["done", rent], now: "\(Self.day)T09:05")
        try sync(a, hub, at: "09:10")
        try sync(b, hub, at: "09:11")
        try sync(a, hub, at: "09:12")
        for device in [a, b] {
            let db = try Database(path: device.storePath)
            let instances = try db.rows("SELECT due_date FROM tasks WHERE series_id = ? AND id <> ?", [.text(rent), .text(rent)])
            expectEqual(instances.map { $0[0].text }, ["2026-04-10"])
        }
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-8: two live sessions after a merge: the later-started one stops at the merge with its time kept, and one quiet line says so")
    func twoTimersAfterMerge() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let first = try a.add("Write the report", ["--region", "morning"], now: "\(Self.day)T08:00")
        let second = try a.add("Sort the receipts", ["--region", "afternoon"], now: "\(Self.day)T08:00")
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        try a.ok(["begin", first], now: "\(Self.day)T09:00")
        try b.ok(["begin", second], now: "\(Self.day)T09:10")
        try sync(a, hub, at: "09:20")
        // B merges A's earlier session: its own, started later, stops at the merge with 20 minutes kept.
        try sync(b, hub, at: "09:30")
        let stopped = try Database(path: b.storePath).rows(
            "SELECT ended_at, outcome, actual_seconds FROM sessions WHERE task_id = ?", [.text(second)])
        expectEqual(stopped.count, 1)
        expectEqual(stopped.first?[0].text?.hasPrefix("\(Self.day)T"), true)
        expectEqual(stopped.first?[1].text, "abandoned")
        expectEqual(stopped.first?[2].int, 20 * 60)
        try expectEqual(Database(path: b.storePath).scalar("SELECT count(*) FROM sessions WHERE ended_at IS NULL")?.int, 1)
        let shown = try b.ok(["today"], now: "\(Self.day)T09:31").stdout
        expectEqual(shown.components(separatedBy: Messages.twoTimers).count, 2, "\(shown)")
        expectTrue(!(try b.ok(["today"], now: "\(Self.day)T09:32").stdout.contains(Messages.twoTimers)))
        // The stop travels with the next sync: A ends with the same sessions and one live timer.
        try sync(b, hub, at: "09:40")
        try sync(a, hub, at: "09:41")
        try expectEqual(Database(path: a.storePath).scalar("SELECT count(*) FROM sessions WHERE ended_at IS NULL")?.int, 1)
        expectTrue(!(try a.ok(["today"], now: "\(Self.day)T09:42").stdout.contains(Messages.twoTimers)))
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-9: a region over 1–3–5 after a merge keeps every task and Today shows a calm notice; nothing moves by itself")
    func regionOverLimitAfterMerge() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        try sync(b, hub, at: "08:01")
        let mine = try a.add("Call the bank", ["--region", "morning", "--bucket", "must"], now: "\(Self.day)T09:00")
        let theirs = try b.add("Book the vet", ["--region", "morning", "--bucket", "must"], now: "\(Self.day)T09:05")
        try sync(a, hub, at: "09:10")
        try sync(b, hub, at: "09:11")
        try sync(a, hub, at: "09:12")
        let notice = "Morning holds more than 1–3–5 since the devices synced (2 Must-Do where 1 fits). "
            + "Every task is kept; move one when it suits you."
        expectEqual(Messages.text(.regionOverLimit(region: .morning, mustDo: 2, complementary: 0, misc: 0)), notice)
        for device in [a, b] {
            // Said while it stands, in text and in --json; both tasks stay where they were put.
            for minute in ["20", "21"] {
                try expectContains(device.ok(["today"], now: "\(Self.day)T09:\(minute)").stdout, notice)
            }
            let today = try device.json(["today"], now: "\(Self.day)T09:22")
            let signals = today["signals"] as? [[String: Any]] ?? []
            expectTrue(signals.contains { $0["kind"] as? String == "regionOverLimit" && $0["message"] as? String == notice })
            let morning = (today["regions"] as? [String: Any])?["morning"] as? [String: Any]
            let ids = Set(((morning?["mustDo"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
            expectEqual(ids, [mine, theirs])
        }
        // Moving one to the afternoon ends the notice.
        try a.ok(["move", theirs, "--region", "afternoon"], now: "\(Self.day)T09:30")
        expectTrue(!(try a.ok(["today"], now: "\(Self.day)T09:31").stdout.contains("1–3–5")))
    }

    @Test("Y-9 X-1 X-5: a device's backup of a region a merge overfilled restores with every task where it was; merged into another store it grows no fuller")
    func overfullRegionBackupRestores() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        try sync(b, hub, at: "08:01")
        let mine = try a.add("Call the bank", ["--region", "morning", "--bucket", "must"], now: "\(Self.day)T09:00")
        let theirs = try b.add("Book the vet", ["--region", "morning", "--bucket", "must"], now: "\(Self.day)T09:05")
        try sync(a, hub, at: "09:10")
        try sync(b, hub, at: "09:11")
        let backup = b.folder.appendingPathComponent("backup.json")
        try b.ok(["export"], now: "\(Self.day)T09:15").stdout.write(to: backup, atomically: true, encoding: .utf8)

        // A fresh store restores it as it was: both Must-Dos in the morning, and Today says so.
        let restored = try CharflowRunner()
        try restored.ok(["import", backup.path], now: "\(Self.day)T09:20")
        let today = try restored.json(["today"], now: "\(Self.day)T09:21")
        let morning = (today["regions"] as? [String: Any])?["morning"] as? [String: Any]
        expectEqual(Set(((morning?["mustDo"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }), [mine, theirs])
        let signals = today["signals"] as? [[String: Any]] ?? []
        expectTrue(signals.contains { $0["kind"] as? String == "regionOverLimit" })

        // Merged into a store with its own Must-Do there, it would make the morning fuller still: refused.
        let other = try CharflowRunner()
        try other.add("Water the plants", ["--region", "morning", "--bucket", "must"], now: "\(Self.day)T09:00")
        let before = try other.contents()
        let merged = try other.run(["import", backup.path], now: "\(Self.day)T09:22")
        expectNotEqual(merged.status, 0)
        expectContains(merged.stderr, "the 1–3–5 rule allows 1", "\(merged.stderr)")
        try expectEqual(other.contents(), before)
    }

    @Test("Y-10: a device clock more than 5 minutes ahead of the hub is refused and nothing is written")
    func clockAheadRefused() throws {
        let hub = try startHub()
        try hub.rows("SELECT 1")
        let a = try CharflowRunner(timeZone: "UTC")
        let ahead = Date().addingTimeInterval(10 * 60)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        // A store that exists (so "nothing written" means its content does not change), already at the
        // sync's own time: a day's rollover due then (near midnight) is the day's change, not the sync's.
        try a.add("Here first", now: formatter.string(from: ahead))
        let before = try a.contents()
        let result = try a.run(["sync", "--hub", hub.url], now: formatter.string(from: ahead))
        expectEqual(result.status, 1)
        expectContains(result.stderr, "minutes ahead of the hub's. Set the clock right and sync again; nothing was sent.")
        try expectEqual(hub.value("SELECT count(*) FROM hub_devices"), "0")
        try expectEqual(hub.value("SELECT count(*) FROM hub_operations"), "0")
        try expectEqual(a.contents(), before)
    }

    @Test("Y-11: with the hub down every command works, sync says so and keeps everything for next time")
    func hubDown() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "09:00")
        hub.stop()
        let id = try a.add("Written offline", now: "\(Self.day)T09:10")
        try a.run(["edit", id, "--notes", "still offline"], now: "\(Self.day)T09:11")
        try expectEqual(a.run(["today"], now: "\(Self.day)T09:12").status, 0)
        let waiting = try a.json(["sync", "--status"], now: "\(Self.day)T09:13")["unpushed"] as? Int ?? 0
        expectTrue(waiting > 0)
        let failed = try a.run(["sync", "--json"], now: "\(Self.day)T09:14")
        expectEqual(failed.status, 1)
        expectTrue(failed.stderr.hasPrefix("charflow: The hub can't be reached: "))
        expectTrue(!failed.stderr.contains("SELECT") && !failed.stderr.contains("INSERT"))
        try expectEqual(failed.json()["error"].flatMap { ($0 as? [String: Any])?["code"] as? String }, "hub_unreachable")
        try expectEqual(a.json(["sync", "--status"], now: "\(Self.day)T09:15")["unpushed"] as? Int, waiting)
        try hub.start()
        try sync(a, hub, at: "09:20")
        try sync(b, hub, at: "09:21")
        try expectEqual(task(b, id)["notes"] as? String, "still offline")
    }

    @Test("Y-11: a hub that goes away in the middle of a sync loses nothing: the next sync finishes it")
    func hubGoesAwayMidSync() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), b = try CharflowRunner()
        let early = try b.add("From the other device", now: "\(Self.day)T08:59")
        try sync(b, hub, at: "09:00")
        try sync(a, hub, at: "09:01")
        try b.run(["edit", early, "--notes", "waiting on the hub"], now: "\(Self.day)T09:02")
        try sync(b, hub, at: "09:03")
        let id = try a.add("Sent as the hub fell", now: "\(Self.day)T09:05")
        // Held after the hub took the push, the hub then stops before the pull.
        let (process, _, err) = try a.start(["sync", "--hub", hub.url], now: "\(Self.day)T09:06",
                                            extra: ["CHARFLOW_TEST_STALL_MS": "1500"])
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, try hub.value("SELECT count(*) FROM hub_operations WHERE row_id = '\(id)'") == "0" {
            usleep(20_000)
        }
        hub.stop()
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        expectEqual(process.terminationStatus, 1)
        expectTrue(stderr.hasPrefix("charflow: The hub can't be reached: "))
        expectTrue(try task(a, early)["notes"] is NSNull)
        try hub.start()
        try sync(a, hub, at: "09:10")
        try sync(b, hub, at: "09:11")
        try expectEqual(task(a, early)["notes"] as? String, "waiting on the hub")
        try expectEqual(task(b, id)["title"] as? String, "Sent as the hub fell")
        try expectEqual(hub.value("SELECT count(*) FROM (SELECT device_id, device_seq FROM hub_operations GROUP BY 1, 2 HAVING count(*) > 1) d"), "0")
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-12: a new device starts from the hub's current state, not a replay of every operation")
    func newDeviceFromSnapshot() throws {
        let hub = try startHub()
        let a = try CharflowRunner(), c = try CharflowRunner()
        let id = try a.add("Title 0", now: "\(Self.day)T09:00")
        for step in 1...5 {
            try a.run(["edit", id, "--title", "Title \(step)"], now: "\(Self.day)T09:0\(step)")
            try sync(a, hub, at: "09:0\(step)")
        }
        // Every operation the hub ever numbered (compaction, Y-30, drops most of them, never the last).
        let operations = Int(try hub.value("SELECT max(hub_seq) FROM hub_operations")) ?? 0
        let fields = Int(try hub.value("SELECT count(*) FROM hub_fields")) ?? 0
        expectTrue(fields < operations)
        let report = try sync(c, hub, at: "09:30")
        expectEqual(report["fromSnapshot"] as? Bool, true)
        // Its own default categories (the same rows as the first device's) went up first and now win;
        // it received every other field once, and no operation twice; `pulled` counts the rows those
        // fields change, as a person counts changes.
        let device = try #require(try Database(path: c.storePath).scalar("SELECT device_id FROM sync_state")?.text)
        let others = try hub.value("SELECT count(*) FROM hub_fields WHERE right(hlc, 37) <> '-\(device)'")
        let rows = try hub.value("""
            SELECT count(*) FROM (SELECT DISTINCT table_name, row_id FROM hub_fields WHERE right(hlc, 37) <> '-\(device)') AS r
            """)
        expectEqual(report["pulled"] as? Int, Int(rows))
        expectTrue((Int(rows) ?? 0) < (Int(others) ?? 0))
        expectTrue((Int(others) ?? 0) < operations)
        try expectEqual(task(c, id)["title"] as? String, "Title 5")
    }
}
