import CharflowCore
import CharflowStore
import Foundation

/// One logical day's fixed points and free time (spec D22, rules F-13 to F-16): its events and anchors in
/// time order, each with its region, and each region's free and planned minutes.
public struct DayTime: Sendable {
    public let free: FreeTime
    /// The day's calendar events and anchor occurrences, all-day events first, then in time order.
    public let points: [FixedPoint]

    public var day: LocalDay { free.day }

    /// The points whose start lies in `region`'s hours, in time order.
    public func points(in region: Region) -> [FixedPoint] {
        points.filter { $0.region == region }
    }

    /// The points no region holds: all-day events, and those before, between or after the regions' hours.
    public var pointsOutsideRegions: [FixedPoint] {
        points.filter { $0.region == nil }
    }
}

extension Charflow {
    /// `day`'s events and anchors and its regions' free time, against the tasks of `board` (its planned
    /// effort). Reads the anchors, the day's marks, the day's range of the calendar cache and the
    /// habits' windows: only what the day needs.
    package func dayTime(on day: LocalDay, board: DayBoard) throws -> DayTime {
        let points = FixedPoint.day(day, events: try calendarEvents(on: day), anchors: try anchorOccurrences(on: day),
                                    calendar: calendar, hours: settings.regionHours)
        let free = FreeTime(day: day, calendar: calendar, hours: settings.regionHours, points: points,
                            habits: try habitLoads(on: day), board: board)
        return DayTime(free: free, points: points)
    }

    /// The effort of each habit window due on `day` (weekly targets left out: they are due on no
    /// particular day), with when the window begins.
    package func habitLoads(on day: LocalDay) throws -> [FreeTime.HabitLoad] {
        let windows = try recentHabitRows().windows
        var loads: [FreeTime.HabitLoad] = []
        for habit in try habits() {
            for window in windows[habit.id] ?? [] where (window.effortMinutes ?? 0) > 0 {
                let history = try history(of: window, habit: habit, from: day, through: day)
                if history.isDue(day), !(history.schedule(on: day)?.isWeeklyTarget ?? false) {
                    loads.append(FreeTime.HabitLoad(window: window))
                }
            }
        }
        return loads
    }
}
