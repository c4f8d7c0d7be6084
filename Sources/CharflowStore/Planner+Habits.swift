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
        try HabitRules.checkNewWindows(specs, kind: kind)
        let group = try request.group.map { try self.group(matching: $0) }
        let existing = try habitRecords.count()
        let habit = Habit(title: title, notes: TaskText.notes(request.notes), presetKey: preset?.rawValue, kind: kind,
                          schedule: request.schedule ?? preset?.schedule ?? .daily, groupID: group?.id,
                          sortOrder: existing, createdAt: now)
        let effort: Int? = request.effortMinutes ?? preset?.effortMinutes ?? (kind == .timed ? target : nil)
        try action("habit add") { work in
            try habitRecords.insert(habit, in: work)
            try habitRecords.recordSchedule(of: habit, from: today, in: work)
            for (index, spec) in specs.enumerated() {
                let window = HabitWindow(habitID: habit.id, label: spec.label, startMinute: spec.start?.minutes ?? 0,
                                         endMinute: spec.end?.minutes ?? 1439, target: target, effortMinutes: effort,
                                         reminderMinute: spec.reminder?.minutes, sortOrder: index, createdAt: now)
                try habitRecords.insert(window, in: work)
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
        var windows = try self.windows(of: habit)
        let held = Set(windows.map(\.id))
        let oldTargets = Dictionary(uniqueKeysWithValues: windows.map { ($0.id, $0.target) })
        if let target = change.target {
            let valid = try HabitRules.validTarget(target, kind: habit.kind)
            for index in windows.indices { windows[index].target = valid }
        }
        if let effort = change.effortMinutes {
            for index in windows.indices { windows[index].effortMinutes = effort }
        }
        for spec in change.windows {
            try HabitRules.checkEditedWindow(spec, kind: habit.kind)
            if let index = windows.firstIndex(where: { $0.label.lowercased() == spec.label.lowercased() }) {
                if let start = spec.start { windows[index].startMinute = start.minutes }
                if let end = spec.end { windows[index].endMinute = end.minutes }
                if let reminder = spec.reminder { windows[index].reminderMinute = reminder.minutes }
            } else {
                try HabitRules.checkAddedWindow(kind: habit.kind, windowsHeld: windows.count)
                let template = windows.first
                windows.append(HabitWindow(habitID: habit.id, label: spec.label, startMinute: spec.start?.minutes ?? 0,
                                           endMinute: spec.end?.minutes ?? 1439, target: template?.target ?? 1,
                                           effortMinutes: template?.effortMinutes, reminderMinute: spec.reminder?.minutes,
                                           sortOrder: windows.count, createdAt: now))
            }
        }
        let changedWindows = windows
        return try action("habit edit") { work in
            let saved = try habitRecords.save(habit, in: work)
            if scheduleChanged { try habitRecords.recordSchedule(of: habit, from: today, in: work) }
            for window in changedWindows {
                if let old = oldTargets[window.id], old != window.target {
                    try keepPastTargets(of: window, old: old, in: work)
                }
                if held.contains(window.id) {
                    try habitRecords.save(window, in: work)
                } else {
                    try habitRecords.insert(window, in: work)
                }
                // Today counts as the future: its entry takes the new target; earlier days keep theirs.
                if var entry = try entry(window: window.id, date: today), entry.target != window.target {
                    entry.target = window.target
                    if habit.kind != .avoid {
                        HabitRules.settleCompletion(&entry, kind: habit.kind, log: nil, today: today, now: now)
                        try habitRecords.settleIncrements(&entry, kind: habit.kind)
                    }
                    try habitRecords.save(entry, in: work)
                }
            }
            return saved
        }
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
        return try action(archived ? "habit archive" : "habit restore") { work in try habitRecords.save(habit, in: work) }
    }

    // MARK: Reading habits

    /// The habit whose id starts with `word` (4+ characters), or whose title is `word`, ignoring case.
    public func habit(matching word: String) throws -> Habit {
        let key = word.lowercased()
        if key.count >= 4 {
            let found = try habitRecords.habits(idStartingWith: key)
            if found.count == 1 { return found[0] }
            if found.count > 1 { throw PlannerError.ambiguousHabit(word) }
        }
        let named = try habitRecords.habits(titled: key)
        if named.count == 1 { return named[0] }
        if named.count > 1 { throw PlannerError.ambiguousHabit(word) }
        throw PlannerError.noHabitMatches(word)
    }

    /// Habits in their order; archived ones only with `includeArchived`.
    public func habits(includeArchived: Bool = false) throws -> [Habit] {
        if !includeArchived, let habits = kept.habits { return habits }
        let habits = try habitRecords.all(includeArchived: includeArchived)
        if !includeArchived { kept.habits = habits }
        return habits
    }

    public func windows(of habit: Habit) throws -> [HabitWindow] {
        try habitRecords.windows(of: habit.id)
    }

    public func pauses(of habit: Habit) throws -> [HabitPause] {
        try habitRecords.pauses(of: habit.id)
    }

    func schedules(of habit: Habit) throws -> [HabitScheduleChange] {
        try habitRecords.schedules(of: habit.id)
    }

    func entry(window: UUID, date: LocalDay) throws -> HabitEntry? {
        try habitRecords.entry(window: window, on: date)
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
        let day = date ?? today
        try HabitRules.checkLogDay(day, habit: habit, today: today)
        let window = try pickWindow(of: habit, label: windowLabel)
        try HabitRules.checkExisted(day, firstDay: calendar.logicalDay(at: window.createdAt))
        try HabitRules.checkFits(log, kind: habit.kind)
        try HabitRules.checkLoggable(log, on: day, history: try history(of: window, habit: habit, from: day, through: day))
        return try action("habit log") { work in
            let records = habitRecords
            var entry: HabitEntry
            if let found = try records.entry(window: window.id, on: day) {
                entry = found
            } else {
                entry = HabitEntry(id: try records.newEntryID(window: window.id, on: day), windowID: window.id,
                                   date: day, target: window.target, modifiedAt: now)
                try records.adoptIncrements(&entry, kind: habit.kind)
            }
            let before = entry
            try HabitRules.apply(log, to: &entry, kind: habit.kind, now: now)
            switch (habit.kind, log) {
            case (.timed, .minutes(let minutes)):
                let manual = WorkSession(subject: .habitWindow(window.id), startedAt: now, day: day, endedAt: now,
                                         outcome: .manual, actualSeconds: minutes * 60)
                try sessions.save(manual, in: work)
            case (.timed, .undo):
                try records.removeLastManualLog(window: window.id, on: day, in: work)
            default: break
            }
            if habit.kind == .timed { entry.amount = try records.timedMinutes(window: window.id, on: day) }
            HabitRules.settleCompletion(&entry, kind: habit.kind, log: log, today: today, now: now)
            if habit.kind == .counted || habit.kind == .avoid, entry.amount != before.amount {
                try records.recordIncrement(window: window.id, day: day, before: before.amount,
                                            baseAt: before.completedAt ?? before.modifiedAt,
                                            delta: entry.amount - before.amount, in: work)
            }
            try records.settleIncrements(&entry, kind: habit.kind)
            return (habit, window, try records.save(entry, in: work))
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

    // MARK: Pauses

    /// Pauses a habit from `from` (default today) until `to`, the day it resumes (open-ended when nil).
    @discardableResult
    public func pauseHabit(_ word: String, from: LocalDay?, to: LocalDay?, reason: PauseReason) throws -> HabitPause {
        let habit = try habit(matching: word)
        let start = from ?? today
        try HabitRules.checkPause(from: start, to: to)
        let pause = HabitPause(habitID: habit.id, from: start, to: to, reason: reason, modifiedAt: now)
        return try action("habit pause") { work in try habitRecords.insert(pause, in: work) }
    }

    /// Ends the pause in force (or the next one): today is scheduled again; past days keep their state.
    @discardableResult
    public func resumeHabit(_ word: String) throws -> Habit {
        let habit = try habit(matching: word)
        let pauses = try pauses(of: habit).filter { $0.to.map { $0 > today } ?? true }
        guard !pauses.isEmpty else { throw PlannerError.notPausedHabit }
        try action("habit resume") { work in
            for var pause in pauses {
                if pause.from >= today {
                    try habitRecords.remove(pause, in: work)
                } else {
                    pause.to = today
                    try habitRecords.save(pause, in: work)
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
        try HabitRules.checkTimable(habit)
        return try pickWindow(of: habit, label: label)
    }

    // MARK: Groups

    public func groups(includeArchived: Bool = false) throws -> [HabitGroup] {
        try habitRecords.groups(includeArchived: includeArchived)
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
        try action("group add") { work in try habitRecords.insert(group, in: work) }
        return group
    }

    /// Archives a group; its habits stay, ungrouped only in how they are shown.
    @discardableResult
    public func archiveGroup(_ word: String) throws -> HabitGroup {
        var group = try group(matching: word)
        group.isArchived = true
        return try action("group archive") { work in try habitRecords.save(group, in: work) }
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
    private func keepPastTargets(of window: HabitWindow, old: Int, in work: UnitOfWork) throws {
        let records = habitRecords
        for day in HabitRules.snapshotDays(firstDay: calendar.logicalDay(at: window.createdAt), today: today)
        where try records.entry(window: window.id, on: day) == nil {
            let snapshot = HabitEntry(id: try records.newEntryID(window: window.id, on: day), windowID: window.id,
                                      date: day, target: old, modifiedAt: now)
            try records.save(snapshot, in: work)
        }
    }
}
