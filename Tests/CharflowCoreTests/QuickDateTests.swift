import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Quick dates follow the user's first weekday")
struct QuickDateTests {
    @Test("T-24 Today and Tomorrow are as named; Someday is nil; a date is itself")
    func simple() throws {
        let calendar = try Fixture.calendar()
        let day = try Fixture.day("2026-03-31")
        try expectEqual(QuickDate.today.resolve(today: day, calendar: calendar), day)
        try expectEqual(QuickDate.tomorrow.resolve(today: day, calendar: calendar), (try Fixture.day("2026-04-01")))
        try expectEqual(QuickDate.someday.resolve(today: day, calendar: calendar), nil)
        let picked = try Fixture.day("2027-01-15")
        try expectEqual(QuickDate.date(picked).resolve(today: day, calendar: calendar), picked)
    }

    /// (today, first weekday, later this week or nil when not offered, next week)
    static let cases: [(String, Weekday, String?, String)] = [
        // Monday-first: the week of Mon 03-02 runs to Sun 03-08.
        ("2026-03-02", .monday, "2026-03-05", "2026-03-09"), // Monday -> Thursday
        ("2026-03-05", .monday, "2026-03-08", "2026-03-09"), // Thursday -> Sunday, still this week
        ("2026-03-06", .monday, nil, "2026-03-09"), // Friday -> Monday is next week
        ("2026-03-08", .monday, nil, "2026-03-09"), // Sunday is the last day
        // Sunday-first: the week of Sun 03-01 runs to Sat 03-07.
        ("2026-03-01", .sunday, "2026-03-04", "2026-03-08"), // Sunday -> Wednesday
        ("2026-03-04", .sunday, "2026-03-07", "2026-03-08"), // Wednesday -> Saturday
        ("2026-03-05", .sunday, nil, "2026-03-08"), // Thursday -> Sunday is next week
        ("2026-03-08", .sunday, "2026-03-11", "2026-03-15"), // Sunday is the first day
        ("2026-03-07", .sunday, nil, "2026-03-08"), // Saturday is the last day
        // Across a year end.
        ("2026-12-28", .monday, "2026-12-31", "2027-01-04"),
        ("2026-12-31", .monday, "2027-01-03", "2027-01-04"),
    ]

    @Test("T-24 Later this week is three days on only within the week; Next week is the week's first day",
          arguments: cases)
    func weekly(_ today: String, _ first: Weekday, _ later: String?, _ next: String) throws {
        let calendar = try Fixture.calendar("America/New_York", firstWeekday: first)
        let day = try Fixture.day(today)
        if let later {
            try expectEqual(QuickDate.laterThisWeek.resolve(today: day, calendar: calendar), (try Fixture.day(later)))
        } else {
            #expect(throws: PlannerError.laterThisWeekUnavailable) {
                _ = try QuickDate.laterThisWeek.resolve(today: day, calendar: calendar)
            }
        }
        let nextWeek = try #require(try QuickDate.nextWeek.resolve(today: day, calendar: calendar))
        expectEqual(nextWeek, (try Fixture.day(next)))
        expectEqual(nextWeek.weekday, first)
        expectTrue(nextWeek > day)
        expectTrue(day.days(to: nextWeek) <= 7)
    }

    @Test("T-24 the same Thursday offers Later this week with Monday-first weeks but not Sunday-first")
    func firstWeekdayMatters() throws {
        let thursday = try Fixture.day("2026-03-05")
        let monday = try Fixture.calendar(firstWeekday: .monday)
        let sunday = try Fixture.calendar(firstWeekday: .sunday)
        try expectEqual(QuickDate.laterThisWeek.resolve(today: thursday, calendar: monday), (try Fixture.day("2026-03-08")))
        #expect(throws: PlannerError.laterThisWeekUnavailable) {
            _ = try QuickDate.laterThisWeek.resolve(today: thursday, calendar: sunday)
        }
        expectEqual(PlannerError.laterThisWeekUnavailable.code, "date_unavailable")
    }

    @Test("T-24 date words parse any case; anything else is not a quick date", arguments: [
        ("today", QuickDate.today), ("Tomorrow", .tomorrow), ("later-this-week", .laterThisWeek),
        ("NEXT-WEEK", .nextWeek), ("someday", .someday), ("2026-03-29", .date(LocalDay(year: 2026, month: 3, day: 29)!)),
    ])
    func words(_ word: String, _ expected: QuickDate) {
        expectEqual(QuickDate(word: word), expected)
    }

    @Test("T-24 unknown date words are refused", arguments: ["yesterday", "next week", "2026-02-30", "", "later"])
    func badWords(_ word: String) {
        expectEqual(QuickDate(word: word), nil)
    }
}
