import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A series is one thing (spec D19, rule Y-20), through the `charflow` binary: an instance brought to
/// an earlier day and resolved there keeps what was done on it.
@Suite("Repeat series identity (charflow CLI)")
struct RepeatSeriesIdentityCLITests {
    /// Adds a repeat due Tuesday 1 December, done early on Monday; returns the series and the second
    /// instance, which gets a session and a note on Monday evening.
    func secondInstance(_ cf: CharflowRunner, _ repeatWord: String) throws -> (series: String, second: String) {
        let series = try cf.add("Stretch", ["--due", "2026-12-01", "--repeat", repeatWord], now: "2026-11-30T09:00")
        let second = try #require(try cf.completeLiveInstance(series: series, now: "2026-11-30T09:05")["id"] as? String)
        try cf.ok(["begin", second], now: "2026-11-30T20:00")
        try cf.ok(["finish", "--stop"], now: "2026-11-30T20:25")
        try cf.ok(["note", second, "warm up first"], now: "2026-11-30T20:26")
        return (series, second)
    }

    /// The second instance as `show` has it, still with its session and note, and the one live
    /// instance that follows it.
    func checkKept(_ cf: CharflowRunner, series: String, second: String, now: String, next: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let shown = try cf.json(["show", second], now: now)
        #expect(shown["notes"] as? String == "2026-11-30 20:26 — warm up first", sourceLocation: sourceLocation)
        let sessions = shown["sessions"] as? [[String: Any]] ?? []
        #expect(sessions.map { $0["actualSeconds"] as? Int } == [25 * 60], sourceLocation: sourceLocation)
        let live = try cf.liveInstances(series: series, now: now)
        #expect(live.map { $0["dueDate"] as? String } == [next], sourceLocation: sourceLocation)
        let nextID = try #require(live.first?["id"] as? String, sourceLocation: sourceLocation)
        #expect(nextID != second && nextID != series, sourceLocation: sourceLocation)
        #expect((try cf.json(["show", nextID], now: now)["sessions"] as? [[String: Any]] ?? []).isEmpty,
                sourceLocation: sourceLocation)
        #expect(try cf.allInstances(series: series, now: now).count == 3, sourceLocation: sourceLocation)
        return shown
    }

    @Test("Y-20 T-28 weekly on Tuesday and Thursday: Thursday's instance moved to Tuesday and done there stays done, in history, with its session and note")
    func weeklyMovedEarlierThenDone() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let (series, second) = try secondInstance(cf, "weekly:2,4")
        try cf.ok(["move", second, "--region", "morning", "--day", "tomorrow"], now: "2026-11-30T20:30")
        try cf.ok(["done", second], now: "2026-12-01T10:00")

        let shown = try checkKept(cf, series: series, second: second, now: "2026-12-01T10:05", next: "2026-12-08")
        expectEqual(shown["isCompleted"] as? Bool, true)
        let history = try cf.json(["history", "2026-12-01"], now: "2026-12-01T10:05")
        expectEqual(JSONPath.tasks(history, "tasks").map { $0["id"] as? String }, [second])
        // The next day's rollover keeps both instances due Tuesday: they were made for different occurrences.
        _ = try checkKept(cf, series: series, second: second, now: "2026-12-02T09:00", next: "2026-12-08")
    }

    @Test("Y-20 T-28 daily: Wednesday's instance planned for Tuesday and deleted there stays dropped with its session and note; Thursday's follows")
    func dailyPlannedEarlierThenDeleted() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let (series, second) = try secondInstance(cf, "daily")
        try cf.ok(["plan", "tomorrow", second], now: "2026-11-30T20:30")
        try cf.ok(["delete", second], now: "2026-12-01T10:00")

        let shown = try checkKept(cf, series: series, second: second, now: "2026-12-01T10:05", next: "2026-12-03")
        expectTrue(shown["droppedAt"] is String)
        expectEqual(shown["isCompleted"] as? Bool, false)
    }
}
