import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Free time per region on the command line (rules F-13 to F-16): Today's cards, `region`, `plan` and
/// `upcoming`, with a real `.ics` file calendar and a real anchor, in Berlin a week before its clocks go
/// forward.
@Suite("Free time on the command line (F-13 to F-16)")
struct FreeTimeCLITests {
    static let now = "2026-03-20T08:00"

    /// A Berlin store with a file calendar (a review 10:00–11:00 on Friday 20 March, an all-day
    /// conference that day, a choir 18:00–20:00 on Monday 23 March) and a weekday Standup at 09:30.
    static func runner() throws -> CharflowRunner {
        let runner = try CalendarCLI.runner()
        let text = CalendarCLI.calendar([
            CalendarCLI.event("review", "Design review", "20260320T090000Z", "20260320T100000Z"),
            CalendarCLI.event("conference", "Conference", "20260320", "20260321"),
            CalendarCLI.event("choir", "Choir", "20260323T170000Z", "20260323T190000Z"),
        ])
        let file = runner.folder.appendingPathComponent("work.ics")
        try text.write(to: file, atomically: true, encoding: .utf8)
        try runner.ok(["calendar", "add", "Work", file.path], now: now)
        try runner.ok(["anchor", "add", "Standup", "--at", "09:30", "--for", "15", "--weekdays"], now: now)
        return runner
    }

    /// The lines of `text` from the one that starts with `heading` up to the next blank line.
    static func section(_ text: String, _ heading: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        return Array(lines[start...].prefix { !$0.isEmpty })
    }

    @Test("F-14 F-16 Today's cards say planned and free time and list the region's events and anchors in time order; an all-day event stands above them")
    func todayCards() throws {
        let runner = try Self.runner()
        defer { runner.removeFolder() }
        try runner.ok(["add", "Write the report", "--region", "morning", "--effort", "90"], now: Self.now)
        let text = try runner.ok(["today"], now: Self.now).stdout
        let morning = Self.section(text, "Morning")
        expectTrue(morning.count > 3, "\(text)")
        expectEqual(Array(morning.dropFirst().prefix(3)), ["  1 h 30 planned · 4 h 45 free", "  09:30–09:45 Standup (anchor)",
                                                         "  10:00–11:00 Design review"], "\(text)")
        expectEqual(Self.section(text, "Afternoon").dropFirst().first, "  0 min planned · 5 h free")
        expectEqual(Self.section(text, "Also today"), ["Also today", "  all day Conference"], "\(text)")
        let also = try #require(text.range(of: "Also today")), card = try #require(text.range(of: "Morning  "))
        expectTrue(also.lowerBound < card.lowerBound, "the all-day event comes before the regions")

        let json = try runner.json(["today"], now: Self.now)
        let regions = try #require(json["regions"] as? [String: [String: Any]])
        expectEqual(regions["morning"]?["plannedMinutes"] as? Int, 90)
        expectEqual(regions["morning"]?["freeMinutes"] as? Int, 285)
        expectEqual(regions["morning"]?["busyMinutes"] as? Int, 75)
        expectEqual(json["freeMinutes"] as? Int, 285 + 300 + 300)
        let points = try #require(json["fixedPoints"] as? [[String: Any]])
        expectEqual(points.map { $0["title"] as? String }, ["Conference", "Standup", "Design review"])
        expectEqual(points.map { $0["region"] as? String }, [nil, "morning", "morning"])
        expectEqual(points[1]["start"] as? String, "2026-03-20T09:30:00+01:00")
    }

    @Test("F-14 a region planned past its free time is a calm notice, said once that day, and the task is placed all the same")
    func overPlannedOnce() throws {
        let runner = try Self.runner()
        defer { runner.removeFolder() }
        let placed = try runner.ok(["add", "Big piece", "--region", "morning", "--effort", "300"], now: Self.now)
        expectContains(placed.stdout, "Morning", "never a block: \(placed.stdout)")
        let notice = "Morning holds about 5 h of tasks and 4 h 45 free. Something may fit better on another day."
        let first = try runner.ok(["today"], now: Self.now).stdout
        expectContains(first, notice, "\(first)")
        expectLacks(first, "!")
        let again = try runner.ok(["today"], now: "2026-03-20T08:05").stdout
        expectLacks(again, notice, "said once a day: \(again)")
        expectContains(again, "5 h planned · 4 h 45 free", "the card still says it: \(again)")
    }

    @Test("F-16 region lists its events and anchors; plan lists tomorrow's by region; upcoming the coming days' with their regions")
    func regionPlanAndUpcoming() throws {
        let runner = try Self.runner()
        defer { runner.removeFolder() }
        let region = try runner.ok(["region", "morning"], now: Self.now).stdout
        expectEqual(Array(Self.section(region, "Morning").dropFirst()), ["  0 min planned · 4 h 45 free",
                                                                       "  09:30–09:45 Standup (anchor)", "  10:00–11:00 Design review"], "\(region)")
        let regionJSON = try runner.json(["region", "morning"], now: Self.now)
        expectEqual((regionJSON["fixedPoints"] as? [[String: Any]])?.map { $0["title"] as? String }, ["Standup", "Design review"])
        expectEqual(regionJSON["freeMinutes"] as? Int, 285)

        // Sunday evening plans Monday 23 March: Standup in the Morning, Choir in the Evening.
        let plan = try runner.ok(["plan"], now: "2026-03-22T21:00").stdout
        expectContains(plan, "Morning 0 min planned · 5 h 45 free\n  09:30–09:45 Standup (anchor)", "\(plan)")
        expectContains(plan, "Evening 0 min planned · 3 h free\n  18:00–20:00 Choir", "\(plan)")
        let load = try #require(try runner.json(["plan"], now: "2026-03-22T21:00")["load"] as? [String: Any])
        expectEqual(load["freeMinutes"] as? Int, 345 + 300 + 180)
        expectEqual((load["fixedPoints"] as? [[String: Any]])?.map { $0["title"] as? String }, ["Standup", "Choir"])

        let upcoming = try runner.ok(["upcoming"], now: Self.now).stdout
        expectContains(upcoming, "Monday 23 March 2026 0 min planned · 13 h 45 free\n  09:30–09:45 Standup (anchor) · Morning\n  18:00–20:00 Choir · Evening", "\(upcoming)")
        expectLacks(upcoming, "Saturday 21 March", "a day without events or anchors is not listed: \(upcoming)")
        let days = try #require(try runner.json(["upcoming"], now: Self.now)["days"] as? [[String: Any]])
        expectEqual(days.count, 7)
        expectEqual(days.first?["date"] as? String, "2026-03-21")
    }
}
