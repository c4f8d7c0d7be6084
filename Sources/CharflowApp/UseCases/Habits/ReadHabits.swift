import CharflowCore
import CharflowStore
import Foundation

/// Today's habits: the active ones with their progress, the paused, the archived, and the habit signals
/// not yet seen. Reading it writes nothing (rule A-2).
public struct HabitsOverview {
    public let day: LocalDay
    public let days: [HabitDay]
    public let archived: [Habit]
    public let includeArchived: Bool
    public let signals: [PhrasedSignal]
    public let seen: [SeenMark]
    let facts: HabitFacts
    let calendar: PlannerCalendar

    public var active: [HabitDay] { days.filter { $0.pause == nil } }
    public var paused: [HabitDay] { days.filter { $0.pause != nil } }

    /// `habits --json`.
    public func json() throws -> JSONValue {
        var habits = days.map { HabitJSON.day($0, facts: facts, calendar: calendar) }
        if includeArchived {
            habits += archived.map { HabitJSON.habit($0, facts: facts, calendar: calendar) }
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
    /// The habits view; with `includeArchived`, archived habits are listed too.
    public func habitsOverview(includeArchived: Bool) throws -> HabitsOverview {
        let days = try habitDays()
        let archived = try store.habitRecords.all(includeArchived: true).filter(\.isArchived)
        let pending = try pendingHabitSignals()
        let titles = Dictionary(days.map { ($0.habit.id, $0.habit.title) }, uniquingKeysWith: { first, _ in first })
        let phrased = pending.map { PhrasedSignal($0.signal, title: $0.signal.subject.flatMap { titles[$0] }) }
        return HabitsOverview(day: today, days: days, archived: archived, includeArchived: includeArchived,
                              signals: phrased, seen: pending.map(\.seen), facts: try habitFacts(for: days.map(\.habit) + archived), calendar: calendar)
    }
}
