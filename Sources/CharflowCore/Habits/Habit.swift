import Foundation

/// Something the user cultivates, tracked by density rather than streaks (`habit.md`).
///
/// The kind is fixed at creation; every other field can change and affects the future only: the
/// schedule keeps its history (`HabitScheduleChange`), entries keep the target of their day.
public struct Habit: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var title: String
    public var notes: String?
    public var presetKey: String?
    public let kind: HabitKind
    /// The schedule in force from today on; earlier days read the schedule history.
    public var schedule: HabitSchedule
    public var isArchived: Bool
    public var groupID: UUID?
    public var sortOrder: Int
    public var createdAt: Date
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), title: String, notes: String? = nil, presetKey: String? = nil, kind: HabitKind,
        schedule: HabitSchedule = .daily, isArchived: Bool = false, groupID: UUID? = nil, sortOrder: Int = 0,
        createdAt: Date, modifiedAt: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.presetKey = presetKey
        self.kind = kind
        self.schedule = schedule
        self.isArchived = isArchived
        self.groupID = groupID
        self.sortOrder = sortOrder
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }

    public var shortID: String { id.shortText }

    /// At most this many windows a habit.
    public static let maxWindows = 4
}

/// What a habit's target and amount mean.
public enum HabitKind: String, CaseIterable, Sendable {
    /// Did I do it? target 1, amount 0 or 1.
    case binary
    /// Did I do it N times? amount is the count so far.
    case counted
    /// Did I do it for N minutes? amount is the minutes, from the window's sessions.
    case timed
    /// Did I avoid it? target is the allowance of slips (0 = none), amount the slips so far.
    case avoid

    /// Partial shades are shown only where a gradient means something.
    public var hasPartials: Bool { self == .counted || self == .timed }

    /// The kind with its article, for a sentence: "a timed habit", "an avoid habit".
    public var withArticle: String { (self == .avoid ? "an " : "a ") + rawValue }
}

/// When a habit is due: fixed ISO days, or N times a week on any days.
public struct HabitSchedule: Sendable, Equatable {
    public var frequency: HabitFrequency
    public var days: Set<Weekday>
    /// 0 for fixed days; 1…7 for "N times a week, any days".
    public var perWeek: Int

    public init(frequency: HabitFrequency, days: Set<Weekday>, perWeek: Int = 0) {
        self.frequency = frequency
        self.days = days
        self.perWeek = perWeek
    }

    public static let daily = HabitSchedule(frequency: .daily, days: Set(Weekday.allCases))
    public static let weekdays = HabitSchedule(frequency: .weekdays, days: [.monday, .tuesday, .wednesday, .thursday, .friday])

    public static func custom(_ days: Set<Weekday>) -> HabitSchedule {
        HabitSchedule(frequency: .custom, days: days)
    }

    public static func timesPerWeek(_ count: Int) -> HabitSchedule {
        HabitSchedule(frequency: .custom, days: Set(Weekday.allCases), perWeek: count)
    }

    public var isWeeklyTarget: Bool { perWeek > 0 }

    /// A fixed-day schedule's due days; a weekly target may be met on any day.
    public func isDue(on day: LocalDay) -> Bool {
        isWeeklyTarget || days.contains(day.weekday)
    }

    /// How many days a week it asks for.
    public var daysPerWeek: Int { isWeeklyTarget ? perWeek : days.count }

    /// The stored form of the days: "1,2,3,4,5".
    public var daysText: String { RepeatRule.text(days) }
}

public enum HabitFrequency: String, CaseIterable, Sendable {
    case daily, weekdays, custom
}

/// A schedule in force from a day on; the habit's schedule history is a list of these.
public struct HabitScheduleChange: Sendable, Equatable {
    public var from: LocalDay
    public var schedule: HabitSchedule

    public init(from: LocalDay, schedule: HabitSchedule) {
        self.from = from
        self.schedule = schedule
    }

    /// The schedule in force on `day`: the latest change on or before it (the first one before any).
    ///
    /// Of changes on the same day the later-listed one wins. Asked for every cell of every grid, so it
    /// walks the list once rather than sorting it.
    public static func schedule(on day: LocalDay, in history: [HabitScheduleChange]) -> HabitSchedule? {
        var inForce: HabitScheduleChange?
        var first: HabitScheduleChange?
        for change in history {
            if first.map({ change.from < $0.from }) ?? true { first = change }
            if change.from <= day, inForce.map({ change.from >= $0.from }) ?? true { inForce = change }
        }
        return (inForce ?? first)?.schedule
    }
}

/// One occurrence slot of a habit's day, with its own target and its own history.
public struct HabitWindow: Sendable, Equatable, Identifiable {
    /// The label a habit's one unlabeled window takes when a second is added (decisions.md), and the
    /// one it takes when the new window is itself called that.
    public static let firstLabel = "Main"
    public static let otherFirstLabel = "First"

    public var id: UUID
    public var habitID: UUID
    /// "Morning"; empty for a single-window habit.
    public var label: String
    public var startMinute: Int
    public var endMinute: Int
    public var target: Int
    /// Time for one occurrence (the whole target, for a counted window); nil counts as zero.
    public var effortMinutes: Int?
    public var reminderMinute: Int?
    public var sortOrder: Int
    public var createdAt: Date
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), habitID: UUID, label: String = "", startMinute: Int = 0, endMinute: Int = 1439,
        target: Int = 1, effortMinutes: Int? = nil, reminderMinute: Int? = nil, sortOrder: Int = 0,
        createdAt: Date, modifiedAt: Date? = nil
    ) {
        self.id = id
        self.habitID = habitID
        self.label = label
        self.startMinute = startMinute
        self.endMinute = endMinute
        self.target = target
        self.effortMinutes = effortMinutes
        self.reminderMinute = reminderMinute
        self.sortOrder = sortOrder
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }
}

/// The log of one window on one logical date.
public struct HabitEntry: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var windowID: UUID
    public var date: LocalDay
    /// The window's target that day, so later edits do not rewrite history.
    public var target: Int
    public var amount: Int
    /// When the target was reached; for an avoid habit, when the day was marked held.
    public var completedAt: Date?
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), windowID: UUID, date: LocalDay, target: Int, amount: Int = 0, completedAt: Date? = nil,
        modifiedAt: Date
    ) {
        self.id = id
        self.windowID = windowID
        self.date = date
        self.target = target
        self.amount = amount
        self.completedAt = completedAt
        self.modifiedAt = modifiedAt
    }

    /// Amount reached the target (binary, counted, timed).
    public var isComplete: Bool { target > 0 && HabitRules.isComplete(amount: amount, target: target) }

    /// Something was logged that day: an amount (a tick, a count, minutes, a slip) or a held mark. An
    /// entry made only to keep a day's target is not a log.
    public var isLogged: Bool { amount > 0 || completedAt != nil }
    /// Done over target, at most 1: time beyond the target does not over-fill.
    public var completionRatio: Double { target <= 0 ? 0 : min(1, Double(amount) / Double(target)) }
    public var isPartial: Bool { amount > 0 && amount < target }
    public var remainingCount: Int { max(0, target - amount) }
}

/// A date range when a habit is paused, from `from` up to the day it resumes; `to` nil is open-ended.
///
/// `to` is the resume day, not paused itself (`habit.md`: from 12 to 19 October reads "Paused —
/// resumes 19 Oct"), so a pause covers `from ..< to`.
public struct HabitPause: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var habitID: UUID
    public var from: LocalDay
    /// The day the habit resumes (the first day not paused); nil until the user resumes it.
    public var to: LocalDay?
    public var reason: PauseReason
    public var modifiedAt: Date

    public init(id: UUID = UUID(), habitID: UUID, from: LocalDay, to: LocalDay?, reason: PauseReason, modifiedAt: Date) {
        self.id = id
        self.habitID = habitID
        self.from = from
        self.to = to
        self.reason = reason
        self.modifiedAt = modifiedAt
    }

    public func covers(_ day: LocalDay) -> Bool {
        day >= from && (to.map { day < $0 } ?? true)
    }

    public static func isPaused(_ day: LocalDay, _ pauses: [HabitPause]) -> Bool {
        pauses.contains { $0.covers(day) }
    }

    /// The pause in force on `day`, resuming on the first day no pause covers (H-15): overlapping or
    /// back-to-back pauses read as one, so "resumes …" names the day the habit really resumes.
    public static func inForce(on day: LocalDay, _ pauses: [HabitPause]) -> HabitPause? {
        guard var current = pauses.first(where: { $0.covers(day) }) else { return nil }
        // From `day`, the latest end of every pause covering the day reached, until no pause covers it:
        // a short pause inside a longer one (12–15 Nov inside 10–25 Nov) ends with the longer.
        var resume: LocalDay? = day
        while let reached = resume {
            let covering = pauses.filter { $0.covers(reached) }
            guard !covering.isEmpty else { break }
            resume = covering.contains { $0.to == nil } ? nil : covering.compactMap(\.to).max()
        }
        current.to = resume
        return current
    }
}

public enum PauseReason: String, CaseIterable, Sendable {
    case travel, illness, cycle, other
    /// The days a habit spent archived: written by archive and closed by restore, never given by a
    /// person, so those days ask nothing of the habit once it is back (issue 40).
    case archived
}

/// A visual organiser of habits: no score or history of its own.
public struct HabitGroup: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var title: String
    public var sortOrder: Int
    public var isArchived: Bool
    public var createdAt: Date
    public var modifiedAt: Date

    public init(id: UUID = UUID(), title: String, sortOrder: Int = 0, isArchived: Bool = false, createdAt: Date,
                modifiedAt: Date? = nil) {
        self.id = id
        self.title = title
        self.sortOrder = sortOrder
        self.isArchived = isArchived
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }
}

extension HabitKind: WordValue {
    /// `binary`, `counted`, `timed` or `avoid`, in any case.
    public static func reading(_ word: String) throws -> HabitKind {
        guard let kind = HabitKind(rawValue: word.lowercased()) else {
            throw InputError.invalidWord(what: "kind", given: word, expected: "binary, counted, timed or avoid")
        }
        return kind
    }

    public init(from decoder: any Decoder) throws { self = try Self.decodingWord(from: decoder) }
}

extension HabitSchedule: WordValue {
    /// The days a habit is due, as `--days` gives them: `daily`, or ISO numbers 1–7 and day names
    /// (`mon`, `Monday`) joined by commas; all seven days are daily.
    ///
    /// The other schedules have options of their own (`--weekdays`, `--per-week N`).
    public static func reading(_ word: String) throws -> HabitSchedule {
        if word.lowercased() == "daily" { return .daily }
        var days = Set<Weekday>()
        for piece in word.split(separator: ",") {
            let name = piece.trimmingCharacters(in: .whitespaces)
            guard let day = Int(name).flatMap(Weekday.init(isoNumber:)) ?? Weekday(name: name) else {
                throw InputError.invalidWord(what: "day", given: name, expected: "ISO numbers 1–7 or names like mon")
            }
            days.insert(day)
        }
        guard !days.isEmpty else { throw InputError.invalidWord(what: "days", given: word, expected: "at least one day") }
        return days.count == 7 ? .daily : .custom(days)
    }
}

extension PauseReason: WordValue {
    /// `travel`, `illness`, `cycle` or `other`, in any case.
    public static func reading(_ word: String) throws -> PauseReason {
        guard let reason = PauseReason(rawValue: word.lowercased()), reason != .archived else {
            throw InputError.invalidWord(what: "reason", given: word, expected: "travel, illness, cycle or other")
        }
        return reason
    }

    public init(from decoder: any Decoder) throws { self = try Self.decodingWord(from: decoder) }
}
