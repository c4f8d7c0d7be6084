import CharflowStore
import Foundation
import Testing

// Helpers for the task command tests: the list and signals as JSON, refusals after the rollover, SQL on
// the store file, and reading the task document.

extension CharflowRunner {
    /// `list --json` (with `--all` when asked): tasks in the engine's order.
    func listTasks(all: Bool = false, now: String) throws -> [[String: Any]] {
        let object = try json(["list"] + (all ? ["--all"] : []), now: now)
        return object["tasks"] as? [[String: Any]] ?? []
    }

    /// `today --json` signals as (kind, task id or nil, message).
    func todaySignals(now: String) throws -> [(kind: String, task: String?, message: String)] {
        let object = try json(["today"], now: now)
        let signals = object["signals"] as? [[String: Any]] ?? []
        return signals.map { ($0["kind"] as? String ?? "", $0["task"] as? String, $0["message"] as? String ?? "") }
    }

    /// `expectRefused` after any missed rollover has run (as it would for any command), so that the
    /// refusal itself is what must change nothing.
    @discardableResult
    func refusedAfterRollover(
        _ arguments: [String], now: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (message: String, code: String) {
        _ = try run(["list", "--json"], now: now)
        return try expectRefused(arguments, now: now, sourceLocation: sourceLocation)
    }

    /// Runs SQL straight on the store file (to write what another device or an old build might have).
    func storeSQL(_ sql: String, _ bindings: [SQLValue] = []) throws {
        let db = try Database(path: storePath)
        try db.run(sql, bindings)
    }

    /// The first column of every row `sql` returns, as text.
    func storeQuery(_ sql: String, _ bindings: [SQLValue] = []) throws -> [String] {
        let db = try Database(path: storePath)
        return try db.rows(sql, bindings).map { $0.first?.text ?? ($0.first?.int.map(String.init) ?? "NULL") }
    }
}

/// Reading values out of the task JSON.
enum TaskDocument {
    static func deferrals(_ shown: [String: Any]) -> [[String: Any]] {
        shown["deferrals"] as? [[String: Any]] ?? []
    }

    static func int(_ object: [String: Any], _ key: String) -> Int? {
        (object[key] as? NSNumber)?.intValue
    }

    static func string(_ object: [String: Any], _ key: String) -> String? {
        object[key] as? String
    }

    static func isNull(_ object: [String: Any], _ key: String) -> Bool {
        object[key] is NSNull
    }
}

/// Calendar arithmetic on `YYYY-MM-DD` text for building `--now` values in tests.
enum TestDay {
    static func adding(_ days: Int, to day: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        let date = formatter.date(from: day)!
        return formatter.string(from: calendar.date(byAdding: .day, value: days, to: date)!)
    }
}
