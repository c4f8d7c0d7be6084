import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Conflicts through a real PostgreSQL hub (spec D19 "Conflicts are visible", rule Y-24): a merge
/// that replaces a value this device changed since its last sync records it; `sync` counts new ones,
/// `conflicts` lists them in words, `conflicts restore` puts the value back as a new change and
/// `conflicts dismiss` clears them.
@Suite("Sync records the changes it replaced, and puts them back on request (Y-24)", .serialized)
struct SyncConflictsTests {
    static let day = "2026-03-10"

    func at(_ time: String) -> String { "\(Self.day)T\(time)" }

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: at(time))
    }

    func conflicts(_ device: CharflowRunner, at time: String = "09:30") throws -> [[String: Any]] {
        try device.json(["conflicts"], now: at(time))["conflicts"] as? [[String: Any]] ?? []
    }

    /// Two synced devices holding the task "Rent"; A renames it to "Pay rent today" at 09:00, B to
    /// "Pay rent" at 09:02 and syncs first; A's sync at 09:05 replaces its title with B's.
    func renamedOnBoth(_ hub: PostgresHub) throws -> (a: CharflowRunner, b: CharflowRunner, task: String, synced: [String: Any]) {
        let a = try CharflowRunner(), b = try CharflowRunner()
        let task = try a.add("Rent", ["--due", "today"], now: at("08:00"))
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        try a.ok(["edit", task, "--title", "Pay rent today"], now: at("09:00"))
        try b.ok(["edit", task, "--title", "Pay rent"], now: at("09:02"))
        try sync(b, hub, at: "09:03")
        let synced = try sync(a, hub, at: "09:05")
        return (a, b, task, synced)
    }

    @Test("Y-24: a title this device changed and the merge replaced is counted by sync and listed in words")
    func replacedTitleIsListed() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let (a, b, task, synced) = try renamedOnBoth(hub)
        expectEqual(synced["conflicts"] as? Int, 1, "\(synced)")
        try expectEqual(a.json(["show", task], now: at("09:06"))["title"] as? String, "Pay rent")
        let device = String(try b.deviceID().prefix(8))
        let listed = try a.ok(["conflicts"], now: at("09:30")).stdout
        expectContains(listed, "1  Title of 'Pay rent': your 'Pay rent today' was replaced by 'Pay rent' from another device (\(device)), changed today at 09:02.", "\(listed)")
        expectContains(listed, "charflow conflicts restore ID")
        let items = try conflicts(a)
        expectEqual(items.count, 1)
        expectEqual(items.first?["field"] as? String, "title")
        expectEqual(items.first?["yours"] as? String, "Pay rent today")
        expectEqual(items.first?["theirs"] as? String, "Pay rent")
        expectEqual(items.first?["row"] as? String, task)
        expectEqual((items.first?["device"] as? String)?.hasPrefix(device), true)
        expectEqual(items.first?["changedAt"] as? String, "2026-03-10T09:02:00+00:00")
        // B's own value won: nothing of B's was replaced.
        try expectEqual(sync(b, hub, at: "09:10")["conflicts"] as? Int, 0)
        try expectEmpty(conflicts(b))
        // sync --status counts what waits.
        let status = try a.ok(["sync", "--status"], now: at("09:31")).stdout
        expectContains(status, "1 conflict waits: `charflow conflicts` shows it.", "\(status)")
        try expectEqual(a.json(["sync", "--status"], now: at("09:31"))["conflicts"] as? Int, 1)
        // The sync's own text says how many it recorded.
        try expectEqual(sync(a, hub, at: "09:32")["conflicts"] as? Int, 0, "a conflict is counted once, by the sync that recorded it")
    }

    @Test("Y-24: a sync's text says how many conflicts it recorded")
    func syncTextCounts() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        let task = try a.add("Rent", ["--due", "today"], now: at("08:00"))
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        try a.ok(["edit", task, "--title", "Pay rent today", "--importance", "high"], now: at("09:00"))
        try b.ok(["edit", task, "--title", "Pay rent", "--importance", "medium"], now: at("09:02"))
        try sync(b, hub, at: "09:03")
        let text = try a.ok(["sync", "--hub", hub.url], now: at("09:05")).stdout
        expectContains(text, "2 changes of yours were replaced by other devices'; `charflow conflicts` shows them.", "\(text)")
        let words = try a.ok(["conflicts"], now: at("09:30")).stdout
        expectContains(words, "Importance of 'Pay rent': your high was replaced by medium", "\(words)")
    }

    @Test("Y-24: a value shared before this device's last sync and replaced by a change made without seeing it is a conflict; a field it never changed is none")
    func sharedBeforeLastSync() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        let task = try a.add("Rent", ["--due", "today"], now: at("08:00"))
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        // A's change reached the hub at its 09:01 sync; B changes the title later without having seen it.
        try a.ok(["edit", task, "--title", "Pay rent today"], now: at("09:00"))
        try sync(a, hub, at: "09:01")
        try b.ok(["edit", task, "--title", "Pay rent", "--importance", "high"], now: at("09:02"))
        try a.ok(["edit", task, "--effort", "15"], now: at("09:03"))
        try sync(b, hub, at: "09:04")
        // The title is one (B had not seen A's), the importance A never changed and the effort B never
        // touched are none (until issue 39 item 2, a change already shared was never one).
        try expectEqual(sync(a, hub, at: "09:05")["conflicts"] as? Int, 1)
        try expectEqual(conflicts(a).map { $0["field"] as? String }, ["title"])
        try expectEmpty(conflicts(b))
        // A device that joins later starts from the hub's state: the seeded defaults it replaced are no change of its own.
        let c = try CharflowRunner()
        try a.ok(["category", "rename", "Work", "Job"], now: at("09:06"))
        try sync(a, hub, at: "09:07")
        try expectEqual(sync(c, hub, at: "09:08")["conflicts"] as? Int, 0)
        try expectEmpty(conflicts(c))
    }

    @Test("Y-24: conflicts restore puts the value back as a new change that syncs, as one undoable action")
    func restorePutsBack() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let (a, b, task, _) = try renamedOnBoth(hub)
        let id = try #require(try conflicts(a).first?["id"] as? Int)
        let restored = try a.json(["conflicts", "restore", String(id)], now: at("09:40"))
        expectEqual(restored["changed"] as? Bool, true)
        try expectEqual(a.json(["show", task], now: at("09:41"))["title"] as? String, "Pay rent today")
        expectTrue(try conflicts(a, at: "09:41").isEmpty)
        // One undoable action: undo takes the restore back, and putting it back again is a plain edit.
        try expectContains(a.ok(["undo"], now: at("09:42")).stdout, "Undid conflicts restore.")
        try expectEqual(a.json(["show", task], now: at("09:43"))["title"] as? String, "Pay rent")
        try a.ok(["edit", task, "--title", "Pay rent today"], now: at("09:44"))
        try sync(a, hub, at: "09:45")
        try expectEqual(sync(b, hub, at: "09:46")["conflicts"] as? Int, 0, "B's change was shared before; the restore is no conflict there")
        try expectEqual(b.json(["show", task], now: at("09:47"))["title"] as? String, "Pay rent today")
        try sync(a, hub, at: "09:48")
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-24: a placement replaced as one value is one conflict, and restore puts the whole place back on every device")
    func placementConflict() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        let task = try a.add("Write the report", ["--region", "morning", "--bucket", "must"], now: at("08:00"))
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        try a.ok(["move", task, "--region", "evening", "--bucket", "complementary"], now: at("09:00"))
        try b.ok(["move", task, "--backlog"], now: at("09:02"))
        try sync(b, hub, at: "09:03")
        try expectEqual(sync(a, hub, at: "09:05")["conflicts"] as? Int, 1)
        let items = try conflicts(a)
        expectEqual(items.count, 1)
        expectEqual(items.first?["field"] as? String, "placement")
        let text = items.first?["text"] as? String ?? ""
        expectTrue(text.hasPrefix("Place of 'Write the report': your Evening, Complementary, 10 Mar was replaced by "), "\(text)")
        let id = try #require(items.first?["id"] as? Int)
        try a.ok(["conflicts", "restore", String(id)], now: at("09:10"))
        try sync(a, hub, at: "09:11")
        try sync(b, hub, at: "09:12")
        for device in [a, b] {
            let shown = try device.json(["show", task], now: at("09:13"))
            expectEqual(shown["region"] as? String, "evening")
            expectEqual(shown["bucket"] as? String, "complementary")
            expectEqual(shown["dueDate"] as? String, Self.day)
        }
    }

    @Test("Y-24: a renamed default category replaced by a later rename elsewhere is a conflict too")
    func categoryConflict() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        try a.ok(["category", "rename", "Work", "Job"], now: at("09:00"))
        try b.ok(["category", "rename", "Work", "Career"], now: at("09:02"))
        try sync(b, hub, at: "09:03")
        try expectEqual(sync(a, hub, at: "09:05")["conflicts"] as? Int, 1)
        let text = try conflicts(a).first?["text"] as? String ?? ""
        expectTrue(text.hasPrefix("Name of 'Career': your 'Job' was replaced by 'Career' from another device"), "\(text)")
    }

    @Test("Y-24: conflicts dismiss clears one or all; an id that does not wait is refused; a purge takes its row's conflicts")
    func dismissAndPurge() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        let rent = try a.add("Rent", ["--due", "today"], now: at("08:00"))
        let milk = try a.add("Milk", ["--due", "today"], now: at("08:00"))
        let bank = try a.add("Bank", ["--due", "today"], now: at("08:00"))
        try sync(a, hub, at: "08:01")
        try sync(b, hub, at: "08:02")
        for (task, mine, theirs) in [(rent, "Pay rent today", "Pay rent"), (milk, "Oat milk", "Whole milk"), (bank, "Call bank", "Visit bank")] {
            try a.ok(["edit", task, "--title", mine], now: at("09:00"))
            try b.ok(["edit", task, "--title", theirs], now: at("09:02"))
        }
        try sync(b, hub, at: "09:03")
        try expectEqual(sync(a, hub, at: "09:05")["conflicts"] as? Int, 3)
        let ids = try conflicts(a).compactMap { $0["id"] as? Int }
        expectEqual(ids.count, 3)
        try expectEqual(a.json(["conflicts", "dismiss", String(ids[0])], now: at("09:10"))["dismissed"] as? Int, 1)
        try expectEqual(conflicts(a).count, 2)
        let refused = try a.expectRefused(["conflicts", "dismiss", String(ids[0])], now: at("09:11"))
        expectEqual(refused.code, "conflict_not_found")
        try expectEqual(a.expectRefused(["conflicts", "restore", "99"], now: at("09:11")).code, "conflict_not_found")
        try expectEqual(a.run(["conflicts", "dismiss"], now: at("09:11")).status, 2)
        try a.ok(["purge", milk], now: at("09:12"))
        try expectEqual(conflicts(a).count, 1, "a purged task's conflict goes with it")
        try expectEqual(a.json(["conflicts", "dismiss", "--all"], now: at("09:13"))["dismissed"] as? Int, 1)
        try expectContains(a.ok(["conflicts"], now: at("09:14")).stdout, "No conflicts")
        expectTrue(!(try a.ok(["sync", "--status"], now: at("09:14")).stdout.contains("conflict")))
    }

    @Test("Y-24: GET /api/conflicts lists what `conflicts --json` does; POST …/restore and …/dismiss act on one")
    func apiRoutes() throws {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let (a, _, task, _) = try renamedOnBoth(hub)
        let server = try ServedCharflow(a, now: at("09:30"))
        defer { server.stop() }
        let listed = try server.send("GET", "/api/conflicts")
        expectEqual(listed.status, 200)
        expectTrue(NSDictionary(dictionary: try listed.json()).isEqual(to: try a.json(["conflicts"], now: at("09:30"))), "\(listed.body)")
        let id = try #require(try conflicts(a).first?["id"] as? Int)
        let restored = try server.send("POST", "/api/conflicts/\(id)/restore", json: "{}")
        expectEqual(restored.status, 200, "\(restored.body)")
        try expectNotEqual(restored.json()["action"] as? String, nil)
        try expectEqual(a.json(["show", task], now: at("09:31"))["title"] as? String, "Pay rent today")
        let again = try server.send("POST", "/api/conflicts/\(id)/dismiss", json: "{}")
        expectEqual(again.status, 404)
        try expectEqual(again.errorCode(), "conflict_not_found")
        try expectEqual(server.send("POST", "/api/conflicts/dismiss", json: #"{"all": true}"#).status, 200)
    }
}
