import CharflowCore
import CharflowStore
import Foundation

/// Read a day's history: the tasks completed during that logical day, in completion order (B-15).
public enum ReadHistory {
    public struct Input: Sendable {
        public var day: LocalDay

        public init(day: LocalDay) {
            self.day = day
        }
    }
}

extension Charflow {
    public func history(_ input: ReadHistory.Input) throws -> TaskListReport {
        let start = calendar.start(of: input.day)
        let end = calendar.start(of: input.day.adding(days: 1))
        return TaskListReport(tasks: try store.taskRepository.completed(from: start, before: end), today: today,
                              day: input.day, calendar: calendar, render: try taskJSON())
    }

    // MARK: From a request

    /// The tasks completed on a day (the first word: a date, today or yesterday; today when none).
    public func history(_ request: Request) throws -> TaskListReport {
        let day: LocalDay
        switch request.words.first {
        case nil, "today": day = today
        case "yesterday": day = today.adding(days: -1)
        case let text?:
            guard let parsed = LocalDay(entered: text) else { throw InputError.badDate(text) }
            day = parsed
        }
        return try history(ReadHistory.Input(day: day))
    }
}
