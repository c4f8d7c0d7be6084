import CharflowCore
import CharflowStore
import Foundation
import Testing

/// Helpers for the habit end-to-end tests.
extension CharflowRunner {
    /// Runs a command that must succeed and returns its text output.
    @discardableResult
    func habitOK(_ arguments: [String], now: String, extra: [String: String] = [:],
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
        let result = try run(arguments, now: now, extra: extra)
        #expect(result.status == 0, "charflow \(arguments.joined(separator: " ")) failed: \(result.stderr)",
                sourceLocation: sourceLocation)
        return result
    }

    /// Runs a command with `--json` that must succeed and returns its document.
    func habitJSON(_ arguments: [String], now: String, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [String: Any]
    {
        let result = try run(arguments + ["--json"], now: now)
        #expect(result.status == 0, "charflow \(arguments.joined(separator: " ")) failed: \(result.stderr)",
                sourceLocation: sourceLocation)
        return try result.json()
    }

    /// Adds a habit and returns its full id.
    @discardableResult
    func habitAdd(_ title: String, _ options: [String] = [], now: String) throws -> String {
        let habit = try habitJSON(["habit", "add", title] + options, now: now)
        return try #require(habit["id"] as? String)
    }

    /// `habit grid ID --json`.
    func habitGrid(_ id: String, weeks: Int = 5, window: String? = nil, now: String) throws -> [String: Any] {
        try habitJSON(["habit", "grid", id, "--weeks", String(weeks)] + (window.map { ["--window", $0] } ?? []), now: now)
    }

    /// The grid's days keyed by date (of the first window, or of `grids[index]`).
    func habitDays(_ id: String, weeks: Int = 5, grid index: Int? = nil, now: String) throws -> [String: [String: Any]] {
        let grid = try habitGrid(id, weeks: weeks, now: now)
        var days = grid["days"] as? [[String: Any]] ?? []
        if let index {
            let grids = grid["grids"] as? [[String: Any]] ?? []
            days = index < grids.count ? grids[index]["days"] as? [[String: Any]] ?? [] : []
        }
        return Dictionary(days.compactMap { day in (day["date"] as? String).map { ($0, day) } }, uniquingKeysWith: { a, _ in a })
    }

    /// The state of each of `dates` in the grid.
    func habitStates(_ id: String, _ dates: [String], weeks: Int = 5, grid index: Int? = nil, now: String) throws -> [String] {
        let days = try habitDays(id, weeks: weeks, grid: index, now: now)
        return dates.map { days[$0]?["state"] as? String ?? "absent" }
    }

    /// `habit grid ID --json`'s read.
    func habitRead(_ id: String, now: String) throws -> String {
        try habitGrid(id, now: now)["read"] as? String ?? ""
    }

    /// A refused command: exit 1, the message on stderr, the error document with `code` on stdout with
    /// `--json`, and the store unchanged in content. Returns the message.
    @discardableResult
    func habitRefused(_ arguments: [String], now: String, code: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let before = try contents()
        let text = try run(arguments, now: now)
        #expect(text.status == 1, "\(arguments) exited \(text.status): \(text.stdout) \(text.stderr)",
                sourceLocation: sourceLocation)
        #expect(text.stdout.isEmpty, "a refusal prints nothing on stdout: \(text.stdout)", sourceLocation: sourceLocation)
        #expect(text.stderr.hasPrefix("charflow: "), "stderr: \(text.stderr)", sourceLocation: sourceLocation)
        let json = try run(arguments + ["--json"], now: now)
        #expect(json.status == 1, sourceLocation: sourceLocation)
        let error = (try? json.json())?["error"] as? [String: Any]
        #expect(error?["code"] as? String == code, "stdout: \(json.stdout)", sourceLocation: sourceLocation)
        #expect(error?["message"] as? String == text.stderr.dropFirst("charflow: ".count)
                    .trimmingCharacters(in: .whitespacesAndNewlines), sourceLocation: sourceLocation)
        #expect(try contents() == before, "the refused \(arguments) changed the store", sourceLocation: sourceLocation)
        return text.stderr.dropFirst("charflow: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `today --json`'s habit titles.
    func habitTodayTitles(now: String) throws -> [String] {
        let today = try habitJSON(["today"], now: now)
        return (today["habits"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    /// `remind --json`'s messages.
    func habitReminders(now: String) throws -> [String] {
        let reminders = try habitJSON(["remind"], now: now)
        return (reminders["reminders"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    }
}

/// Dates from `start`, `count` of them, as text.
func habitDates(from start: String, count: Int) -> [String] {
    guard let first = LocalDay(start) else { return [] }
    return (0..<count).map { first.adding(days: $0).description }
}

/// The text with its terminal escape sequences removed.
func habitStripEscapes(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*[A-Za-z]", with: "", options: .regularExpression)
}
