import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// A blind hub (spec D20, rule Y-32) through a real PostgreSQL hub and the real binary: values are
/// sealed on the device, the hub holds none in plain text, each device gives the passphrase once and
/// keeps only the derived key, and a wrong or missing passphrase is refused before anything is written.
@Suite("A hub with a passphrase holds no plaintext value (Y-32)", .serialized)
struct SyncBlindHubTests {
    static let day = "2026-03-10"
    static let passphrase = "tide pool lantern 42"
    static let secrets = ["Qvx-title-5810", "Qvx-notes-3377", "Qvx-category-9034", "Qvx-habit-6642", "Qvx-edit-1209"]

    func at(_ time: String) -> String { "\(Self.day)T\(time)" }

    /// A new cluster made a blind hub by `hub init` on `device`, the passphrase in the environment.
    func blindHub(from device: CharflowRunner) throws -> PostgresHub {
        let hub = try PostgresHub()
        let result = try device.run(["hub", "init", hub.url], now: at("08:00"), extra: ["CHARFLOW_PASSPHRASE": Self.passphrase])
        try #require(result.status == 0, "hub init failed: \(result.stderr)")
        return hub
    }

    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String, passphrase: String? = nil,
              sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = try device.run(["sync", "--hub", hub.url, "--json"], now: at(time),
                                    extra: passphrase.map { ["CHARFLOW_PASSPHRASE": $0] } ?? [:])
        #expect(result.status == 0, "sync failed: \(result.stderr)", sourceLocation: sourceLocation)
        return try result.json()
    }

    /// The hub's own tables.
    static func hubTables(_ hub: PostgresHub) throws -> [String] {
        try hub.rows("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE 'hub\\_%' ORDER BY 1")
    }

    /// Each secret found in any column of any row of any hub table, as `table: secret`.
    static func plaintext(_ hub: PostgresHub, _ secrets: [String]) throws -> [String] {
        var found: [String] = []
        for table in try hubTables(hub) {
            for secret in secrets where try hub.value("SELECT count(*) FROM \(table) t WHERE t::text LIKE '%\(secret)%'") != "0" {
                found.append("\(table): \(secret)")
            }
        }
        return found
    }

    /// Every row of every hub table, as one fingerprint per table.
    static func fingerprint(_ hub: PostgresHub) throws -> [String] {
        try hubTables(hub).map { table in
            table + " " + (try hub.value("SELECT count(*) || ' ' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') FROM \(table) t"))
        }
    }

    func keyFile(_ device: CharflowRunner, _ hub: PostgresHub) throws -> String {
        device.folder.path + "/.config/charflow/hub-keys/" + (try hub.value("SELECT hub_id FROM hub_identity")) + ".key"
    }

    @Test("Y-32: two devices with one passphrase converge on titles, notes, categories and amounts; the hub holds none of them in plain text")
    func twoDevicesConverge() throws {
        let a = try CharflowRunner(), b = try CharflowRunner()
        let hub = try blindHub(from: a)
        try a.ok(["category", "add", Self.secrets[2]], now: at("09:00"))
        let task = try a.add(Self.secrets[0], ["--notes", Self.secrets[1], "--category", Self.secrets[2]], now: at("09:01"))
        let habit = try a.addHabit(Self.secrets[3], ["--kind", "counted", "--target", "8"], now: at("09:02"))
        try a.ok(["habit", "log", habit, "--count", "3"], now: at("09:03"))
        // The device that made the hub keeps its key: no passphrase again.
        expectTrue((try sync(a, hub, at: "09:04")["pushed"] as? Int ?? 0) > 0)
        // The other gives it once, from a file, and then never again.
        let file = b.folder.appendingPathComponent("passphrase").path
        try (Self.passphrase + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let first = try b.run(["sync", "--hub", hub.url, "--passphrase-file", file, "--json"], now: at("09:05"))
        expectEqual(first.status, 0, "\(first.stderr)")
        try expectEqual(b.json(["show", task], now: at("09:06"))["title"] as? String, Self.secrets[0])
        try b.ok(["edit", task, "--title", Self.secrets[4]], now: at("09:07"))
        try b.ok(["habit", "log", habit, "--count", "2"], now: at("09:08"))
        _ = try sync(b, hub, at: "09:09")
        _ = try sync(a, hub, at: "09:10")
        _ = try sync(b, hub, at: "09:11")
        try expectEqual(a.json(["show", task], now: at("09:12"))["title"] as? String, Self.secrets[4])
        try expectEqual(a.syncedRecords(), b.syncedRecords())
        // The hub: no secret in any column of any table, and every value sealed.
        try expectEqual(Self.plaintext(hub, Self.secrets), [])
        expectTrue(try Int(hub.value("SELECT count(*) FROM hub_operations")) ?? 0 > 0)
        for table in ["hub_operations", "hub_fields"] {
            try expectEqual(hub.value("SELECT count(*) FROM \(table) WHERE value NOT LIKE '\(ValueSeal.prefix)%'"), "0", "\(table)")
        }
        // What stays in the clear: tables, ids, fields and clocks.
        #expect(try hub.value("SELECT count(*) FROM hub_fields WHERE table_name = 'tasks' AND row_id = '\(task)' AND field = 'title'") == "1")
        // `privacy` says the hub receives values encrypted; an open hub's device is not told so.
        expectEqual((try a.json(["privacy"], now: at("09:13"))["message"] as? String)?.contains("encrypted on this machine"), true)
        // Each device keeps the key, owner-only, and neither the passphrase nor the key is in its store.
        for device in [a, b] {
            let path = try keyFile(device, hub)
            let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
            expectEqual(mode, 0o600, "\(path)")
            let kept = try String(contentsOfFile: path, encoding: .utf8)
            expectLacks(kept, Self.passphrase)
            let store = [device.storePath, device.storePath + "-wal"].map { FileManager.default.contents(atPath: $0) ?? Data() }
            expectTrue(store.allSatisfy { $0.range(of: Data(Self.passphrase.utf8)) == nil })
            expectTrue(store.allSatisfy { $0.range(of: Data(kept.trimmingCharacters(in: .whitespacesAndNewlines).utf8)) == nil })
        }
    }

    @Test("Y-32: a wrong passphrase and a missing one are refused in words, and neither the store nor the hub changes")
    func wrongOrMissingRefused() throws {
        let a = try CharflowRunner(), b = try CharflowRunner()
        let hub = try blindHub(from: a)
        try a.add("Written on A", now: at("09:00"))
        _ = try sync(a, hub, at: "09:01")
        try b.add(Self.secrets[0], now: at("09:02"))
        let hubBefore = try Self.fingerprint(hub), storeBefore = try b.contents()
        let attempts: [(arguments: [String], passphrase: String?, code: String)] = [
            (["sync", "--hub", hub.url], "not the passphrase", "passphrase_wrong"),
            (["sync", "--hub", hub.url], nil, "passphrase_needed"),
            (["hub", "init", hub.url], "not the passphrase", "passphrase_wrong"),
            (["hub", "switch", hub.url], "not the passphrase", "passphrase_wrong"),
        ]
        for attempt in attempts {
            let result = try b.run(attempt.arguments + ["--json"], now: at("09:03"),
                                   extra: attempt.passphrase.map { ["CHARFLOW_PASSPHRASE": $0] } ?? [:])
            expectEqual(result.status, 1, "\(attempt.arguments) \(result.stdout)")
            let error = try result.json()["error"] as? [String: Any]
            expectEqual(error?["code"] as? String, attempt.code, "\(attempt.arguments): \(result.stdout)")
            expectEqual((error?["message"] as? String)?.contains("Nothing was written"), true, "\(result.stdout)")
            let words = try b.run(attempt.arguments, now: at("09:03"), extra: attempt.passphrase.map { ["CHARFLOW_PASSPHRASE": $0] } ?? [:])
            expectTrue(words.stderr.contains(attempt.code == "passphrase_wrong" ? "not this hub's passphrase" : "has no key for it"), "\(words.stderr)")
        }
        try expectEqual(Self.fingerprint(hub), hubBefore, "the hub is as it was")
        try expectEqual(b.contents(), storeBefore, "the store is as it was")
        expectTrue(!FileManager.default.fileExists(atPath: try keyFile(b, hub)), "no key was kept")
        try expectEqual(b.json(["sync", "--status"], now: at("09:04"))["hubSet"] as? Bool, false)
        // The right one then works, and sends what waited.
        let done = try sync(b, hub, at: "09:05", passphrase: Self.passphrase)
        expectTrue((done["pushed"] as? Int ?? 0) > 0 && (done["pulled"] as? Int ?? 0) > 0)
        try expectEqual(Self.plaintext(hub, [Self.secrets[0], "Written on A"]), [])
    }

    @Test("Y-32: a value changed on the hub, or moved to another field, is set aside and never applied")
    func tamperedValueSetAside() throws {
        let a = try CharflowRunner(), b = try CharflowRunner()
        let hub = try blindHub(from: a)
        let first = try a.add("First task", now: at("09:00"))
        _ = try sync(a, hub, at: "09:01")
        _ = try sync(b, hub, at: "09:02", passphrase: Self.passphrase)
        let task = try a.add(Self.secrets[0], ["--notes", Self.secrets[1]], now: at("09:03"))
        try a.ok(["edit", first, "--title", "First task, renamed"], now: at("09:04"))
        _ = try sync(a, hub, at: "09:05")
        // The hub's operator moves the new task's sealed notes into its title, and flips a character of
        // the first task's new title.
        try hub.rows("""
            UPDATE hub_operations o SET value = n.value FROM hub_operations n
            WHERE o.row_id = '\(task)' AND o.field = 'title' AND n.row_id = '\(task)' AND n.field = 'notes'
            """)
        try hub.rows("""
            UPDATE hub_operations SET value = overlay(value placing (CASE WHEN substr(value, 20, 1) = 'A' THEN 'B' ELSE 'A' END) from 20 for 1)
            WHERE row_id = '\(first)' AND field = 'title' AND hub_seq = (SELECT max(hub_seq) FROM hub_operations WHERE row_id = '\(first)' AND field = 'title')
            """)
        let report = try sync(b, hub, at: "09:06")
        expectEqual(report["setAside"] as? Int, 2, "\(report)")
        // The task whose title did not open does not arrive at all, rather than arrive without it.
        let shown = try b.run(["show", task, "--json"], now: at("09:07"))
        expectTrue(shown.status != 0 && !shown.stdout.contains(Self.secrets[1]), "the moved value was not applied: \(shown.stdout)")
        try expectEqual(b.json(["show", first], now: at("09:07"))["title"] as? String, "First task", "the changed value was not applied")
        let reasons = try Database(path: b.storePath).rows("""
            SELECT DISTINCT reason FROM sync_set_aside WHERE field = 'title' ORDER BY reason
            """).compactMap { $0[0].text }
        expectEqual(reasons, [SyncClient.unopenedReason], "\(reasons)")
        // A's own store and the hub's state are untouched by what the operator did to the log.
        try expectEqual(a.json(["show", task], now: at("09:08"))["title"] as? String, Self.secrets[0])
    }

    @Test("Y-32: a device that lost its key file is refused by the hub itself, by the hub's own code, and nothing reaches the hub in the clear")
    func lostKeyRefusedByTheHub() throws {
        let a = try CharflowRunner(), b = try CharflowRunner()
        let hub = try blindHub(from: a)
        _ = try sync(a, hub, at: "09:00")
        _ = try sync(b, hub, at: "09:01", passphrase: Self.passphrase)
        // B's key file is gone; it still believes the hub is its own, so it sends what it has unsealed.
        try FileManager.default.removeItem(atPath: try keyFile(b, hub))
        try b.add(Self.secrets[0], now: at("09:02"))
        let before = try Self.fingerprint(hub)
        let refused = try b.run(["sync", "--json"], now: at("09:03"))
        expectEqual(refused.status, 1, "\(refused.stdout)")
        expectEqual((try refused.json()["error"] as? [String: Any])?["code"] as? String, "passphrase_needed", "\(refused.stdout)")
        try expectEqual(Self.fingerprint(hub), before, "the hub is as it was")
        try expectEqual(Self.plaintext(hub, [Self.secrets[0]]), [])
        // A value in the clear written by hand is refused the same way: the hub's code, then its words.
        let byHand = #expect(throws: (any Error).self) {
            try hub.rows("""
                INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value)
                VALUES ('by-hand', 1, '000001773129600000-000000-by-hand', 'tasks', 'x', 'title', '"in the clear"')
                """)
        }
        expectEqual(byHand.map { "\($0)".contains("ERROR:  \(HubRefusalCode.plaintext): a value in the clear") }, true, "\(String(describing: byHand))")
        // With the passphrase again, what waited goes, sealed.
        expectTrue((try sync(b, hub, at: "09:04", passphrase: Self.passphrase)["pushed"] as? Int ?? 0) > 0)
        try expectEqual(Self.plaintext(hub, [Self.secrets[0]]), [])
    }

    @Test("Y-32: a hub made without a passphrase keeps working, and refuses one once it holds plain values")
    func openHubStaysOpen() throws {
        let a = try CharflowRunner(), b = try CharflowRunner()
        let hub = try PostgresHub()
        try a.ok(["hub", "init", hub.url], now: at("08:00"))
        let task = try a.add("Open hub task", now: at("09:00"))
        _ = try sync(a, hub, at: "09:01", passphrase: Self.passphrase)
        _ = try sync(b, hub, at: "09:02", passphrase: Self.passphrase)
        try expectEqual(b.json(["show", task], now: at("09:03"))["title"] as? String, "Open hub task")
        expectEqual((try b.json(["privacy"], now: at("09:03"))["message"] as? String)?.contains("encrypted"), false)
        try expectEqual(hub.value("SELECT count(*) FROM hub_seal"), "0")
        let refused = try b.run(["hub", "init", hub.url, "--json"], now: at("09:04"), extra: ["CHARFLOW_PASSPHRASE": Self.passphrase])
        expectEqual(refused.status, 1)
        expectEqual((try refused.json()["error"] as? [String: Any])?["code"] as? String, "hub_holds_plaintext", "\(refused.stdout)")
        try expectEqual(hub.value("SELECT count(*) FROM hub_seal"), "0")
    }
}
