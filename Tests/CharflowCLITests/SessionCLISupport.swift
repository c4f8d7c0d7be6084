import CharflowStore
import Foundation
import Testing

/// Helpers for the focus-session command tests.
extension CharflowRunner {
    /// `status --json`'s `session`, or nil when none is live.
    func sessionStatus(now: String) throws -> [String: Any]? {
        try json(["status"], now: now)["session"] as? [String: Any]
    }

    /// The sessions of a task, oldest first, from `show ID --json`.
    func sessionList(_ id: String, now: String) throws -> [[String: Any]] {
        try show(id, now: now)["sessions"] as? [[String: Any]] ?? []
    }

    /// Writes a raw live `sessions` row, as a second device (or a merged store) would leave it.
    func sessionInsertLive(id: String = UUID().uuidString.lowercased(), task: String?, window: String? = nil,
                           startedAt: String, day: String) throws {
        let db = try Database(path: storePath)
        try db.run("""
            INSERT INTO sessions (id, task_id, habit_window_id, started_at, day, paused_seconds, outcome,
                                  actual_seconds, modified_at)
            VALUES (?, ?, ?, ?, ?, 0, 'running', 0, ?)
            """, [.text(id), task.map { .text($0) } ?? .null, window.map { .text($0) } ?? .null,
                  .text(startedAt), .text(day), .text(startedAt)])
    }

    /// A scalar read straight from the store.
    func sessionScalar(_ sql: String, _ bindings: [SQLValue] = []) throws -> SQLValue? {
        try Database(path: storePath).scalar(sql, bindings)
    }
}

/// How many times `needle` occurs in `text`.
func sessionOccurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}
