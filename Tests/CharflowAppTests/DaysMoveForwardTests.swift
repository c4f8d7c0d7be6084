import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

@Suite("Days move forward over a real store: rollover-time changes, evening rollovers, clocks that go back")
struct DaysMoveForwardStoreTests {
    static let zones = ["Europe/London", "America/New_York", "Australia/Sydney"]

    @Test("P-8 B-14 moving the rollover later after that night's rollover never moves today back",
          arguments: [("00:00", "01:30", "04:00"), ("00:00", "00:05", "11:00"), ("02:00", "03:00", "06:30"),
                      ("00:00", "01:30", "02:00")])
    func laterRolloverKeepsToday(_ old: String, _ at: String, _ new: String) throws {
        for zone in Self.zones {
            let store = try TempStore(zone: zone)
            let monday = try #require(LocalDay("2026-03-02")), tuesday = monday.adding(days: 1)
            do {
                let planner = try store.open("2026-03-02", "09:00")
                try planner.setSetting("rollover-time", old)
                try planner.add("Monday's", region: .morning)
            }
            let planner = try store.open("2026-03-03", at)
            expectEqual(planner.today, tuesday, "\(zone): Tuesday before the change")
            try planner.setSetting("rollover-time", new)
            expectEqual(planner.today, tuesday, "\(zone): the change moved today back")
            let placed = try planner.add("placed after the change", region: .evening)
            expectEqual(placed.dueDate, tuesday, "\(zone): placed on a day already rolled over")

            // Later the same night, a new command: still Tuesday, and Monday's task stays carried.
            let later = try store.open("2026-03-03", at, seconds: 600)
            expectEqual(later.today, tuesday)
            expectTrue(try later.app.board(on: monday).allTasks.filter(\.isLive).isEmpty)
            try expectEqual(later.app.board(on: tuesday).allTasks.map(\.title), ["placed after the change"])

            // The new time applies from the next boundary: Wednesday begins at the new time, and the
            // rollover carries the task placed after the change.
            let newTime = try #require(TimeOfDay(new))
            let justBefore = TimeOfDay(minutes: newTime.minutes - 1).map(\.description) ?? "23:59"
            let before = try store.open(newTime == .midnight ? "2026-03-03" : "2026-03-04", justBefore)
            expectEqual(before.today, tuesday, "\(zone): Wednesday began before \(new)")
            let wednesday = try store.open("2026-03-04", new)
            expectEqual(wednesday.today, tuesday.adding(days: 1))
            let carried = try wednesday.reload(placed)
            #expect(carried.region == nil && carried.backlogSince == tuesday && carried.deferralCount == 1,
                    "\(zone): the rollover did not carry the task placed after the change")
        }
    }

    @Test("P-8 B-14 moving the rollover earlier past the clock turns the day at once; it never goes back after")
    func earlierRolloverTurnsTheDay() throws {
        let store = try TempStore(zone: "America/New_York")
        let task: TaskItem
        do {
            let planner = try store.open("2026-03-02", "09:00")
            try planner.setSetting("rollover-time", "04:00")
            task = try planner.add("Monday's", region: .morning)
        }
        let planner = try store.open("2026-03-03", "01:30")
        expectEqual(planner.today, (try #require(LocalDay("2026-03-02"))), "01:30 is still Monday with 04:00")
        try planner.setSetting("rollover-time", "00:00")
        let next = try store.open("2026-03-03", "01:31")
        expectEqual(next.today, (try #require(LocalDay("2026-03-03"))))
        try expectEqual(next.reload(task).region, nil, "Monday's board was rolled over")
        try next.setSetting("rollover-time", "04:00")
        try expectEqual(store.open("2026-03-03", "01:32").today, (try #require(LocalDay("2026-03-03"))))
    }

    @Test("P-8 B-14 with a 23:00 rollover, 23:30 belongs to tomorrow and noon to today, in every zone and weekday",
          arguments: ["2026-03-01", "2026-03-04", "2026-03-07", "2026-10-24", "2026-10-31"])
    func eveningRolloverOverStore(_ day: String) throws {
        for zone in Self.zones {
            let store = try TempStore(zone: zone, localeFirstWeekday: .sunday)
            let date = try #require(LocalDay(day))
            do {
                let planner = try store.open(day, "08:00")
                try planner.setSetting("rollover-time", "23:00")
            }
            let noon = try store.open(day, "12:00")
            expectEqual(noon.today, date, "\(zone) \(day): noon")
            let placed = try noon.add("evening plan", region: .evening)
            let late = try store.open(day, "23:30")
            expectEqual(late.today, date.adding(days: 1), "\(zone) \(day): at 23:30 you plan tomorrow")
            try expectEqual(late.reload(placed).region, nil, "\(zone) \(day): the day's board was rolled over at 23:00")
            expectEqual(NightPlanning.days(now: late.now, today: late.today, calendar: late.calendar).plan, date.adding(days: 1))
        }
    }

    @Test("B-14 one far-future clock does not stop the rollover: later real days roll over again")
    func farFutureClock() throws {
        let store = try TempStore()
        do {
            let planner = try store.open("2026-12-01", "09:00")
            try planner.add("before", region: .morning)
        }
        do {
            let future = try store.open("9999-12-31", "23:59")
            expectEqual(future.today, (try #require(LocalDay("9999-12-31"))))
        }
        let back = try store.open("2026-12-01", "10:00")
        let december1 = try #require(LocalDay("2026-12-01"))
        expectEqual(back.today, december1, "the clock is followed when it is more than a day behind")
        let placed = try back.add("placed on the real day", region: .afternoon)
        expectEqual(placed.dueDate, december1)
        let next = try store.open("2026-12-02", "09:00")
        expectEqual(next.today, december1.adding(days: 1))
        let carried = try next.reload(placed)
        #expect(carried.region == nil && carried.deferralCount == 1, "the rollover runs again after the far-future clock")
    }

    @Test("B-14 a clock one day behind keeps today; further behind, the clock is followed and nothing is undone",
          arguments: [(1, "2026-03-05"), (2, "2026-03-03"), (5, "2026-02-28")])
    func clockBehind(_ daysBack: Int, _ expected: String) throws {
        let store = try TempStore(zone: "America/New_York")
        let task: TaskItem
        do {
            let planner = try store.open("2026-03-04", "09:00")
            task = try planner.add("placed", region: .morning)
        }
        _ = try store.open("2026-03-05", "09:00")
        let earlier = try #require(LocalDay("2026-03-05")).adding(days: -daysBack)
        let back = try store.open(earlier.description, "09:00")
        expectEqual(back.today, (try #require(LocalDay(expected))))
        let carried = try back.reload(task)
        #expect(carried.region == nil && carried.deferralCount == 1, "a rollover is never undone")
    }

    @Test("T-26 T-27 a weekly repeat on named days added without a day starts on the next of them",
          arguments: [("2026-12-02", "5", "2026-12-04"), ("2026-12-04", "5", "2026-12-04"),
                      ("2026-12-05", "1", "2026-12-07"), ("2026-12-06", "2,4", "2026-12-08")])
    func weeklyRepeatStartsOnPattern(_ today: String, _ days: String, _ expected: String) throws {
        for first in [Weekday.monday, .sunday] {
            let store = try TempStore(zone: "America/New_York", localeFirstWeekday: first)
            let planner = try store.open(today, "09:00")
            var request = Store.NewTask(title: "Weekly review")
            request.repeatKind = .weekly
            request.repeatWeekdays = days
            let task = try planner.add(request)
            expectEqual(task.dueDate, LocalDay(expected))
            var important = Store.NewTask(title: "Important weekly")
            important.repeatKind = .weekly
            important.repeatWeekdays = days
            important.importance = .high
            try expectEqual(planner.add(important).dueDate, LocalDay(expected))
            let plain = try planner.add("later made weekly")
            var edit = Store.TaskEdit()
            edit.repeatKind = .weekly
            edit.repeatWeekdays = days
            try expectEqual(planner.edit(plain.id.uuidString, edit).dueDate, LocalDay(expected))
        }
    }
}
