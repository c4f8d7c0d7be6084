/// The built-in habits (`habit.md`, Presets); everything they set stays editable.
public enum HabitPreset: String, CaseIterable, Sendable {
    case quran, dhikr, exercise, running

    public var title: String {
        switch self {
        case .quran: "Qur'an reading"
        case .dhikr: "Dhikr"
        case .exercise: "Exercise"
        case .running: "Running"
        }
    }

    public var kind: HabitKind {
        self == .dhikr ? .counted : .timed
    }

    public var target: Int {
        switch self {
        case .quran: 15
        case .dhikr: 33
        case .exercise, .running: 30
        }
    }

    public var schedule: HabitSchedule {
        switch self {
        case .quran, .dhikr: .daily
        case .exercise, .running: .timesPerWeek(3)
        }
    }

    public var effortMinutes: Int? {
        switch self {
        case .quran: 15
        case .dhikr: nil
        case .exercise, .running: 30
        }
    }
}

/// Habit-wide signals (`habit.md`, Open questions; spec D11).
public enum HabitSignals {
    /// Fatigue: more than this share of due days missed…
    public static let fatigueMissedAbove = 0.5
    /// …over this many days.
    public static let fatigueWindowDays = 21
    /// New-habit realism: this many habits created within a week.
    public static let newHabitsInAWeek = 4

    public static func isFatigued(_ history: WindowHistory, today: LocalDay) -> Bool {
        guard !(history.schedule(on: today)?.isWeeklyTarget ?? false), history.kind != .avoid else { return false }
        // "Over 3 weeks" needs 3 weeks: a habit days old is not judged on its first few misses.
        guard history.firstDay <= today.adding(days: -fatigueWindowDays) else { return false }
        let cells = history.cells(from: today.adding(days: -fatigueWindowDays), through: today.adding(days: -1), today: today)
            .filter(\.isDue)
        guard !cells.isEmpty else { return false }
        let missed = cells.filter { $0.state == .missed }.count
        return Double(missed) / Double(cells.count) > fatigueMissedAbove
    }

    /// True when `createdDays` (the logical days habits were created) hold 4+ within the 7 days to `today`.
    public static func tooManyNew(_ createdDays: [LocalDay], today: LocalDay) -> Bool {
        newInAWeek(createdDays, today: today) >= newHabitsInAWeek
    }

    /// How many of `createdDays` fall in the seven days through `today`.
    public static func newInAWeek(_ createdDays: [LocalDay], today: LocalDay) -> Int {
        createdDays.filter { $0 > today.adding(days: -7) && $0 <= today }.count
    }
}

extension HabitPreset: WordValue {
    /// A preset's name, in any case: `quran`, `dhikr`, `exercise` or `running`.
    public static func reading(_ word: String) throws -> HabitPreset {
        guard let preset = HabitPreset(rawValue: word.lowercased()) else { throw PlannerError.unknownPreset(word) }
        return preset
    }

    public init(from decoder: any Decoder) throws { self = try Self.decodingWord(from: decoder) }
}
