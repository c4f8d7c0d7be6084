import CharflowCore
import Foundation
import Testing

/// Builders for the task rule tests; no machine clock, zone or locale is read.
enum TaskFixture {
    static func day(_ text: String) -> LocalDay {
        LocalDay(text)!
    }

    /// 2026-11-30T09:00:00Z plus `seconds`.
    static func instant(_ seconds: Int = 0) -> Date {
        Date(timeIntervalSince1970: 1_796_029_200 + Double(seconds))
    }

    static func calendar(_ zone: String = "Europe/London", firstWeekday: Weekday = .monday, rollover: String = "00:00")
        -> PlannerCalendar {
        PlannerCalendar(timeZone: TimeZone(identifier: zone)!, firstWeekday: firstWeekday, rollover: TimeOfDay(rollover)!)
    }

    static func task(
        _ title: String = "Task", due: String? = nil, importance: Importance = .low, deferrals: Int = 0,
        created: Int = 0, repeat kind: RepeatKind = .none, weekdays: String = "", dayOfMonth: Int = 0
    ) -> TaskItem {
        TaskItem(title: title, dueDate: due.map(day), importance: importance, deferralCount: deferrals,
                 repeatKind: kind, repeatWeekdays: weekdays, repeatDayOfMonth: dayOfMonth,
                 createdAt: instant(created))
    }
}
