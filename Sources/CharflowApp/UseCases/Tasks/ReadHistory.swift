import CharflowCore
import CharflowStore
import Foundation

/// Read a day's history: the tasks completed during that logical day, in completion order (B-15).
public enum ReadHistory {
    public struct Input: Decodable, Sendable {
        /// The day: a date, `today` or `yesterday`; today when none.
        public var day: DayWord?

        public init(day: LocalDay) {
            self.day = .date(day)
        }

        public init(day: DayWord? = nil) {
            self.day = day
        }
    }
}

extension Charflow {
    public func history(_ input: ReadHistory.Input) throws -> TaskListReport {
        let day = input.day?.day(today: today) ?? today
        let start = calendar.start(of: day)
        let end = calendar.start(of: day.adding(days: 1))
        return TaskListReport(tasks: try store.taskRepository.completed(from: start, before: end), today: today,
                              day: day, calendar: calendar, render: try taskJSON())
    }
}
