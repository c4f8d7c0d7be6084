import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A calendar stays on the device that added it (spec D22, rule F-9): its path, its addresses and its
/// events reach no hub and no other device, and a backup leaves them out.
@Suite("calendar · stays on its device", .serialized)
struct CalendarHubPrivacyTests {
    static let secrets = ["Qv7-board-review", "Qv7-room-four", "qv7-me@example.org", "qv7-calendar-folder"]

    @Test("F-9 a hub holds none of a calendar's names, places or events, another device gets none, and an export leaves them out")
    func staysOnItsDevice() throws {
        let hub = try PostgresHub.initialised(at: "2026-03-20T07:00")
        let laptop = try CalendarCLI.runner(), phone = try CalendarCLI.runner()
        let folder = laptop.folder.appendingPathComponent(Self.secrets[3])
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try CalendarCLI.calendar([
            CalendarCLI.event("board", Self.secrets[0], "20260320T120000Z", "20260320T130000Z",
                              ["LOCATION:\(Self.secrets[1])", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:\(Self.secrets[2])"]),
        ]).write(to: folder.appendingPathComponent("board.ics"), atomically: true, encoding: .utf8)
        try laptop.syncJSON(hub, now: "2026-03-20T08:00")
        try laptop.ok(["calendar", "add", "Qv7 private", folder.path, "--address", Self.secrets[2]], now: "2026-03-20T08:05")
        try laptop.add("Prepare the board pack", ["--region", "morning"], now: "2026-03-20T08:06")
        try laptop.syncJSON(hub, now: "2026-03-20T08:10")
        try phone.syncJSON(hub, now: "2026-03-20T08:11")

        expectEqual((try phone.json(["list"], now: "2026-03-20T08:12")["tasks"] as? [Any])?.isEmpty, false, "the task travelled")
        expectTrue(try CalendarCLI.list(phone, now: "2026-03-20T08:12").isEmpty, "the calendar did not")
        let like = (Self.secrets + ["Qv7 private", "calendar_"]).map { "value LIKE '%\($0)%'" }.joined(separator: " OR ")
        try expectEqual(hub.value("SELECT count(*) FROM hub_operations WHERE \(like)"), "0")
        try expectEqual(hub.value("SELECT count(*) FROM hub_fields WHERE \(like)"), "0")
        try expectEqual(hub.value("SELECT count(*) FROM hub_operations WHERE table_name LIKE 'calendar%'"), "0")
        let laptopLog = try Database(path: laptop.storePath, readOnly: true)
        try expectEqual(laptopLog.scalar("SELECT count(*) FROM sync_ops WHERE table_name LIKE 'calendar%' OR \(like)")?.int, 0)
        for secret in Self.secrets {
            let bytes = (FileManager.default.contents(atPath: phone.storePath) ?? Data())
                + (FileManager.default.contents(atPath: phone.storePath + "-wal") ?? Data())
            expectEqual(bytes.range(of: Data(secret.utf8)), nil, "\(secret) reached the phone")
        }

        // The backup leaves the device's calendars out; importing it elsewhere brings none.
        let backup = laptop.folder.appendingPathComponent("backup.json")
        try laptop.ok(["export", "--out", backup.path], now: "2026-03-20T08:20")
        let text = try String(contentsOf: backup, encoding: .utf8)
        for secret in Self.secrets + ["Qv7 private"] { expectLacks(text, secret, "\(secret) is in the backup") }
        try expectEqual(CalendarCLI.list(laptop, now: "2026-03-20T08:20").count, 1, "the laptop still reads it")

        // An import, which replaces a store that holds no task, leaves that device's calendars as they are.
        let tablet = try CalendarCLI.runner()
        try tablet.ok(["calendar", "add", "Tablet", folder.path], now: "2026-03-20T08:22")
        try tablet.ok(["import", backup.path], now: "2026-03-20T08:23")
        try expectEqual(CalendarCLI.list(tablet, now: "2026-03-20T08:24").compactMap { $0["name"] as? String }, ["Tablet"])
        try expectEqual(CalendarCLI.titles(tablet, on: "2026-03-20", now: "2026-03-20T08:24"), [Self.secrets[0]])
        expectEqual((try tablet.json(["list"], now: "2026-03-20T08:24")["tasks"] as? [Any])?.count, 1, "the backup's task came in")

        // `privacy` says so: what is asked of which address, and that the calendar stays here.
        let privacy = try laptop.json(["privacy"], now: "2026-03-20T08:21")
        expectEqual(privacy["calendars"] as? [String], [folder.path])
        let words = try #require(privacy["message"] as? String)
        expectContains(words, "This device reads a calendar (\(folder.path))", "\(words)")
        expectContains(words, "no hub receives them, and `charflow export` leaves them out", "\(words)")
        try expectEqual(phone.json(["privacy"], now: "2026-03-20T08:21")["calendars"], nil)
    }
}
