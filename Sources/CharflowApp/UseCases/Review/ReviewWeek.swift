import CharflowCore
import CharflowStore
import Foundation

/// Look back on one week: Must-Dos done of placed, what was done, what moved, estimates against
/// actual focus time, focus per day, each habit's week and the anchors. Reading it writes nothing.
public enum ReviewWeek {
    public struct Input: Decodable, Sendable {
        /// `last`, `this` or `YYYY-Www`; when none, the usual week (`ReviewWeekChoice.usual`).
        public var week: ReviewWeekChoice?

        public init(week: ReviewWeekChoice? = nil) {
            self.week = week
        }
    }
}

/// One habit window's week in a review: its days' cells and the read as of the week's last day counted.
public struct HabitWeek: Sendable {
    public let habit: Habit
    public let window: HabitWindow
    public let cells: [DensityCell]
    public let read: String
}

/// The week's review as a report, with its JSON (cli.md's style: camelCase, dates as `YYYY-MM-DD`).
public struct WeekReviewReport: Report {
    public let review: WeekReview
    public let habits: [HabitWeek]
    public let today: LocalDay
    /// `2026-W10`: the ISO week of the week's Monday.
    public var name: String { ISOWeek.name(ofWeekStarting: review.firstDay) }

    /// The review in sentences, in order: what the text front end prints under its heading.
    public var lines: [String] {
        var lines = [ReviewWords.mustDos(review.mustDosInAll)]
        if review.mustDosInAll.of > 0 {
            lines.append("  " + Region.allCases.map { ReviewWords.region($0, review.mustDos[$0] ?? Tally()) }.joinedText(separator: " · "))
        }
        lines.append(ReviewWords.done(count: review.doneCount, byBucket: review.doneByBucket))
        if let categories = ReviewWords.categories(review.doneByCategory) { lines.append("  " + categories) }
        lines.append(ReviewWords.deferrals(count: review.deferralCount, byReason: review.deferralsByReason))
        if let slipping = ReviewWords.slipping(review.slipping) { lines.append("  " + slipping) }
        lines.append(ReviewWords.focusInAll(seconds: review.focusSeconds))
        return lines
    }

    public var json: JSONValue {
        let regions = JSONValue.object(Region.allCases.map { region in
            (region.rawValue, Self.tally(review.mustDos[region] ?? Tally(), "done", "placed"))
        })
        var mustDos = Self.tally(review.mustDosInAll, "done", "placed")
        if case .object(var fields) = mustDos {
            fields.append(("regions", regions))
            mustDos = .object(fields)
        }
        let buckets: [(String, JSONValue)] = Bucket.allCases.map { ($0.rawValue, .int(review.doneByBucket[$0] ?? 0)) }
            + [("unplaced", .int(review.doneByBucket[nil] ?? 0))]
        return .object([
            ("week", .object([
                ("name", .string(name)), ("firstDay", .string(review.firstDay.description)),
                ("lastDay", .string(review.lastDay.description)), ("throughDay", .string(review.throughDay.description)),
            ])),
            ("mustDos", mustDos),
            ("done", .object([
                ("count", .int(review.doneCount)),
                ("byBucket", .object(buckets)),
                ("byCategory", .array(review.doneByCategory.map {
                    .object([("category", $0.category.map(JSONValue.string) ?? .null), ("count", .int($0.count))])
                })),
            ])),
            ("deferrals", .object([
                ("count", .int(review.deferralCount)),
                ("byReason", .object(DeferralReason.allCases.map { ($0.rawValue, .int(review.deferralsByReason[$0] ?? 0)) })),
                ("slipping", .array(review.slipping.map {
                    .object([("id", .string($0.taskID.lowercasedText)), ("title", .string($0.title)),
                             ("deferralCount", .int($0.deferralCount))])
                })),
            ])),
            ("estimates", .array(review.estimates.map {
                .object([("id", .string($0.taskID.lowercasedText)), ("title", .string($0.title)),
                         ("effortMinutes", .int($0.effortMinutes)), ("actualSeconds", .int($0.actualSeconds))])
            })),
            ("focus", .object([
                ("seconds", .int(review.focusSeconds)),
                ("days", .array(review.focusByDay.map { .object([("date", .string($0.day.description)), ("seconds", .int($0.seconds))]) })),
            ])),
            ("habits", .array(habits.map { week in
                .object([
                    ("habit", .string(week.habit.id.lowercasedText)), ("title", .string(week.habit.title)),
                    ("window", .string(week.window.label)), ("kind", .string(week.habit.kind.rawValue)),
                    ("days", .array(week.cells.map { cell in
                        .object([("date", .string(cell.date.description)), ("state", .string(cell.state.rawValue)),
                                 ("amount", .int(cell.amount)), ("target", .int(cell.target)), ("isDue", .bool(cell.isDue))])
                    })),
                    ("read", .string(week.read)),
                ])
            })),
            ("anchors", Self.tally(review.anchors, "attended", "marked")),
            ("lines", .array(lines.map { .string($0.trimmingCharacters(in: .whitespaces)) })),
        ])
    }

    static func tally(_ tally: Tally, _ done: String, _ of: String) -> JSONValue {
        .object([(done, .int(tally.done)), (of, .int(tally.of)), ("percent", tally.percent.map(JSONValue.int) ?? .null)])
    }
}

extension Charflow {
    /// The review of the week chosen, or of the usual week: the last complete one on the first day of a
    /// week, else the current one so far (docs/decisions.md).
    public func reviewWeek(_ input: ReviewWeek.Input) throws -> WeekReviewReport {
        let choice = input.week ?? ReviewWeekChoice.usual(today: today, calendar: calendar)
        let first = choice.firstDay(today: today, calendar: calendar)
        let last = first.adding(days: 6)
        let tasks = store.taskRepository
        var records = WeekRecords()
        records.placedMustDos = try tasks.placedMustDos(from: first, through: last)
        records.leftOpen = try store.openMustDos.open(from: first, through: last)
        records.done = try tasks.completed(from: first, through: last)
        records.deferrals = try tasks.deferrals(from: first, through: last)
        records.deferredTasks = try tasks.tasks(ids: Set(records.deferrals.map(\.taskID)))
        records.sessions = try store.sessions.sessions(from: first, through: last)
        records.actualSeconds = try store.sessions.actualSeconds(ofTasks: Set(records.done.filter { $0.effortMinutes != nil }.map(\.id)))
        records.categories = try store.categories.names()
        records.anchorOutcomes = try store.anchors.outcomes(from: first, through: last)
        let review = WeekReview(firstDay: first, today: today, now: now, records: records)
        return WeekReviewReport(review: review, habits: try habitWeeks(from: first, through: review.throughDay), today: today)
    }

    /// Each active habit window's cells for the days `first` through `through`, with the read as of
    /// `through`; windows with nothing due and nothing logged that week are left out.
    func habitWeeks(from first: LocalDay, through: LocalDay) throws -> [HabitWeek] {
        guard through >= first else { return [] }
        var weeks: [HabitWeek] = []
        for habit in try habits() {
            for window in try store.habitRecords.windows(of: habit.id) {
                let history = try history(of: window, habit: habit, from: first.adding(days: -DensityRead.windowDays), through: through)
                let cells = history.cells(from: first, through: through, today: through)
                guard cells.contains(where: { $0.isDue || $0.amount > 0 }) else { continue }
                weeks.append(HabitWeek(habit: habit, window: window, cells: cells,
                                       read: DensityRead.sentence(history, today: through, calendar: calendar)))
            }
        }
        return weeks
    }
}
