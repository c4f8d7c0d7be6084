import CharflowCore
import CharflowStore
import Foundation
import Testing

/// Helpers for the habit command tests.
extension CharflowRunner {
    /// `habit grid ID --json`.
    func habitGrid(_ id: String, weeks: Int = 5, window: String? = nil, now: String) throws -> [String: Any] {
        try json(["habit", "grid", id, "--weeks", String(weeks)] + (window.map { ["--window", $0] } ?? []), now: now)
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

    /// `expectRefused` with the JSON error code it must carry; returns the message.
    @discardableResult
    func habitRefused(_ arguments: [String], now: String, code: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let refusal = try expectRefused(arguments, now: now, sourceLocation: sourceLocation)
        #expect(refusal.code == code, "code of \(arguments)", sourceLocation: sourceLocation)
        return refusal.message
    }

    /// `today --json`'s habit titles.
    func habitTodayTitles(now: String) throws -> [String] {
        let today = try json(["today"], now: now)
        return (today["habits"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    /// `remind --json`'s messages.
    func habitReminders(now: String) throws -> [String] {
        let reminders = try json(["remind"], now: now)
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
