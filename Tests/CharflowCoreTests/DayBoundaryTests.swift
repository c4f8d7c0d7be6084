import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Day boundaries: evening rollovers, days that only move forward, repeats that start on their pattern")
struct DayBoundaryTests {
    // MARK: A rollover at noon or later starts the next day that evening

    /// (rollover, local wall time on Wednesday 2026-03-04, expected logical day).
    static let eveningCases: [(String, String, String, String)] = [
        ("23:00", "2026-03-04", "12:00", "2026-03-04"), // Wednesday noon is Wednesday
        ("23:00", "2026-03-04", "22:59", "2026-03-04"),
        ("23:00", "2026-03-04", "23:00", "2026-03-05"), // at 23:00 you plan tomorrow
        ("23:00", "2026-03-04", "23:30", "2026-03-05"),
        ("23:00", "2026-03-05", "00:30", "2026-03-05"),
        ("12:00", "2026-03-04", "11:59", "2026-03-04"),
        ("12:00", "2026-03-04", "12:00", "2026-03-05"),
        ("18:30", "2026-03-04", "18:29", "2026-03-04"),
        ("18:30", "2026-03-04", "18:30", "2026-03-05"),
        ("11:59", "2026-03-04", "11:58", "2026-03-03"), // before noon it extends the previous day
        ("11:59", "2026-03-04", "11:59", "2026-03-04"),
        ("04:00", "2026-03-04", "02:00", "2026-03-03"),
        ("00:00", "2026-03-04", "23:59", "2026-03-04"),
    ]

    @Test("P-8 B-14 a rollover at noon or later starts the next day that evening; before noon it extends the previous day",
          arguments: eveningCases)
    func eveningRollover(_ rollover: String, _ day: String, _ time: String, _ expected: String) throws {
        for zoneID in Fixture.zoneIDs {
            let calendar = try Fixture.calendar(zoneID, rollover: rollover)
            let instant = try Fixture.instant(day, time, in: calendar)
            expectEqual(calendar.logicalDay(at: instant), (try Fixture.day(expected)), "\(zoneID) \(rollover) \(day) \(time)")
        }
    }

    @Test("P-8 with a 23:00 rollover Wednesday noon is Wednesday and the day starts at 23:00 on Tuesday")
    func wednesdayNoon() throws {
        let calendar = try Fixture.calendar("Europe/London", rollover: "23:00")
        let wednesday = try Fixture.day("2026-03-04")
        expectEqual(calendar.logicalDay(at: try Fixture.instant("2026-03-04", "12:00", in: calendar)), wednesday)
        expectEqual(calendar.start(of: wednesday), (try Fixture.instant("2026-03-03", "23:00", in: calendar)))
        expectTrue(calendar.startsDayTheEveningBefore)
        expectTrue(!(try Fixture.calendar("Europe/London", rollover: "11:59")).startsDayTheEveningBefore)
    }

    @Test("P-8 B-14 evening rollovers keep every instant inside its own day across DST changes, with no day going back",
          arguments: [("Europe/London", "23:00"), ("America/New_York", "22:30"), ("Europe/London", "12:00"),
                      ("America/New_York", "13:15")])
    func eveningAcrossDST(_ zoneID: String, _ rollover: String) throws {
        let calendar = try Fixture.calendar(zoneID, rollover: rollover)
        var previous: LocalDay?
        for instant in try PlannerCalendarTests.instantsAroundDST(zoneID) {
            let day = calendar.logicalDay(at: instant)
            expectTrue(calendar.start(of: day) <= instant && instant < calendar.start(of: day.adding(days: 1)), "\(Instant.storageText(instant)) is outside \(day)")
            if let previous { expectTrue(day >= previous) }
            previous = day
        }
    }

    @Test("P-8 a wall time within a logical day falls on the right calendar date for morning and evening rollovers",
          arguments: [("04:00", "02:00", "2026-03-05"), ("04:00", "09:00", "2026-03-04"),
                      ("23:00", "23:30", "2026-03-03"), ("23:00", "09:00", "2026-03-04"),
                      ("00:00", "09:00", "2026-03-04")])
    func timeWithinDay(_ rollover: String, _ time: String, _ calendarDate: String) throws {
        let calendar = try Fixture.calendar("America/New_York", rollover: rollover)
        let instant = calendar.instant(of: try Fixture.time(time), within: try Fixture.day("2026-03-04"))
        expectEqual(instant, (try Fixture.instant(calendarDate, time, in: calendar)))
        expectEqual(calendar.logicalDay(at: instant), (try Fixture.day("2026-03-04")))
    }

    // MARK: Days only move forward

    @Test("P-8 B-14 today is never before the day last rolled over to while the clock is a day behind it")
    func todayNeverMovesBack() throws {
        let tuesday = try Fixture.day("2026-03-03")
        let monday = tuesday.adding(days: -1)
        expectEqual(Rollover.today(clockDay: monday, rolledOverTo: tuesday), tuesday)
        expectEqual(Rollover.today(clockDay: tuesday, rolledOverTo: tuesday), tuesday)
        expectEqual(Rollover.today(clockDay: tuesday.adding(days: 1), rolledOverTo: tuesday), tuesday.adding(days: 1))
        expectEqual(Rollover.today(clockDay: monday, rolledOverTo: nil), monday)
        expectTrue(!Rollover.markerIsAhead(tuesday, clockDay: monday))
    }

    @Test("B-14 a marker more than a day ahead of the clock came from a wrong clock: the clock is followed")
    func farFutureMarker() throws {
        let today = try Fixture.day("2026-12-01")
        for marker in [today.adding(days: 2), today.adding(days: 30), try Fixture.day("9999-12-31")] {
            expectTrue(Rollover.markerIsAhead(marker, clockDay: today))
            expectEqual(Rollover.today(clockDay: today, rolledOverTo: marker), today)
        }
    }

    @Test("B-14 a task an earlier rollover already carried is not saved again when the clock comes round once more")
    func carriedTaskUnchanged() throws {
        let monday = try Fixture.day("2026-03-02")
        var task = TaskItem(title: "carried", dueDate: monday, createdAt: Fixture.created())
        task.backlogSince = monday
        let outcome = Rollover.run(candidates: [task], newDay: monday.adding(days: 1), alreadyDeferred: [task.id],
                                   now: Fixture.created(3600))
        expectEmpty(outcome.tasks)
        expectEmpty(outcome.deferrals)
    }

    // MARK: A weekly repeat starts on its pattern

    @Test("T-26 T-27 a weekly repeat on named days starts on the first of them from today, today included",
          arguments: [("2026-12-02", "5", "2026-12-04"), ("2026-12-04", "5", "2026-12-04"),
                      ("2026-12-05", "5", "2026-12-11"), ("2026-12-02", "1,3", "2026-12-02"),
                      ("2026-12-03", "1,3", "2026-12-07"), ("2026-12-06", "7", "2026-12-06")])
    func weeklyStart(_ today: String, _ days: String, _ expected: String) throws {
        let first = RepeatRule.firstDay(kind: .weekly, weekdays: RepeatRule.weekdays(days), from: try Fixture.day(today))
        expectEqual(first, (try Fixture.day(expected)))
    }

    @Test("T-26 T-27 daily, monthly and day-less weekly repeats start today")
    func otherRepeatsStartToday() throws {
        let today = try Fixture.day("2026-12-02")
        for kind in [RepeatKind.daily, .monthly, .weekly] {
            expectEqual(RepeatRule.firstDay(kind: kind, weekdays: [], from: today), today)
        }
    }
}
