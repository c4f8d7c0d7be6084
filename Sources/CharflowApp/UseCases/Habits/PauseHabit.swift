import CharflowCore
import CharflowStore
import Foundation

/// Pause a habit for a while (H-15): the days it rests ask nothing of it and leave its density alone.
public enum PauseHabit {
    public struct Input: Decodable, Sendable {
        public var habit: HabitRef
        /// The first day paused; nil for today.
        public var from: PauseDay?
        /// The day it resumes; nil for open-ended.
        public var to: PauseDay?
        /// Why; a pause without one is refused (`UsageRefusal.missingOption`).
        public var reason: PauseReason?

        enum CodingKeys: String, CodingKey {
            case habit, reason, from, to
        }

        public init(habit: HabitRef, from: LocalDay? = nil, to: LocalDay? = nil, reason: PauseReason) {
            self.habit = habit
            self.from = from.map(PauseDay.init)
            self.to = to.map(PauseDay.init)
            self.reason = reason
        }

        public init(habit: UUID, from: LocalDay? = nil, to: LocalDay? = nil, reason: PauseReason) {
            self.init(habit: HabitRef(habit), from: from, to: to, reason: reason)
        }

        /// The reason is read first, then the days.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            habit = try container.decode(HabitRef.self, forKey: .habit)
            reason = try container.decodeIfPresent(PauseReason.self, forKey: .reason)
            from = try container.decodeIfPresent(PauseDay.self, forKey: .from)
            to = try container.decodeIfPresent(PauseDay.self, forKey: .to)
        }
    }
}

/// A habit's new pause, and the days inside it that keep what was logged on them.
public struct HabitPauseReport: Report {
    public let habit: Habit
    public let pause: HabitPause
    /// Days up to today inside the pause on which something was logged: they keep their entries and
    /// their state (H-15, "past days keep their entries"), so the pause rests only the others.
    public let keptDays: [LocalDay]
    public let json: JSONValue
    /// The pause as it stands with the others: resuming on the first day no pause covers (H-15), so
    /// a pause inside a longer one names the day the habit really resumes.
    public let standing: HabitPause
}

extension Charflow {
    @discardableResult
    public func pauseHabit(_ input: PauseHabit.Input) throws -> HabitPauseReport {
        guard let reason = input.reason else { throw UsageRefusal.missingOption("reason") }
        let start = try input.from?.day(today: today, calendar: calendar) ?? today
        let end = try input.to?.day(today: today, calendar: calendar)
        let (habit, pause) = try store.action("habit pause") { work -> (Habit, HabitPause) in
            let habit = try self.habit(input.habit)
            try HabitRules.checkPause(from: start, to: end)
            return (habit, try store.habitRecords.insert(HabitPause(habitID: habit.id, from: start, to: end, reason: reason,
                                                                    modifiedAt: now), in: work))
        }
        let kept = try loggedDays(of: habit, in: pause)
        var json = HabitJSON.pause(pause)
        if case .object(let pairs) = json { json = .object(pairs + [("keptDays", .array(kept.map { .string($0.description) }))]) }
        let standing = HabitPause.inForce(on: pause.from, try store.habitRecords.pauses(of: habit.id)) ?? pause
        return HabitPauseReport(habit: habit, pause: pause, keptDays: kept, json: json, standing: standing)
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
}
