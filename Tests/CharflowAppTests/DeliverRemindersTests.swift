import CharflowApp
import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A channel a test can read back: it shows every reminder (or none, while `available` is false) and
/// keeps what it was handed, as a front end's port would hand it on.
private final class KeptChannel: ReminderChannel, @unchecked Sendable {
    let name: String
    private let lock = NSLock()
    private var kept: [Reminder] = []
    private var isAvailable = true

    init(name: String = "desktop") { self.name = name }

    var shown: [Reminder] { lock.withLock { kept } }
    var available: Bool {
        get { lock.withLock { isAvailable } }
        set { lock.withLock { isAvailable = newValue } }
    }

    func show(_ reminder: Reminder) -> ReminderHandover {
        lock.withLock {
            guard isAvailable else { return .unavailable }
            kept.append(reminder)
            return .shown
        }
    }
}

@Suite("Delivering reminders")
struct DeliverRemindersTests {
    /// A store in London set up on Saturday 28 March 2026, the day before the clocks go forward: Morning
    /// from 01:30 (a time Sunday skips), three tasks in Sunday's Morning, a habit reminding at 07:30 and
    /// a paused one at 07:45, an anchor at 10:00 reminding 15 minutes before and an archived one at 09:00;
    /// the review at 18:00.
    static func sunday() throws -> AppTestStore {
        let store = try AppTestStore(zone: "Europe/London")
        let app = try store.open("2026-03-28", "10:00")
        try app.changeSetting(ChangeSetting.Input(key: "morning", value: "01:30-12:00"))
        let sunday = QuickDate.date(LocalDay("2026-03-29")!)
        for (title, bucket) in [("Pay rent", Bucket.mustDo), ("Water plants", .complementary), ("Call the bank", .misc)] {
            var input = AddTask.Input(title: title)
            input.due = sunday
            input.region = .morning
            input.bucket = bucket
            _ = try app.addTask(input)
        }
        var stretch = AddHabit.Input(title: "Stretch")
        stretch.windows = [WindowSpec(label: "", reminder: TimeOfDay("07:30"))]
        _ = try app.addHabit(stretch)
        var walk = AddHabit.Input(title: "Walk")
        walk.windows = [WindowSpec(label: "", reminder: TimeOfDay("07:45"))]
        let walking = try app.addHabit(walk).habit
        _ = try app.pauseHabit(PauseHabit.Input(habit: try HabitRef.reading(walking.id.uuidString), from: LocalDay("2026-03-28"),
                                                to: nil, reason: .illness))
        var call = AddAnchor.Input(title: "Call home", at: TimeOfDay(hour: 10, minute: 0)!, duration: AnchorDuration(minutes: 30)!)
        call.remind = ReminderMinutes(15)
        _ = try app.addAnchor(call)
        var old = AddAnchor.Input(title: "Old standup", at: TimeOfDay(hour: 9, minute: 0)!, duration: AnchorDuration(minutes: 15)!)
        old.remind = ReminderMinutes(10)
        let archived = try app.addAnchor(old).anchors[0]
        _ = try app.archiveAnchor(ArchiveAnchor.Input(anchor: AnchorRef(archived.id)))
        return store
    }

    @Test("R-7 R-8 over a simulated Sunday in London, the day the clocks go forward, each reminder is delivered once at its time, also after a restart; the paused habit and the archived anchor never")
    func simulatedDay() throws {
        let store = try Self.sunday()
        let channel = KeptChannel()
        // Each step opens the store afresh, as a restarted `serve` would.
        let deliver = { (time: String) in try store.open("2026-03-29", time).deliverReminders(to: channel).reminders.map(\.message) }

        let night = try store.open("2026-03-29", "00:59").deliverReminders(to: channel)
        expectEmpty(night.reminders)
        expectEqual(night.nextDue, (try store.instant("2026-03-29", "02:00")), "01:30 is skipped: Morning starts when the clock jumps")
        try expectEqual(deliver("02:00"), ["3 planned for Morning, Must-Do: Pay rent."])
        try expectEmpty(deliver("02:01"), "once, across a restart")
        try expectEmpty(deliver("07:29"))
        try expectEqual(deliver("07:30"), ["Stretch"], "the paused walk never reminds")
        try expectEmpty(deliver("07:50"))
        try expectEmpty(deliver("08:55"), "the archived anchor never reminds")
        try expectEqual(store.open("2026-03-29", "09:00").deliverReminders(to: channel).nextDue, (try store.instant("2026-03-29", "09:45")))
        try expectEqual(deliver("09:45"), ["Call home at 10:00"])
        try expectEmpty(deliver("09:59"))
        try expectEmpty(deliver("17:59"))
        try expectEqual(deliver("18:00"), ["Time to review?"])
        try expectEmpty(deliver("23:59"))
        expectEqual(channel.shown.map(\.kind), [.morning, .habitWindow, .anchor, .review])

        // The record is the device's: one row each, with the channel, and no sync operation for it.
        let app = try store.open("2026-03-29", "23:59")
        let database = try Database(path: store.path)
        #expect(try database.scalar("SELECT count(*) FROM reminder_deliveries WHERE channel = 'desktop'")?.int == 4)
        expectLacks(OperationLog.syncedTables, "reminder_deliveries")
        expectTrue(!Backup.tables.contains { $0.name == "reminder_deliveries" })
        // `charflow remind` does not print again what was delivered.
        try expectEmpty(app.reminders().reminders)

        // Wednesday: Stretch again, and the delivery leaves out the rows no reminder can need again.
        let wednesday = try store.open("2026-04-01", "07:30").deliverReminders(to: channel).reminders
        expectEqual(wednesday.filter { $0.kind == .habitWindow }.map(\.message), ["Stretch"])
        try expectEqual(database.scalar("SELECT count(*) FROM reminder_deliveries WHERE period < '2026-03-30'")?.int, 0)
        #expect(try database.scalar("SELECT count(*) FROM reminder_deliveries WHERE period = '2026-04-01' AND kind = 'reminder-habitWindow'")?.int == 1)
    }

    @Test("R-7 the morning summary counts what is open in Morning and names its open Must-Do; with nothing open there is none")
    func morningSummary() throws {
        let store = try AppTestStore(zone: "America/New_York")
        let app = try store.open("2026-11-02", "05:00")
        for title in ["Pay rent", "Read"] {
            var input = AddTask.Input(title: title)
            input.due = .today
            input.region = .morning
            input.bucket = title == "Pay rent" ? .mustDo : .misc
            _ = try app.addTask(input)
        }
        let channel = KeptChannel()
        expectTrue(try store.open("2026-11-02", "05:59").deliverReminders(to: channel).reminders.isEmpty)
        try expectEqual(store.open("2026-11-02", "06:00").deliverReminders(to: channel).reminders.map(\.message), ["2 planned for Morning, Must-Do: Pay rent."])

        // Tuesday: the Must-Do done, one left: no Must-Do named. Wednesday: nothing planned, no summary.
        let tuesday = try store.open("2026-11-03", "05:00")
        var rent = AddTask.Input(title: "Rent again")
        rent.due = .today
        rent.region = .morning
        rent.bucket = .mustDo
        let task = try tuesday.addTask(rent).task
        var other = AddTask.Input(title: "Stretch")
        other.due = .today
        other.region = .morning
        _ = try tuesday.addTask(other)
        _ = try tuesday.completeTask(CompleteTask.Input(task: TaskRef(task.id)))
        try expectEqual(store.open("2026-11-03", "06:30").deliverReminders(to: channel).reminders.map(\.message), ["1 planned for Morning."])
        expectTrue(try store.open("2026-11-04", "06:30").deliverReminders(to: channel).reminders.isEmpty)
        // After Morning's end a late start gives no summary of it.
        let thursday = try store.open("2026-11-05", "05:00")
        var late = AddTask.Input(title: "Late")
        late.due = .today
        late.region = .morning
        _ = try thursday.addTask(late)
        expectTrue(try store.open("2026-11-05", "12:00").deliverReminders(to: channel).reminders.isEmpty)
    }

    @Test("R-8 with no notification service nothing fails and nothing is recorded; the reminder arrives once a service is there, while it is still due")
    func noService() throws {
        let store = try Self.sunday()
        let channel = KeptChannel()
        channel.available = false
        let missed = try store.open("2026-03-29", "07:30").deliverReminders(to: channel)
        expectEmpty(missed.reminders)
        try expectEqual(Database(path: store.path).scalar("SELECT count(*) FROM reminder_deliveries")?.int, 0)
        channel.available = true
        try expectEqual(store.open("2026-03-29", "07:40").deliverReminders(to: channel).reminders.map(\.message), ["3 planned for Morning, Must-Do: Pay rent.", "Stretch"])
        expectTrue(try store.open("2026-03-29", "07:41").deliverReminders(to: channel).reminders.isEmpty)
    }

    @Test("R-8 once per device whichever channel shows it first: what the page took the desktop does not show, and what `remind` printed neither")
    func oneDeliveryPerDevice() throws {
        let store = try Self.sunday()
        let page = try store.open("2026-03-29", "07:30").deliverRemindersToPage()
        expectEqual(page.reminders.map(\.kind), [.morning, .habitWindow])
        let json = try JSONSerialization.jsonObject(with: Data(try page.json.rendered().utf8)) as? [String: Any]
        let shown = try #require(json?["reminders"] as? [[String: Any]])
        expectEqual(shown.map { $0["title"] as? String }, ["Charflow", "Charflow"])
        expectEqual(shown.map { $0["message"] as? String }, ["3 planned for Morning, Must-Do: Pay rent.", "Stretch"])
        expectEqual(shown.map { $0["key"] as? String }.last, "reminder-habitWindow/\(page.reminders[1].subject!.lowercasedText)/2026-03-29")
        let desktop = KeptChannel()
        expectTrue(try store.open("2026-03-29", "07:31").deliverReminders(to: desktop).reminders.isEmpty)
        // The anchor's reminder printed by `charflow remind` (the nudge log) is given on this device.
        let remind = try store.open("2026-03-29", "09:46")
        let printed = try remind.reminders()
        expectEqual(printed.reminders.map(\.message), ["Call home at 10:00"])
        try remind.markSeen(printed.seen)
        expectTrue(try store.open("2026-03-29", "09:47").deliverReminders(to: desktop).reminders.isEmpty)
        let channels = try Database(path: store.path).rows("SELECT channel FROM reminder_deliveries ORDER BY kind").map { $0[0].text }
        expectEqual(channels, ["page", "page"])
    }

    @Test("R-7 the running loop delivers at the due time and sleeps in between: an idle loop looks once, not again and again")
    func loopSleeps() throws {
        let store = try Self.sunday()
        let environment = StoreEnvironment(path: store.path, timeZone: store.zone, localeFirstWeekday: .monday)
        let channel = KeptChannel()
        let now = try store.instant("2026-03-29", "07:30")
        let loop = ReminderLoop(store: environment, clock: { now }, channel: channel)
        loop.start()
        defer { loop.stop() }
        let deadline = Date().addingTimeInterval(10)
        while loop.finished < 1, Date() < deadline { usleep(20_000) }
        usleep(1_000_000)
        expectEqual(loop.finished, 1, "one look, then asleep until the next reminder or a minute")
        expectEqual(channel.shown.map(\.message), ["3 planned for Morning, Must-Do: Pay rent.", "Stretch"])
        loop.lookNow()
        while loop.finished < 2, Date() < deadline { usleep(20_000) }
        expectEqual(loop.finished, 2)
        expectEqual(channel.shown.count, 2, "looked again, nothing new")
    }
}
