import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// What a hub holds of a person's data, and how it is removed (spec D19, rule Y-27), through a real
/// PostgreSQL hub: a purge scrubs the operation logs and the hub, `hub erase` empties the hub,
/// `erase` and `privacy` say the truth, and a hub's password is kept in libpq's file, never the store.
@Suite("Sync keeps private what a person removed, and says where the rest goes", .serialized)
struct SyncPrivacyTests {
    static let secrets = ["Zqx-title-7731", "Zqx-notes-2290", "Zqx-late-4415"]

    /// How many of a device's operations (and notes bases) hold any of the secrets.
    static func loggedSecrets(_ device: CharflowRunner) throws -> Int {
        let db = try Database(path: device.storePath)
        let like = secrets.map { "value LIKE '%\($0)%'" }.joined(separator: " OR ")
        let ops = try db.scalar("SELECT count(*) FROM sync_ops WHERE \(like)")?.int ?? -1
        let bases = try db.scalar("SELECT count(*) FROM sync_bases WHERE \(like)")?.int ?? 0
        return ops + bases
    }

    static func hubSecrets(_ hub: PostgresHub) throws -> Int {
        let like = secrets.map { "value LIKE '%\($0)%'" }.joined(separator: " OR ")
        return (Int(try hub.value("SELECT count(*) FROM hub_operations WHERE \(like)")) ?? -1)
            + (Int(try hub.value("SELECT count(*) FROM hub_fields WHERE \(like)")) ?? -1)
    }

    /// Whether any secret is in a byte of the store or its write-ahead log.
    static func storeBytesHold(_ device: CharflowRunner, _ secrets: [String]) -> [String] {
        [device.storePath, device.storePath + "-wal"].flatMap { path in
            let bytes = FileManager.default.contents(atPath: path) ?? Data()
            return secrets.filter { bytes.range(of: Data($0.utf8)) != nil }.map { "\($0) in \(path)" }
        }
    }

    /// A hub and two devices that both hold a task titled and noted with the first two secrets.
    static func secretTaskOnTwoDevices() throws -> (PostgresHub, CharflowRunner, CharflowRunner, String) {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let phone = try CharflowRunner(), laptop = try CharflowRunner()
        try phone.syncJSON(hub, now: "2026-03-10T08:00")
        try laptop.syncJSON(hub, now: "2026-03-10T08:01")
        let id = try phone.add(secrets[0], ["--notes", secrets[1], "--region", "morning"], now: "2026-03-10T09:00")
        try phone.syncJSON(hub, now: "2026-03-10T09:01")
        try laptop.syncJSON(hub, now: "2026-03-10T09:02")
        return (hub, phone, laptop, id)
    }

    @Test("Y-27 a purge scrubs the title and notes from every device's operation log and from the hub, also a late edit")
    func purgeScrubs() throws {
        let (hub, phone, laptop, id) = try Self.secretTaskOnTwoDevices()
        // The laptop writes to the task too: its own log and the hub hold its note.
        try laptop.ok(["note", id, Self.secrets[1] + " again"], now: "2026-03-10T09:03")
        try laptop.syncJSON(hub, now: "2026-03-10T09:04")
        try phone.syncJSON(hub, now: "2026-03-10T09:05")
        expectTrue(try Self.hubSecrets(hub) > 0, "the hub held the task before the purge")
        // Offline, the laptop edits the title again while the phone purges the task.
        try laptop.ok(["edit", id, "--title", Self.secrets[2]], now: "2026-03-10T09:10")
        try phone.ok(["purge", id], now: "2026-03-10T09:11")
        try expectEqual(Self.loggedSecrets(phone), 0, "the phone's log is scrubbed at once")
        expectTrue(Self.storeBytesHold(phone, Self.secrets).isEmpty, "\(Self.storeBytesHold(phone, Self.secrets))")
        try phone.syncJSON(hub, now: "2026-03-10T09:12")
        try expectEqual(Self.hubSecrets(hub), 0, "the hub keeps no value of the purged task")
        try laptop.syncJSON(hub, now: "2026-03-10T09:13")
        try expectEqual(Self.hubSecrets(hub), 0, "the laptop's late edit was scrubbed as it arrived")
        try expectEqual(Self.loggedSecrets(laptop), 0, "the laptop's log is scrubbed when the removal arrives")
        // What the hub keeps: the task's id and its tombstone, so the removal reaches every device.
        #expect(try hub.rows("SELECT DISTINCT field FROM hub_operations WHERE row_id = '\(id)'") == ["_deleted"])
        #expect(try hub.rows("SELECT field FROM hub_fields WHERE row_id = '\(id)'") == ["_deleted"])
        try phone.syncJSON(hub, now: "2026-03-10T09:14")
        for device in [phone, laptop] {
            expectEqual((try device.json(["list", "--all"], now: "2026-03-10T09:15")["tasks"] as? [Any])?.count, 0)
        }
        // A device that joins later gets nothing of it.
        let tablet = try CharflowRunner()
        try tablet.syncJSON(hub, now: "2026-03-10T10:00")
        expectTrue(Self.storeBytesHold(tablet, Self.secrets).isEmpty)
        try expectEqual(Self.loggedSecrets(tablet), 0)
    }

    @Test("Y-27 a purge that arrives by sync leaves the text in no file of the receiving device: not its undo journal, not its write-ahead log")
    func purgeArrivingBySyncLeavesNoText() throws {
        let (hub, phone, laptop, id) = try Self.secretTaskOnTwoDevices()
        // The laptop works on the task: each action's undo image holds the whole row, notes included.
        for minute in 3...8 {
            try laptop.ok(["note", id, "line \(minute)"], now: "2026-03-10T09:0\(minute)")
        }
        try laptop.syncJSON(hub, now: "2026-03-10T09:09")
        try phone.syncJSON(hub, now: "2026-03-10T09:10")
        try phone.ok(["purge", id], now: "2026-03-10T09:11")
        try phone.syncJSON(hub, now: "2026-03-10T09:12")
        try laptop.syncJSON(hub, now: "2026-03-10T09:13")
        expectTrue(Self.storeBytesHold(laptop, Self.secrets).isEmpty, "\(Self.storeBytesHold(laptop, Self.secrets))")
        let db = try Database(path: laptop.storePath)
        #expect(try db.scalar("SELECT count(*) FROM undo_rows WHERE table_name = 'tasks' AND row_key = ?", [.text(id)])?.int == 0)
        // The laptop's last note is undone no further than the purge allows: it says why.
        let undo = try laptop.run(["undo"], now: "2026-03-10T09:14")
        expectNotEqual(undo.status, 0, "\(undo.stdout)")
        expectEqual((try laptop.json(["list", "--all"], now: "2026-03-10T09:15")["tasks"] as? [Any])?.count, 0)
    }

    @Test("Y-27 hub erase asks for --yes, then leaves no Charflow data on the hub; every device keeps its own")
    func hubErase() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let phone = try CharflowRunner(), laptop = try CharflowRunner()
        try phone.add("Call the bank", ["--region", "morning"], now: "2026-03-10T08:00")
        try phone.syncJSON(hub, now: "2026-03-10T08:01")
        try laptop.syncJSON(hub, now: "2026-03-10T08:02")
        let refused = try phone.run(["hub", "erase", "--json"], now: "2026-03-10T09:00")
        expectNotEqual(refused.status, 0)
        expectContains((refused.stdout + refused.stderr), "\"needs_yes\"", "\(refused.stdout)\(refused.stderr)")
        try expectNotEqual(hub.value("SELECT count(*) FROM hub_operations"), "0", "nothing is erased without --yes")
        let erased = try phone.ok(["hub", "erase", "--yes"], now: "2026-03-10T09:01").stdout
        expectContains(erased, "The hub \(hub.url) holds no Charflow data any more", "\(erased)")
        #expect(try hub.value("SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE 'hub\\_%'") == "0")
        #expect(try hub.value("SELECT count(*) FROM pg_sequences WHERE schemaname = 'public' AND sequencename LIKE 'hub\\_%'") == "0")
        #expect(try hub.value("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0")
        #expect(try hub.value("""
            SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = 'public' AND p.proname LIKE 'hub\\_%'
            """) == "0", "the hub's functions are gone too")
        // Each device keeps its own store; the next sync says the database is no hub.
        let list = try phone.json(["list", "--all"], now: "2026-03-10T09:02")
        expectEqual((list["tasks"] as? [Any])?.count, 1)
        expectEqual((try laptop.json(["list", "--all"], now: "2026-03-10T09:02")["tasks"] as? [Any])?.count, 1)
        let after = try laptop.run(["sync"], now: "2026-03-10T09:03")
        expectNotEqual(after.status, 0)
        expectContains(after.stderr, "not a Charflow hub yet", "\(after.stderr)")
    }

    @Test("Y-27 erase --yes on a device says the hub's copy remains and how to remove it")
    func eraseNamesHubCopy() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let phone = try CharflowRunner()
        try phone.add("Call the bank", now: "2026-03-10T08:00")
        try phone.syncJSON(hub, now: "2026-03-10T08:01")
        let erased = try phone.ok(["erase", "--yes"], now: "2026-03-10T09:00").stdout
        expectContains(erased, "Erased. Every task, habit and setting is gone.", "\(erased)")
        expectContains(erased, "The hub \(hub.url) still holds a copy of what this store synced.", "\(erased)")
        expectContains(erased, "charflow hub erase --yes --hub '\(hub.url)'", "\(erased)")
        expectTrue(!FileManager.default.fileExists(atPath: phone.storePath))
        // The way out it names works from the erased (now empty) store.
        try phone.ok(["hub", "erase", "--yes", "--hub", hub.url], now: "2026-03-10T09:01")
        #expect(try hub.value("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0")
    }

    @Test("Y-27 a password given with the URL goes to libpq's password file (0600), never into the store, and is never printed")
    func passwordInPasswordFile() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let password = "Zqx-pass-5521"
        let (url, role) = try hub.requirePassword(for: "keeper", password)
        let phone = try CharflowRunner()
        let passfile = phone.folder.appendingPathComponent("libpq/pgpass").path
        try FileManager.default.createDirectory(atPath: (passfile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "elsewhere.example.org:5432:*:me:other-one\n".write(toFile: passfile, atomically: true, encoding: .utf8)
        let env = ["PGPASSFILE": passfile]
        var printed = ""
        let first = try phone.run(["sync", "--hub", url], now: "2026-03-10T08:00", extra: env)
        expectEqual(first.status, 0, "\(first.stderr)")
        printed += first.stdout + first.stderr
        let shown = "postgresql://\(role)@127.0.0.1:\(hub.port)/\(hub.database)"
        let status = try phone.run(["sync", "--status"], now: "2026-03-10T08:01", extra: env)
        printed += status.stdout + status.stderr
        expectContains(status.stdout, "Hub: \(shown).", "\(status.stdout)")
        let privacy = try phone.run(["privacy"], now: "2026-03-10T08:01", extra: env)
        printed += privacy.stdout + privacy.stderr
        expectContains(privacy.stdout, "is sent to \(shown)", "\(privacy.stdout)")
        expectContains(privacy.stdout, passfile, "\(privacy.stdout)")
        expectLacks(printed, password, "the password is never printed")
        expectTrue(Self.storeBytesHold(phone, [password]).isEmpty, "\(Self.storeBytesHold(phone, [password]))")
        // libpq's file holds it, readable by its owner only, beside what was there.
        let lines = try String(contentsOfFile: passfile, encoding: .utf8).split(separator: "\n").map(String.init)
        expectEqual(lines, ["127.0.0.1:\(hub.port):\(hub.database):\(role):\(password)", "elsewhere.example.org:5432:*:me:other-one"], "\(lines)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: passfile)[.posixPermissions] as? Int)
        expectEqual(mode & 0o777, 0o600)
        // The next sync signs in from that file alone: without it, the hub refuses.
        try phone.add("Call the bank", now: "2026-03-10T08:02")
        let again = try phone.run(["sync"], now: "2026-03-10T08:03", extra: env)
        expectEqual(again.status, 0, "\(again.stderr)")
        let without = try phone.run(["sync"], now: "2026-03-10T08:04", extra: ["PGPASSFILE": passfile + "-none"])
        expectNotEqual(without.status, 0, "the password is nowhere but in libpq's file")
    }

    @Test("Y-27 a store an older build left holding the hub's password is migrated: the password moves to libpq's file")
    func storedPasswordMigrated() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-10T07:00")
        let password = "Zqx-old-pass-8812"
        let (url, role) = try hub.requirePassword(for: "keeper", password)
        let phone = try CharflowRunner()
        try phone.syncJSON(hub, now: "2026-03-10T08:00")
        do {
            // What an older build kept: the URL with its password, and no record of this build's migration.
            let db = try Database(path: phone.storePath)
            try db.run("UPDATE sync_state SET hub_url = ? WHERE id = 1", [.text(url)])
            try db.run("DELETE FROM charflow_migrations WHERE name LIKE '0014-%'")
        }
        let passfile = phone.folder.appendingPathComponent(".pgpass").path
        expectTrue(!Self.storeBytesHold(phone, [password]).isEmpty, "the old store holds the password")
        try phone.add("Call the bank", now: "2026-03-10T09:00")
        expectTrue(Self.storeBytesHold(phone, [password]).isEmpty, "\(Self.storeBytesHold(phone, [password]))")
        let lines = try String(contentsOfFile: passfile, encoding: .utf8).split(separator: "\n").map(String.init)
        expectEqual(lines, ["127.0.0.1:\(hub.port):\(hub.database):\(role):\(password)"], "\(lines)")
        let status = try phone.json(["sync", "--status"], now: "2026-03-10T09:01")
        expectEqual(status["hub"] as? String, "postgresql://\(role)@127.0.0.1:\(hub.port)/\(hub.database)")
        // It syncs through the URL it keeps, signing in with the password from ~/.pgpass ($HOME is the test's).
        let synced = try phone.run(["sync", "--json"], now: "2026-03-10T09:02", extra: ["PGPASSFILE": passfile])
        expectEqual(synced.status, 0, "\(synced.stderr)")
        try expectEqual(hub.value("SELECT count(*) FROM hub_operations WHERE value LIKE '%Call the bank%'"), "1")
    }
}
