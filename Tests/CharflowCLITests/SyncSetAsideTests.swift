import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Operations a device cannot apply, through a real PostgreSQL hub (spec D19, rule Y-23): rows a
/// buggy or newer client wrote straight into the hub are set aside with their reason, every sync
/// goes on, `sync` and `sync --status` count them, and a build that knows a field applies it.
@Suite("Sync sets aside what it cannot apply", .serialized)
struct SyncSetAsideTests {
    static let day = "2026-03-10"

    func at(_ time: String) -> String { "\(Self.day)T\(time)" }

    /// A hub two devices synced with, holding one task they both have.
    func twoDevices() throws -> (PostgresHub, CharflowRunner, CharflowRunner, String) {
        let hub = try PostgresHub.initialised(at: at("07:00"))
        let a = try CharflowRunner(), b = try CharflowRunner()
        let id = try a.add("Pay the rent", now: at("08:00"))
        try a.syncJSON(hub, now: at("08:01"))
        try b.syncJSON(hub, now: at("08:02"))
        return (hub, a, b, id)
    }

    /// Writes operations into the hub as another client would, stamped now on the hub's clock, under
    /// a device of their own.
    func write(_ hub: PostgresHub, _ rows: [(table: String, row: String, field: String, value: String)]) throws {
        let values = rows.enumerated().map { index, op in
            "('newer-build', \(index + 1), lpad((floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint)::text, 18, '0') "
                + "|| '-00000\(index)-newer-build', '\(op.table)', '\(op.row)', '\(op.field)', '\(op.value)')"
        }.joined(separator: ", ")
        try hub.rows("""
            INSERT INTO hub_devices (device_id) VALUES ('newer-build') ON CONFLICT DO NOTHING;
            INSERT INTO hub_operations (device_id, device_seq, hlc, table_name, row_id, field, value) VALUES \(values);
            """)
    }

    func setAside(_ device: CharflowRunner) throws -> [String] {
        try Database(path: device.storePath).rows("SELECT table_name, field, reason FROM sync_set_aside ORDER BY 1, 2")
            .map { $0.map { $0.text ?? "" }.joined(separator: "|") }
    }

    @Test("Y-23: an unknown table, an unknown field, a value of the wrong type and a broken constraint are set aside; the sync goes on")
    func badRowsSetAside() throws {
        let (hub, a, b, id) = try twoDevices()
        try write(hub, [("habit_moods", "m1", "mood", "\"calm\""), ("tasks", id, "energy", "\"high\""),
                        ("tasks", id, "deferral_count", "\"many\""), ("tasks", id, "title", "null"),
                        ("tasks", id, "notes", "\"kept beside the bad ones\"")])
        let other = try a.add("Book the dentist", now: at("09:00"))
        try a.syncJSON(hub, now: at("09:01"))
        let synced = try b.ok(["sync", "--hub", hub.url], now: at("09:02"))
        expectContains(synced.stdout, "2 changes from other devices could not be applied here; they are set aside", "\(synced.stdout)")
        try expectEqual(setAside(b), [
            "habit_moods|mood|unknown table",
            "tasks|deferral_count|wrong type (\"many\" where tasks.deferral_count takes integer)",
            "tasks|energy|unknown field",
            "tasks|title|NOT NULL constraint failed: tasks.title",
        ])
        // What could be applied was: the other device's task, and the good field beside the bad ones.
        let task = try b.json(["show", id], now: at("09:03"))
        expectEqual(task["title"] as? String, "Pay the rent")
        expectEqual(task["notes"] as? String, "kept beside the bad ones")
        try expectEqual(b.json(["show", other], now: at("09:03"))["title"] as? String, "Book the dentist")
        // Every later sync goes on, and counts only what it set aside itself.
        try a.ok(["edit", other, "--title", "Book the dentist for May"], now: at("09:10"))
        try a.syncJSON(hub, now: at("09:11"))
        let again = try b.syncJSON(hub, now: at("09:12"))
        expectEqual(again["setAside"] as? Int, 0)
        try expectEqual(b.json(["show", other], now: at("09:13"))["title"] as? String, "Book the dentist for May")
        let status = try b.ok(["sync", "--status"], now: at("09:14")).stdout
        expectContains(status, "2 changes from other devices are set aside: this Charflow could not apply them.", "\(status)")
        try expectEqual(b.json(["sync", "--status"], now: at("09:14"))["setAside"] as? Int, 2)
        // The device that wrote the good changes set the same ones aside, and both stores still agree.
        try a.syncJSON(hub, now: at("09:15"))
        try expectEqual(a.json(["sync", "--status"], now: at("09:16"))["setAside"] as? Int, 2)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-23: a build that knows a field set aside applies it at its next sync; what it still cannot apply stays aside")
    func upgradeAppliesKnownField() throws {
        let (hub, _, b, id) = try twoDevices()
        try write(hub, [("tasks", id, "energy", "\"high\""), ("habit_moods", "m1", "mood", "\"calm\"")])
        try expectEqual(b.syncJSON(hub, now: at("09:00"))["setAside"] as? Int, 2)
        // What a newer build's migration does to this store: `tasks` gains the field. The rows were set
        // aside by the build before it.
        let db = try Database(path: b.storePath)
        try db.execute("ALTER TABLE tasks ADD COLUMN energy TEXT; UPDATE sync_set_aside SET build = 'an older build'")
        try expectEqual(b.syncJSON(hub, now: at("09:05"))["setAside"] as? Int, 0)
        #expect(try db.scalar("SELECT energy FROM tasks WHERE id = ?", [.text(id)])?.text == "high")
        try expectEqual(setAside(b), ["habit_moods|mood|unknown table"])
        try expectEqual(b.json(["sync", "--status"], now: at("09:06"))["setAside"] as? Int, 1)
    }

    @Test("Y-23: a new device starting from the hub's state sets aside what it cannot apply there too")
    func newDeviceFromSnapshot() throws {
        let (hub, _, _, id) = try twoDevices()
        try hub.rows("""
            INSERT INTO hub_records (table_name, row_id, fields)
            VALUES ('tasks', '\(id)', jsonb_build_object('energy', jsonb_build_array('000009999999999999-000000-newer-build', '"low"')))
            ON CONFLICT (table_name, row_id) DO UPDATE SET fields = hub_records.fields || excluded.fields
            """)
        let c = try CharflowRunner()
        let first = try c.syncJSON(hub, now: at("09:00"))
        expectEqual(first["fromSnapshot"] as? Bool, true)
        expectEqual(first["setAside"] as? Int, 1)
        try expectEqual(c.json(["show", id], now: at("09:01"))["title"] as? String, "Pay the rent")
    }
}
