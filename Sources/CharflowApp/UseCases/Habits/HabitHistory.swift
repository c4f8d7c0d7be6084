import CharflowCore
import CharflowStore
import Foundation

/// What a habit's days are made of: its windows' histories, the days a person engaged, and each
/// active habit's cells as of today. Read from the habit records once per command (`KeptReads`) and
/// assembled by the core's `WindowHistory` and `HabitDay`; Today, the habits view, planning and
/// reminders share them.
extension Charflow {
    /// Habits in their order; archived ones only with `includeArchived`.
    package func habits(includeArchived: Bool = false) throws -> [Habit] {
        if !includeArchived, let habits = kept.habits { return habits }
        let habits = try store.habitRecords.all(includeArchived: includeArchived)
        if !includeArchived { kept.habits = habits }
        return habits
    }

    /// The history one window's density needs, for days `start` through `end`.
    ///
    /// A range that ends today and starts within the recent days (Today's cells, the week's progress,
    /// the density read, fatigue) is answered from one read of every habit's recent rows, kept for the
    /// command; such a history may hold a few days more than asked, which no day's cell depends on.
    package func history(of window: HabitWindow, habit: Habit, from start: LocalDay, through end: LocalDay) throws -> WindowHistory {
        let recentStart = today.adding(days: -Charflow.recentHabitDays)
        if end == today, start >= recentStart {
            let key = window.id.lowercasedText
            if let cached = kept.history[key] { return cached }
            let recent = try recentHabitRows()
            let history = WindowHistory(
                kind: habit.kind, window: window, firstDay: calendar.logicalDay(at: window.createdAt),
                schedules: recent.schedules[habit.id] ?? [], pauses: recent.pauses[habit.id] ?? [],
                entries: recent.entries[window.id] ?? [:],
                engagedDays: habit.kind == .avoid ? try engagedDays(from: recentStart, through: today) : [])
            kept.history[key] = history
            return history
        }
        let key = "\(window.id.lowercasedText)|\(start)|\(end)"
        if let cached = kept.history[key] { return cached }
        let records = store.habitRecords
        let entries = try records.entries(window: window.id, from: start, through: end)
        let engaged = habit.kind == .avoid ? try engagedDays(from: start, through: end) : []
        let history = WindowHistory(kind: habit.kind, window: window, firstDay: calendar.logicalDay(at: window.createdAt),
                                    schedules: try records.schedules(of: habit.id), pauses: try records.pauses(of: habit.id),
                                    entries: entries, engagedDays: engaged)
        kept.history[key] = history
        return history
    }

    /// How many days before today the shared recent read covers: the density read's and the fatigue
    /// check's windows, and at least the current week.
    static let recentHabitDays = max(DensityRead.windowDays, HabitSignals.fatigueWindowDays, 6)

    /// Every habit's windows, schedules, pauses and recent entries; kept for the command.
    func recentHabitRows() throws -> RecentHabitRows {
        if let read = kept.recentHabits { return read }
        let read = try store.habitRecords.recentRows(from: today.adding(days: -Charflow.recentHabitDays), through: today)
        kept.recentHabits = read
        return read
    }

    /// Every habit's windows and pauses, by habit, from the read kept for the command: what a list of
    /// habits' JSON shows of them, without a read per habit.
    func habitWindowsAndPauses() throws -> (windows: [UUID: [HabitWindow]], pauses: [UUID: [HabitPause]]) {
        let read = try recentHabitRows()
        return (read.windows, read.pauses)
    }

    /// Logical days on which the user engaged (`habit.md`, Avoid habits): a task completed, a habit
    /// logged or held, a session run, night planning closed or skipped, or an anchor marked attended or
    /// missed (rule F-5). Opening Charflow is not enough.
    package func engagedDays(from start: LocalDay, through end: LocalDay) throws -> Set<LocalDay> {
        let key = "\(start)|\(end)"
        if let cached = kept.engagedDays[key] { return cached }
        var days = Set<LocalDay>()
        guard start <= end else { return days }
        // A completed task counts on the day it was done on, whatever the rollover time is now (P-8).
        days.formUnion(try store.taskRepository.completionDays(from: start, through: end))
        days.formUnion(try store.habitRecords.loggedDays(from: start, through: end))
        days.formUnion(try store.sessions.days(from: start, through: end))
        days.formUnion(try store.planning.engagementDays(from: start, through: end))
        // An anchor marked on a day (rule F-5, habit.md: "an Anchor whose resolvedAt falls on that day").
        for instant in try store.anchors.markTimes(from: calendar.start(of: start), before: calendar.start(of: end.adding(days: 1))) {
            days.insert(calendar.logicalDay(at: instant))
        }
        kept.engagedDays[key] = days
        return days
    }

    /// Every active habit as of today, with each window's cell and the week's progress.
    package func habitDays() throws -> [HabitDay] {
        if let cached = kept.habitDays { return cached }
        let days = try habits().map { try habitDay($0) }
        kept.habitDays = days
        return days
    }

    /// One habit as of today: each window's cell, the week's progress, the pause in force.
    package func habitDay(_ habit: Habit) throws -> HabitDay {
        let weekStart = calendar.startOfWeek(containing: today)
        let recent = try recentHabitRows()
        let pauses = recent.pauses[habit.id] ?? []
        var cells: [(HabitWindow, DensityCell)] = []
        var week: (Int, Int)?
        for window in recent.windows[habit.id] ?? [] {
            let history = try self.history(of: window, habit: habit, from: min(weekStart, today), through: today)
            cells.append((window, history.cell(today, today: today)))
            if habit.schedule.isWeeklyTarget, week == nil {
                week = history.weekProgress(containing: today, calendar: calendar)
            }
        }
        return HabitDay(habit: habit, windows: cells, week: week, pause: HabitPause.inForce(on: today, pauses))
    }

    /// Every habit (archived included) with its windows, and each window's cells from its first day to
    /// today: what the habits' and the entries' CSV exports hold.
    func habitExport() throws -> (habits: [Habit], windows: [UUID: [HabitWindow]],
                                  cells: [(habit: Habit, window: HabitWindow, cell: DensityCell)]) {
        let all = try habits(includeArchived: true)
        var windows: [UUID: [HabitWindow]] = [:]
        var cells: [(Habit, HabitWindow, DensityCell)] = []
        for habit in all {
            let list = try store.habitRecords.windows(of: habit.id)
            windows[habit.id] = list
            for window in list {
                let first = calendar.logicalDay(at: window.createdAt)
                let history = try self.history(of: window, habit: habit, from: first, through: today)
                for cell in history.cells(from: first, through: today, today: today) {
                    cells.append((habit, window, cell))
                }
            }
        }
        return (all, windows, cells)
    }
}
