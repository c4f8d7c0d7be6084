import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("LocalDay: a zone-free calendar date")
struct LocalDayTests {
    @Test("parses YYYY-MM-DD and prints it back unchanged", arguments: [
        "1970-01-01", "2026-03-29", "2024-02-29", "2000-02-29", "1999-12-31", "2026-11-01", "0001-01-01", "9999-12-31",
    ])
    func roundTrip(_ text: String) throws {
        let day = try #require(LocalDay(text))
        expectEqual(day.description, text)
        expectEqual(LocalDay(year: day.year, month: day.month, day: day.day), day)
    }

    @Test("refuses impossible dates and other shapes", arguments: [
        "2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-01-00", "2026-1-01",
        "2026/01/01", "20260101", "", "2026-01-01T00:00", "abcd-ef-gh", "+026-01-01", "2026-01-1 ",
    ])
    func refusesBadText(_ text: String) {
        expectEqual(LocalDay(text), nil)
    }

    @Test("ordinal 0 is 1970-01-01, a Thursday, and days before it are negative")
    func epoch() throws {
        expectEqual(LocalDay(ordinal: 0).description, "1970-01-01")
        expectEqual(LocalDay(ordinal: 0).weekday, .thursday)
        expectEqual(LocalDay(ordinal: -1).description, "1969-12-31")
        expectEqual(LocalDay(ordinal: -1).weekday, .wednesday)
        try expectEqual(Fixture.day("1969-12-28").weekday, .sunday)
    }

    @Test("weekday follows the ISO numbering", arguments: [
        ("2026-03-01", Weekday.sunday), ("2026-03-02", .monday), ("2026-03-05", .thursday),
        ("2026-03-29", .sunday), ("2026-11-01", .sunday), ("2024-02-29", .thursday), ("2000-01-01", .saturday),
    ])
    func weekday(_ text: String, _ expected: Weekday) throws {
        try expectEqual(Fixture.day(text).weekday, expected)
    }

    @Test("adding days crosses months, years and leap days")
    func arithmetic() throws {
        let day = try Fixture.day("2024-02-28")
        expectEqual(day.adding(days: 1).description, "2024-02-29")
        expectEqual(day.adding(days: 2).description, "2024-03-01")
        try expectEqual(Fixture.day("2025-12-31").adding(days: 1).description, "2026-01-01")
        try expectEqual(Fixture.day("2026-03-01").adding(days: -1).description, "2026-02-28")
        try expectEqual(Fixture.day("2026-01-01").days(to: Fixture.day("2026-12-31")), 364)
        try expectEqual(Fixture.day("2026-12-31").days(to: Fixture.day("2026-01-01")), -364)
        try expectEqual(Fixture.day("2026-03-28").adding(days: 1), Fixture.day("2026-03-29"))
    }

    @Test("order is calendar order")
    func order() throws {
        expectTrue(try Fixture.day("2026-03-09") < Fixture.day("2026-03-10"))
        expectTrue(try Fixture.day("2025-12-31") < Fixture.day("2026-01-01"))
        expectTrue(try !(Fixture.day("2026-03-10") < Fixture.day("2026-03-10")))
    }

    @Test("days in month and leap years")
    func monthLengths() {
        expectEqual(LocalDay.daysIn(month: 2, year: 2024), 29)
        expectEqual(LocalDay.daysIn(month: 2, year: 2026), 28)
        expectEqual(LocalDay.daysIn(month: 2, year: 1900), 28)
        expectEqual(LocalDay.daysIn(month: 2, year: 2000), 29)
        expectEqual(LocalDay.daysIn(month: 4, year: 2026), 30)
        expectEqual(LocalDay.daysIn(month: 12, year: 2026), 31)
    }

    @Test("every day of 2024 to 2027 survives text and parts round trips in sequence")
    func sequence() throws {
        var day = try Fixture.day("2024-01-01")
        let end = try Fixture.day("2028-01-01")
        var previous: LocalDay?
        while day < end {
            let reparsed = try #require(LocalDay(day.description))
            expectEqual(reparsed, day)
            if let previous {
                expectEqual(previous.weekday.rawValue % 7 + 1, day.weekday.rawValue)
            }
            previous = day
            day = day.adding(days: 1)
        }
        try expectEqual(Fixture.day("2024-01-01").days(to: end), 366 + 365 + 365 + 365)
    }
}

@Suite("TimeOfDay and Weekday")
struct TimeOfDayTests {
    @Test("parses HH:MM and H:MM", arguments: [("00:00", 0), ("04:00", 240), ("7:05", 425), ("23:59", 1439)])
    func parses(_ text: String, _ minutes: Int) throws {
        let time = try #require(TimeOfDay(text))
        expectEqual(time.minutes, minutes)
    }

    @Test("refuses times outside the day or in other shapes", arguments: [
        "24:00", "12:60", "7:5", "0700", "07:00:00", "", ":30", "-1:00", "+7:00", "07-00", "ab:cd", "٠٧:٠٠", "07:0x", " 7:00",
    ])
    func refuses(_ text: String) {
        expectEqual(TimeOfDay(text), nil)
    }

    @Test("prints zero-padded and orders by minutes")
    func printing() throws {
        try expectEqual(Fixture.time("7:05").description, "07:05")
        expectEqual(TimeOfDay.midnight.description, "00:00")
        expectTrue(try Fixture.time("04:00") < Fixture.time("18:00"))
        expectEqual(TimeOfDay(hour: 24, minute: 0), nil)
        expectEqual(TimeOfDay(minutes: 1440), nil)
        expectEqual(TimeOfDay(minutes: -1), nil)
    }

    @Test("weekday names: full, three letters, any case; ISO numbers")
    func weekdayNames() {
        expectEqual(Weekday(name: "Monday"), .monday)
        expectEqual(Weekday(name: "sun"), .sunday)
        expectEqual(Weekday(name: "SAT"), .saturday)
        expectEqual(Weekday(name: "mo"), nil)
        expectEqual(Weekday(name: ""), nil)
        expectEqual(Weekday(name: "funday"), nil)
        expectEqual(Weekday(isoNumber: 7), .sunday)
        expectEqual(Weekday(isoNumber: 0), nil)
        expectEqual(Weekday.sunday.shortName, "Sun")
        expectEqual(Weekday.allCases.map(\.isoNumber), [1, 2, 3, 4, 5, 6, 7])
    }
}
