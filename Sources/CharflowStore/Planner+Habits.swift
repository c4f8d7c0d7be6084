import CharflowCore
import Foundation

/// Habit reads kept for one command: every habit's recent rows read once and shared by Today, the
/// habits view, planning and reminders; a window's history; the days a person engaged; the timed
/// minutes a closed session leaves; and the habit signals not yet shown. The habit use cases live in
/// `CharflowApp/UseCases/Habits/` and reach the rows through `HabitRepository`.
extension Planner {
    // MARK: Reading habits

    /// Habits in their order; archived ones only with `includeArchived`.
    package func habits(includeArchived: Bool = false) throws -> [Habit] {
        if !includeArchived, let habits = kept.habits { return habits }
        let habits = try habitRecords.all(includeArchived: includeArchived)
        if !includeArchived { kept.habits = habits }
        return habits
    }

    package func windows(of habit: Habit) throws -> [HabitWindow] {
        try habitRecords.windows(of: habit.id)
    }

    package func pauses(of habit: Habit) throws -> [HabitPause] {
        try habitRecords.pauses(of: habit.id)
    }

    func schedules(of habit: Habit) throws -> [HabitScheduleChange] {
        try habitRecords.schedules(of: habit.id)
    }

    /// The history one window's density needs, for days `start` through `end`.
    ///
    /// A range that ends today and starts within the recent days (Today's cells, the week's progress,
    /// the density read, fatigue) is answered from one read of every habit's recent rows, kept for the
    /// command; such a history may hold a few days more than asked, which no day's cell depends on.
    package func history(of window: HabitWindow, habit: Habit, from start: LocalDay, through end: LocalDay) throws -> WindowHistory {
        let recentStart = today.adding(days: -Planner.recentHabitDays)
        if end == today, start >= recentStart {
            let key = window.id.lowercasedText
            if let cached = kept.history[key] { return cached }
            let recent = try recentHabitRead()
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
        let history = try readHistory(of: window, habit: habit, from: start, through: end)
        kept.history[key] = history
        return history
    }

    private func readHistory(of window: HabitWindow, habit: Habit, from start: LocalDay, through end: LocalDay) throws -> WindowHistory {
        let entries = try habitRecords.entries(window: window.id, from: start, through: end)
        let engaged = habit.kind == .avoid ? try engagedDays(from: start, through: end) : []
        return WindowHistory(kind: habit.kind, window: window, firstDay: calendar.logicalDay(at: window.createdAt),
                             schedules: try schedules(of: habit), pauses: try pauses(of: habit), entries: entries,
                             engagedDays: engaged)
    }

    /// How many days before today the shared recent read covers: the density read's and the fatigue
    /// check's windows, and at least the current week.
    static let recentHabitDays = max(DensityRead.windowDays, HabitSignals.fatigueWindowDays, 6)

    /// Every habit's windows, schedules, pauses and recent entries, in four queries; kept for the command.
    struct RecentHabitRead {
        var windows: [UUID: [HabitWindow]] = [:]
        var schedules: [UUID: [HabitScheduleChange]] = [:]
        var pauses: [UUID: [HabitPause]] = [:]
        var entries: [UUID: [LocalDay: HabitEntry]] = [:]
    }

    func recentHabitRead() throws -> RecentHabitRead {
        if let read = kept.recentHabits { return read }
        var read = RecentHabitRead()
        try db.forEachRow("SELECT \(HabitRecords.windowColumns) FROM habit_windows ORDER BY habit_id, sort_order, created_at") {
            let window = HabitRecords.window($0)
            read.windows[window.habitID, default: []].append(window)
        }
        try db.forEachRow("SELECT from_day, frequency, scheduled_days, target_per_week, habit_id FROM habit_schedules ORDER BY habit_id, from_day") {
            guard let habit = $0.uuid(4) else { return }
            read.schedules[habit, default: []].append(HabitRecords.scheduleChange($0))
        }
        try db.forEachRow("SELECT \(HabitRecords.pauseColumns) FROM habit_pauses ORDER BY habit_id, from_day") {
            let pause = HabitRecords.pause($0)
            read.pauses[pause.habitID, default: []].append(pause)
        }
        try db.forEachRawRow("SELECT \(HabitRecords.entryColumns) FROM habit_entries WHERE date >= ? AND date <= ?",
                          [.text(today.adding(days: -Planner.recentHabitDays).description), .text(today.description)]) {
            let entry = HabitRecords.entry($0)
            // Two devices may each have written the day; the larger amount wins, as in `HabitRepository.entry(window:on:)`.
            if let known = read.entries[entry.windowID]?[entry.date], known.amount >= entry.amount { return }
            read.entries[entry.windowID, default: [:]][entry.date] = entry
        }
        kept.recentHabits = read
        return read
    }

    /// Every habit's windows and pauses, by habit, from the read kept for the command: what a list of
    /// habits' JSON shows of them, without a read per habit.
    package func habitWindowsAndPauses() throws -> (windows: [UUID: [HabitWindow]], pauses: [UUID: [HabitPause]]) {
        let read = try recentHabitRead()
        return (read.windows, read.pauses)
    }

    /// Logical days on which the user engaged (`habit.md`, Avoid habits): a task completed, a habit
    /// logged or held, a session run, or night planning closed or skipped. Opening Charflow is not enough.
    package func engagedDays(from start: LocalDay, through end: LocalDay) throws -> Set<LocalDay> {
        let key = "\(start)|\(end)"
        if let cached = kept.engagedDays[key] { return cached }
        var days = Set<LocalDay>()
        guard start <= end else { return days }
        // One indexed probe a day for a completed task, rather than reading every completion in the range.
        var boundary = Instant.storageText(calendar.start(of: start))
        for offset in 0...start.days(to: end) {
            let day = start.adding(days: offset)
            let next = Instant.storageText(calendar.start(of: day.adding(days: 1)))
            if try db.scalar("SELECT 1 FROM tasks WHERE completed_at >= ? AND completed_at < ? LIMIT 1",
                             [.text(boundary), .text(next)]) != nil {
                days.insert(day)
            }
            boundary = next
        }
        let range: [SQLValue] = [.text(start.description), .text(end.description)]
        for row in try db.rows("SELECT DISTINCT date FROM habit_entries WHERE date >= ? AND date <= ? AND (amount > 0 OR completed_at IS NOT NULL)", range) {
            if let day = row.day(0) { days.insert(day) }
        }
        for row in try db.rows("SELECT DISTINCT day FROM sessions WHERE day >= ? AND day <= ?", range) {
            if let day = row.day(0) { days.insert(day) }
        }
        for day in try planningEngagementDays(from: start, through: end) { days.insert(day) }
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

    package func habitDay(_ habit: Habit) throws -> HabitDay {
        let weekStart = calendar.startOfWeek(containing: today)
        let recent = try recentHabitRead()
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

    /// Rewrites a timed window's entry for `day` from its sessions (after a session closes).
    func recomputeTimedEntry(window windowID: UUID, day: LocalDay, journal: inout UndoJournal?) throws {
        let records = habitRecords
        guard let window = try records.window(id: windowID) else { return }
        var entry = try records.entry(window: windowID, on: day)
            ?? HabitEntry(id: try records.newEntryID(window: windowID, on: day), windowID: windowID,
                          date: day, target: window.target, modifiedAt: now)
        entry.amount = try records.timedMinutes(window: windowID, on: day)
        HabitRules.settleCompletion(&entry, kind: .timed, log: nil, today: today, now: now)
        try records.settleIncrements(&entry, kind: .timed)
        try records.save(&entry, journal: &journal, now: now)
    }

    // MARK: Signals

    /// Habit signals not yet shown in their period: fatigue per habit (per week), realism (per week).
    package func pendingHabitSignals() throws -> [PendingSignal] {
        var fresh: [Signal] = []
        let week = calendar.startOfWeek(containing: today).description
        let start = today.adding(days: -HabitSignals.fatigueWindowDays)
        for habit in try habits() {
            // A paused habit is hidden from Today; nothing is said about it while it rests.
            let recent = try recentHabitRead()
            if (recent.pauses[habit.id] ?? []).contains(where: { $0.covers(today) }) { continue }
            for window in recent.windows[habit.id] ?? [] {
                let history = try self.history(of: window, habit: habit, from: start, through: today)
                if HabitSignals.isFatigued(history, today: today) {
                    fresh.append(.habitFatigue(habit: habit.id))
                    break
                }
            }
        }
        let created = try db.rows("SELECT created_at FROM habits WHERE created_at >= ?",
                                  [.text(Instant.storageText(calendar.start(of: today.adding(days: -7))))])
            .compactMap { $0.instant(0).map(calendar.logicalDay(at:)) }
        if HabitSignals.tooManyNew(created, today: today) { fresh.append(.newHabitRealism) }
        return try unshown(fresh, period: week)
    }
}
