import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Quick dates (core)")
struct QuickDateRuleTests {
    /// Monday 23 March 2026 … Sunday 29 March 2026 (London's spring change is on the Sunday).
    static let week = ["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28", "2026-03-29"]

    @Test("T-24 later this week is +3 days only inside the week, for each first weekday",
          arguments: [Weekday.monday, .sunday, .saturday])
    func laterThisWeek(_ first: Weekday) throws {
        let calendar = TaskFixture.calendar(firstWeekday: first)
        for text in Self.week {
            let today = TaskFixture.day(text)
            let target = today.adding(days: 3)
            let sameWeek = calendar.startOfWeek(containing: target) == calendar.startOfWeek(containing: today)
            // Days left in the week, counted by hand: three or more after today means it is offered.
            let offset = (today.weekday.rawValue - first.rawValue + 7) % 7
            expectEqual(sameWeek, (offset <= 3), "\(text) from \(first)")
            if offset <= 3 {
                try expectEqual(QuickDate.laterThisWeek.resolve(today: today, calendar: calendar), target)
            } else {
                #expect(throws: PlannerError.laterThisWeekUnavailable) {
                    try QuickDate.laterThisWeek.resolve(today: today, calendar: calendar)
                }
            }
        }
    }

    @Test("T-24 next week is the first day of next week", arguments: [
        (Weekday.monday, "2026-03-25", "2026-03-30"), (.monday, "2026-03-29", "2026-03-30"), (.monday, "2026-03-30", "2026-04-06"),
        (.sunday, "2026-03-25", "2026-03-29"), (.sunday, "2026-03-29", "2026-04-05"), (.sunday, "2026-03-28", "2026-03-29"),
    ])
    func nextWeek(_ first: Weekday, _ today: String, _ expected: String) throws {
        let calendar = TaskFixture.calendar(firstWeekday: first)
        try expectEqual(QuickDate.nextWeek.resolve(today: TaskFixture.day(today), calendar: calendar), TaskFixture.day(expected))
    }

    @Test("T-24 today, tomorrow, someday and a date; the words parse as the command line writes them")
    func words() throws {
        let calendar = TaskFixture.calendar()
        let today = TaskFixture.day("2026-02-28")
        try expectEqual(QuickDate(word: "today")?.resolve(today: today, calendar: calendar), today)
        try expectEqual(QuickDate(word: "Tomorrow")?.resolve(today: today, calendar: calendar), TaskFixture.day("2026-03-01"))
        let someday = try #require(QuickDate(word: "someday"))
        try expectEqual(someday.resolve(today: today, calendar: calendar), nil)
        expectEqual(QuickDate(word: "2026-07-04"), .date(TaskFixture.day("2026-07-04")))
        expectEqual(QuickDate(word: "later-this-week"), .laterThisWeek)
        expectEqual(QuickDate(word: "next-week"), .nextWeek)
        expectEqual(QuickDate(word: "2026-02-29"), nil)
        expectEqual(QuickDate(word: "soon"), nil)
    }
}
