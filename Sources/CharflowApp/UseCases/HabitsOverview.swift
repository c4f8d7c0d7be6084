import CharflowCore
import CharflowStore
import Foundation

/// Today's habits: the active ones with their progress, the paused, the archived, and the habit signals
/// not yet seen. Reading it writes nothing (rule A-2).
public struct HabitsOverview {
    public let day: LocalDay
    public let days: [Planner.HabitDay]
    public let archived: [Habit]
    public let includeArchived: Bool
    public let signals: [PhrasedSignal]
    public let seen: [SeenMark]
    let app: Charflow

    public var active: [Planner.HabitDay] { days.filter { $0.pause == nil } }
    public var paused: [Planner.HabitDay] { days.filter { $0.pause != nil } }

    /// `habits --json`.
    public func json() throws -> JSONValue {
        var habits: [JSONValue] = []
        for day in days { habits.append(try HabitJSON.day(day, planner: app.planner)) }
        if includeArchived {
            for habit in archived { habits.append(try HabitJSON.habit(habit, planner: app.planner)) }
        }
        return .object([
            ("date", .string(day.description)),
            ("habits", .array(habits)),
            ("archivedCount", .int(archived.count)),
            ("signals", .array(signals.map { phrased in
                .object([("kind", .string(phrased.signal.kind)), ("habit", .optional(phrased.signal.subject.map { $0.lowercasedText })),
                         ("message", .string(phrased.message))])
            })),
        ])
    }
}

extension Charflow {
    /// The habits view; with `all`, archived habits are listed too.
    public func habitsOverview(includeArchived: Bool) throws -> HabitsOverview {
        let days = try planner.habitDays()
        let archived = try planner.habits(includeArchived: true).filter(\.isArchived)
        let pending = try planner.pendingHabitSignals()
        let titles = Dictionary(days.map { ($0.habit.id, $0.habit.title) }, uniquingKeysWith: { first, _ in first })
        let phrased = pending.map { PhrasedSignal($0.signal, title: $0.signal.subject.flatMap { titles[$0] }) }
        return HabitsOverview(day: today, days: days, archived: archived, includeArchived: includeArchived,
                              signals: phrased, seen: pending.map(\.seen), app: self)
    }
}
