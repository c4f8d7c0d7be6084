import CharflowTestSupport
import Foundation
import Testing

/// Rollover and Backlog grouping in several zones and with either first weekday.
@Suite("Time zones and week starts through the command line")
struct TimeZoneTests {
    /// A zone and the dates where it changes its clocks in 2026 (UTC gets ordinary dates).
    struct Zone: CustomTestStringConvertible, Sendable {
        let name: String
        /// A day whose night ends summer time (a 25-hour day); `nightBefore` is the day before it.
        let nightBefore: String
        let fallBackDay: String
        /// The offsets on `nightBefore` evening and on `fallBackDay` at noon.
        let summerOffset: String
        let winterOffset: String
        /// A day whose night starts summer time (a 23-hour day).
        let springForwardDay: String

        var testDescription: String { name }
    }

    static let zones = [
        Zone(name: "Europe/London", nightBefore: "2026-10-24", fallBackDay: "2026-10-25",
             summerOffset: "+01:00", winterOffset: "+00:00", springForwardDay: "2026-03-29"),
        Zone(name: "America/New_York", nightBefore: "2026-10-31", fallBackDay: "2026-11-01",
             summerOffset: "-04:00", winterOffset: "-05:00", springForwardDay: "2026-03-08"),
        Zone(name: "UTC", nightBefore: "2026-10-24", fallBackDay: "2026-10-25",
             summerOffset: "+00:00", winterOffset: "+00:00", springForwardDay: "2026-03-29"),
    ]

    @Test("B-13 B-14 rollover at local midnight across the night that ends summer time", arguments: zones)
    func midnightRollover(_ zone: Zone) throws {
        let runner = try CharflowRunner(timeZone: zone.name)
        defer { runner.removeFolder() }
        let evening = "\(zone.nightBefore)T23:59"
        let added = try runner.json(["add", "Late idea", "--region", "evening"], now: evening)
        expectEqual(added["dueDate"] as? String, zone.nightBefore)
        expectEqual(added["createdAt"] as? String, "\(zone.nightBefore)T23:59:00\(zone.summerOffset)")
        let id = try #require(added["id"] as? String)

        // One minute later, local time: the new day, in every zone.
        let midnight = try runner.json(["today"], now: "\(zone.fallBackDay)T00:00")
        expectEqual(midnight["date"] as? String, zone.fallBackDay)
        expectEqual(midnight["backlogCount"] as? Int, 1)
        try expectEqual(runner.backlogGroups(now: "\(zone.fallBackDay)T00:00")["Yesterday"], ["Late idea"])

        // The long day is still one logical day: late that evening nothing more happens.
        let before = try runner.contents()
        _ = try runner.json(["backlog"], now: "\(zone.fallBackDay)T23:59")
        try expectEqual(runner.contents(), before)
        let late = try runner.json(["today"], now: "\(zone.fallBackDay)T23:59")
        expectEqual(late["date"] as? String, zone.fallBackDay)
        let task = try runner.show(id, now: "\(zone.fallBackDay)T23:59")
        expectEqual(task["deferralCount"] as? Int, 1)
        expectEqual((task["deferrals"] as? [[String: Any]])?.first?["day"] as? String, zone.fallBackDay)
        expectEqual(task["createdAt"] as? String, "\(zone.nightBefore)T23:59:00\(zone.summerOffset)")

        // An instant after the change reads the winter offset.
        let noon = try runner.json(["edit", id, "--notes", "noted at noon"], now: "\(zone.fallBackDay)T12:00")
        expectEqual(noon["modifiedAt"] as? String, "\(zone.fallBackDay)T12:00:00\(zone.winterOffset)")
    }

    @Test("B-14 P-7 a 04:00 rollover on the night summer time starts follows the wall clock", arguments: zones)
    func lateRolloverOnShortNight(_ zone: Zone) throws {
        let runner = try CharflowRunner(timeZone: zone.name)
        defer { runner.removeFolder() }
        let day = zone.springForwardDay
        let previous = try #require(LocalDayText.previous(day))
        _ = try runner.json(["settings", "rollover-time", "04:00"], now: "\(previous)T18:00")
        let id = try runner.add("Night owl", ["--region", "evening"], now: "\(previous)T22:00")

        let before = try runner.contents()
        _ = try runner.json(["backlog"], now: "\(day)T03:59")
        try expectEqual(runner.contents(), before)
        let stillPrevious = try runner.json(["today"], now: "\(day)T03:59")
        expectEqual(stillPrevious["date"] as? String, previous)
        expectEqual(JSONPath.titles(JSONPath.tasks(stillPrevious, "regions", "evening", "misc")), ["Night owl"])

        let next = try runner.json(["today"], now: "\(day)T04:00")
        expectEqual(next["date"] as? String, day)
        expectEqual(BucketCounts(today: next, "evening"), BucketCounts(0, 0, 0))
        expectTrue(try runner.show(id, now: "\(day)T04:00")["region"] is NSNull)
        try expectEqual(runner.backlogGroups(now: "\(day)T04:00")["Yesterday"], ["Night owl"])
    }

    /// Backlog entries on Saturday 28, Sunday 29, Monday 30 November and Tuesday 1 December, seen on
    /// Wednesday 2 December: Sunday is This Week when weeks start on Sunday, Older when on Monday.
    static let weekStarts: [(String, [String: Set<String>])] = [
        ("monday", ["Today": ["Wednesday"], "Yesterday": ["Tuesday"], "This Week": ["Monday"],
                    "Older": ["Saturday", "Sunday"]]),
        ("sunday", ["Today": ["Wednesday"], "Yesterday": ["Tuesday"], "This Week": ["Monday", "Sunday"],
                    "Older": ["Saturday"]]),
    ]

    @Test("B-16 P-7 Backlog This Week vs Older follows the first weekday, in every zone",
          arguments: zones.map(\.name), weekStarts)
    func weekStart(_ zone: String, _ start: (String, [String: Set<String>])) throws {
        let runner = try CharflowRunner(timeZone: zone)
        defer { runner.removeFolder() }
        let (weekday, expected) = start
        try expectEqual(runner.json(["settings", "first-weekday", weekday], now: "2026-11-27T09:00")["first-weekday"]
                    as? String, weekday)
        // Two tasks parked straight into the Backlog, two carried there by rollover.
        try runner.add("Saturday", now: "2026-11-28T10:00")
        try runner.add("Sunday", ["--region", "evening"], now: "2026-11-29T10:00")
        try runner.add("Monday", now: "2026-11-30T23:59")
        try runner.add("Tuesday", ["--region", "morning"], now: "2026-12-01T00:00")
        try runner.add("Wednesday", now: "2026-12-02T00:01")
        let groups = try runner.backlogGroups(now: "2026-12-02T09:00")
        for (name, titles) in expected {
            expectEqual(Set(groups[name] ?? []), titles, "\(name) with weeks from \(weekday) in \(zone)")
        }
        // A week later everything is Older whatever the week start.
        let later = try runner.backlogGroups(now: "2026-12-09T09:00")
        expectEqual(Set(later["Older"] ?? []), ["Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"])
        expectEqual(later["Yesterday"], [])
    }

    @Test("B-16 P-7 without a setting the first weekday comes from the locale",
          arguments: [("C.UTF-8", "monday"), ("en_GB.UTF-8", "monday"), ("en_US.UTF-8", "sunday")])
    func localeWeekStart(_ language: String, _ weekday: String) throws {
        var runner = try CharflowRunner(timeZone: "UTC")
        defer { runner.removeFolder() }
        runner.language = language
        let settings = try runner.json(["settings", "first-weekday"], now: "2026-12-02T09:00")
        expectEqual(settings["first-weekday"] as? String, weekday)
        try runner.add("Sunday", now: "2026-11-29T10:00")
        let groups = try runner.backlogGroups(now: "2026-12-02T09:00")
        expectEqual(groups[weekday == "sunday" ? "This Week" : "Older"], ["Sunday"])
    }
}

/// Day arithmetic on `YYYY-MM-DD` text for test fixtures.
enum LocalDayText {
    static func previous(_ text: String) -> String? {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        guard let date = formatter.date(from: text) else { return nil }
        return formatter.string(from: date.addingTimeInterval(-86_400))
    }
}
