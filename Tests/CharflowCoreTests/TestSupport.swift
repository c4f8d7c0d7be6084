import CharflowCore
import Foundation
import Testing

/// Shared builders for the core tests: explicit zones, days, instants and tasks, never the machine's clock.
enum Fixture {
    /// The zones every calendar-sensitive test runs in: one without daylight saving, two with it.
    static let zoneIDs = ["UTC", "Europe/London", "America/New_York"]

    static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier), "unknown zone \(identifier)")
    }

    static func day(_ text: String) throws -> LocalDay {
        try #require(LocalDay(text), "not a day: \(text)")
    }

    static func time(_ text: String) throws -> TimeOfDay {
        try #require(TimeOfDay(text), "not a time: \(text)")
    }

    static func calendar(
        _ zoneID: String = "Europe/London", firstWeekday: Weekday = .monday, rollover: String = "00:00"
    ) throws -> PlannerCalendar {
        PlannerCalendar(timeZone: try zone(zoneID), firstWeekday: firstWeekday, rollover: try time(rollover))
    }

    /// The instant the wall clock of `calendar` reads `time` on `day`.
    static func instant(_ day: String, _ time: String, in calendar: PlannerCalendar) throws -> Date {
        calendar.instant(on: try Fixture.day(day), at: try Fixture.time(time))
    }

    /// A fixed instant for values that only need "some creation time"; seconds apart when `offset` differs.
    static func created(_ offset: Int = 0) -> Date {
        // 2026-03-02T09:00:00Z, written out so no test reads the machine's clock.
        Date(timeIntervalSince1970: 1_772_442_000 + Double(offset))
    }

    /// A UTC ISO-8601 instant, for expectations written as literal instants.
    static func utc(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return try #require(formatter.date(from: text), "not an ISO instant: \(text)")
    }

    /// A task placed on `day` in `region` / `bucket`.
    static func placed(
        _ title: String, _ region: Region, _ bucket: Bucket, on day: LocalDay, order: Int = 0,
        completed: Bool = false, dropped: Bool = false, created offset: Int = 0
    ) -> TaskItem {
        TaskItem(
            title: title, dueDate: day, isCompleted: completed,
            completedAt: completed ? created(offset + 60) : nil, droppedAt: dropped ? created(offset + 120) : nil,
            createdAt: created(offset), region: region, bucket: bucket, sortOrder: order)
    }
}
