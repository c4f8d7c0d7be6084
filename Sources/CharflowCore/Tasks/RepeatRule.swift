import Foundation

/// When a repeating task comes round again (`task.md`, Repeating tasks).
public enum RepeatRule {
    /// The next occurrence strictly after `base` — the later of the due date and the completion day.
    ///
    /// Weekly repeats use `weekdays` (ISO numbers), or the due date's weekday when there are none.
    /// Monthly repeats keep `dayOfMonth`, clamped to short months, so the 31st goes Feb 28 (or 29) and
    /// then back to Mar 31 instead of drifting.
    ///
    /// A series ends at the last supported day: no occurrence falls after 2999-12-31.
    public static func next(
        kind: RepeatKind, after base: LocalDay, due: LocalDay, weekdays: Set<Weekday>, dayOfMonth: Int
    ) -> LocalDay? {
        occurrence(kind: kind, after: base, due: due, weekdays: weekdays, dayOfMonth: dayOfMonth)
            .flatMap { $0.isSupported ? $0 : nil }
    }

    private static func occurrence(
        kind: RepeatKind, after base: LocalDay, due: LocalDay, weekdays: Set<Weekday>, dayOfMonth: Int
    ) -> LocalDay? {
        switch kind {
        case .none:
            return nil
        case .daily:
            return base.adding(days: 1)
        case .weekly:
            let days = weekdays.isEmpty ? [due.weekday] : weekdays
            for step in 1...7 {
                let candidate = base.adding(days: step)
                if days.contains(candidate.weekday) { return candidate }
            }
            return nil
        case .monthly:
            let keep = (1...31).contains(dayOfMonth) ? dayOfMonth : due.day
            var year = base.year, month = base.month
            for _ in 0..<3 {
                let candidate = LocalDay(year: year, month: month,
                                         day: min(keep, LocalDay.daysIn(month: month, year: year)))!
                if candidate > base { return candidate }
                month += 1
                if month == 13 { month = 1; year += 1 }
            }
            return nil
        }
    }

    /// The day a new repeat starts when no day was given: the first day from `day` on that fits its
    /// pattern. A weekly repeat on named days starts on the next of them (today when today is one);
    /// any other repeat starts on `day`.
    public static func firstDay(kind: RepeatKind, weekdays: Set<Weekday>, from day: LocalDay) -> LocalDay {
        guard kind == .weekly, !weekdays.isEmpty else { return day }
        for step in 0..<7 where weekdays.contains(day.adding(days: step).weekday) {
            return day.adding(days: step)
        }
        return day
    }

    /// Parses `repeatWeekdays` ("1,5"); unknown pieces are ignored.
    public static func weekdays(_ text: String) -> Set<Weekday> {
        var days = Set<Weekday>()
        var number = 0, digits = 0, spaced = false, junk = false
        func finish() {
            if digits > 0, !junk, let day = Weekday(isoNumber: number) { days.insert(day) }
            (number, digits, spaced, junk) = (0, 0, false, false)
        }
        // Byte by byte: schedules are parsed for every habit on every Today.
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ","): finish()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                junk = junk || spaced || digits == 2
                // Past two digits the piece is junk anyway: stop adding, so a long run cannot overflow.
                if digits < 2 { number = number * 10 + Int(byte - UInt8(ascii: "0")) }
                digits += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"): spaced = digits > 0
            default: junk = true
            }
        }
        finish()
        return days
    }

    /// The stored form of a weekday set: ascending ISO numbers joined by commas.
    public static func text(_ weekdays: Set<Weekday>) -> String {
        weekdays.sorted().map { String($0.isoNumber) }.joinedText(separator: ",")
    }

    /// Parses the command line's `none|daily|weekly[:ISO,ISO..]|monthly` (weekdays also by name).
    public static func parse(_ word: String) throws(InputError) -> (RepeatKind, String) {
        let parts = word.lowercased().split(separator: ":", maxSplits: 1).map(String.init)
        let expected = "none, daily, weekly, weekly:1,5 (ISO days or names) or monthly"
        guard let head = parts.first, let kind = RepeatKind(rawValue: head) else {
            throw .invalidWord(what: "repeat", given: word, expected: expected)
        }
        guard parts.count == 2 else { return (kind, "") }
        guard kind == .weekly else { throw .invalidWord(what: "repeat", given: word, expected: expected) }
        var days = Set<Weekday>()
        for piece in parts[1].split(separator: ",") {
            let text = piece.trimmingWhitespace()
            guard let day = Int(text).flatMap(Weekday.init(isoNumber:)) ?? Weekday(name: text) else {
                throw .invalidWord(what: "repeat", given: word, expected: expected)
            }
            days.insert(day)
        }
        return (kind, text(days))
    }
}

extension TaskItem {
    public var isRepeating: Bool { repeatKind != .none }

    /// Fixes the repeat's pattern from the due date when the repeat is set: a weekly repeat with no days
    /// takes the due date's weekday, a monthly one its day of the month. Moving one instance later then
    /// changes only that instance; the next still follows the pattern.
    ///
    /// A task that starts repeating here is the first instance of its series: the due date is the
    /// occurrence it stands for, unless it already has one.
    public mutating func settleRepeatPattern() {
        guard let due = dueDate else { return }
        if isRepeating, occurrence == nil { occurrence = due }
        switch repeatKind {
        case .weekly where RepeatRule.weekdays(repeatWeekdays).isEmpty:
            repeatWeekdays = String(due.weekday.isoNumber)
        case .monthly where !(1...31).contains(repeatDayOfMonth):
            repeatDayOfMonth = due.day
        default:
            break
        }
    }

    /// The next instance of this repeating task after it was completed or dropped on `resolvedDay`.
    ///
    /// Its occurrence is the first one strictly after the later of the due date and `resolvedDay`
    /// that is not in `taken` (the occurrences the series' instances were made for, T-28 and spec
    /// D19): an instance moved to an earlier day and resolved there keeps its own occurrence, so the
    /// next is the one after it. Copies title, notes (checklist unticked, the attempt lines left out:
    /// `Notes.forNextOccurrence`), category, effort, importance, the repeat fields and the series;
    /// starts fresh otherwise (not done, no deferrals, not dropped, not placed). Nil
    /// for a one-off task, or when the series runs past the last supported day.
    public func nextInstance(resolvedDay: LocalDay, now: Date, taken: Set<LocalDay> = []) -> TaskItem? {
        guard isRepeating, let due = dueDate else { return nil }
        let dayOfMonth = repeatKind == .monthly && repeatDayOfMonth == 0 ? due.day : repeatDayOfMonth
        let weekdays = RepeatRule.weekdays(repeatWeekdays)
        var base = max(due, resolvedDay)
        var next: LocalDay
        repeat {
            guard let candidate = RepeatRule.next(kind: repeatKind, after: base, due: due, weekdays: weekdays,
                                                  dayOfMonth: dayOfMonth) else { return nil }
            next = candidate
            base = candidate
        } while taken.contains(next)
        return TaskItem(title: title, notes: Notes.forNextOccurrence(notes), dueDate: next, effortMinutes: effortMinutes, importance: importance,
                        repeatKind: repeatKind, repeatWeekdays: repeatWeekdays, repeatDayOfMonth: dayOfMonth,
                        seriesID: seriesID ?? id, createdAt: now, categoryID: categoryID, occurrence: next)
    }
}

extension TaskItem {
    /// Whether `instance` is still exactly the next instance this completed task made when it was
    /// resolved on `resolvedDay` with `taken` occurrences (T-31): judged by its content, not by
    /// timestamps, so an edit made in the same instant as the instance still counts. Its id and
    /// timestamps aside.
    public func leftUntouched(_ instance: TaskItem, resolvedDay: LocalDay, taken: Set<LocalDay> = []) -> Bool {
        guard var expected = nextInstance(resolvedDay: resolvedDay, now: instance.createdAt, taken: taken) else { return false }
        expected.id = instance.id
        expected.modifiedAt = instance.modifiedAt
        return expected == instance
    }
}

/// The dedup rule "one instance per (series, occurrence)" (spec D19, Y-7, Y-20): two instances of one
/// series made for one occurrence are one too many. Two instances due the same day are not, when one
/// of them was moved there.
public enum SeriesDedup {
    /// Which of several instances sharing a series and an occurrence to keep: a completed one first, then one
    /// not dropped, then the one made first. The others are removed.
    public static func keeper(of duplicates: [TaskItem]) -> TaskItem? {
        duplicates.min { a, b in
            if a.isCompleted != b.isCompleted { return a.isCompleted }
            if (a.droppedAt == nil) != (b.droppedAt == nil) { return a.droppedAt == nil }
            if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
            return a.id.sorts(before: b.id)
        }
    }
}

/// A repeat as a person chooses it: `none`, `daily`, `weekly` (on the due day's weekday, or on the days
/// after a colon) or `monthly`.
public struct RepeatChoice: WordValue, Equatable {
    public var kind: RepeatKind
    /// For a weekly repeat: ISO weekday numbers as stored ("1,4"); empty repeats on the due day's weekday.
    public var weekdays: String

    public init(kind: RepeatKind, weekdays: String = "") {
        self.kind = kind
        self.weekdays = weekdays
    }

    public static func reading(_ word: String) throws -> RepeatChoice {
        let (kind, weekdays) = try RepeatRule.parse(word)
        return RepeatChoice(kind: kind, weekdays: weekdays)
    }
}
