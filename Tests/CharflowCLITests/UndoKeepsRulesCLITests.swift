import CharflowTestSupport
import Foundation
import Testing

/// Undo by action id from the CLI (`undo --action N`) and the page (`POST /api/undo {"action": N}`):
/// an undo that would break 1–3–5 is refused with the rule's words, and nothing blames a sync.
@Suite("Undo by action keeps 1–3–5 (charflow CLI and API)")
struct UndoKeepsRulesCLITests {
    static let full = "Morning region full (1 Must-Do, 3 Complementary, 5 Misc)"

    /// The newest undoable action's number, as the page's answers carry it.
    static func newestAction(_ cf: CharflowRunner) throws -> String {
        try #require(try cf.storeQuery("SELECT max(seq) FROM undo_actions").first)
    }

    @Test("D2 D8 B-4 undo --action of a Must-Do's delete, once another Must-Do holds Morning, is refused in 1–3–5 words, text and --json",
          arguments: ["Europe/London", "America/New_York"])
    func cliRefuses(zone: String) throws {
        let cf = try CharflowRunner(timeZone: zone)
        defer { cf.removeFolder() }
        let first = try cf.add("Write the report", ["--region", "morning", "--bucket", "must"], now: "2026-03-28T09:00")
        _ = try cf.json(["delete", first], now: "2026-03-28T09:01")
        let deleted = try Self.newestAction(cf)
        _ = try cf.add("Call the client", ["--region", "morning", "--bucket", "must"], now: "2026-03-28T09:02")

        let refusal = try cf.refusedAfterRollover(["undo", "--action", deleted], now: "2026-03-28T09:03")
        expectEqual(refusal.code, "region_full")
        expectEqual(refusal.message, Self.full)
        let signals = try cf.todaySignals(now: "2026-03-28T09:04")
        expectTrue(!signals.contains { $0.kind == "regionOverLimit" }, "\(signals)")
        expectTrue(!(try cf.ok(["today"], now: "2026-03-28T09:04").stdout.contains("synced")))

        // With room again (the new Must-Do moved to the evening), the same undo goes through.
        _ = try cf.json(["move", try #require(try cf.storeQuery("SELECT id FROM tasks WHERE title = 'Call the client'").first),
                         "--region", "evening"], now: "2026-03-28T09:05")
        let undone = try cf.ok(["undo", "--action", deleted], now: "2026-03-28T09:06")
        expectEqual(undone.stdout, "Undid delete.\n")
    }

    @Test("D2 D17 POST /api/undo {\"action\": N} that would put two Must-Dos in Morning is a 409 with the rule's words, and changes nothing")
    func apiRefuses() throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        let first = try cf.add("Write the report", ["--region", "morning", "--bucket", "must"])
        let server = try ServedCharflow(cf, now: "2026-11-30T10:00")
        defer { server.stop() }
        let deleted = try server.send("POST", "/api/tasks/\(first)/delete", json: "{}")
        let action = try #require(try deleted.json()["action"] as? String, "\(deleted.body)")
        let second = try server.send("POST", "/api/tasks", json: #"{"title": "Call the client", "region": "morning", "bucket": "must"}"#)
        expectEqual(second.status, 200)
        let before = server.storeBytes()
        let answer = try server.send("POST", "/api/undo", json: #"{"action": "\#(action)"}"#)
        expectEqual(answer.status, 409, "\(answer.body)")
        try expectEqual(answer.errorCode(), "region_full")
        let error = try #require(try answer.json()["error"] as? [String: Any])
        expectEqual(error["message"] as? String, Self.full)
        expectLacks(answer.body, "sync")
        expectEqual(server.storeBytes(), before)
    }
}
