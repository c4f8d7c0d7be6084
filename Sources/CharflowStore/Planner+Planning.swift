import CharflowCore
import Foundation

/// Night planning (spec D10): review, carry forward, plan tomorrow, close or skip.
extension Planner {
    /// The day reviewed and the day planned, as of the clock (after midnight, still last night's).
    public var planningDays: (review: LocalDay, plan: LocalDay) {
        NightPlanning.days(now: now, today: today, calendar: calendar)
    }

    /// What the review step shows: the reviewed day's tasks and habits, honestly.
    public struct PlanReview: Sendable {
        public let day: LocalDay
        public let done: [TaskItem]
        /// Live tasks that were the reviewed day's or earlier: each gets Keep, Later or Drop.
        public let open: [TaskItem]
        public let habits: [(habit: Habit, window: HabitWindow, cell: DensityCell)]
        public let session: NightPlanningSession?
    }

    public func planReview() throws -> PlanReview {
        let day = planningDays.review
        let done = try completed(on: day)
        let open = EngineOrder.sorted(try tasks(where: "\(TaskRecords.live) AND due_date <= ?",
                                                [.text(day.description)]), today: today)
        var habitCells: [(Habit, HabitWindow, DensityCell)] = []
        for habit in try habits() {
            for window in try windows(of: habit) {
                let history = try self.history(of: window, habit: habit, from: day, through: day)
                let cell = history.cell(day, today: max(day, today))
                // Paused or unscheduled habits are left out of night planning.
                if cell.isDue || cell.amount > 0 { habitCells.append((habit, window, cell)) }
            }
        }
        return PlanReview(day: day, done: done, open: open, habits: habitCells, session: try planningSession(for: day))
    }

    /// How an incomplete task is carried forward.
    public enum Carry: Sendable, Equatable {
        /// To the planned day: a deferral (the instant one, so not from the third on).
        case keep
        /// To a quick date or a picked day: a deferral with an optional reason chip.
        case later(QuickDate, DeferralReason?)
        /// Let it go (undo brings it back).
        case drop
    }

    /// Carries one task forward. After a midnight rollover this refines the rollover's automatic
    /// deferral for the day instead of counting a second one.
    @discardableResult
    public func carry(_ prefix: String, _ choice: Carry) throws -> DateChange {
        let task = try task(matching: prefix)
        switch choice {
        case .drop:
            let dropped = try drop(prefix)
            return DateChange(Deferral.Outcome(task: dropped))
        case .keep, .later:
            var target: LocalDay? = planningDays.plan
            var reason: DeferralReason?
            var chosen = false
            if case let .later(word, chip) = choice {
                target = try word.resolve(today: today, calendar: calendar)
                reason = chip
                chosen = true
            }
            var outcome: Deferral.Outcome
            let record = try todaysRecord(of: task)
            do {
                outcome = try Deferral.move(task, to: target, dateChosen: chosen, reason: reason,
                                            todaysRecord: record, today: today, now: now)
            } catch .pickADay {
                // Keep is the instant deferral; from the third, Later with a chosen day is the way on.
                throw PlannerError.pickALaterDay
            }
            return try perform("plan carry") { journal in
                try apply(&outcome, journal: &journal)
                try closeSessionIfDeferred(outcome, journal: &journal)
                return DateChange(outcome)
            }
        }
    }

    /// Plans a task onto the planned day: on its board when a region is given, else dated that day.
    /// Medium and high importance take the planned day as their date.
    @discardableResult
    public func planTask(_ prefix: String, region: Region?, bucket: Bucket?, importance: Importance?) throws -> DateChange {
        let day = planningDays.plan
        var task = try task(matching: prefix)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        // A completed task's day and region are history.
        guard !task.isCompleted else { throw PlannerError.alreadyDone }
        var outcome = Deferral.Outcome(task: task)
        if task.dueDate != day, Deferral.isDeferral(task, to: day, today: today) {
            outcome = try Deferral.move(task, to: day, dateChosen: true, reason: nil,
                                        todaysRecord: try todaysRecord(of: task), today: today, now: now)
            task = outcome.task
        }
        if let importance { task.importance = importance }
        if let target = region ?? (bucket != nil && task.dueDate == day ? task.region : nil) {
            try Board.place(&task, region: target, bucket: bucket, day: day,
                            occupants: try occupants(of: target, on: day), now: now)
        } else if bucket != nil {
            throw PlannerError.bucketNeedsRegion
        } else if task.dueDate != day {
            task.region = nil
            task.bucket = nil
            task.sortOrder = 0
            task.dueDate = day
            task.backlogSince = nil
        }
        outcome.task = task
        return try perform("plan tomorrow") { journal in
            try apply(&outcome, journal: &journal)
            try closeSessionIfDeferred(outcome, journal: &journal)
            return DateChange(outcome)
        }
    }

    /// The overload notice's Move: for a task planned for a later day, a reschedule (no deferral). A task
    /// whose day has already come is deferred by the usual rule instead: Move is no way around the count.
    @discardableResult
    public func reschedule(_ prefix: String, to word: QuickDate) throws -> TaskItem {
        var task = try task(matching: prefix)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        guard !task.isCompleted else { throw PlannerError.alreadyDone }
        let day = try word.resolve(today: today, calendar: calendar)
        if Deferral.isDeferral(task, to: day, today: today) {
            return try carry(prefix, .later(word, nil)).task
        }
        if day == nil, task.isImportant { throw PlannerError.importantNeedsDay }
        if day == nil, task.isRepeating { throw PlannerError.repeatingNeedsDay }
        if day != task.dueDate {
            task.region = nil
            task.bucket = nil
            task.sortOrder = 0
            task.dueDate = day
            task.backlogSince = day == nil ? today : nil
        }
        return try perform("plan move") { journal in
            try journal.capture("tasks", key: task.id.lowercasedText)
            try save(&task)
            return task
        }
    }

    /// The planned day's load against the capacity setting.
    public struct PlanLoad: Sendable {
        public let day: LocalDay
        public let tasks: [TaskItem]
        public let taskMinutes: Int
        public let habitMinutes: Int
        public let capacity: Int

        public var total: Int { taskMinutes + habitMinutes }
        public var isOverloaded: Bool { NightPlanning.isOverloaded(load: total, capacity: capacity) }
        public var needsPrioritising: Bool { Prioritisation.shouldPrompt(tasks) }
    }

    public func planLoad() throws -> PlanLoad {
        let day = planningDays.plan
        let tasks = EngineOrder.sorted(try self.tasks(where: "due_date = ? AND dropped_at IS NULL", [.text(day.description)]),
                                       today: today)
        var habitMinutes = 0
        for habit in try habits() {
            for window in try windows(of: habit) {
                let history = try self.history(of: window, habit: habit, from: day, through: day)
                if history.isDue(day), !(history.schedule(on: day)?.isWeeklyTarget ?? false) {
                    habitMinutes += window.effortMinutes ?? 0
                }
            }
        }
        return PlanLoad(day: day, tasks: tasks, taskMinutes: NightPlanning.load(tasks: tasks, habitMinutes: 0),
                        habitMinutes: habitMinutes, capacity: settings.capacityMinutes)
    }

    /// Closes (or skips) the evening's planning; either counts as engagement for avoid habits.
    @discardableResult
    public func endPlanning(_ state: PlanningState) throws -> NightPlanningSession {
        let days = planningDays
        var session = try planningSession(for: days.review)
            ?? NightPlanningSession(date: days.review, planDay: days.plan, startedAt: now)
        session.state = state
        session.endedAt = now
        session.modifiedAt = now
        let closed = session
        try perform(state == .skipped ? "plan skip" : "plan close") { journal in
            try journal.capture("night_planning", key: closed.id.lowercasedText)
            try db.run(RecordSQL.upsert("night_planning", Planner.planningColumns), Planner.bindings(closed))
        }
        return closed
    }

    /// The stored planning session for a reviewed date, if any.
    public func planningSession(for day: LocalDay) throws -> NightPlanningSession? {
        try db.rows("SELECT \(Planner.planningColumns) FROM night_planning WHERE date = ? ORDER BY modified_at DESC LIMIT 1",
                    [.text(day.description)]).first.map(Planner.planning)
    }

    /// Night-planning sessions closed or skipped in the range count as engagement on their date.
    func planningEngagementDays(from start: LocalDay, through end: LocalDay) throws -> [LocalDay] {
        try db.rows("SELECT DISTINCT date FROM night_planning WHERE date >= ? AND date <= ? AND state IN ('closed', 'skipped')",
                    [.text(start.description), .text(end.description)]).compactMap { $0.day(0) }
    }

    static let planningColumns = "id, date, plan_day, state, started_at, ended_at, modified_at"

    static func planning(_ row: [SQLValue]) -> NightPlanningSession {
        NightPlanningSession(id: row.uuid(0) ?? UUID(), date: row.day(1) ?? LocalDay(ordinal: 0),
                             planDay: row.day(2) ?? LocalDay(ordinal: 0),
                             state: row[3].text.flatMap(PlanningState.init(rawValue:)) ?? .open,
                             startedAt: row.instant(4) ?? Date(timeIntervalSince1970: 0),
                             endedAt: row.instant(5), modifiedAt: row.instant(6))
    }

    static func bindings(_ session: NightPlanningSession) -> [SQLValue] {
        [.text(session.id.lowercasedText), .text(session.date.description), .text(session.planDay.description),
         .text(session.state.rawValue), .text(Instant.storageText(session.startedAt)),
         session.endedAt.map(Instant.storageText).sqlValue, .text(Instant.storageText(session.modifiedAt))]
    }
}
