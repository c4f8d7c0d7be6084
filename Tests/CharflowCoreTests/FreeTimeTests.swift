import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// A region's free time and planned time on a logical day (rules F-13, F-14, F-15): its hours as real
/// instants, less the union of busy events and anchors, less the effort of the habits in it.
@Suite("Free time per region (F-13, F-14, F-15)")
struct FreeTimeTests {
    static func event(_ title: String, _ start: Date, _ end: Date, notBusy: CalendarOccurrence.NotBusyReason? = nil)
        -> CalendarOccurrence {
        CalendarOccurrence(source: "work", uid: title, recurrenceID: nil, title: title, location: nil,
                           timing: .timed(start: start, end: end), notBusyReason: notBusy)
    }

    static func allDay(_ title: String, _ first: LocalDay, _ last: LocalDay) -> CalendarOccurrence {
        CalendarOccurrence(source: "work", uid: title, recurrenceID: nil, title: title, location: nil,
                           timing: .allDay(first: first, last: last), notBusyReason: nil)
    }

    static func anchor(_ title: String, _ time: String, minutes: Int, day: String, calendar: PlannerCalendar,
                       hours: RegionHours = .defaults) throws -> AnchorOccurrence {
        let anchor = Anchor(title: title, timing: .fixed(try Fixture.time(time), days: Set(Weekday.allCases)),
                            durationMinutes: minutes, createdAt: Fixture.created())
        let day = AnchorDay(day: try Fixture.day(day), calendar: calendar, prayers: PrayerSettings(), regions: hours)
        return try #require(day.occurrence(of: anchor, firstDay: try Fixture.day("2026-01-01"), resolution: nil))
    }

    static func freeTime(_ text: String, calendar: PlannerCalendar, hours: RegionHours = .defaults,
                         events: [CalendarOccurrence] = [], anchors: [AnchorOccurrence] = [],
                         habits: [FreeTime.HabitLoad] = [], tasks: [TaskItem] = []) throws -> FreeTime {
        let day = try Fixture.day(text)
        let points = FixedPoint.day(day, events: events, anchors: anchors, calendar: calendar, hours: hours)
        return FreeTime(day: day, calendar: calendar, hours: hours, points: points, habits: habits,
                        board: DayBoard(day: day, tasks: tasks))
    }

    @Test("F-13 overlapping busy events and an anchor count once; free events, all-day events and events outside the hours take nothing")
    func unionOfBusyTime() throws {
        let calendar = try Fixture.calendar("Europe/London")
        let at = { (time: String) in try Fixture.instant("2026-06-10", time, in: calendar) }
        let events = [
            Self.event("Review", try at("09:00"), try at("10:00")),
            Self.event("Call", try at("09:30"), try at("10:30")),
            Self.event("Lunch", try at("11:30"), try at("12:30")),
            Self.event("Optional", try at("07:00"), try at("08:00"), notBusy: .transparent),
            Self.event("Late", try at("22:30"), try at("23:30")),
            Self.allDay("Conference", try Fixture.day("2026-06-10"), try Fixture.day("2026-06-10")),
        ]
        let standup = try Self.anchor("Standup", "10:15", minutes: 30, day: "2026-06-10", calendar: calendar)
        let time = try Self.freeTime("2026-06-10", calendar: calendar, events: events, anchors: [standup])
        // Morning 06:00–12:00: 09:00–10:45 and 11:30–12:00 busy, 135 minutes.
        expectEqual(time.region(.morning).hoursMinutes, 360)
        expectEqual(time.region(.morning).busyMinutes, 135)
        expectEqual(time.region(.morning).freeMinutes, 225)
        // Afternoon: the lunch's last half hour.
        expectEqual(time.region(.afternoon).freeMinutes, 270)
        expectEqual(time.region(.evening).freeMinutes, 300)
        expectEqual(time.freeMinutes, 795)
    }

    @Test("F-13 the union merges touching and nested intervals and keeps apart ones apart")
    func unionShapes() throws {
        let base = Date(timeIntervalSince1970: 1_800_000_000)
        let span = { (from: Double, to: Double) in DateInterval(start: base + from * 60, end: base + to * 60) }
        let union = FreeTime.union([span(50, 70), span(0, 30), span(30, 40), span(5, 10), span(80, 90)])
        expectEqual(union, [span(0, 40), span(50, 70), span(80, 90)])
        expectEqual(FreeTime.overlap(of: union, with: span(20, 85)), 45 * 60)
    }

    @Test("F-13 on London's spring-forward day a region across 01:00 is an hour shorter, and on the autumn day an hour longer")
    func daylightSaving() throws {
        let calendar = try Fixture.calendar("Europe/London", rollover: "00:00")
        let night = RegionHours(morning: RegionSpan(start: try Fixture.time("00:30"), end: try Fixture.time("03:00"))!,
                                afternoon: RegionHours.defaults.afternoon, evening: RegionHours.defaults.evening)
        let spring = try Self.freeTime("2026-03-29", calendar: calendar, hours: night)
        expectEqual(spring.region(.morning).hoursMinutes, 90)
        expectEqual(spring.region(.morning).freeMinutes, 90)
        let autumn = try Self.freeTime("2026-10-25", calendar: calendar, hours: night)
        expectEqual(autumn.region(.morning).hoursMinutes, 210)
        // An hour's event across the change takes an hour of elapsed time, whatever the wall clock says.
        let start = try Fixture.utc("2026-03-29T00:45:00Z")
        let call = Self.event("Call", start, start.addingTimeInterval(3600))
        let busy = try Self.freeTime("2026-03-29", calendar: calendar, hours: night, events: [call])
        expectEqual(busy.region(.morning).busyMinutes, 60)
        expectEqual(busy.region(.morning).freeMinutes, 30)
        expectEqual(busy.region(.afternoon).hoursMinutes, 300)
    }

    @Test("F-13 an Evening past midnight with a 03:00 rollover reaches into the next date; an event that night is inside it")
    func regionPastMidnight() throws {
        let calendar = try Fixture.calendar("Europe/London", rollover: "03:00")
        let late = RegionHours(morning: RegionHours.defaults.morning, afternoon: RegionHours.defaults.afternoon,
                               evening: RegionSpan(start: try Fixture.time("18:00"), end: try Fixture.time("02:00"))!)
        let party = Self.event("Party", try Fixture.instant("2026-06-11", "00:30", in: calendar),
                               try Fixture.instant("2026-06-11", "02:30", in: calendar))
        let time = try Self.freeTime("2026-06-10", calendar: calendar, hours: late, events: [party])
        let evening = time.region(.evening)
        expectEqual(evening.start, (try Fixture.utc("2026-06-10T17:00:00Z")))
        expectEqual(evening.end, (try Fixture.utc("2026-06-11T01:00:00Z")))
        expectEqual(evening.hoursMinutes, 480)
        expectEqual(evening.busyMinutes, 90)
        expectEqual(evening.freeMinutes, 390)
        // Hours that end at the rollover time end when the next day begins.
        let toRollover = RegionHours(morning: RegionHours.defaults.morning, afternoon: RegionHours.defaults.afternoon,
                                     evening: RegionSpan(start: try Fixture.time("22:00"), end: try Fixture.time("03:00"))!)
        let edge = try Self.freeTime("2026-06-10", calendar: calendar, hours: toRollover).region(.evening)
        expectEqual(edge.end, calendar.start(of: try Fixture.day("2026-06-11")))
        expectEqual(edge.hoursMinutes, 300)
    }

    @Test("F-13 a habit's effort comes off the region its window begins in; an all-day habit's off the day's total, never below 0")
    func habits() throws {
        let calendar = try Fixture.calendar("America/New_York")
        let habits = [
            FreeTime.HabitLoad(start: try Fixture.time("07:00"), minutes: 30),
            FreeTime.HabitLoad(start: try Fixture.time("13:00"), minutes: 400),
            FreeTime.HabitLoad(start: nil, minutes: 45),
            FreeTime.HabitLoad(start: try Fixture.time("23:00"), minutes: 15),
        ]
        let time = try Self.freeTime("2026-06-10", calendar: calendar, habits: habits)
        expectEqual(time.region(.morning).habitMinutes, 30)
        expectEqual(time.region(.morning).freeMinutes, 330)
        expectEqual(time.region(.afternoon).freeMinutes, 0, "never below 0")
        expectEqual(time.region(.evening).freeMinutes, 300)
        expectEqual(time.dayHabitMinutes, 60, "the all-day habit and the one outside every region")
        expectEqual(time.freeMinutes, 570)
        let window = HabitWindow(habitID: UUID(), effortMinutes: 20, createdAt: Fixture.created())
        expectEqual(FreeTime.HabitLoad(window: window), FreeTime.HabitLoad(start: nil, minutes: 20))
    }

    @Test("F-14 planned time is the effort of the open tasks in the region; done, dropped and unestimated tasks count 0; over free is a notice")
    func plannedTime() throws {
        let calendar = try Fixture.calendar("Europe/London")
        let day = try Fixture.day("2026-06-10")
        var big = Fixture.placed("Report", .morning, .mustDo, on: day)
        big.effortMinutes = 240
        var small = Fixture.placed("Email", .morning, .misc, on: day, created: 1)
        small.effortMinutes = 15
        var unestimated = Fixture.placed("Think", .morning, .misc, on: day, order: 1, created: 2)
        unestimated.effortMinutes = nil
        let done = Fixture.placed("Done", .morning, .complementary, on: day, completed: true, created: 3)
        let dropped = Fixture.placed("Gone", .afternoon, .misc, on: day, dropped: true, created: 4)
        let meeting = Self.event("Meeting", try Fixture.instant("2026-06-10", "09:00", in: calendar),
                                 try Fixture.instant("2026-06-10", "11:00", in: calendar))
        let time = try Self.freeTime("2026-06-10", calendar: calendar, events: [meeting],
                                     tasks: [big, small, unestimated, done, dropped])
        expectEqual(time.region(.morning).plannedMinutes, 255)
        expectEqual(time.region(.morning).freeMinutes, 240)
        expectEqual(time.region(.afternoon).plannedMinutes, 0)
        expectEqual(time.overPlanned, [.regionOverPlanned(day: day, region: .morning, planned: 255, free: 240)])
        expectEqual(Messages.text(time.overPlanned[0]), "Morning holds about 4 h 15 of tasks and 4 h free. Something may fit better on another day.")
        expectEqual(time.plannedMinutes, 255)
    }

    @Test("F-16 the day's events and anchors are in time order, all-day first, each with the region holding its start")
    func fixedPointsInOrder() throws {
        let calendar = try Fixture.calendar("Europe/London")
        let at = { (time: String) in try Fixture.instant("2026-06-10", time, in: calendar) }
        let standup = try Self.anchor("Standup", "09:30", minutes: 15, day: "2026-06-10", calendar: calendar)
        let points = FixedPoint.day(try Fixture.day("2026-06-10"), events: [
            Self.event("Dinner", try at("19:00"), try at("20:00")),
            Self.event("Overnight", try Fixture.instant("2026-06-09", "23:00", in: calendar), try at("07:00")),
            Self.allDay("Holiday", try Fixture.day("2026-06-10"), try Fixture.day("2026-06-10")),
            Self.event("Planning", try at("09:30"), try at("10:00")),
        ], anchors: [standup], calendar: calendar, hours: .defaults)
        expectEqual(points.map(\.title), ["Holiday", "Overnight", "Standup", "Planning", "Dinner"])
        expectEqual(points.map(\.region), [nil, nil, .morning, .morning, .evening])
        expectEqual(points.map(\.isAnchor), [false, false, true, false, false])
    }
}
