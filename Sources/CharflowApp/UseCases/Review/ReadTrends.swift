import CharflowCore
import CharflowStore
import Foundation

/// Weeks of trends: the Must-Do rate, focus hours and deferrals of each week, ending with the
/// current one. Reading it writes nothing.
public enum ReadTrends {
    public struct Input: Decodable, Sendable {
        /// How many weeks; `TrendWeeks.usual` (12) when none.
        public var weeks: TrendWeeks?

        public init(weeks: Int? = nil) {
            self.weeks = weeks.map(TrendWeeks.init)
        }
    }
}

/// The trends as a report, oldest week first, with its JSON.
public struct TrendsReport: Report {
    public let weeks: [WeekTrend]
    public let today: LocalDay

    public var json: JSONValue {
        .object([("weeks", .array(weeks.map { week in
            .object([
                ("name", .string(ISOWeek.name(ofWeekStarting: week.firstDay))),
                ("firstDay", .string(week.firstDay.description)),
                ("lastDay", .string(week.firstDay.adding(days: 6).description)),
                ("mustDos", WeekReviewReport.tally(week.mustDos, "done", "placed")),
                ("focusSeconds", .int(week.focusSeconds)),
                ("deferrals", .int(week.deferrals)),
            ])
        }))])
    }
}

extension Charflow {
    public func trends(_ input: ReadTrends.Input) throws -> TrendsReport {
        let count = input.weeks?.value ?? TrendWeeks.usual
        let current = calendar.startOfWeek(containing: today)
        let firstDays = (0..<count).map { current.adding(days: -7 * (count - 1 - $0)) }
        let first = firstDays[0]
        let last = current.adding(days: 6)
        let weeks = WeekTrends.make(
            firstDays: firstDays, today: today, now: now,
            placedMustDos: try store.taskRepository.placedMustDos(from: first, through: last),
            leftOpen: try store.openMustDos.open(from: first, through: last),
            sessions: try store.sessions.sessions(from: first, through: last),
            deferrals: try store.taskRepository.deferrals(from: first, through: last))
        return TrendsReport(weeks: weeks, today: today)
    }
}
