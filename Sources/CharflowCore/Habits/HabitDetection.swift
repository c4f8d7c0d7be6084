/// A detected habit: a task title done on three or more days within 21 days, at even gaps, is
/// offered once as a binary habit with the schedule those gaps suggest.
///
/// Titles are grouped by `LearnedEffort.titleKey` (the same title as R-5 learns from). The latest run of
/// completion days is read: the longest run ending at the latest completion that is even, inside the
/// window, and still going. The constants and why they are so are in docs/decisions.md ("Detected habits").
public enum HabitDetection {
    /// Days read back from today, today included.
    public static let windowDays = 21
    /// Distinct completion days a run needs.
    public static let minimumDays = 3
    /// How far a gap may stand from the run's median gap and still be even.
    public static let gapTolerance = 1
    /// The longest median gap offered: beyond a week, nothing in the habit schedules fits.
    public static let longestGap = 7

    /// One completed task: its title as written and the logical day it was done.
    public struct Completion: Sendable, Equatable {
        public let title: String
        public let day: LocalDay

        public init(title: String, day: LocalDay) {
            self.title = title
            self.day = day
        }
    }

    /// Detected titles, latest completion first (then by key), leaving out the keys of `excluded`
    /// (titles that already are habits).
    public static func detect(_ completions: [Completion], today: LocalDay, excluded: Set<String> = []) -> [DetectedHabit] {
        let first = today.adding(days: -(windowDays - 1))
        var byKey: [String: (title: String, latest: LocalDay, days: Set<LocalDay>)] = [:]
        for completion in completions where completion.day >= first && completion.day <= today {
            let key = LearnedEffort.titleKey(completion.title)
            guard !excluded.contains(key) else { continue }
            var found = byKey[key] ?? (completion.title, completion.day, [])
            if completion.day >= found.latest { found.title = completion.title; found.latest = completion.day }
            found.days.insert(completion.day)
            byKey[key] = found
        }
        let detected = byKey.compactMap { key, found -> DetectedHabit? in
            guard let (days, cadence) = evenRun(found.days.sorted(), today: today) else { return nil }
            return DetectedHabit(key: key, title: found.title, days: days, cadence: cadence)
        }
        return detected.sorted { ($0.days.last!, $1.key) > ($1.days.last!, $0.key) }
    }

    /// The longest run of `days` (ascending) ending at the latest that is even and still going, with
    /// its cadence; nil when no run of `minimumDays` is.
    static func evenRun(_ days: [LocalDay], today: LocalDay) -> ([LocalDay], DetectedCadence)? {
        guard days.count >= minimumDays else { return nil }
        for start in 0...(days.count - minimumDays) {
            let run = Array(days[start...])
            if let cadence = cadence(of: run, today: today) { return (run, cadence) }
        }
        return nil
    }

    /// The cadence of `run` (ascending distinct days) when its gaps are even and it has not stopped;
    /// nil otherwise.
    static func cadence(of run: [LocalDay], today: LocalDay) -> DetectedCadence? {
        guard let last = run.last else { return nil }
        if isWeekdays(run) {
            // Still going: the next weekday after the last is today or later.
            var next = last.adding(days: 1)
            while next.weekday.isoNumber > 5 { next = next.adding(days: 1) }
            return next.adding(days: gapTolerance) >= today ? .weekdays : nil
        }
        let gaps = zip(run, run.dropFirst()).map { $0.days(to: $1) }
        let median = gaps.sorted()[(gaps.count - 1) / 2]
        guard median >= 1, median <= longestGap, gaps.allSatisfy({ abs($0 - median) <= gapTolerance }) else { return nil }
        // A run that stopped (the next one is more than the tolerance overdue) is no habit lately.
        guard last.days(to: today) <= median + gapTolerance else { return nil }
        switch median {
        case 1: return .daily
        case longestGap: return .weekly(last.weekday)
        default: return .everyDays(median)
        }
    }

    /// Whether `run` is every Monday-to-Friday day from its first to its last and skips at least one
    /// weekend (a run without a weekend in it reads as daily).
    static func isWeekdays(_ run: [LocalDay]) -> Bool {
        guard let first = run.first, let last = run.last, first.days(to: last) >= 3 else { return false }
        var expected: [LocalDay] = []
        var day = first
        var skipped = false
        while day <= last {
            if day.weekday.isoNumber <= 5 { expected.append(day) } else { skipped = true }
            day = day.adding(days: 1)
        }
        return skipped && expected == run
    }
}

/// How often a detected title was done.
public enum DetectedCadence: Sendable, Equatable {
    case daily
    case weekdays
    /// Every week on this day.
    case weekly(Weekday)
    /// About every N days (2 to 6).
    case everyDays(Int)

    /// The habit schedule that fits: daily, weekdays, the one weekday, or N times a week rounded to
    /// the nearest (halves down: every 2 days is three times a week, a lighter start).
    public var schedule: HabitSchedule {
        switch self {
        case .daily: .daily
        case .weekdays: .weekdays
        case .weekly(let day): .custom([day])
        case .everyDays(let gap): .timesPerWeek(7 / gap + (2 * (7 % gap) > gap ? 1 : 0))
        }
    }

    /// "every day", "every weekday", "every Tuesday", "every 2 days": how the offer says it.
    public var phrase: String {
        switch self {
        case .daily: "every day"
        case .weekdays: "every weekday"
        case .weekly(let day): "every " + day.name.prefix(1).uppercased() + day.name.dropFirst()
        case .everyDays(let gap): "every \(gap) days"
        }
    }
}

/// A title R-6 detected: its key (`LearnedEffort.titleKey`), its latest wording, the run's days and
/// its cadence.
public struct DetectedHabit: Sendable, Equatable {
    public let key: String
    public let title: String
    public let days: [LocalDay]
    public let cadence: DetectedCadence

    public init(key: String, title: String, days: [LocalDay], cadence: DetectedCadence) {
        self.key = key
        self.title = title
        self.days = days
        self.cadence = cadence
    }

    /// The offer in the calm voice: "You've done “Stretch” every 2 days lately. Make it a habit?"
    public var sentence: String {
        "You've done “\(title)” \(cadence.phrase) lately. Make it a habit?"
    }

    /// Whether the offer stands today: never answered, and either never shown or first shown today
    /// (the offer is made once; it stays for the day it was made, on Today and in the evening's review).
    public static func stands(offeredOn: LocalDay?, declined: Bool, today: LocalDay) -> Bool {
        !declined && (offeredOn == nil || offeredOn == today)
    }
}
