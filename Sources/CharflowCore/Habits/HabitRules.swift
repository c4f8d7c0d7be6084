import Foundation

/// The habit rules the store applies: target limits, what each log does to a day's entry,
/// when a day is complete, which days can take a log, and which past days keep a target snapshot.
public enum HabitRules {
    /// Days back from today that can still be corrected (today included).
    public static let correctableDays = 14
    /// The largest target a counted, timed or avoid habit takes.
    public static let maxTarget = 100_000

    /// The target itself when it fits the kind: binary 1; counted and timed 1 or more; avoid 0 or more.
    public static func validTarget(_ target: Int, kind: HabitKind) throws(PlannerError) -> Int {
        let fits = switch kind {
        case .binary: target == 1
        case .counted, .timed: target >= 1 && target <= maxTarget
        case .avoid: target >= 0 && target <= maxTarget
        }
        guard fits else { throw .habitTarget(String(target)) }
        return target
    }

    /// A binary, counted or timed day is complete when its amount reaches its target (at least one).
    public static func isComplete(amount: Int, target: Int) -> Bool {
        amount >= max(1, target)
    }

    /// Refuses a log that does not fit the habit's kind (`--count` on a binary habit, say).
    public static func checkFits(_ log: HabitLog, kind: HabitKind) throws(PlannerError) {
        let fits = switch log {
        case .toggle: kind == .binary
        case .count(let step): kind == .counted && step > 0
        case .minutes(let minutes): kind == .timed && minutes > 0
        case .slip, .held: kind == .avoid
        case .undo: true
        }
        if !fits { throw .wrongLog(kind: kind, log: log) }
    }

    /// Refuses a log for a day the habit asked nothing of: paused, or not on its schedule. Such a log
    /// would be stored and then shown nowhere. Taking a step back (`undo`) is always allowed.
    public static func checkLoggable(_ log: HabitLog, on day: LocalDay, history: WindowHistory) throws(PlannerError) {
        guard log != .undo, day >= history.firstDay, !history.isDue(day) else { return }
        if history.isRested(day) { throw .habitPausedOn(day) }
        throw .habitNotScheduledOn(day)
    }

    /// Applies `log` to a day's entry, except a timed habit's minutes, which come from its sessions.
    ///
    /// A count that would take the day past `WholeNumber.habitDayTotal` is refused: a stored amount from
    /// before counts were bounded may be anything, so the sum is checked without trapping.
    public static func apply(_ log: HabitLog, to entry: inout HabitEntry, kind: HabitKind, now: Date) throws(PlannerError) {
        switch (kind, log) {
        case (.binary, .toggle): entry.amount = entry.amount > 0 ? 0 : 1
        case (.binary, .undo): entry.amount = 0
        case (.counted, .count(let step)):
            let (total, overflow) = entry.amount.addingReportingOverflow(step)
            guard !overflow, WholeNumber.habitDayTotal.contains(total) else {
                throw .outOfRange(what: "one day's count", given: overflow ? "more" : String(total),
                                  range: "at most \(WholeNumber.habitDayTotal.upperBound)")
            }
            entry.amount = total
        case (.counted, .undo), (.avoid, .undo): entry.amount = max(0, entry.amount - 1)
        case (.avoid, .slip): entry.amount += 1
        case (.avoid, .held): entry.completedAt = now
        default: break
        }
    }

    /// Settles an entry's completion after its amount changed: binary, counted and timed days are
    /// complete at their target; a slip count set on a past day is an engagement for that day.
    public static func settleCompletion(
        _ entry: inout HabitEntry, kind: HabitKind, log: HabitLog?, today: LocalDay, now: Date
    ) {
        if kind == .avoid {
            if entry.date < today, entry.completedAt == nil, let log, log != .undo { entry.completedAt = now }
        } else if isComplete(amount: entry.amount, target: entry.target) {
            entry.completedAt = entry.completedAt ?? now
        } else {
            entry.completedAt = nil
        }
    }

    /// The past days whose target must be kept when a window's target changes today: the days that
    /// can still be corrected, from the window's first day, before today. Days with an entry already
    /// keep theirs; the others get an empty entry holding the old target, so a correction made later
    /// is judged against the target that day had.
    public static func snapshotDays(firstDay: LocalDay, today: LocalDay) -> [LocalDay] {
        let start = max(firstDay, today.adding(days: -(correctableDays - 1)))
        guard start < today else { return [] }
        return (0..<start.days(to: today)).map { start.adding(days: $0) }
    }

    /// Whether a habit is due today: not paused, and scheduled today or a weekly target not yet met.
    public static func isDueToday(paused: Bool, week: (done: Int, target: Int)?, anyWindowDue: Bool) -> Bool {
        guard !paused else { return false }
        if let week { return week.done < week.target }
        return anyWindowDue
    }

    /// Whether a habit is done today: its week's target met, or every window due today complete.
    public static func isDoneToday(week: (done: Int, target: Int)?, dueCells: [DensityCell]) -> Bool {
        if let week { return week.target > 0 && week.done >= week.target }
        return !dueCells.isEmpty && dueCells.allSatisfy { $0.state == .complete }
    }
}
