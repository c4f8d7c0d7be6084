import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The hours of Morning, Afternoon and Evening (spec D22, rule F-1): their form, their defaults, which
/// region a time belongs to, and the refusal of hours that overlap or leave the logical day, which runs
/// from the rollover time to the next.
@Suite("Region hours (F-1)")
struct RegionHoursTests {
    static func span(_ text: String) throws -> RegionSpan {
        try RegionSpan.parse(text)
    }

    static func hours(_ morning: String, _ afternoon: String, _ evening: String) throws -> RegionHours {
        RegionHours(morning: try span(morning), afternoon: try span(afternoon), evening: try span(evening))
    }

    @Test("F-1 the defaults are 06:00–12:00, 12:00–17:00 and 17:00–22:00, and fit a day from midnight, 04:00 and 23:00")
    func defaults() throws {
        let hours = PlannerSettings().regionHours
        expectEqual(hours.morning.description, "06:00-12:00")
        expectEqual(hours.afternoon.description, "12:00-17:00")
        expectEqual(hours.evening.description, "17:00-22:00")
        for rollover in ["00:00", "04:00", "23:00"] {
            try hours.check(rollover: try Fixture.time(rollover))
        }
    }

    @Test("F-1 hours read from HH:MM-HH:MM, with an en dash or spaces, and back in the settings' form",
          arguments: [("06:00-12:00", "06:00-12:00", 360), ("6:30 - 11:45", "06:30-11:45", 315), ("22:00–01:30", "22:00-01:30", 210),
                      ("00:00-23:59", "00:00-23:59", 1439)])
    func parse(_ text: String, _ stored: String, _ minutes: Int) throws {
        let span = try Self.span(text)
        expectEqual(span.description, stored)
        expectEqual(span.minutes, minutes)
        try expectEqual(Self.span(span.description), span)
    }

    @Test("F-1 what is not a region's hours is refused as bad_hours, naming it",
          arguments: ["06:00", "06:00-06:00", "25:00-26:00", "morning", "06:00-12:00-17:00", "", "6-12", "06:00-"])
    func badForms(_ text: String) {
        #expect(throws: InputError.badRegionHours(text)) { try RegionSpan.parse(text) }
        expectEqual(InputError.badRegionHours(text).code, "bad_hours")
        expectContains(InputError.badRegionHours(text).message, "'\(text)'")
    }

    @Test("F-1 overlapping hours are refused, naming both regions and their hours")
    func overlap() throws {
        let hours = try Self.hours("06:00-13:00", "12:00-17:00", "17:00-22:00")
        #expect(throws: PlannerError.regionHoursOverlap(.morning, "06:00–13:00", .afternoon, "12:00–17:00")) {
            try hours.check(rollover: .midnight)
        }
        let refusal = PlannerError.regionHoursOverlap(.morning, "06:00–13:00", .afternoon, "12:00–17:00")
        expectEqual(refusal.message, "Morning (06:00–13:00) and Afternoon (12:00–17:00) would overlap; each hour belongs to one region at most.")
        expectEqual(refusal.code, "hours_overlap")
        // An evening over midnight that starts before the afternoon ends.
        let wrapped = try Self.hours("06:00-12:00", "12:00-17:00", "16:00-02:00")
        #expect(throws: PlannerError.regionHoursOverlap(.afternoon, "12:00–17:00", .evening, "16:00–02:00")) {
            try wrapped.check(rollover: TimeOfDay(hour: 4, minute: 0)!)
        }
        // Hours that touch share no minute.
        try Self.hours("05:00-12:00", "12:00-18:00", "18:00-23:00").check(rollover: .midnight)
    }

    @Test("F-1 with a 04:00 rollover an evening may run past midnight to 04:00 but not beyond, and a morning may not start before 04:00 and end after it")
    func rolloverAtFour() throws {
        let four = try Fixture.time("04:00")
        try Self.hours("06:00-12:00", "12:00-17:00", "20:00-01:00").check(rollover: four)
        try Self.hours("06:00-12:00", "12:00-17:00", "20:00-04:00").check(rollover: four)
        #expect(throws: PlannerError.regionHoursOutsideDay(.evening, "20:00–05:00", rollover: four)) {
            try Self.hours("06:00-12:00", "12:00-17:00", "20:00-05:00").check(rollover: four)
        }
        #expect(throws: PlannerError.regionHoursOutsideDay(.morning, "03:00–12:00", rollover: four)) {
            try Self.hours("03:00-12:00", "12:00-17:00", "17:00-22:00").check(rollover: four)
        }
        // From midnight, an evening past midnight leaves the day.
        #expect(throws: PlannerError.regionHoursOutsideDay(.evening, "20:00–01:00", rollover: .midnight)) {
            try Self.hours("06:00-12:00", "12:00-17:00", "20:00-01:00").check(rollover: .midnight)
        }
    }

    @Test("F-1 with a 23:00 rollover the day runs 23:00 to 23:00: an evening to 23:00 fits, one to 23:30 leaves it, and a morning may start at 23:00")
    func rolloverAtEleven() throws {
        let eleven = try Fixture.time("23:00")
        try Self.hours("06:00-12:00", "12:00-17:00", "17:00-23:00").check(rollover: eleven)
        try Self.hours("23:00-12:00", "12:00-17:00", "17:00-22:00").check(rollover: eleven)
        #expect(throws: PlannerError.regionHoursOutsideDay(.evening, "17:00–23:30", rollover: eleven)) {
            try Self.hours("06:00-12:00", "12:00-17:00", "17:00-23:30").check(rollover: eleven)
        }
        let refusal = PlannerError.regionHoursOutsideDay(.evening, "17:00–23:30", rollover: eleven)
        expectEqual(refusal.message, "Evening (17:00–23:30) would run past the end of the day at 23:00; a region's hours lie within one day, from the rollover time to the next.")
        expectEqual(refusal.code, "hours_outside_day")
        expectEqual(refusal.kind, .conflict)
    }

    @Test("F-1 a time belongs to the region whose hours hold it, its start included and its end not; outside every region it belongs to none")
    func regionAtTime() throws {
        let hours = try Self.hours("06:00-12:00", "12:00-17:00", "20:00-01:00")
        expectEqual(hours.region(at: try Fixture.time("06:00")), .morning)
        expectEqual(hours.region(at: try Fixture.time("11:59")), .morning)
        expectEqual(hours.region(at: try Fixture.time("12:00")), .afternoon)
        expectEqual(hours.region(at: try Fixture.time("17:30")), nil)
        expectEqual(hours.region(at: try Fixture.time("23:30")), .evening)
        expectEqual(hours.region(at: try Fixture.time("00:59")), .evening)
        expectEqual(hours.region(at: try Fixture.time("01:00")), nil)
        expectEqual(hours.region(at: try Fixture.time("05:00")), nil)
    }

    @Test("F-1 each region's hours are a setting read back from its text, and a location none clears the place")
    func settings() throws {
        var settings = PlannerSettings()
        try settings.set("evening", to: "18:30-23:00")
        expectEqual(settings.value(of: "evening"), "18:30-23:00")
        expectEqual(settings.regionHours.evening.description, "18:30-23:00")
        try settings.checkRegionHours()
        try settings.set("morning", to: "05:00-13:00")
        #expect(throws: PlannerError.self) { try settings.checkRegionHours() }
        try settings.set("location", to: "51.5,-0.1")
        expectEqual(settings.value(of: "location"), "51.5,-0.1")
        try settings.set("location", to: "none")
        expectEqual(settings.value(of: "location"), nil)
        expectContains(PlannerSettings.dayShapingKeys, "morning")
        expectContains(PlannerSettings.dayShapingKeys, "prayer-adjust-isha")
        expectLacks(PlannerSettings.dayShapingKeys, "color")
    }
}
