@testable import CharflowApp
import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Free time per region through `Charflow`, on a real store file with a real anchor and a real `.ics`
/// calendar read by libical (rules F-13 to F-16): Today, a region, tomorrow's plan and Upcoming.
@Suite("Free time per region on a store (F-13 to F-16)")
struct DayTimeTests {
    /// Friday 27 March 2026 in London: a review 10:00–11:00 that overlaps a 09:40 call, a declined
    /// meeting, an all-day offsite, and on Monday 30 March an evening event of two hours.
    static let text = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Charflow tests//Free time//EN\r
        BEGIN:VEVENT\r
        UID:review\r
        DTSTAMP:20260301T000000Z\r
        SUMMARY:Design review\r
        DTSTART;TZID=Europe/London:20260327T100000\r
        DTEND;TZID=Europe/London:20260327T110000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:call\r
        DTSTAMP:20260301T000000Z\r
        SUMMARY:Call\r
        DTSTART;TZID=Europe/London:20260327T094000\r
        DTEND;TZID=Europe/London:20260327T101000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:skipped\r
        DTSTAMP:20260301T000000Z\r
        SUMMARY:Optional sync\r
        DTSTART;TZID=Europe/London:20260327T140000\r
        DTEND;TZID=Europe/London:20260327T150000\r
        TRANSP:TRANSPARENT\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:offsite\r
        DTSTAMP:20260301T000000Z\r
        SUMMARY:Offsite\r
        DTSTART;VALUE=DATE:20260327\r
        DTEND;VALUE=DATE:20260328\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:choir\r
        DTSTAMP:20260301T000000Z\r
        SUMMARY:Choir\r
        DTSTART;TZID=Europe/London:20260330T180000\r
        DTEND;TZID=Europe/London:20260330T200000\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// A London store opened on Friday 27 March 2026 with the calendar, a weekday Standup at 09:30 for
    /// 15 minutes, a daily habit in a 07:00 window (20 min) and an all-day one (10 min).
    func store() throws -> AppTestStore {
        let store = try AppTestStore(zone: "Europe/London")
        let file = store.folder.appendingPathComponent("work.ics")
        try Self.text.write(to: file, atomically: true, encoding: .utf8)
        let app = try store.open("2026-03-27", "08:00")
        try app.addCalendar(.init(name: try .reading("Work"), source: file.path))
        var standup = AddAnchor.Input(title: "Standup", at: TimeOfDay(hour: 9, minute: 30)!, duration: AnchorDuration(minutes: 15)!)
        standup.weekdays = true
        _ = try app.addAnchor(standup)
        var stretch = AddHabit.Input(title: "Stretch")
        stretch.windows = [try WindowSpec.parse("Morning 07:00-08:00")]
        stretch.effortMinutes = .some(20)
        _ = try app.addHabit(stretch)
        var read = AddHabit.Input(title: "Read")
        read.effortMinutes = .some(10)
        _ = try app.addHabit(read)
        return store
    }

    @discardableResult
    func place(_ app: Charflow, _ title: String, _ region: Region, minutes: Int, due: QuickDate? = nil) throws -> TaskItem {
        var input = AddTask.Input(title: title)
        input.region = region
        input.effort = EffortChoice(minutes: minutes)
        input.due = due
        return try app.addTask(input).task
    }

    @Test("F-13 F-16 Today's Morning is its hours less the union of the anchor and the overlapping busy events, less the habit in it; the all-day habit comes off the day")
    func todayFreeTime() throws {
        let store = try store()
        let app = try store.open("2026-03-27", "08:30")
        try place(app, "Write the report", .morning, minutes: 60)
        let report = try app.readToday()
        let morning = report.time.free.region(.morning)
        // 09:30–11:00 busy (Standup, Call, Design review as one stretch), Stretch's 20 minutes.
        #expect((morning.hoursMinutes, morning.busyMinutes, morning.habitMinutes, morning.freeMinutes) == (360, 90, 20, 250))
        expectEqual(morning.plannedMinutes, 60)
        // The transparent sync takes nothing from the Afternoon; the all-day offsite nothing from any region.
        expectEqual(report.time.free.region(.afternoon).freeMinutes, 300)
        expectEqual(report.time.free.dayHabitMinutes, 10)
        expectEqual(report.time.free.freeMinutes, 250 + 300 + 300 - 10)
        expectEqual(report.time.points.map(\.title), ["Offsite", "Standup", "Call", "Design review", "Optional sync"])
        expectEqual(report.time.points.map(\.region), [nil, .morning, .morning, .morning, .afternoon])
        expectEqual(report.time.points(in: .morning).map(\.title), ["Standup", "Call", "Design review"])
        // The JSON the CLI prints and the API answers carries the same.
        let json = Data(try report.json.rendered().utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let regions = try #require(object["regions"] as? [String: [String: Any]])
        expectEqual(regions["morning"]?["freeMinutes"] as? Int, 250)
        expectEqual(regions["morning"]?["plannedMinutes"] as? Int, 60)
        expectEqual(regions["morning"]?["start"] as? String, "2026-03-27T06:00:00+00:00")
        expectEqual(object["freeMinutes"] as? Int, 840)
        let points = try #require(object["fixedPoints"] as? [[String: Any]])
        expectEqual(points.map { $0["kind"] as? String }, ["event", "anchor", "event", "event", "event"])
        expectEqual(points.last?["busy"] as? Bool, false)
        expectEqual(points.last?["notBusyBecause"] as? String, "transparent")
    }

    @Test("F-14 planning past a region's free time is never refused, and is said once per region and day, then again the next day while it stands")
    func overPlannedNotice() throws {
        let store = try store()
        let app = try store.open("2026-03-27", "08:30")
        try place(app, "Big piece", .morning, minutes: 240)
        try place(app, "Another", .morning, minutes: 30)
        let first = try app.readToday()
        let notices = first.signals.filter { $0.signal.kind == "regionOverPlanned" }
        expectEqual(notices.map(\.signal), [.regionOverPlanned(day: LocalDay(year: 2026, month: 3, day: 27)!, region: .morning,
                                                              planned: 270, free: 250)])
        expectEqual(notices.first?.message, "Morning holds about 4 h 30 of tasks and 4 h 10 free. Something may fit better on another day.")
        expectEqual(notices.first?.shownName, "regionOverPlanned:morning")
        try expectEqual(app.readToday().signals.count, first.signals.count, "a read marks nothing")
        try app.markShown(.init(shown: ["regionOverPlanned:morning"]))
        expectTrue(try store.open("2026-03-27", "09:00").readToday().signals.allSatisfy { $0.signal.kind != "regionOverPlanned" })
        // The Afternoon has its own notice, on the same day.
        let later = try store.open("2026-03-27", "09:05")
        try place(later, "Long afternoon", .afternoon, minutes: 360)
        try expectEqual(later.readToday().signals.map(\.signal.kind).filter { $0 == "regionOverPlanned" }.count, 1)
        // Another day is another period: its own over-planned Morning is said again.
        let monday = try store.open("2026-03-30", "08:00")
        try place(monday, "Monday's big piece", .morning, minutes: 400)
        try expectContains(monday.readToday().signals.map(\.signal), .regionOverPlanned(day: LocalDay(year: 2026, month: 3, day: 30)!, region: .morning, planned: 400, free: 325))
    }

    @Test("F-15 night planning weighs tomorrow's planned effort against the free time its calendar, anchors and habits leave")
    func nightPlanningFreeTime() throws {
        let store = try store()
        // Sunday 29 March evening plans Monday 30 March: Standup, Choir 18:00–20:00, both habits.
        let app = try store.open("2026-03-29", "21:00")
        let load = try app.planLoad().load
        expectEqual(load.day, LocalDay(year: 2026, month: 3, day: 30)!)
        expectEqual(load.time.free.region(.morning).freeMinutes, 360 - 15 - 20)
        expectEqual(load.time.free.region(.evening).freeMinutes, 300 - 120)
        expectEqual(load.freeMinutes, 325 + 300 + 180 - 10)
        expectEqual(load.habitMinutes, 30)
        expectEqual(load.time.points.map(\.title), ["Standup", "Choir"])
        expectTrue(!load.isOverloaded)
        try place(app, "Move house", .evening, minutes: 480, due: .tomorrow)
        try place(app, "Pack books", .afternoon, minutes: 480, due: .tomorrow)
        let full = try app.planLoad().load
        expectEqual(full.total, 960)
        expectTrue(full.isOverloaded, "960 planned against 795 free")
    }

    @Test("F-16 a region and Upcoming's days list their events and anchors in time order with their regions")
    func regionAndUpcoming() throws {
        let store = try store()
        let app = try store.open("2026-03-27", "08:30")
        let morning = try app.readRegion(.init(region: .morning))
        expectEqual(morning.points.map(\.title), ["Standup", "Call", "Design review"])
        expectEqual(morning.time.freeMinutes, 250)
        let upcoming = try app.readUpcoming()
        expectEqual(upcoming.days.map(\.day.description), ["2026-03-28", "2026-03-29", "2026-03-30", "2026-03-31",
                                                         "2026-04-01", "2026-04-02", "2026-04-03"])
        expectEmpty(upcoming.days[0].points, "Saturday: no Standup")
        expectEqual(upcoming.days[2].points.map(\.title), ["Standup", "Choir"])
        expectEqual(upcoming.days[2].points.map(\.region), [.morning, .evening])
        // Sunday 29 March, the night the clocks go forward: the regions keep their wall-clock hours.
        expectEqual(upcoming.days[1].free.region(.morning).hoursMinutes, 360)
        expectEqual(upcoming.days[1].free.region(.morning).start, (try store.instant("2026-03-29", "06:00")))
    }
}
