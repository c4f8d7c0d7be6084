import CharflowCore
import CharflowStore
import CharflowSync
import CharflowTestSupport
import Foundation
import Testing

/// A push and a pull are one call each of a function the hub schema defines (spec D20, rule Y-29).
/// Through a real PostgreSQL hub and the real binary; the hub logs every statement it is sent, by
/// database and program. (A hub an older build made is upgraded in `SyncHubUpgradeTests`.)
@Suite("Sync in one round trip a push and a pull (Y-29)", .serialized)
struct SyncRoundTripTests {
    static let day = "2026-03-10"

    @discardableResult
    func sync(_ device: CharflowRunner, _ hub: PostgresHub, at time: String) throws -> [String: Any] {
        try device.syncJSON(hub, now: "\(Self.day)T\(time)")
    }

    func title(_ device: CharflowRunner, _ id: String) throws -> String? {
        try Database(path: device.storePath).scalar("SELECT title FROM tasks WHERE id = ?", [.text(id)])?.text
    }

    @Test("Y-29: a one-change sync sends the hub one hub_push call and one hub_pull call, and so does receiving it")
    func oneChangeIsTwoCalls() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let a = try CharflowRunner(), b = try CharflowRunner()
        try sync(a, hub, at: "08:00")
        try sync(b, hub, at: "08:01")
        try hub.logStatements()
        let id = try a.add("Sent in one call", now: "\(Self.day)T09:00")

        var mark = try hub.logSize()
        let sent = try sync(a, hub, at: "09:01")
        expectEqual(sent["pushed"] as? Int, 1)
        let push = try hub.statements(since: mark)
        expectEqual(push.count, 2, "\(push)")
        #expect(push.first?.contains("hub_push(") == true && push.last?.contains("hub_pull(") == true, "\(push)")

        mark = try hub.logSize()
        let received = try sync(b, hub, at: "09:02")
        expectEqual(received["pulled"] as? Int, 1)
        let pull = try hub.statements(since: mark)
        expectEqual(pull.count, 2, "\(pull)")
        #expect(pull.first?.contains("hub_push(") == true && pull.last?.contains("hub_pull(") == true, "\(pull)")
        try expectEqual(title(b, id), "Sent in one call")

        // Nothing to do is the same two calls; and the stores agree.
        mark = try hub.logSize()
        let idle = try sync(a, hub, at: "09:03")
        #expect(idle["pushed"] as? Int == 0 && idle["pulled"] as? Int == 0)
        try expectEqual(hub.statements(since: mark).count, 2)
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }
}

/// The hub's statement log, for counting what a sync sends.
extension PostgresHub {
    /// Logs every statement sent to this hub's database from now on (each connection made after this
    /// one); the server leads each line with the database and the program that sent it.
    func logStatements() throws {
        try server.rows("ALTER DATABASE \(database) SET log_statement = 'all'")
    }

    /// How long the server's log is now, to read what follows.
    func logSize() throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: server.logPath)[.size] as? Int) ?? 0
    }

    /// The statements `charflow` sent this hub since the log was `offset` bytes long (the server's
    /// other databases' lines are other tests').
    func statements(since offset: Int) throws -> [String] {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: server.logPath))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let ours = "\(database)|charflow|LOG:  "
        return text.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix(ours + "statement: ") || $0.hasPrefix(ours + "execute ")
        }
    }
}
