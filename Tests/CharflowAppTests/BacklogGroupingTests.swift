import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

@Suite("The Backlog over a real store")
struct BacklogStoreTests {
    /// Parks one task on each day from Saturday 2026-03-07 to Wednesday 2026-03-11, one command per day.
    func parkOnePerDay(_ store: TempStore) throws {
        for (day, title) in [("2026-03-07", "sat"), ("2026-03-08", "sun"), ("2026-03-09", "mon"),
                             ("2026-03-10", "tue"), ("2026-03-11", "wed")] {
            let planner = try store.open(day, "12:00")
            try planner.add(title)
        }
    }

    func groupTitles(_ planner: Store) throws -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: try planner.backlog().map { ($0.group.rawValue, $0.tasks.map(\.title)) })
    }

    @Test("B-16 groups Today / Yesterday / This Week / Older with weeks starting Monday or Sunday",
          arguments: [Weekday.monday, .sunday])
    func groupsByFirstWeekday(_ first: Weekday) throws {
        let store = try TempStore(zone: "America/New_York", localeFirstWeekday: first)
        try parkOnePerDay(store)
        let planner = try store.open("2026-03-11", "18:00")
        let groups = try groupTitles(planner)
        expectEqual(groups["Today"], ["wed"])
        expectEqual(groups["Yesterday"], ["tue"])
        if first == .monday {
            expectEqual(groups["This Week"], ["mon"])
            expectEqual(groups["Older"], ["sat", "sun"])
        } else {
            expectEqual(groups["This Week"], ["sun", "mon"])
            expectEqual(groups["Older"], ["sat"])
        }
        let counts = try planner.backlog().map(\.tasks.count)
        expectEqual(counts.reduce(0, +), 5)
        try expectEqual(planner.app.backlogCount(), 5)
        try expectEqual(planner.app.todayView().backlogCount, 5)
        try expectEqual(planner.backlog().map(\.group), BacklogGroup.allCases)
    }

    @Test("B-16 the first-weekday setting overrides the locale")
    func settingOverridesLocale() throws {
        let store = try TempStore(zone: "Europe/London", localeFirstWeekday: .sunday)
        try parkOnePerDay(store)
        let planner = try store.open("2026-03-11", "18:00")
        try expectEqual(groupTitles(planner)["This Week"], ["sun", "mon"])
        try planner.setSetting("first-weekday", "monday")
        expectEqual(planner.calendar.firstWeekday, .monday)
        try expectEqual(groupTitles(planner)["This Week"], ["mon"])
        let later = try store.open("2026-03-11", "19:00")
        try expectEqual(groupTitles(later)["This Week"], ["mon"], "the setting persists")
    }

    @Test("B-16 with a 04:00 rollover, a task parked at 01:00 belongs to the previous logical day")
    func parkedAfterMidnight() throws {
        let store = try TempStore(zone: "Europe/London")
        do {
            let planner = try store.open("2026-03-10", "12:00")
            try planner.setSetting("rollover-time", "04:00")
        }
        do {
            let planner = try store.open("2026-03-11", "01:00")
            expectEqual(planner.today, LocalDay("2026-03-10"))
            try planner.add("night owl")
        }
        let planner = try store.open("2026-03-11", "09:00")
        try expectEqual(groupTitles(planner)["Yesterday"], ["night owl"])
    }

    @Test("B-16 a task added today with a past due date is in the Backlog and grouped under Today")
    func addedWithPastDate() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-11", "09:00")
        let task = try planner.add("late paperwork", due: .date(try #require(LocalDay("2026-02-20"))))
        try expectEqual(planner.app.backlogCount(), 1)
        let groups = try groupTitles(planner)
        expectEqual(groups["Today"], ["late paperwork"], "added straight to the Backlog, so it entered today (D5); got \(groups) with backlogSince \(String(describing: task.backlogSince))")
    }

    @Test("B-16 D5 the Backlog holds undated and overdue live tasks, not today's, not upcoming ones")
    func membership() throws {
        let store = try TempStore()
        do {
            let planner = try store.open("2026-03-10")
            try planner.add("overdue", due: .today)
        }
        let planner = try store.open("2026-03-11")
        try planner.add("undated")
        try planner.add("due today", due: .today)
        try planner.add("placed", region: .morning)
        try planner.add("upcoming", due: .tomorrow)
        let done = try planner.add("done")
        try planner.complete(done.id.uuidString)
        let all = try planner.backlog().flatMap(\.tasks).map(\.title)
        expectEqual(Set(all), ["overdue", "undated"])
        try expectEqual(planner.app.backlogCount(), 2)
        try expectEqual(planner.upcoming().map(\.title), ["upcoming"])
        try expectEqual(planner.app.todayView().due.map(\.title), ["due today"])
    }

    @Test("W-20 B-16 Upcoming's Someday gives the Backlog's own count, overdue tasks included, as Today does")
    func upcomingSaysTheBacklogsCount() throws {
        let store = try TempStore()
        do {
            let planner = try store.open("2026-03-10")
            try planner.add("overdue", due: .today)
        }
        let planner = try store.open("2026-03-11")
        try planner.add("undated one")
        try planner.add("undated two")
        try planner.add("upcoming", due: .tomorrow)
        let upcoming = try planner.app.readUpcoming()
        expectEqual(upcoming.backlogCount, 3, "two undated and one overdue")
        expectEqual(upcoming.backlogCount, (try planner.app.backlog().count))
        expectEqual(upcoming.backlogCount, (try planner.app.backlogCount()))
        guard case .object(let fields) = upcoming.json, case .int(let count)? = fields.first(where: { $0.0 == "backlogCount" })?.1 else {
            Issue.record("no backlogCount in Upcoming's JSON"); return
        }
        expectEqual(count, 3)
    }
}
