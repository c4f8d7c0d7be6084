import CharflowCore
import CharflowStore
import Foundation

/// Read today's habits: the active ones with their progress, the paused, the archived, and the habit
/// signals not yet seen. Reading it writes nothing (rule A-2).
public enum ReadHabits {
    public struct Input: Decodable, Sendable {
        /// Whether the archived habits are listed too (`--all`).
        public var all: Bool

        enum CodingKeys: String, CodingKey {
            case all
        }

        public init(all: Bool = false) {
            self.all = all
        }

        public init(from decoder: any Decoder) throws {
            all = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Bool.self, forKey: .all) ?? false
        }
    }
}

/// Today's habits, the paused and the archived ones, and the habit signals not yet seen.
public struct HabitsOverview: Report {
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
    public var json: JSONValue {
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
    /// The habits view; with `all`, archived habits are listed too.
    public func readHabits(_ input: ReadHabits.Input) throws -> HabitsOverview {
        let includeArchived = input.all
        let days = try habitDays()
        let archived = try store.habitRecords.all(includeArchived: true).filter(\.isArchived)
        let pending = try pendingHabitSignals()
        let titles = Dictionary(days.map { ($0.habit.id, $0.habit.title) }, uniquingKeysWith: { first, _ in first })
        let phrased = pending.map { PhrasedSignal($0.signal, title: $0.signal.subject.flatMap { titles[$0] }) }
        return HabitsOverview(day: today, days: days, archived: archived, includeArchived: includeArchived,
                              signals: phrased, seen: pending.map(\.seen), facts: try habitFacts(for: days.map(\.habit) + archived), calendar: calendar)
    }
}
