import CharflowApp
import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A store of hundreds of rows pushed whole (a first sync, a hub switch) reaches a device that pulls
/// it in pages, every row whole (rules Y-12, Y-29, D19: nothing lost): a page holds a row's fields
/// together or not at all, whichever way the rows were queued.
@Suite("Sync in pages keeps every row whole", .serialized)
struct SyncPagesTests {
    static let day = "2026-03-10"

    /// `device` (a new store unless given) with `count` tasks more, added through the application layer.
    func storeWithTasks(_ count: Int, on given: CharflowRunner? = nil) throws -> CharflowRunner {
        let device = try given ?? CharflowRunner(timeZone: "Europe/Berlin")
        let environment = StoreEnvironment(path: device.storePath, timeZone: TimeZone(identifier: "Europe/Berlin")!,
                                           localeFirstWeekday: .sunday)
        let app = try environment.open(now: try StoreEnvironment.clock("\(Self.day)T08:00", zone: environment.timeZone))
        for index in 0..<count { _ = try app.addTask(AddTask.Input(title: "Task \(index)")) }
        return device
    }

    func taskCount(_ device: CharflowRunner) throws -> Int {
        try Database(path: device.storePath, readOnly: true).scalar("SELECT count(*) FROM tasks")?.int ?? -1
    }

    @Test("Y-12 Y-29: a first sync of 400 tasks, more than one page of operations, reaches a device already past the hub's start with every task")
    func firstSyncInPages() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        // B is a device with a cursor past the hub's start, so it pulls the log, a page at a time.
        let b = try CharflowRunner(timeZone: "Europe/Berlin")
        try b.add("On B first", now: "\(Self.day)T08:00")
        try b.syncJSON(hub, now: "\(Self.day)T08:01")
        let a = try storeWithTasks(400)
        let pushed = try a.syncJSON(hub, now: "\(Self.day)T08:02")
        expectTrue(pushed["pushed"] as? Int ?? 0 >= 400)
        expectTrue(Int(try hub.value("SELECT count(*) FROM hub_operations")) ?? 0 > 5_000, "the push is more than one page")
        try b.syncJSON(hub, now: "\(Self.day)T08:03")
        try expectEqual(taskCount(b), 401)
        try a.syncJSON(hub, now: "\(Self.day)T08:04")
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }

    @Test("Y-12 Y-30: a device joining a hub whose state is more than one page starts from it page by page, every task, habit and logged day whole")
    func joinFromStateInPages() throws {
        let hub = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let a = try storeWithTasks(400)
        // A habit and its logged days come after the tasks, children after their parent: its days are
        // more than a page of fields, which by name ("habit_entries" < "habits") would come first. They
        // are logged on another device, a fortnight (what a day can be corrected back) at a time.
        let h = try CharflowRunner(timeZone: "Europe/Berlin")
        let environment = StoreEnvironment(path: h.storePath, timeZone: TimeZone(identifier: "Europe/Berlin")!,
                                           localeFirstWeekday: .sunday)
        let first = LocalDay(Self.day)!.adding(days: -(Self.loggedDays - 1))
        let before = try environment.open(now: try StoreEnvironment.clock("\(first.adding(days: -1))T08:00", zone: environment.timeZone))
        var water = AddHabit.Input(title: "Water")
        water.kind = .counted
        water.target = 8
        let habit = try before.addHabit(water).habit
        for window in stride(from: 0, to: Self.loggedDays, by: HabitRules.correctableDays) {
            let last = first.adding(days: min(window + HabitRules.correctableDays, Self.loggedDays) - 1)
            let app = try environment.open(now: try StoreEnvironment.clock("\(last)T20:00", zone: environment.timeZone))
            for offset in window...(min(window + HabitRules.correctableDays, Self.loggedDays) - 1) {
                try app.logHabit(LogHabit.Input(habit: habit.id, log: .count(offset % 9 + 1), day: first.adding(days: offset)))
            }
        }
        try h.syncJSON(hub, now: "\(Self.day)T08:01")
        try a.syncJSON(hub, now: "\(Self.day)T08:02")
        expectTrue(Int(try hub.value("SELECT count(*) FROM hub_fields")) ?? 0 > 5_000, "the state is more than one page")
        expectTrue(Int(try hub.value("SELECT count(*) FROM hub_fields WHERE table_name = 'habit_entries'")) ?? 0 > 5_000, "the logged days alone are more than a page")
        let c = try CharflowRunner(timeZone: "Europe/Berlin")
        let joined = try c.syncJSON(hub, now: "\(Self.day)T08:03")
        expectEqual(joined["fromSnapshot"] as? Bool, true)
        try expectEqual(taskCount(c), 400)
        let entries = "SELECT count(*) FROM habit_entries"
        try expectEqual(Database(path: c.storePath, readOnly: true).scalar(entries)?.int, Self.loggedDays)
        try a.syncJSON(hub, now: "\(Self.day)T08:04")
        try c.syncJSON(hub, now: "\(Self.day)T08:05")
        try expectEqual(a.syncedRecords(), c.syncedRecords())
    }

    /// Days of one habit logged for `joinFromStateInPages`: more than a page of fields on their own.
    static let loggedDays = 900

    @Test("Y-16 Y-29 D19: after a lost hub, a device switched to the new one first pulls the others' whole stores in pages, rows it never had included")
    func switchedHubInPages() throws {
        let old = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        let a = try CharflowRunner(timeZone: "Europe/Berlin"), b = try CharflowRunner(timeZone: "Europe/Berlin")
        try a.syncJSON(old, now: "\(Self.day)T07:30")
        try b.syncJSON(old, now: "\(Self.day)T07:31")
        _ = try storeWithTasks(300, on: a)
        // A's tasks never reached the old hub; then it is lost, and each device moves to a new one,
        // to which A sends every row it holds.
        old.stop()
        let new = try PostgresHub.initialised(at: "\(Self.day)T07:00")
        try b.ok(["hub", "switch", new.url], now: "\(Self.day)T08:10")
        try b.add("On B after the switch", now: "\(Self.day)T08:11")
        try b.syncJSON(new, now: "\(Self.day)T08:12")
        try a.ok(["hub", "switch", new.url], now: "\(Self.day)T08:13")
        try a.syncJSON(new, now: "\(Self.day)T08:13")
        try b.syncJSON(new, now: "\(Self.day)T08:14")
        try expectEqual(taskCount(b), 301)
        try a.syncJSON(new, now: "\(Self.day)T08:15")
        try expectEqual(a.syncedRecords(), b.syncedRecords())
    }
}
