import CharflowTestSupport
import Foundation
import Testing

/// One quick-date situation: the zone, the first weekday, the rollover time, the wall clock, and the
/// day the word should name (nil: not offered).
struct QuickDateCase: Sendable, CustomTestStringConvertible {
    let zone: String
    let firstWeekday: String
    let rollover: String
    let now: String
    let expected: String?

    var testDescription: String {
        "\(zone) week from \(firstWeekday) rollover \(rollover) at \(now) → \(expected ?? "not offered")"
    }

    /// A runner with the settings in place (set on 1 March 2026, before every case's clock).
    func runner() throws -> CharflowRunner {
        let cf = try CharflowRunner(timeZone: zone)
        _ = try cf.json(["settings", "first-weekday", firstWeekday], now: "2026-03-01T08:00")
        _ = try cf.json(["settings", "rollover-time", rollover], now: "2026-03-01T08:01")
        return cf
    }
}

@Suite("Quick dates (charflow CLI)")
struct QuickDateCLITests {
    static let notOffered = "Later this week is not offered: three days on is already next week."

    static let laterThisWeekCases: [QuickDateCase] = [
        // Weeks from Monday, London, the week of the spring change (Sun 29 Mar 2026).
        .init(zone: "Europe/London", firstWeekday: "monday", rollover: "00:00", now: "2026-03-23T09:00", expected: "2026-03-26"),
        .init(zone: "Europe/London", firstWeekday: "monday", rollover: "00:00", now: "2026-03-26T09:00", expected: "2026-03-29"),
        .init(zone: "Europe/London", firstWeekday: "monday", rollover: "00:00", now: "2026-03-27T09:00", expected: nil),
        .init(zone: "Europe/London", firstWeekday: "monday", rollover: "00:00", now: "2026-03-28T09:00", expected: nil),
        .init(zone: "Europe/London", firstWeekday: "monday", rollover: "00:00", now: "2026-03-29T09:00", expected: nil),
        // Weeks from Sunday, London.
        .init(zone: "Europe/London", firstWeekday: "sunday", rollover: "00:00", now: "2026-03-22T09:00", expected: "2026-03-25"),
        .init(zone: "Europe/London", firstWeekday: "sunday", rollover: "00:00", now: "2026-03-25T09:00", expected: "2026-03-28"),
        .init(zone: "Europe/London", firstWeekday: "sunday", rollover: "00:00", now: "2026-03-26T09:00", expected: nil),
        .init(zone: "Europe/London", firstWeekday: "sunday", rollover: "00:00", now: "2026-03-28T09:00", expected: nil),
        .init(zone: "Europe/London", firstWeekday: "sunday", rollover: "00:00", now: "2026-03-29T09:00", expected: "2026-04-01"),
        // New York, around both changes (Sun 8 Mar and Sun 1 Nov 2026).
        .init(zone: "America/New_York", firstWeekday: "monday", rollover: "00:00", now: "2026-03-05T09:00", expected: "2026-03-08"),
        .init(zone: "America/New_York", firstWeekday: "monday", rollover: "00:00", now: "2026-03-06T09:00", expected: nil),
        .init(zone: "America/New_York", firstWeekday: "monday", rollover: "00:00", now: "2026-03-08T09:00", expected: nil),
        .init(zone: "America/New_York", firstWeekday: "sunday", rollover: "00:00", now: "2026-03-08T09:00", expected: "2026-03-11"),
        .init(zone: "America/New_York", firstWeekday: "sunday", rollover: "00:00", now: "2026-10-28T09:00", expected: "2026-10-31"),
        .init(zone: "America/New_York", firstWeekday: "sunday", rollover: "00:00", now: "2026-10-29T09:00", expected: nil),
        .init(zone: "America/New_York", firstWeekday: "sunday", rollover: "00:00", now: "2026-11-01T09:00", expected: "2026-11-04"),
        // A 04:00 rollover: the small hours still belong to the day before.
        .init(zone: "Europe/London", firstWeekday: "monday", rollover: "04:00", now: "2026-03-27T02:00", expected: "2026-03-29"),
        .init(zone: "Europe/London", firstWeekday: "monday", rollover: "04:00", now: "2026-03-30T03:00", expected: nil),
        .init(zone: "Europe/London", firstWeekday: "monday", rollover: "04:00", now: "2026-03-30T04:30", expected: "2026-04-02"),
        .init(zone: "America/New_York", firstWeekday: "sunday", rollover: "04:00", now: "2026-11-01T01:30", expected: nil),
        .init(zone: "America/New_York", firstWeekday: "sunday", rollover: "04:00", now: "2026-11-01T05:00", expected: "2026-11-04"),
        .init(zone: "America/New_York", firstWeekday: "sunday", rollover: "04:00", now: "2026-03-08T03:30", expected: nil),
    ]

    @Test("T-24 later this week is three days on, offered only while that is still this week",
          arguments: laterThisWeekCases)
    func laterThisWeek(_ c: QuickDateCase) throws {
        let cf = try c.runner()
        defer { cf.removeFolder() }
        if let expected = c.expected {
            let task = try cf.json(["add", "Errand", "--due", "later-this-week"], now: c.now)
            expectEqual(task["dueDate"] as? String, expected)
        } else {
            let refusal = try cf.refusedAfterRollover(["add", "Errand", "--due", "later-this-week"], now: c.now)
            expectEqual(refusal.message, Self.notOffered)
            expectEqual(refusal.code, "date_unavailable")
        }
    }

    @Test("T-24 later this week is not offered in the defer picker at the end of the week either")
    func laterThisWeekInDeferPicker() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Errand", ["--due", "today"], now: "2026-12-04T09:00")   // Friday
        let refusal = try cf.refusedAfterRollover(["defer", id, "--to", "later-this-week"], now: "2026-12-04T09:05")
        expectEqual(refusal.message, Self.notOffered)
        expectEqual(TaskDocument.int(try cf.show(id, now: "2026-12-04T09:06"), "deferralCount"), 0)
    }

    static let nextWeekCases: [QuickDateCase] = [
        .init(zone: "Europe/London", firstWeekday: "monday", rollover: "00:00", now: "2026-12-02T09:00", expected: "2026-12-07"),
        .init(zone: "Europe/London", firstWeekday: "monday", rollover: "00:00", now: "2026-11-30T09:00", expected: "2026-12-07"),
        .init(zone: "Europe/London", firstWeekday: "monday", rollover: "00:00", now: "2026-12-06T09:00", expected: "2026-12-07"),
        .init(zone: "Europe/London", firstWeekday: "sunday", rollover: "00:00", now: "2026-12-02T09:00", expected: "2026-12-06"),
        .init(zone: "Europe/London", firstWeekday: "sunday", rollover: "00:00", now: "2026-12-06T09:00", expected: "2026-12-13"),
        .init(zone: "Europe/London", firstWeekday: "sunday", rollover: "00:00", now: "2026-12-05T09:00", expected: "2026-12-06"),
        .init(zone: "America/New_York", firstWeekday: "monday", rollover: "04:00", now: "2026-12-07T02:00", expected: "2026-12-07"),
        .init(zone: "America/New_York", firstWeekday: "sunday", rollover: "04:00", now: "2026-11-01T01:30", expected: "2026-11-01"),
    ]

    @Test("T-24 next week is the first day of next week, by the user's first weekday", arguments: nextWeekCases)
    func nextWeek(_ c: QuickDateCase) throws {
        let cf = try c.runner()
        defer { cf.removeFolder() }
        let task = try cf.json(["add", "Plan holiday", "--due", "next-week"], now: c.now)
        expectEqual(task["dueDate"] as? String, c.expected)
    }

    @Test("T-24 today and tomorrow follow the logical day (a 04:00 rollover keeps 02:00 on the day before)",
          arguments: [("00:00", "2026-03-30T02:00", "2026-03-30", "2026-03-31"),
                      ("04:00", "2026-03-30T02:00", "2026-03-29", "2026-03-30"),
                      ("04:00", "2026-03-29T04:00", "2026-03-29", "2026-03-30")])
    func todayAndTomorrow(rollover: String, now: String, today: String, tomorrow: String) throws {
        let c = QuickDateCase(zone: "Europe/London", firstWeekday: "monday", rollover: rollover, now: now, expected: nil)
        let cf = try c.runner()
        defer { cf.removeFolder() }
        try expectEqual(cf.json(["add", "A", "--due", "today"], now: now)["dueDate"] as? String, today)
        try expectEqual(cf.json(["add", "B", "--due", "tomorrow"], now: now)["dueDate"] as? String, tomorrow)
        try expectEqual(cf.json(["add", "C", "--due", "2026-05-01"], now: now)["dueDate"] as? String, "2026-05-01")
        expectTrue(TaskDocument.isNull(try cf.json(["add", "D", "--due", "someday"], now: now), "dueDate"))
    }

    @Test("T-24 a date word that is no date is refused", arguments: ["2026-02-30", "next-month", "31/12/2026"])
    func badDateWord(_ word: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.add("Existing", now: "2026-11-30T09:00")
        let refusal = try cf.refusedAfterRollover(["add", "Errand", "--due", word], now: "2026-11-30T09:01")
        expectEqual(refusal.code, "bad_date")
    }
}
