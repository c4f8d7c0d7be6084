import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("PlannerCalendar: logical days, rollover and daylight saving")
struct PlannerCalendarTests {
    // MARK: logicalDay(at:)

    /// (zone, instant in UTC, expected logical day) with a 04:00 rollover, around each 2026 DST change.
    static let fourAMCases: [(String, String, String)] = [
        // London springs forward 2026-03-29 01:00 GMT -> 02:00 BST (01:00Z).
        ("Europe/London", "2026-03-29T00:30:00Z", "2026-03-28"), // 00:30 GMT
        ("Europe/London", "2026-03-29T01:30:00Z", "2026-03-28"), // 02:30 BST
        ("Europe/London", "2026-03-29T02:59:00Z", "2026-03-28"), // 03:59 BST
        ("Europe/London", "2026-03-29T03:00:00Z", "2026-03-29"), // 04:00 BST
        ("Europe/London", "2026-03-28T03:59:00Z", "2026-03-27"), // 03:59 GMT the day before
        ("Europe/London", "2026-03-28T04:00:00Z", "2026-03-28"), // 04:00 GMT the day before
        // London falls back 2026-10-25 02:00 BST -> 01:00 GMT (01:00Z).
        ("Europe/London", "2026-10-25T00:30:00Z", "2026-10-24"), // 01:30 BST
        ("Europe/London", "2026-10-25T01:30:00Z", "2026-10-24"), // 01:30 GMT
        ("Europe/London", "2026-10-25T03:59:00Z", "2026-10-24"), // 03:59 GMT
        ("Europe/London", "2026-10-25T04:00:00Z", "2026-10-25"), // 04:00 GMT
        // New York springs forward 2026-03-08 02:00 EST -> 03:00 EDT (07:00Z).
        ("America/New_York", "2026-03-08T06:59:00Z", "2026-03-07"), // 01:59 EST
        ("America/New_York", "2026-03-08T07:30:00Z", "2026-03-07"), // 03:30 EDT
        ("America/New_York", "2026-03-08T07:59:00Z", "2026-03-07"), // 03:59 EDT
        ("America/New_York", "2026-03-08T08:00:00Z", "2026-03-08"), // 04:00 EDT
        // New York falls back 2026-11-01 02:00 EDT -> 01:00 EST (06:00Z).
        ("America/New_York", "2026-11-01T05:30:00Z", "2026-10-31"), // 01:30 EDT
        ("America/New_York", "2026-11-01T06:30:00Z", "2026-10-31"), // 01:30 EST
        ("America/New_York", "2026-11-01T08:59:00Z", "2026-10-31"), // 03:59 EST
        ("America/New_York", "2026-11-01T09:00:00Z", "2026-11-01"), // 04:00 EST
    ]

    @Test("B-14 with a 04:00 rollover the logical day turns at 04:00 wall time, across DST changes",
          arguments: fourAMCases)
    func fourAMRollover(_ zoneID: String, _ utc: String, _ expected: String) throws {
        for first in [Weekday.monday, .sunday] {
            let calendar = try Fixture.calendar(zoneID, firstWeekday: first, rollover: "04:00")
            expectEqual(calendar.logicalDay(at: try Fixture.utc(utc)), (try Fixture.day(expected)))
        }
    }

    @Test("B-14 the default rollover is midnight: 23:59 is still the day, 00:00 is the next",
          arguments: Fixture.zoneIDs)
    func midnightRollover(_ zoneID: String) throws {
        let calendar = PlannerCalendar(timeZone: try Fixture.zone(zoneID))
        expectEqual(calendar.rollover, .midnight)
        expectEqual(calendar.firstWeekday, .monday)
        for (day, next) in [("2026-03-07", "2026-03-08"), ("2026-03-28", "2026-03-29"), ("2026-10-31", "2026-11-01")] {
            let lastMinute = try Fixture.instant(day, "23:59", in: calendar)
            let midnight = try Fixture.instant(next, "00:00", in: calendar)
            expectEqual(calendar.logicalDay(at: lastMinute), (try Fixture.day(day)))
            expectEqual(calendar.logicalDay(at: midnight), (try Fixture.day(next)))
            expectEqual(calendar.calendarDay(at: lastMinute), (try Fixture.day(day)))
            expectEqual(midnight.timeIntervalSince(lastMinute), 60)
        }
    }

    @Test("a 04:00 rollover: 02:00 on Tuesday still belongs to Monday, but its calendar day is Tuesday")
    func lateNightBelongsToYesterday() throws {
        let calendar = try Fixture.calendar("America/New_York", rollover: "04:00")
        let twoAM = try Fixture.instant("2026-03-03", "02:00", in: calendar)
        expectEqual(calendar.logicalDay(at: twoAM), (try Fixture.day("2026-03-02")))
        expectEqual(calendar.calendarDay(at: twoAM), (try Fixture.day("2026-03-03")))
        expectEqual(calendar.timeOfDay(at: twoAM), (try Fixture.time("02:00")))
    }

    // MARK: start(of:)

    @Test("B-14 start(of:) on a spring-forward day: the midnight-to-midnight day is 23 hours long",
          arguments: [
              ("Europe/London", "2026-03-29", "2026-03-29T00:00:00Z", "2026-03-29T23:00:00Z"),
              ("America/New_York", "2026-03-08", "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z"),
          ])
    func startOfSpringForwardDay(_ zoneID: String, _ day: String, _ start: String, _ nextStart: String) throws {
        let calendar = try Fixture.calendar(zoneID)
        let today = try Fixture.day(day)
        expectEqual(calendar.start(of: today), (try Fixture.utc(start)))
        expectEqual(calendar.start(of: today.adding(days: 1)), (try Fixture.utc(nextStart)))
        expectEqual(calendar.start(of: today.adding(days: 1)).timeIntervalSince(calendar.start(of: today)), 23 * 3600)
    }

    @Test("B-14 start(of:) on a fall-back day: the day is 25 hours long", arguments: [
        ("Europe/London", "2026-10-25", "2026-10-24T23:00:00Z", "2026-10-26T00:00:00Z"),
        ("America/New_York", "2026-11-01", "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z"),
    ])
    func startOfFallBackDay(_ zoneID: String, _ day: String, _ start: String, _ nextStart: String) throws {
        let calendar = try Fixture.calendar(zoneID)
        let today = try Fixture.day(day)
        expectEqual(calendar.start(of: today), (try Fixture.utc(start)))
        expectEqual(calendar.start(of: today.adding(days: 1)), (try Fixture.utc(nextStart)))
        expectEqual(calendar.start(of: today.adding(days: 1)).timeIntervalSince(calendar.start(of: today)), 25 * 3600)
    }

    @Test("B-14 start(of:) with a 04:00 rollover is 04:00 local on DST days too", arguments: [
        ("Europe/London", "2026-03-29", "2026-03-29T03:00:00Z"),
        ("Europe/London", "2026-10-25", "2026-10-25T04:00:00Z"),
        ("America/New_York", "2026-03-08", "2026-03-08T08:00:00Z"),
        ("America/New_York", "2026-11-01", "2026-11-01T09:00:00Z"),
    ])
    func startWithFourAMRollover(_ zoneID: String, _ day: String, _ expected: String) throws {
        let calendar = try Fixture.calendar(zoneID, rollover: "04:00")
        let start = calendar.start(of: try Fixture.day(day))
        expectEqual(start, (try Fixture.utc(expected)))
        expectEqual(calendar.logicalDay(at: start), (try Fixture.day(day)))
        expectEqual(calendar.logicalDay(at: start.addingTimeInterval(-1)), (try Fixture.day(day)).adding(days: -1))
    }

    // MARK: instant(on:at:)

    @Test("instant(on:at:) for a skipped time resolves to the moment the clock jumps past it", arguments: [
        // 01:30 does not exist in London on 2026-03-29: the clock passes it at 02:00 BST.
        ("Europe/London", "2026-03-29", "01:30", "2026-03-29T01:00:00Z", "02:00", 3600),
        // 02:30 does not exist in New York on 2026-03-08: the clock passes it at 03:00 EDT.
        ("America/New_York", "2026-03-08", "02:30", "2026-03-08T07:00:00Z", "03:00", -4 * 3600),
    ])
    func skippedTime(
        _ zoneID: String, _ day: String, _ time: String, _ expected: String, _ wall: String, _ offset: Int
    ) throws {
        let calendar = try Fixture.calendar(zoneID)
        let instant = try Fixture.instant(day, time, in: calendar)
        expectEqual(instant, (try Fixture.utc(expected)))
        expectEqual(calendar.timeOfDay(at: instant), (try Fixture.time(wall)))
        expectEqual(calendar.utcOffsetSeconds(at: instant), offset)
        expectEqual(calendar.calendarDay(at: instant), (try Fixture.day(day)))
    }

    @Test("instant(on:at:) for a time that occurs twice resolves to its second occurrence (as documented)",
          arguments: [
              // 01:30 happens twice in London on 2026-10-25: 00:30Z (BST) and 01:30Z (GMT).
              ("Europe/London", "2026-10-25", "01:30", "2026-10-25T01:30:00Z"),
              // 01:30 happens twice in New York on 2026-11-01: 05:30Z (EDT) and 06:30Z (EST).
              ("America/New_York", "2026-11-01", "01:30", "2026-11-01T06:30:00Z"),
          ])
    func repeatedTime(_ zoneID: String, _ day: String, _ time: String, _ expected: String) throws {
        let calendar = try Fixture.calendar(zoneID)
        let instant = try Fixture.instant(day, time, in: calendar)
        expectEqual(instant, (try Fixture.utc(expected)))
        expectEqual(calendar.timeOfDay(at: instant), (try Fixture.time(time)))
    }

    @Test("instant(on:at:) then timeOfDay/calendarDay give back every quarter hour of ordinary days",
          arguments: Fixture.zoneIDs)
    func wallClockRoundTrip(_ zoneID: String) throws {
        let calendar = try Fixture.calendar(zoneID)
        for dayText in ["2026-01-15", "2026-07-15", "2026-03-27", "2026-11-02"] {
            let day = try Fixture.day(dayText)
            for minutes in stride(from: 0, to: 1440, by: 15) {
                let time = try #require(TimeOfDay(minutes: minutes))
                let instant = calendar.instant(on: day, at: time)
                expectEqual(calendar.timeOfDay(at: instant), time)
                expectEqual(calendar.calendarDay(at: instant), day)
                expectEqual(calendar.logicalDay(at: instant), day)
            }
        }
    }

    // MARK: Consistency of logicalDay and start(of:)

    /// Every 5 minutes over the two DST weekends of 2026 in `zoneID`.
    static func instantsAroundDST(_ zoneID: String) throws -> [Date] {
        let starts = zoneID == "America/New_York"
            ? ["2026-03-07T00:00:00Z", "2026-10-31T00:00:00Z"]
            : ["2026-03-28T00:00:00Z", "2026-10-24T00:00:00Z"]
        var instants: [Date] = []
        for start in starts {
            let base = try Fixture.utc(start)
            for step in 0..<(72 * 12) { instants.append(base.addingTimeInterval(Double(step * 300))) }
        }
        return instants
    }

    @Test("B-14 every instant lies between start(of: its logical day) and the next day's start",
          arguments: Fixture.zoneIDs, ["00:00", "04:00", "12:00", "23:30"])
    func logicalDayMatchesStart(_ zoneID: String, _ rollover: String) throws {
        let calendar = try Fixture.calendar(zoneID, rollover: rollover)
        for instant in try Self.instantsAroundDST(zoneID) {
            let day = calendar.logicalDay(at: instant)
            expectTrue(calendar.start(of: day) <= instant, "\(instant) is before the start of \(day)")
            expectTrue(instant < calendar.start(of: day.adding(days: 1)), "\(instant) is after \(day) ended")
        }
    }

    @Test("B-14 a rollover set inside the DST-changed hour still gives one consistent boundary", arguments: [
        ("Europe/London", "01:30"), // skipped on 2026-03-29, repeated on 2026-10-25
        ("America/New_York", "02:30"), // skipped on 2026-03-08
        ("America/New_York", "01:30"), // repeated on 2026-11-01
    ])
    func rolloverInsideDSTHour(_ zoneID: String, _ rollover: String) throws {
        let calendar = try Fixture.calendar(zoneID, rollover: rollover)
        var outside: [String] = []
        var backwards: [String] = []
        var previous: LocalDay?
        for instant in try Self.instantsAroundDST(zoneID) {
            let day = calendar.logicalDay(at: instant)
            if !(calendar.start(of: day) <= instant && instant < calendar.start(of: day.adding(days: 1))) {
                outside.append("\(Instant.storageText(instant)) -> \(day)")
            }
            if let previous, day < previous { backwards.append("\(Instant.storageText(instant)): \(previous) -> \(day)") }
            previous = day
        }
        expectEmpty(outside, "logicalDay(at:) and start(of:) disagree at \(outside.count) instants, first \(outside.prefix(3))")
        expectEmpty(backwards, "the logical day went backwards: \(backwards)")
    }

    // MARK: Weeks

    @Test("B-16 startOfWeek follows the first weekday: Monday or Sunday", arguments: [
        ("2026-03-02", Weekday.monday, "2026-03-02"), ("2026-03-02", .sunday, "2026-03-01"),
        ("2026-03-08", .monday, "2026-03-02"), ("2026-03-08", .sunday, "2026-03-08"),
        ("2026-03-07", .monday, "2026-03-02"), ("2026-03-07", .sunday, "2026-03-01"),
        ("2026-03-11", .monday, "2026-03-09"), ("2026-03-11", .sunday, "2026-03-08"),
        ("2026-03-11", .saturday, "2026-03-07"), ("2026-01-01", .monday, "2025-12-29"),
    ])
    func startOfWeek(_ day: String, _ first: Weekday, _ expected: String) throws {
        let calendar = try Fixture.calendar("UTC", firstWeekday: first)
        let start = calendar.startOfWeek(containing: try Fixture.day(day))
        expectEqual(start, (try Fixture.day(expected)))
        expectEqual(start.weekday, first)
    }

    @Test("utcOffsetSeconds follows the zone's daylight saving")
    func offsets() throws {
        let london = try Fixture.calendar("Europe/London")
        expectEqual(london.utcOffsetSeconds(at: try Fixture.utc("2026-01-15T12:00:00Z")), 0)
        expectEqual(london.utcOffsetSeconds(at: try Fixture.utc("2026-07-15T12:00:00Z")), 3600)
        let newYork = try Fixture.calendar("America/New_York")
        expectEqual(newYork.utcOffsetSeconds(at: try Fixture.utc("2026-01-15T12:00:00Z")), -5 * 3600)
        expectEqual(newYork.utcOffsetSeconds(at: try Fixture.utc("2026-07-15T12:00:00Z")), -4 * 3600)
    }
}
