import CharflowCore
import CharflowStore
import Foundation

/// What the review step shows: the reviewed day's done and open tasks and its habits, honestly (P-1).
public struct PlanReview: Sendable {
    public let day: LocalDay
    public let done: [TaskItem]
    /// Live tasks that were the reviewed day's or earlier: each gets Keep, Later or Drop.
    public let open: [TaskItem]
    /// Each habit window's cell on the day; `week` is the week's progress for a weekly target.
    public let habits: [(habit: Habit, window: HabitWindow, cell: DensityCell, week: (done: Int, target: Int)?)]
    public let session: NightPlanningSession?
    /// Detected habits offered today, the same offers Today makes.
    public let habitOffers: [HabitOffer]
}

/// The review step as a report, with its JSON.
public struct PlanReviewReport: Report {
    public let review: PlanReview
    public let planDay: LocalDay
    public let today: LocalDay
    public let render: TaskJSON

    public var json: JSONValue {
        .object([
            ("date", .string(review.day.description)),
            ("planDay", .string(planDay.description)),
            ("done", render.tasks(review.done)),
            ("open", render.tasks(review.open)),
            ("habits", .array(review.habits.map { habit, window, cell, week in
                .object([("habit", .string(habit.id.lowercasedText)), ("title", .string(habit.title)),
                         ("window", .string(window.label)), ("amount", .int(cell.amount)), ("target", .int(cell.target)),
                         ("state", .string(cell.state.rawValue)),
                         ("text", .string(HabitWords.dayLine(kind: habit.kind, amount: cell.amount, target: cell.target, week: week)))])
            })),
            ("session", review.session.map(PlanningJSON.session) ?? .null),
        ] + HabitOffer.field(review.habitOffers))
    }
}

extension Charflow {
    /// Reviews the day being planned from: what was done, what is still open, and how its habits went.
    public func planReview() throws -> PlanReviewReport {
        let day = planningDays.review
        let open = EngineOrder.sorted(try store.planning.openTasks(through: day), today: today)
        var cells: [(Habit, HabitWindow, DensityCell, (done: Int, target: Int)?)] = []
        // A weekly target is said as the week's progress through the day, so the week's days are read.
        let weekStart = calendar.startOfWeek(containing: day)
        for habit in try habits() {
            for window in try store.habitRecords.windows(of: habit.id) {
                let history = try history(of: window, habit: habit, from: weekStart, through: day)
                let cell = history.cell(day, today: max(day, today))
                let weekly = history.schedule(on: day)?.isWeeklyTarget ?? false
                let week = weekly ? history.weekProgress(containing: day, calendar: calendar) : nil
                // Paused or unscheduled habits are left out of night planning.
                if cell.isDue || cell.amount > 0 || week != nil { cells.append((habit, window, cell, week)) }
            }
        }
        let review = PlanReview(day: day, done: try completed(on: day), open: open, habits: cells,
                                session: try store.planning.session(for: day), habitOffers: try standingHabitOffers())
        return PlanReviewReport(review: review, planDay: planningDays.plan, today: today, render: try taskJSON())
    }
}
