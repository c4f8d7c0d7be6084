import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

@Suite("Rollover over a real store: run on open, caught up, idempotent")
struct RolloverStoreTests {
    let monday = LocalDay(year: 2026, month: 3, day: 2)!

    @Test("B-13 T-23 at rollover unfinished placed tasks go to the Backlog with one automatic deferral; done ones stay as history")
    func dayEnds() throws {
        let store = try TempStore()
        let ids: [String: UUID]
        do {
            let planner = try store.open("2026-03-02", "09:00")
            var made: [String: UUID] = [:]
            made["must"] = try planner.add("must", region: .morning, bucket: .mustDo, notes: "keep me").id
            made["misc"] = try planner.add("misc", region: .afternoon, bucket: .misc).id
            made["done"] = try planner.add("done", region: .evening, bucket: .misc).id
            try planner.complete(made["done"]!.uuidString)
            made["dropped"] = try planner.add("dropped", region: .evening, bucket: .complementary).id
            try planner.drop(made["dropped"]!.uuidString)
            made["due"] = try planner.add("due", due: .today).id
            made["parked"] = try planner.add("parked").id
            made["tomorrow"] = try planner.add("tomorrow", region: .evening, bucket: .mustDo, due: .tomorrow).id
            ids = made
        }
        let planner = try store.open("2026-03-03", "09:00")
        let ran = try store.instant("2026-03-03", "09:00")
        func task(_ name: String) throws -> TaskItem { try planner.app.task(matching: ids[name]!.uuidString) }

        for name in ["must", "misc"] {
            let rolled = try task(name)
            expectEqual(rolled.region, nil, "\(name) left the board")
            expectEqual(rolled.bucket, nil)
            expectEqual(rolled.sortOrder, 0)
            expectEqual(rolled.dueDate, monday, "due date kept: it reads as overdue")
            expectEqual(rolled.backlogSince, monday)
            expectEqual(rolled.deferralCount, 1)
            let records = try planner.deferrals(of: rolled)
            expectEqual(records.count, 1)
            expectEqual(records.first?.reason, .unspecified)
            expectEqual(records.first?.day, monday.adding(days: 1))
            expectEqual(records.first?.deferredTo, monday.adding(days: 1))
            expectEqual(records.first?.deferredOn, ran)
        }
        try expectEqual(task("must").notes, "keep me", "metadata is carried")

        let done = try task("done")
        expectTrue(done.isCompleted)
        #expect(done.region == .evening && done.bucket == .misc && done.dueDate == monday, "history stays")
        expectEqual(done.deferralCount, 0)
        expectTrue(try planner.deferrals(of: done).isEmpty)

        let dropped = try task("dropped")
        expectNotEqual(dropped.droppedAt, nil)
        expectEqual(dropped.deferralCount, 0)
        expectTrue(try planner.deferrals(of: dropped).isEmpty)

        try expectEqual(task("due").deferralCount, 1)
        try expectEqual(task("due").backlogSince, monday)
        try expectEqual(task("parked").deferralCount, 0, "an undated task is never deferred")
        expectTrue(try task("tomorrow").isPlaced(on: planner.today), "tomorrow's board is today's board now")
        try expectEqual(task("tomorrow").deferralCount, 0)

        // Story 3: the regions are ready for fresh planning; yesterday's tasks sit under Yesterday.
        let view = try planner.app.todayView()
        expectEqual(view.board.allTasks.map(\.title), ["tomorrow"])
        // (Created in the same instant, so their engine order among themselves falls to their ids.)
        expectEqual(Set(view.overdue.map(\.title)), ["must", "misc", "due"])
        expectEqual(view.overdue.count, 3)
        let groups = try planner.backlog()
        let yesterday = try #require(groups.first { $0.group == .yesterday }).tasks.map(\.title)
        expectEqual(Set(yesterday.prefix(3)), ["must", "misc", "due"])
        expectEqual(yesterday.last, "parked", "undated (letGo) after overdue (fitIn)")
        expectEqual(yesterday.count, 4)
        expectEqual(groups.first { $0.group == .today }?.tasks.isEmpty, true)
        try expectEqual(planner.app.backlogCount(), 4)
        try expectEqual(planner.app.board(on: monday).allTasks.map(\.title), ["done"], "Monday's board keeps its history")
    }

    @Test("B-14 running the rollover twice changes nothing: reopening and catchUp() are idempotent")
    func idempotent() throws {
        let store = try TempStore(zone: "America/New_York")
        do {
            let planner = try store.open("2026-03-02")
            try planner.add("a", region: .morning, bucket: .mustDo)
            try planner.add("b", due: .today, importance: .medium)
            try planner.add("c")
        }
        let first = try store.open("2026-03-03", "06:00")
        let tasks = try TempStore.allRows(first)
        let deferrals = try TempStore.allRows(first, table: "deferrals")
        let modified = try first.db.rows("SELECT id, modified_at FROM tasks ORDER BY id")
        expectEqual(deferrals.count, 2)
        try first.catchUp()
        let second = try store.open("2026-03-03", "23:59")
        try second.catchUp()
        try expectEqual(TempStore.allRows(second), tasks)
        try expectEqual(TempStore.allRows(second, table: "deferrals"), deferrals)
        try expectEqual(second.db.rows("SELECT id, modified_at FROM tasks ORDER BY id"), modified, "not even touched")
    }

    @Test("B-14 T-23 catching up over missed days gives one automatic deferral for the whole gap; weeks by first weekday",
          arguments: [Weekday.monday, .sunday])
    func catchUpOverGap(_ first: Weekday) throws {
        let store = try TempStore(zone: "Europe/London", localeFirstWeekday: first)
        let placed: TaskItem, due: TaskItem, important: TaskItem
        do {
            let planner = try store.open("2026-03-02", "09:00")
            placed = try planner.add("placed", region: .morning, bucket: .mustDo)
            due = try planner.add("due", due: .today)
            important = try planner.add("important", region: .afternoon, bucket: .mustDo, importance: .high)
        }
        // Away until Sunday 2026-03-08: six logical days ended unseen.
        let sunday = monday.adding(days: 6)
        let planner = try store.open("2026-03-08", "10:00")
        expectEqual(planner.today, sunday)
        for task in [placed, due, important] {
            let now = try planner.reload(task)
            expectEqual(now.deferralCount, 1, "\(task.title): one deferral for the whole gap")
            let records = try planner.deferrals(of: now)
            expectEqual(records.map(\.day), [sunday])
            expectEqual(now.region, nil)
            expectEqual(now.backlogSince, monday, "it entered the Backlog on the day it was carried from")
            expectEqual(now.dueDate, monday)
        }
        try expectEqual(planner.reload(important).importance, .high, "one deferral eases nothing")
        let groups = try planner.backlog()
        let expected: BacklogGroup = first == .monday ? .thisWeek : .older
        expectEqual(groups.first { $0.group == expected }?.tasks.count, 3)

        // The next day ends normally: one more deferral each.
        let nextDay = try store.open("2026-03-09", "10:00")
        for task in [placed, due, important] {
            try expectEqual(nextDay.reload(task).deferralCount, 2)
            try expectEqual(nextDay.deferrals(of: task).map(\.day), [sunday, sunday.adding(days: 1)])
        }
    }

    /// (zone, the day before the DST change, the DST day)
    static let dstDays: [(String, String, String)] = [
        ("Europe/London", "2026-03-28", "2026-03-29"),
        ("Europe/London", "2026-10-24", "2026-10-25"),
        ("America/New_York", "2026-03-07", "2026-03-08"),
        ("America/New_York", "2026-10-31", "2026-11-01"),
    ]

    @Test("B-14 the rollover runs at the user's time (04:00) on DST days: not at 03:59, at 04:00", arguments: dstDays)
    func userRolloverTime(_ zone: String, _ before: String, _ dstDay: String) throws {
        let store = try TempStore(zone: zone)
        let task: TaskItem
        do {
            let planner = try store.open(before, "10:00")
            try planner.setSetting("rollover-time", "04:00")
            task = try planner.add("late night", region: .evening, bucket: .mustDo)
        }
        do {
            let early = try store.open(dstDay, "03:59")
            expectEqual(early.today, LocalDay(before))
            let still = try early.reload(task)
            expectEqual(still.region, .evening, "03:59 still belongs to the day before")
            expectEqual(still.deferralCount, 0)
            try expectEqual(early.app.todayView().board.allTasks.map(\.id), [task.id])
        }
        let rolled = try store.open(dstDay, "04:00")
        expectEqual(rolled.today, LocalDay(dstDay))
        let after = try rolled.reload(task)
        expectEqual(after.region, nil)
        expectEqual(after.deferralCount, 1)
        try expectEqual(rolled.deferrals(of: after).map(\.day), [try #require(LocalDay(dstDay))])
    }

    @Test("B-14 the default rollover is midnight", arguments: ["Europe/London", "America/New_York"])
    func midnightDefault(_ zone: String) throws {
        let store = try TempStore(zone: zone)
        let task: TaskItem
        do {
            let planner = try store.open("2026-03-07", "20:00")
            expectEqual(planner.settings.rolloverTime, .midnight)
            task = try planner.add("evening", region: .evening)
        }
        do {
            let late = try store.open("2026-03-07", "23:59")
            try expectEqual(late.reload(task).region, .evening)
        }
        let next = try store.open("2026-03-08", "00:00")
        try expectEqual(next.reload(task).region, nil)
        try expectEqual(next.reload(task).deferralCount, 1)
    }

    @Test("B-14 a clock set back never undoes or repeats a rollover")
    func clockSetBack() throws {
        let store = try TempStore()
        let task: TaskItem
        do {
            let planner = try store.open("2026-03-02")
            task = try planner.add("placed", region: .morning)
        }
        let rows: [String: [String: SQLValue]]
        do {
            let rolled = try store.open("2026-03-03")
            rows = try TempStore.allRows(rolled)
        }
        do {
            let back = try store.open("2026-03-02", "15:00")
            try expectEqual(back.reload(task).region, nil, "the rollover is not undone")
        }
        let again = try store.open("2026-03-03", "18:00")
        try expectEqual(TempStore.allRows(again), rows)
        try expectEqual(again.reload(task).deferralCount, 1)
    }

    @Test("B-9 dropped and purged tasks never come back through rollover")
    func droppedAndPurgedStayGone() throws {
        let store = try TempStore()
        let dropped: TaskItem, purged: TaskItem, droppedDue: TaskItem
        do {
            let planner = try store.open("2026-03-02")
            dropped = try planner.add("dropped", region: .morning, bucket: .mustDo)
            droppedDue = try planner.add("dropped due", due: .today, importance: .medium)
            purged = try planner.add("purged", region: .afternoon)
            try planner.drop(dropped.id.uuidString)
            try planner.drop(droppedDue.id.uuidString)
            try planner.purge(purged.id.uuidString)
        }
        for day in ["2026-03-03", "2026-03-04", "2026-03-10"] {
            let planner = try store.open(day)
            for task in [dropped, droppedDue] {
                let stored = try planner.reload(task)
                expectNotEqual(stored.droppedAt, nil)
                expectEqual(stored.deferralCount, 0)
                expectTrue(try planner.deferrals(of: stored).isEmpty)
            }
            try expectEqual(TempStore.row(planner, task: purged.id), nil)
            try expectEqual(TempStore.count(planner, "SELECT count(*) FROM deferrals"), 0)
            try expectEqual(planner.app.backlogCount(), 0)
            try expectTrue(planner.app.todayView().isEmpty)
            expectTrue(try planner.list(all: false).isEmpty)
        }
    }

    @Test("T-13 T-18 the third automatic deferral eases an important task to low; it is then stale")
    func easedByRollovers() throws {
        let store = try TempStore()
        let task: TaskItem
        do {
            let planner = try store.open("2026-03-02")
            task = try planner.add("slipping", due: .today, importance: .medium)
        }
        for (day, count, importance) in [("2026-03-03", 1, Importance.medium), ("2026-03-04", 2, .medium), ("2026-03-05", 3, .low)] {
            let planner = try store.open(day)
            let stored = try planner.reload(task)
            expectEqual(stored.deferralCount, count)
            expectEqual(stored.importance, importance)
            expectEqual(stored.isStale, (count >= 3))
        }
        let planner = try store.open("2026-03-05", "12:00")
        let stored = try planner.reload(task)
        expectEqual(stored.quadrant(today: planner.today), .fitIn)
        try expectEqual(planner.deferrals(of: stored).map(\.reason), [.unspecified, .unspecified, .unspecified])
    }

    @Test("B-13 un-completing yesterday's done task sends it to the Backlog under Yesterday")
    func uncompleteAfterRollover() throws {
        let store = try TempStore()
        let task: TaskItem
        do {
            let planner = try store.open("2026-03-02")
            task = try planner.add("done yesterday", region: .morning, bucket: .mustDo)
            try planner.complete(task.id.uuidString)
        }
        let planner = try store.open("2026-03-03")
        try expectEqual(planner.reload(task).region, .morning, "done: kept as history through the rollover")
        let reopened = try planner.uncomplete(task.id.uuidString)
        expectEqual(reopened.region, nil)
        expectEqual(reopened.backlogSince, monday)
        try expectEqual(planner.backlog().first { $0.group == .yesterday }?.tasks.map(\.id), [task.id])
        expectTrue(try planner.app.board(on: monday).allTasks.isEmpty)
    }

    @Test("B-21 B-14 a rollover empties the undo journal: yesterday's actions cannot be undone today")
    func rolloverClearsUndo() throws {
        let store = try TempStore()
        let task: TaskItem
        do {
            let planner = try store.open("2026-03-02")
            task = try planner.add("yesterday", region: .morning)
        }
        let planner = try store.open("2026-03-03")
        #expect(throws: PlannerError.nothingToUndo) { try planner.undo() }
        try expectEqual(planner.reload(task).deferralCount, 1)
    }
}
