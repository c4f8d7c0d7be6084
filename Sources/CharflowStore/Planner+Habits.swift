import CharflowCore
import Foundation

/// Habits: creating and editing them, logging and correcting days, pauses, groups, and their density.
extension Planner {
    /// Days back from today that can still be corrected (today included).
    public static let correctableDays = HabitRules.correctableDays

    /// A time of day as the command line gives it (`WindowSpec` in the core).
    public typealias WindowSpec = CharflowCore.WindowSpec
    /// One log action on a window's day (`HabitLog` in the core).
    public typealias HabitLog = CharflowCore.HabitLog

    /// What `habit add` was asked for.
    public struct NewHabit: Sendable {
        public var title: String
        public var notes: String?
        public var preset: HabitPreset?
        public var kind: HabitKind?
        public var target: Int?
        public var schedule: HabitSchedule?
        public var windows: [WindowSpec] = []
        public var effortMinutes: Int??
        public var group: String?

        public init(title: String) {
            self.title = title
        }
    }

    /// Creates a habit with its windows (one all-day window unless times of day are given).
    @discardableResult
    public func addHabit(_ request: NewHabit) throws -> Habit {
        let preset = request.preset
        let kind = request.kind ?? preset?.kind ?? .binary
        let rawTitle = request.title.isEmpty ? (preset?.title ?? "") : request.title
        let title = try TaskText.title(rawTitle, field: .habitName)
        let target = try HabitRules.validTarget(request.target ?? preset?.target ?? (kind == .avoid ? 0 : 1), kind: kind)
        let specs = request.windows.isEmpty ? [WindowSpec(label: "")] : request.windows
        for spec in specs { try TextRules.checkLine(spec.label, .windowLabel) }
        if specs.count > Habit.maxWindows { throw PlannerError.tooManyWindows }
        if kind == .avoid, specs.count > 1 || specs.contains(where: { $0.start != nil || $0.end != nil }) {
            throw PlannerError.avoidHasOneWindow
        }
        let group = try request.group.map { try self.group(matching: $0) }
        let existing = try db.scalar("SELECT count(*) FROM habits")?.int ?? 0
        let habit = Habit(title: title, notes: TaskText.notes(request.notes), presetKey: preset?.rawValue, kind: kind,
                          schedule: request.schedule ?? preset?.schedule ?? .daily, groupID: group?.id,
                          sortOrder: existing, createdAt: now)
        let effort: Int? = request.effortMinutes ?? preset?.effortMinutes ?? (kind == .timed ? target : nil)
        try perform("habit add") { journal in
            try journal.capture("habits", key: habit.id.lowercasedText)
            try db.run(HabitRecords.upsertHabit, HabitRecords.bindings(habit))
            try recordSchedule(habit, journal: &journal)
            for (index, spec) in specs.enumerated() {
                let window = HabitWindow(habitID: habit.id, label: spec.label, startMinute: spec.start?.minutes ?? 0,
                                         endMinute: spec.end?.minutes ?? 1439, target: target, effortMinutes: effort,
                                         reminderMinute: spec.reminder?.minutes, sortOrder: index, createdAt: now)
                try journal.capture("habit_windows", key: window.id.lowercasedText)
                try db.run(HabitRecords.upsertWindow, HabitRecords.bindings(window))
            }
        }
        return habit
    }

    /// What `habit edit` was asked to change; nil leaves a field alone. Changes affect the future only.
    public struct HabitEdit: Sendable {
        public var title: String?
        public var notes: String??
        public var kind: HabitKind?
        public var target: Int?
        public var schedule: HabitSchedule?
        /// Each updates the window with its label, or adds one.
        public var windows: [WindowSpec] = []
        public var effortMinutes: Int??
        /// A group's name; `.some(nil)` takes the habit out of its group.
        public var group: String??

        public init() {}
    }

    @discardableResult
    public func editHabit(_ word: String, _ change: HabitEdit) throws -> Habit {
        var habit = try habit(matching: word)
        if let kind = change.kind, kind != habit.kind { throw PlannerError.kindFixed }
        if let title = change.title { habit.title = try TaskText.title(title, field: .habitName) }
        if let notes = change.notes { habit.notes = TaskText.notes(notes) }
        if let group = change.group { habit.groupID = try group.map { try self.group(matching: $0).id } }
        let scheduleChanged = change.schedule.map { $0 != habit.schedule } ?? false
        if let schedule = change.schedule { habit.schedule = schedule }
        habit.modifiedAt = now
        var windows = try self.windows(of: habit)
        let oldTargets = Dictionary(uniqueKeysWithValues: windows.map { ($0.id, $0.target) })
        if let target = change.target {
            let valid = try HabitRules.validTarget(target, kind: habit.kind)
            for index in windows.indices { windows[index].target = valid }
        }
        if let effort = change.effortMinutes {
            for index in windows.indices { windows[index].effortMinutes = effort }
        }
        for spec in change.windows {
            try TextRules.checkLine(spec.label, .windowLabel)
            if habit.kind == .avoid, spec.start != nil || spec.end != nil { throw PlannerError.avoidHasOneWindow }
            if let index = windows.firstIndex(where: { $0.label.lowercased() == spec.label.lowercased() }) {
                if let start = spec.start { windows[index].startMinute = start.minutes }
                if let end = spec.end { windows[index].endMinute = end.minutes }
                if let reminder = spec.reminder { windows[index].reminderMinute = reminder.minutes }
            } else {
                if habit.kind == .avoid { throw PlannerError.avoidHasOneWindow }
                guard windows.count < Habit.maxWindows else { throw PlannerError.tooManyWindows }
                let template = windows.first
                windows.append(HabitWindow(habitID: habit.id, label: spec.label, startMinute: spec.start?.minutes ?? 0,
                                           endMinute: spec.end?.minutes ?? 1439, target: template?.target ?? 1,
                                           effortMinutes: template?.effortMinutes, reminderMinute: spec.reminder?.minutes,
                                           sortOrder: windows.count, createdAt: now))
            }
        }
        let changedWindows = windows
        try perform("habit edit") { journal in
            try journal.capture("habits", key: habit.id.lowercasedText)
            try db.run(HabitRecords.upsertHabit, HabitRecords.bindings(habit))
            if scheduleChanged { try recordSchedule(habit, journal: &journal) }
            for var window in changedWindows {
                if let old = oldTargets[window.id], old != window.target {
                    try keepPastTargets(of: window, old: old, journal: &journal)
                }
                window.modifiedAt = now
                try journal.capture("habit_windows", key: window.id.lowercasedText)
                try db.run(HabitRecords.upsertWindow, HabitRecords.bindings(window))
                // Today counts as the future: its entry takes the new target; earlier days keep theirs.
                if var entry = try entry(window: window.id, date: today), entry.target != window.target {
                    try journal.capture("habit_entries", key: entry.id.lowercasedText)
                    entry.target = window.target
                    if habit.kind != .avoid {
                        HabitRules.settleCompletion(&entry, kind: habit.kind, log: nil, today: today, now: now)
                        try HabitIncrements.settle(&entry, kind: habit.kind, db: db)
                    }
                    entry.modifiedAt = now
                    try db.run(HabitRecords.upsertEntry, HabitRecords.bindings(entry))
                }
            }
        }
        return habit
    }

    @discardableResult
    public func archiveHabit(_ word: String) throws -> Habit {
        try setArchived(word, true)
    }

    @discardableResult
    public func restoreHabit(_ word: String) throws -> Habit {
        try setArchived(word, false)
    }

    private func setArchived(_ word: String, _ archived: Bool) throws -> Habit {
        var habit = try habit(matching: word)
        habit.isArchived = archived
        habit.modifiedAt = now
        try performUpsert(archived ? "habit archive" : "habit restore", table: "habits", id: habit.id,
                          sql: HabitRecords.upsertHabit, bindings: HabitRecords.bindings(habit))
        return habit
    }

    // MARK: Reading habits

    /// The habit whose id starts with `word` (4+ characters), or whose title is `word`, ignoring case.
    public func habit(matching word: String) throws -> Habit {
        let key = word.lowercased()
        if key.count >= 4 {
            let found = try db.rows("SELECT \(HabitRecords.habitColumns) FROM habits WHERE id >= ? AND id < ? LIMIT 2",
                                    [.text(key), .text(key + "~")]).map(HabitRecords.habit)
            if found.count == 1 { return found[0] }
            if found.count > 1 { throw PlannerError.ambiguousHabit(word) }
        }
        let named = try db.rows("SELECT \(HabitRecords.habitColumns) FROM habits WHERE lower(title) = ? LIMIT 2",
                                [.text(key)]).map(HabitRecords.habit)
        if named.count == 1 { return named[0] }
        if named.count > 1 { throw PlannerError.ambiguousHabit(word) }
        throw PlannerError.noHabitMatches(word)
    }

    /// Habits in their order; archived ones only with `includeArchived`.
    public func habits(includeArchived: Bool = false) throws -> [Habit] {
        if !includeArchived, let habits = kept.habits { return habits }
        let clause = includeArchived ? "" : "WHERE is_archived = 0"
        let habits = try db.rows("SELECT \(HabitRecords.habitColumns) FROM habits \(clause) ORDER BY is_archived, sort_order, created_at")
            .map(HabitRecords.habit)
        if !includeArchived { kept.habits = habits }
        return habits
    }

    public func windows(of habit: Habit) throws -> [HabitWindow] {
        try db.rows("SELECT \(HabitRecords.windowColumns) FROM habit_windows WHERE habit_id = ? ORDER BY sort_order, created_at",
                    [.text(habit.id.lowercasedText)]).map(HabitRecords.window)
    }

    public func pauses(of habit: Habit) throws -> [HabitPause] {
        try db.rows("SELECT \(HabitRecords.pauseColumns) FROM habit_pauses WHERE habit_id = ? ORDER BY from_day",
                    [.text(habit.id.lowercasedText)]).map(HabitRecords.pause)
    }

    func schedules(of habit: Habit) throws -> [HabitScheduleChange] {
        try db.rows("SELECT from_day, frequency, scheduled_days, target_per_week FROM habit_schedules WHERE habit_id = ? ORDER BY from_day",
                    [.text(habit.id.lowercasedText)]).map(HabitRecords.scheduleChange)
    }

    func entry(window: UUID, date: LocalDay) throws -> HabitEntry? {
        // Two devices may each have written the day; the larger amount wins, as neither is lost work.
        try db.rows("SELECT \(HabitRecords.entryColumns) FROM habit_entries WHERE window_id = ? AND date = ? ORDER BY amount DESC, modified_at DESC LIMIT 1",
                    [.text(window.lowercasedText), .text(date.description)]).first.map(HabitRecords.entry)
    }

    /// The history one window's density needs, for days `start` through `end`.
    ///
    /// A range that ends today and starts within the recent days (Today's cells, the week's progress,
    /// the density read, fatigue) is answered from one read of every habit's recent rows, kept for the
    /// command; such a history may hold a few days more than asked, which no day's cell depends on.
    public func history(of window: HabitWindow, habit: Habit, from start: LocalDay, through end: LocalDay) throws -> WindowHistory {
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
        var entries: [LocalDay: HabitEntry] = [:]
        try db.forEachRawRow("SELECT \(HabitRecords.entryColumns) FROM habit_entries WHERE window_id = ? AND date >= ? AND date <= ?",
                          [.text(window.id.lowercasedText), .text(start.description), .text(end.description)]) {
            let entry = HabitRecords.entry($0)
            if let known = entries[entry.date], known.amount >= entry.amount { return }
            entries[entry.date] = entry
        }
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
            // Two devices may each have written the day; the larger amount wins, as in `entry(window:date:)`.
            if let known = read.entries[entry.windowID]?[entry.date], known.amount >= entry.amount { return }
            read.entries[entry.windowID, default: [:]][entry.date] = entry
        }
        kept.recentHabits = read
        return read
    }

    /// Logical days on which the user engaged (`habit.md`, Avoid habits): a task completed, a habit
    /// logged or held, a session run, or night planning closed or skipped. Opening Charflow is not enough.
    public func engagedDays(from start: LocalDay, through end: LocalDay) throws -> Set<LocalDay> {
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

    /// One habit as Today and `habits` show it.
    public struct HabitDay: Sendable {
        public let habit: Habit
        public let windows: [(window: HabitWindow, cell: DensityCell)]
        /// For a weekly target: days met this week and the target.
        public let week: (done: Int, target: Int)?
        public let pause: HabitPause?

        /// Due today: not paused, scheduled today, or a weekly target not yet met.
        public var isDueToday: Bool {
            HabitRules.isDueToday(paused: pause != nil, week: week, anyWindowDue: windows.contains { $0.cell.isDue })
        }

        public var isDoneToday: Bool {
            HabitRules.isDoneToday(week: week, dueCells: windows.map(\.cell).filter(\.isDue))
        }
    }

    /// Every active habit as of today, with each window's cell and the week's progress.
    public func habitDays() throws -> [HabitDay] {
        if let cached = kept.habitDays { return cached }
        let days = try habits().map { try habitDay($0) }
        kept.habitDays = days
        return days
    }

    public func habitDay(_ habit: Habit) throws -> HabitDay {
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
        return HabitDay(habit: habit, windows: cells, week: week, pause: pauses.first { $0.covers(today) })
    }

    // MARK: Logging

    /// Logs on `date` (default today) for the window named `windowLabel` (needed with several windows).
    ///
    /// Only the last 14 days can be corrected; archived habits take no log, and neither do days the
    /// habit asked nothing of (paused or unscheduled). A day without an entry takes the window's
    /// target; a past day whose target has since changed has an entry keeping its own (`editHabit`).
    @discardableResult
    public func logHabit(_ word: String, window windowLabel: String?, _ log: HabitLog, date: LocalDay? = nil) throws
        -> (habit: Habit, window: HabitWindow, entry: HabitEntry)
    {
        let habit = try habit(matching: word)
        if habit.isArchived { throw PlannerError.habitArchived(habit.title) }
        let day = date ?? today
        if day > today { throw PlannerError.futureDay(day) }
        if day < today.adding(days: -(Planner.correctableDays - 1)) { throw PlannerError.correctionTooOld(day) }
        let window = try pickWindow(of: habit, label: windowLabel)
        let first = calendar.logicalDay(at: window.createdAt)
        if day < first { throw PlannerError.beforeHabitExisted(day, first: first) }
        try HabitRules.checkFits(log, kind: habit.kind)
        try HabitRules.checkLoggable(log, on: day, history: try history(of: window, habit: habit, from: day, through: day))
        return try perform("habit log") { journal in
            let found = try entry(window: window.id, date: day)
            var entry: HabitEntry
            if let found {
                entry = found
            } else {
                entry = HabitEntry(id: try DerivedID.habitEntry(window: window.id, day: day, in: db), windowID: window.id,
                                   date: day, target: window.target, modifiedAt: now)
                try HabitIncrements.adopt(&entry, kind: habit.kind, db: db)
            }
            try journal.capture("habit_entries", key: entry.id.lowercasedText)
            let before = entry
            try HabitRules.apply(log, to: &entry, kind: habit.kind, now: now)
            switch (habit.kind, log) {
            case (.timed, .minutes(let minutes)):
                let manual = WorkSession(subject: .habitWindow(window.id), startedAt: now, day: day, endedAt: now,
                                         outcome: .manual, actualSeconds: minutes * 60)
                try sessions.save(manual, journal: &journal, now: now)
            case (.timed, .undo):
                if let last = try db.rows("SELECT id FROM sessions WHERE habit_window_id = ? AND day = ? AND outcome = 'manual' ORDER BY started_at DESC, rowid DESC LIMIT 1",
                                          [.text(window.id.lowercasedText), .text(day.description)]).first?[0].text {
                    // Removed for good, so the removal reaches every device (rule Y-6).
                    try sessions.remove(id: last, journal: &journal, now: nowText)
                }
            default: break
            }
            if habit.kind == .timed { entry.amount = try timedMinutes(window: window.id, day: day) }
            HabitRules.settleCompletion(&entry, kind: habit.kind, log: log, today: today, now: now)
            if habit.kind == .counted || habit.kind == .avoid, entry.amount != before.amount {
                try HabitIncrements.record(window: window.id, day: day, before: before.amount,
                                           baseAt: before.completedAt ?? before.modifiedAt,
                                           delta: entry.amount - before.amount, at: now, journal: &journal, db: db)
            }
            try HabitIncrements.settle(&entry, kind: habit.kind, db: db)
            entry.modifiedAt = now
            try db.run(HabitRecords.upsertEntry, HabitRecords.bindings(entry))
            return (habit, window, entry)
        }
    }

    /// The window called `label`; without one, the habit's only window.
    public func pickWindow(of habit: Habit, label: String?) throws -> HabitWindow {
        let windows = try windows(of: habit)
        if let label {
            guard let match = windows.first(where: { $0.label.lowercased() == label.lowercased() }) else {
                throw PlannerError.noWindowMatches(label)
            }
            return match
        }
        guard windows.count == 1 else { throw PlannerError.windowNeeded }
        return windows[0]
    }

    /// A timed window's minutes for a day: round(total seconds ÷ 60) over all its closed sessions.
    func timedMinutes(window: UUID, day: LocalDay) throws -> Int {
        let seconds = try db.scalar("SELECT coalesce(sum(actual_seconds), 0) FROM sessions WHERE habit_window_id = ? AND day = ? AND ended_at IS NOT NULL",
                                    [.text(window.lowercasedText), .text(day.description)])?.int ?? 0
        return Int((Double(seconds) / 60).rounded(.toNearestOrAwayFromZero))
    }

    /// Rewrites a timed window's entry for `day` from its sessions (after a session closes).
    func recomputeTimedEntry(window windowID: UUID, day: LocalDay, journal: inout UndoJournal?) throws {
        guard let row = try db.rows("SELECT \(HabitRecords.windowColumns) FROM habit_windows WHERE id = ?",
                                    [.text(windowID.lowercasedText)]).first else { return }
        let window = HabitRecords.window(row)
        var entry = try entry(window: windowID, date: day)
            ?? HabitEntry(id: try DerivedID.habitEntry(window: windowID, day: day, in: db), windowID: windowID,
                          date: day, target: window.target, modifiedAt: now)
        try journal?.capture("habit_entries", key: entry.id.lowercasedText)
        entry.amount = try timedMinutes(window: windowID, day: day)
        HabitRules.settleCompletion(&entry, kind: .timed, log: nil, today: today, now: now)
        try HabitIncrements.settle(&entry, kind: .timed, db: db)
        entry.modifiedAt = now
        try db.run(HabitRecords.upsertEntry, HabitRecords.bindings(entry))
    }

    // MARK: Pauses

    /// Pauses a habit from `from` (default today) until `to`, the day it resumes (open-ended when nil).
    @discardableResult
    public func pauseHabit(_ word: String, from: LocalDay?, to: LocalDay?, reason: PauseReason) throws -> HabitPause {
        let habit = try habit(matching: word)
        let start = from ?? today
        if let to, to <= start { throw PlannerError.badPause }
        let pause = HabitPause(habitID: habit.id, from: start, to: to, reason: reason, modifiedAt: now)
        try performUpsert("habit pause", table: "habit_pauses", id: pause.id, sql: HabitRecords.upsertPause, bindings: HabitRecords.bindings(pause))
        return pause
    }

    /// Ends the pause in force (or the next one): today is scheduled again; past days keep their state.
    @discardableResult
    public func resumeHabit(_ word: String) throws -> Habit {
        let habit = try habit(matching: word)
        let pauses = try pauses(of: habit).filter { $0.to.map { $0 > today } ?? true }
        guard !pauses.isEmpty else { throw PlannerError.notPausedHabit }
        try perform("habit resume") { journal in
            for var pause in pauses {
                try journal.capture("habit_pauses", key: pause.id.lowercasedText)
                if pause.from >= today {
                    try db.run("DELETE FROM habit_pauses WHERE id = ?", [.text(pause.id.lowercasedText)])
                } else {
                    pause.to = today
                    pause.modifiedAt = now
                    try db.run(HabitRecords.upsertPause, HabitRecords.bindings(pause))
                }
            }
        }
        return habit
    }

    // MARK: Timed sessions

    /// The timed habit's window a focus session begins on: refused for a habit that is not timed or
    /// is archived.
    package func windowToTime(_ word: String, window label: String?) throws -> HabitWindow {
        let habit = try habit(matching: word)
        guard habit.kind == .timed else { throw PlannerError.notTimed }
        if habit.isArchived { throw PlannerError.habitArchived(habit.title) }
        return try pickWindow(of: habit, label: label)
    }

    // MARK: Groups

    public func groups(includeArchived: Bool = false) throws -> [HabitGroup] {
        let clause = includeArchived ? "" : "WHERE is_archived = 0"
        return try db.rows("SELECT \(HabitRecords.groupColumns) FROM habit_groups \(clause) ORDER BY sort_order, created_at")
            .map(HabitRecords.group)
    }

    public func group(matching word: String) throws -> HabitGroup {
        let key = word.lowercased()
        let all = try groups(includeArchived: true)
        if let named = all.first(where: { $0.title.lowercased() == key }) { return named }
        let byID = all.filter { key.count >= 4 && $0.id.lowercasedText.hasPrefix(key) }
        if byID.count == 1 { return byID[0] }
        throw PlannerError.noGroupMatches(word)
    }

    @discardableResult
    public func addGroup(_ title: String) throws -> HabitGroup {
        let name = try TaskText.title(title, field: .groupName)
        let all = try groups(includeArchived: true)
        if all.contains(where: { $0.title.lowercased() == name.lowercased() }) { throw PlannerError.duplicateGroup(name) }
        let group = HabitGroup(title: name, sortOrder: all.count, createdAt: now)
        try performUpsert("group add", table: "habit_groups", id: group.id, sql: HabitRecords.upsertGroup, bindings: HabitRecords.bindings(group))
        return group
    }

    /// Archives a group; its habits stay, ungrouped only in how they are shown.
    @discardableResult
    public func archiveGroup(_ word: String) throws -> HabitGroup {
        var group = try group(matching: word)
        group.isArchived = true
        group.modifiedAt = now
        try performUpsert("group archive", table: "habit_groups", id: group.id, sql: HabitRecords.upsertGroup, bindings: HabitRecords.bindings(group))
        return group
    }

    /// A group's card: today's ring and badge, and a 14-day aggregate of its habits' windows.
    public struct GroupSummary: Sendable {
        public let group: HabitGroup
        public let doneToday: Int
        public let dueToday: Int
        /// Per day, oldest first: the share of due windows complete (nil when nothing was due).
        public let days: [(date: LocalDay, share: Double?)]

        public var percentToday: Int { dueToday == 0 ? 0 : (doneToday * 100 + dueToday / 2) / dueToday }
    }

    public func groupSummary(_ group: HabitGroup) throws -> GroupSummary {
        let members = try habits().filter { $0.groupID == group.id }
        let start = today.adding(days: -13)
        var due = Array(repeating: 0, count: 14), done = Array(repeating: 0, count: 14)
        var dueToday = 0, doneToday = 0
        for habit in members {
            let day = try habitDay(habit)
            if day.isDueToday || day.isDoneToday && day.pause == nil {
                dueToday += 1
                if day.isDoneToday { doneToday += 1 }
            }
            for window in try windows(of: habit) {
                let history = try self.history(of: window, habit: habit, from: start, through: today)
                for (index, cell) in history.cells(from: start, through: today, today: today).enumerated() where cell.isDue {
                    due[index] += 1
                    if cell.state == .complete { done[index] += 1 }
                }
            }
        }
        let days = (0..<14).map { index in
            (start.adding(days: index), due[index] == 0 ? nil : Double(done[index]) / Double(due[index]))
        }
        return GroupSummary(group: group, doneToday: doneToday, dueToday: dueToday, days: days)
    }

    // MARK: Signals

    /// Habit signals not yet shown in their period: fatigue per habit (per week), realism (per week).
    public func pendingHabitSignals() throws -> [PendingSignal] {
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

    // MARK: Helpers

    /// Gives each correctable past day of `window` without an entry an empty one holding `old`, the
    /// target those days had, before the target changes; so a later correction keeps that day's target.
    private func keepPastTargets(of window: HabitWindow, old: Int, journal: inout UndoJournal) throws {
        for day in HabitRules.snapshotDays(firstDay: calendar.logicalDay(at: window.createdAt), today: today)
        where try entry(window: window.id, date: day) == nil {
            let snapshot = HabitEntry(id: try DerivedID.habitEntry(window: window.id, day: day, in: db), windowID: window.id,
                                      date: day, target: old, modifiedAt: now)
            try journal.capture("habit_entries", key: snapshot.id.lowercasedText)
            try db.run(HabitRecords.upsertEntry, HabitRecords.bindings(snapshot))
        }
    }

    /// Records the habit's schedule as in force from today (replacing a change made earlier today).
    private func recordSchedule(_ habit: Habit, journal: inout UndoJournal) throws {
        let existing = try db.scalar("SELECT id FROM habit_schedules WHERE habit_id = ? AND from_day = ?",
                                     [.text(habit.id.lowercasedText), .text(today.description)])?.text
        let id = existing ?? UUID().lowercasedText
        try journal.capture("habit_schedules", key: id)
        try db.run(HabitRecords.upsertSchedule, [
            .text(id), .text(habit.id.lowercasedText), .text(today.description), .text(habit.schedule.frequency.rawValue),
            .text(habit.schedule.daysText), habit.schedule.perWeek.sqlValue, .text(nowText),
        ])
    }
}
