import CharflowCore
import CharflowStore
import Foundation

/// Read a day's history: the tasks completed on that logical day, each kept on the day it was done on
/// whatever the rollover time is now (P-8), in completion order (B-15).
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
        return TaskListReport(tasks: try store.taskRepository.completed(from: day, through: day), today: today,
                              day: day, calendar: calendar, render: try taskJSON())
    }
}
