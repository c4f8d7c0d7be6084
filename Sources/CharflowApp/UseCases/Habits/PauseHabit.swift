import CharflowCore
import CharflowStore
import Foundation

/// Pause a habit for a while (H-15): the days it rests ask nothing of it and leave its density alone.
public enum PauseHabit {
    public struct Input: Sendable {
        public var habit: UUID
        /// The first day paused; nil for today.
        public var from: LocalDay?
        /// The day it resumes; nil for open-ended.
        public var to: LocalDay?
        public var reason: PauseReason

        public init(habit: UUID, from: LocalDay? = nil, to: LocalDay? = nil, reason: PauseReason) {
            self.habit = habit
            self.from = from
            self.to = to
            self.reason = reason
        }
    }
}

/// A habit's new pause, and the days inside it that keep what was logged on them.
public struct HabitPauseReport {
    public let habit: Habit
    public let pause: HabitPause
    /// Days up to today inside the pause on which something was logged: they keep their entries and
    /// their state (H-15, "past days keep their entries"), so the pause rests only the others.
    public let keptDays: [LocalDay]
    public let json: JSONValue
}

extension Charflow {
    @discardableResult
    public func pauseHabit(_ input: PauseHabit.Input) throws -> HabitPauseReport {
        let habit = try habit(id: input.habit)
        let start = input.from ?? today
        try HabitRules.checkPause(from: start, to: input.to)
        let pause = try store.action("habit pause") { work in
            try store.habitRecords.insert(HabitPause(habitID: habit.id, from: start, to: input.to, reason: input.reason,
                                                       modifiedAt: now), in: work)
        }
        let kept = try loggedDays(of: habit, in: pause)
        var json = HabitJSON.pause(pause)
        if case .object(let pairs) = json { json = .object(pairs + [("keptDays", .array(kept.map { .string($0.description) }))]) }
        return HabitPauseReport(habit: habit, pause: pause, keptDays: kept, json: json)
    }

    /// The days from the pause's start through today (or the day before it resumes) with a log on any window.
    private func loggedDays(of habit: Habit, in pause: HabitPause) throws -> [LocalDay] {
        let end = pause.to.map { min($0.adding(days: -1), today) } ?? today
        guard pause.from <= end else { return [] }
        var days = Set<LocalDay>()
        for window in try store.habitRecords.windows(of: habit.id) {
            for (day, entry) in try store.habitRecords.entries(window: window.id, from: pause.from, through: end)
            where entry.isLogged {
                days.insert(day)
            }
        }
        return days.sorted()
    }

    // MARK: From a request

    /// `habit pause ID --reason R [--from D] [--to D]`.
    public func pauseHabit(_ request: Request) throws -> HabitPauseReport {
        guard let reasonText = request.value("reason") else { throw RequestError.missingOption("reason") }
        guard let reason = PauseReason(rawValue: reasonText.lowercased()) else {
            throw InputError.invalidWord(what: "reason", given: reasonText, expected: "travel, illness, cycle or other")
        }
        let from = try request.value("from").map(pauseDay)
        let to = try request.value("to").map(pauseDay)
        let habit = try habit(matching: try request.habitSubject())
        return try pauseHabit(PauseHabit.Input(habit: habit.id, from: from, to: to, reason: reason))
    }

    private func pauseDay(_ text: String) throws -> LocalDay {
        guard let word = QuickDate(word: text), let day = try word.resolve(today: today, calendar: calendar) else {
            throw InputError.badDate(text)
        }
        return day
    }
}
