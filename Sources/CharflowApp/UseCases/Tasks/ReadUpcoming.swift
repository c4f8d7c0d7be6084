import CharflowCore
import CharflowStore
import Foundation

/// What is coming: the live tasks due after today, and the next days' events, anchors and free time.
public struct UpcomingReport: Report {
    public let list: TaskListReport
    /// Tomorrow and the six days after it (rule F-16), each with its regions' minutes and fixed points.
    public let days: [DayTime]
    /// How many tasks wait in the Backlog (undated or overdue): Upcoming's Someday links there and says
    /// the Backlog's own count, so it agrees with Today and the Backlog (B-16).
    public let backlogCount: Int
    let calendar: PlannerCalendar

    /// `{"tasks": [...], "days": [{"date", "regions", "freeMinutes", "plannedMinutes", "dayHabitMinutes", "fixedPoints"}],
    /// "backlogCount": N}`.
    public var json: JSONValue {
        let times = DayTimeJSON(calendar: calendar)
        return .object([
            ("tasks", list.render.tasks(list.tasks)),
            ("days", .array(days.map { day in
                .object([("date", .string(day.day.description)),
                         ("regions", .object(day.free.regions.map { ($0.region.rawValue, .object(times.regionFields($0))) }))]
                        + times.dayFields(day))
            })),
            ("backlogCount", .int(backlogCount)),
        ])
    }
}

extension Charflow {
    /// How many days after today Upcoming gives the events, anchors and free time of.
    public static let upcomingDays = 7

    /// Read what is coming: the live tasks due after today, in the engine's order (T-15).
    public func upcoming() throws -> TaskListReport {
        try list(EngineOrder.sorted(try store.taskRepository.live(dueAfter: today), today: today))
    }

    /// Upcoming as the command and the page show it: the tasks, and the next week's days with their
    /// events and anchors in time order and their regions' planned and free minutes (F-16).
    public func readUpcoming() throws -> UpcomingReport {
        let days = try (1...Charflow.upcomingDays).map { offset in
            let day = today.adding(days: offset)
            return try dayTime(on: day, board: try board(on: day))
        }
        return UpcomingReport(list: try upcoming(), days: days, backlogCount: try backlogCount(), calendar: calendar)
    }
}
