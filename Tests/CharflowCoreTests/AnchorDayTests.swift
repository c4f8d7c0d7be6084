import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Where anchors fall on a logical day (rule F-3): a concrete start and end in the person's zone, with
/// the region whose hours hold the start; fixed anchors at their time on their days, prayer anchors at
/// the day's prayer time (rule F-7), across daylight-saving changes.
@Suite("Anchor occurrences (F-3)")
struct AnchorDayTests {
    static let london = PrayerLocation(latitude: 51.5074, longitude: -0.1278)!

    static func fixed(_ title: String, _ time: String, days: Set<Weekday> = Set(Weekday.allCases), duration: Int = 15) throws -> Anchor {
        Anchor(title: title, timing: .fixed(try Fixture.time(time), days: days), durationMinutes: duration, createdAt: Fixture.created())
    }

    static func prayer(_ prayer: Prayer, duration: Int = 15) -> Anchor {
        Anchor(title: prayer.name, timing: .prayer(prayer), durationMinutes: duration, createdAt: Fixture.created())
    }

    static func day(_ text: String, calendar: PlannerCalendar, location: PrayerLocation? = london,
                    regions: RegionHours = .defaults) throws -> AnchorDay {
        AnchorDay(day: try Fixture.day(text), calendar: calendar, prayers: PrayerSettings(location: location), regions: regions)
    }

    @Test("F-3 a fixed anchor starts at its wall-clock time on its days and ends its duration later, in its region")
    func fixedAnchor() throws {
        let calendar = try Fixture.calendar("Europe/London")
        let standup = try Self.fixed("Standup", "09:30", days: AnchorTiming.weekdays)
        let friday = try Self.day("2026-03-27", calendar: calendar)
        let occurrence = try #require(friday.occurrence(of: standup, firstDay: try Fixture.day("2026-03-01"), resolution: nil))
        expectEqual(occurrence.start, (try Fixture.utc("2026-03-27T09:30:00Z")))
        expectEqual(occurrence.end, (try Fixture.utc("2026-03-27T09:45:00Z")))
        expectEqual(occurrence.region, .morning)
        expectEqual(occurrence.outcome, nil)
        let saturday = try Self.day("2026-03-28", calendar: calendar)
        expectEqual(saturday.occurrence(of: standup, firstDay: try Fixture.day("2026-03-01"), resolution: nil), nil)
        // Before the anchor was made, and once archived, there is none.
        expectEqual(friday.occurrence(of: standup, firstDay: try Fixture.day("2026-03-28"), resolution: nil), nil)
        var archived = standup
        archived.isArchived = true
        expectEqual(friday.occurrence(of: archived, firstDay: try Fixture.day("2026-03-01"), resolution: nil), nil)
    }

    @Test("F-3 across London's change to summer time a fixed anchor keeps its wall-clock time, one hour earlier in UTC; at a time the clock skips it starts when the clock jumps")
    func fixedAcrossDST() throws {
        let calendar = try Fixture.calendar("Europe/London")
        let standup = try Self.fixed("Standup", "09:30")
        let first = try Fixture.day("2026-03-01")
        let before = try #require(try Self.day("2026-03-28", calendar: calendar).occurrence(of: standup, firstDay: first, resolution: nil))
        let after = try #require(try Self.day("2026-03-30", calendar: calendar).occurrence(of: standup, firstDay: first, resolution: nil))
        expectEqual(before.start, (try Fixture.utc("2026-03-28T09:30:00Z")))
        expectEqual(after.start, (try Fixture.utc("2026-03-30T08:30:00Z")))
        expectEqual(calendar.timeOfDay(at: after.start), TimeOfDay(hour: 9, minute: 30))
        // 01:30 on the night the clock goes from 01:00 to 02:00: the anchor starts at 02:00 BST (01:00 UTC).
        let night = try Self.fixed("Night call", "01:30", duration: 60)
        let skipped = try #require(try Self.day("2026-03-29", calendar: calendar).occurrence(of: night, firstDay: first, resolution: nil))
        expectEqual(skipped.start, (try Fixture.utc("2026-03-29T01:00:00Z")))
        expectEqual(skipped.end, (try Fixture.utc("2026-03-29T02:00:00Z")), "an hour of elapsed time")
        expectEqual(skipped.region, nil)
    }

    @Test("F-3 with a 04:00 rollover an anchor at 01:30 falls in the small hours after the day's date, still that logical day, in an evening that runs past midnight")
    func smallHours() throws {
        let calendar = try Fixture.calendar("Europe/London", rollover: "04:00")
        let regions = RegionHours(morning: try RegionSpan.parse("06:00-12:00"), afternoon: try RegionSpan.parse("12:00-17:00"),
                                  evening: try RegionSpan.parse("20:00-02:00"))
        try regions.check(rollover: calendar.rollover)
        let late = try Self.fixed("Late prayer group", "01:30")
        let day = try Self.day("2026-03-10", calendar: calendar, regions: regions)
        let occurrence = try #require(day.occurrence(of: late, firstDay: try Fixture.day("2026-03-01"), resolution: nil))
        expectEqual(occurrence.start, (try Fixture.utc("2026-03-11T01:30:00Z")))
        expectEqual(calendar.logicalDay(at: occurrence.start), (try Fixture.day("2026-03-10")))
        expectEqual(occurrence.region, .evening)
    }

    @Test("F-3 F-7 prayer anchors start at the day's prayer times in Europe/London across the March change: the same instants PrayerTimes gives, the wall clock an hour on")
    func prayersAcrossDST() throws {
        let calendar = try Fixture.calendar("Europe/London")
        let first = try Fixture.day("2026-03-01")
        let zone = try Fixture.zone("Europe/London")
        for text in ["2026-03-28", "2026-03-29", "2026-03-30"] {
            let day = try Self.day(text, calendar: calendar)
            let times = PrayerTimes(on: try Fixture.day(text), at: Self.london, settings: PrayerSettings(location: Self.london), in: zone)
            for prayer in Prayer.allCases {
                let occurrence = try #require(day.occurrence(of: Self.prayer(prayer), firstDay: first, resolution: nil))
                expectEqual(occurrence.start, times[prayer], "\(prayer) on \(text)")
                expectEqual(occurrence.end.timeIntervalSince(occurrence.start), 15 * 60)
            }
        }
        let saturday = try #require(try Self.day("2026-03-28", calendar: calendar).occurrence(of: Self.prayer(.dhuhr), firstDay: first, resolution: nil))
        let sunday = try #require(try Self.day("2026-03-29", calendar: calendar).occurrence(of: Self.prayer(.dhuhr), firstDay: first, resolution: nil))
        // Dhuhr moves by a minute of the sun and an hour of the clock.
        expectTrue(abs(sunday.start.timeIntervalSince(saturday.start) - 86_400) <= 60)
        expectEqual(calendar.utcOffsetSeconds(at: saturday.start), 0)
        expectEqual(calendar.utcOffsetSeconds(at: sunday.start), 3600)
        expectEqual(calendar.timeOfDay(at: sunday.start).hour, calendar.timeOfDay(at: saturday.start).hour + 1)
        expectEqual(saturday.region, .afternoon)
        expectEqual(sunday.region, .afternoon)
        let fajr = try #require(try Self.day("2026-03-29", calendar: calendar).occurrence(of: Self.prayer(.fajr), firstDay: first, resolution: nil))
        expectEqual(fajr.region, nil, "Fajr before 06:00 is in no region")
    }

    @Test("F-3 F-7 without a location a prayer anchor has no occurrence; a fixed one still has")
    func noLocation() throws {
        let calendar = try Fixture.calendar("Europe/London")
        let day = try Self.day("2026-03-28", calendar: calendar, location: nil)
        let first = try Fixture.day("2026-03-01")
        expectEqual(day.occurrence(of: Self.prayer(.fajr), firstDay: first, resolution: nil), nil)
        expectNotEqual(day.occurrence(of: try Self.fixed("Walk", "07:00"), firstDay: first, resolution: nil), nil)
    }

    @Test("F-3 F-8 far north in summer a prayer anchor still has one occurrence a day, at the high-latitude rule's time")
    func highLatitude() throws {
        let oslo = try #require(PrayerLocation(latitude: 59.9139, longitude: 10.7522))
        let calendar = try Fixture.calendar("Europe/Oslo")
        let first = try Fixture.day("2026-06-01")
        for text in ["2026-06-20", "2026-06-21", "2026-06-22"] {
            let day = try Self.day(text, calendar: calendar, location: oslo)
            let isha = try #require(day.occurrence(of: Self.prayer(.isha), firstDay: first, resolution: nil))
            let fajr = try #require(day.occurrence(of: Self.prayer(.fajr), firstDay: first, resolution: nil))
            expectTrue(fajr.start < isha.start)
            expectEqual(day.prayerTimes?.boundedPrayers.contains(.isha), true)
        }
    }

    @Test("F-3 F-4 the day's occurrences come in time order with each one's mark")
    func ordered() throws {
        let calendar = try Fixture.calendar("Europe/London")
        let day = try Self.day("2026-03-30", calendar: calendar)
        let walk = try Self.fixed("Walk", "07:00"), standup = try Self.fixed("Standup", "09:30"), asr = Self.prayer(.asr)
        let mark = AnchorResolution(id: UUID(), anchorID: standup.id, day: day.day, outcome: .attended,
                                    resolvedAt: try Fixture.utc("2026-03-30T09:00:00Z"), modifiedAt: try Fixture.utc("2026-03-30T09:00:00Z"))
        let list = day.occurrences(of: [asr, standup, walk], firstDay: { _ in day.day }, resolutions: [standup.id: mark])
        expectEqual(list.map(\.anchor.title), ["Walk", "Standup", "Asr"])
        expectEqual(list.map(\.outcome), [nil, .attended, nil])
        expectEqual(list[1].resolvedAt, mark.resolvedAt)
    }
}
