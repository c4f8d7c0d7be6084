import CharflowCore
import Foundation

/// The store's habits as records: habits, their schedules, windows, day entries, pauses and groups.
///
/// Reads work anywhere. A save takes the `UnitOfWork` of the action it belongs to: it captures the
/// row's before-image in that action's undo journal, stamps `modifiedAt` with the action's clock and
/// writes the row by column name, so a habit change can neither escape undo nor miss its stamp (spec
/// D8, D14). An `insert` never replaces a row that holds its id (the action fails whole instead); a
/// removal goes through `Tombstone`, so it reaches every device.
package struct HabitRepository {
    let db: Database

    // MARK: Habits

    /// The habit with this id, if it exists.
    package func habit(id: UUID) throws -> Habit? {
        try db.rows("SELECT \(HabitRecords.habitColumns) FROM habits WHERE id = ?", [.text(id.lowercasedText)])
            .first.map(HabitRecords.habit)
    }

    /// Up to `limit` habits whose id starts with `prefix` (lower-case text).
    package func habits(idStartingWith prefix: String, limit: Int = 2) throws -> [Habit] {
        try db.rows("SELECT \(HabitRecords.habitColumns) FROM habits WHERE id >= ? AND id < ? LIMIT ?",
                    [.text(prefix), .text(prefix + "~"), .integer(Int64(limit))]).map(HabitRecords.habit)
    }

    /// Up to `limit` habits titled `title`, ignoring case.
    package func habits(titled title: String, limit: Int = 2) throws -> [Habit] {
        try db.rows("SELECT \(HabitRecords.habitColumns) FROM habits WHERE lower(title) = ? LIMIT ?",
                    [.text(title.lowercased()), .integer(Int64(limit))]).map(HabitRecords.habit)
    }

    /// Habits in their order; archived ones only with `includeArchived`, after the others.
    package func all(includeArchived: Bool) throws -> [Habit] {
        let clause = includeArchived ? "" : "WHERE is_archived = 0"
        return try db.rows("SELECT \(HabitRecords.habitColumns) FROM habits \(clause) ORDER BY is_archived, sort_order, created_at")
            .map(HabitRecords.habit)
    }

    /// How many habits there are, archived ones included.
    package func count() throws -> Int {
        try db.scalar("SELECT count(*) FROM habits")?.int ?? 0
    }

    /// Adds `habit`, which must be new.
    package func insert(_ habit: Habit, in work: UnitOfWork) throws {
        var habit = habit
        try work.journal.capture("habits", key: habit.id.lowercasedText)
        habit.modifiedAt = work.now
        try db.run(HabitRecords.insertHabit, HabitRecords.bindings(habit))
    }

    /// Saves a change to `habit` itself.
    @discardableResult
    package func save(_ habit: Habit, in work: UnitOfWork) throws -> Habit {
        var habit = habit
        try work.journal.capture("habits", key: habit.id.lowercasedText)
        habit.modifiedAt = work.now
        try db.run(HabitRecords.upsertHabit, HabitRecords.bindings(habit))
        return habit
    }

    // MARK: Schedules

    /// The habit's schedule changes, oldest first.
    package func schedules(of habit: UUID) throws -> [HabitScheduleChange] {
        try db.rows("SELECT from_day, frequency, scheduled_days, target_per_week FROM habit_schedules WHERE habit_id = ? ORDER BY from_day",
                    [.text(habit.lowercasedText)]).map(HabitRecords.scheduleChange)
    }

    /// Records `habit`'s schedule as in force from `day`, replacing a change recorded for that day.
    package func recordSchedule(of habit: Habit, from day: LocalDay, in work: UnitOfWork) throws {
        let existing = try db.scalar("SELECT id FROM habit_schedules WHERE habit_id = ? AND from_day = ?",
                                     [.text(habit.id.lowercasedText), .text(day.description)])?.text
        let id = existing ?? UUID().lowercasedText
        try work.journal.capture("habit_schedules", key: id)
        try db.run(HabitRecords.upsertSchedule, [
            .text(id), .text(habit.id.lowercasedText), .text(day.description), .text(habit.schedule.frequency.rawValue),
            .text(habit.schedule.daysText), habit.schedule.perWeek.sqlValue, .text(Instant.storageText(work.now)),
        ])
    }

    // MARK: Windows

    /// The habit's windows in their order.
    package func windows(of habit: UUID) throws -> [HabitWindow] {
        try db.rows("SELECT \(HabitRecords.windowColumns) FROM habit_windows WHERE habit_id = ? ORDER BY sort_order, created_at",
                    [.text(habit.lowercasedText)]).map(HabitRecords.window)
    }

    /// The window with this id, if it exists.
    package func window(id: UUID) throws -> HabitWindow? {
        try db.rows("SELECT \(HabitRecords.windowColumns) FROM habit_windows WHERE id = ?", [.text(id.lowercasedText)])
            .first.map(HabitRecords.window)
    }

    /// Adds `window`, which must be new.
    package func insert(_ window: HabitWindow, in work: UnitOfWork) throws {
        var window = window
        try work.journal.capture("habit_windows", key: window.id.lowercasedText)
        window.modifiedAt = work.now
        try db.run(HabitRecords.insertWindow, HabitRecords.bindings(window))
    }

    /// Saves a change to `window`.
    package func save(_ window: HabitWindow, in work: UnitOfWork) throws {
        var window = window
        try work.journal.capture("habit_windows", key: window.id.lowercasedText)
        window.modifiedAt = work.now
        try db.run(HabitRecords.upsertWindow, HabitRecords.bindings(window))
    }

    // MARK: Day entries

    /// The window's entry for `day`. Two devices may each have written the day; the larger amount
    /// wins, as neither is lost work.
    package func entry(window: UUID, on day: LocalDay) throws -> HabitEntry? {
        try db.rows("SELECT \(HabitRecords.entryColumns) FROM habit_entries WHERE window_id = ? AND date = ? ORDER BY amount DESC, modified_at DESC LIMIT 1",
                    [.text(window.lowercasedText), .text(day.description)]).first.map(HabitRecords.entry)
    }

    /// The window's entries for days `start` through `end`, one a day (the larger amount wins).
    package func entries(window: UUID, from start: LocalDay, through end: LocalDay) throws -> [LocalDay: HabitEntry] {
        var entries: [LocalDay: HabitEntry] = [:]
        try db.forEachRawRow("SELECT \(HabitRecords.entryColumns) FROM habit_entries WHERE window_id = ? AND date >= ? AND date <= ?",
                             [.text(window.lowercasedText), .text(start.description), .text(end.description)]) {
            let entry = HabitRecords.entry($0)
            if let known = entries[entry.date], known.amount >= entry.amount { return }
            entries[entry.date] = entry
        }
        return entries
    }

    /// The id a new entry of the window's `day` takes: the one every device derives (rule Y-7).
    package func newEntryID(window: UUID, on day: LocalDay) throws -> UUID {
        try DerivedID.habitEntry(window: window, day: day, in: db)
    }

    /// Saves `entry` (made afresh or changed); returns it as stored.
    @discardableResult
    package func save(_ entry: HabitEntry, in work: UnitOfWork) throws -> HabitEntry {
        var entry = entry
        try save(&entry, journal: &work.journal, now: work.now)
        return entry
    }

    /// Saves `entry` changed by something no undo reaches (a rollover's or a settlement's session close).
    package func saveOutsideUndo(_ entry: HabitEntry, now: Date) throws {
        var entry = entry
        entry.modifiedAt = now
        try db.run(HabitRecords.upsertEntry, HabitRecords.bindings(entry))
    }

    private func save(_ entry: inout HabitEntry, journal: inout UndoJournal, now: Date) throws {
        try journal.capture("habit_entries", key: entry.id.lowercasedText)
        entry.modifiedAt = now
        try db.run(HabitRecords.upsertEntry, HabitRecords.bindings(entry))
    }

    // MARK: Increments (rule Y-6)

    /// Gives an entry made afresh the amount of the day's increment rows, when it has any.
    package func adoptIncrements(_ entry: inout HabitEntry, kind: HabitKind) throws {
        try HabitIncrements.adopt(&entry, kind: kind, db: db)
    }

    /// Sets `entry`'s amount and completion from its increment rows or, when timed, its sessions.
    package func settleIncrements(_ entry: inout HabitEntry, kind: HabitKind) throws {
        try HabitIncrements.settle(&entry, kind: kind, db: db)
    }

    /// The sum of the increment rows of the window's `day`, or nil when it has none.
    package func incrementSum(window: UUID, on day: LocalDay) throws -> Int? {
        try HabitIncrements.sum(window: window, day: day, db: db)
    }

    /// Records that the window's `day` went from `before` by `delta`, as part of the action, made at
    /// `time` (the action's own time unless given: an adopted habit's ticks keep when the task was done).
    package func recordIncrement(window: UUID, day: LocalDay, before: Int, baseAt: Date, delta: Int, at time: Date? = nil,
                                 in work: UnitOfWork) throws {
        try HabitIncrements.record(window: window, day: day, before: before, baseAt: baseAt, delta: delta, at: time ?? work.now,
                                   journal: &work.journal, db: db)
    }

    // MARK: Timed windows' sessions

    /// The window's minutes on `day`: its closed sessions' seconds, rounded once (`HabitCompletion`).
    package func timedMinutes(window: UUID, on day: LocalDay) throws -> Int {
        let seconds = try db.scalar("SELECT coalesce(sum(actual_seconds), 0) FROM sessions WHERE habit_window_id = ? AND day = ? AND ended_at IS NOT NULL",
                                    [.text(window.lowercasedText), .text(day.description)])?.int ?? 0
        return HabitCompletion.minutes(seconds: seconds)
    }

    /// Removes for good the last minutes logged by hand on the window's `day`, if any, so the removal
    /// reaches every device (rule Y-6); false when there were none.
    @discardableResult
    package func removeLastManualLog(window: UUID, on day: LocalDay, in work: UnitOfWork) throws -> Bool {
        guard let last = try db.rows("SELECT id FROM sessions WHERE habit_window_id = ? AND day = ? AND outcome = 'manual' ORDER BY started_at DESC, rowid DESC LIMIT 1",
                                     [.text(window.lowercasedText), .text(day.description)]).first?[0].text else { return false }
        try work.store.sessions.remove(id: last, journal: &work.journal, now: Instant.storageText(work.now))
        return true
    }

    // MARK: Pauses

    /// The habit's pauses, earliest first.
    package func pauses(of habit: UUID) throws -> [HabitPause] {
        try db.rows("SELECT \(HabitRecords.pauseColumns) FROM habit_pauses WHERE habit_id = ? ORDER BY from_day",
                    [.text(habit.lowercasedText)]).map(HabitRecords.pause)
    }

    /// Adds `pause`, which must be new; returns it as stored.
    @discardableResult
    package func insert(_ pause: HabitPause, in work: UnitOfWork) throws -> HabitPause {
        var pause = pause
        try work.journal.capture("habit_pauses", key: pause.id.lowercasedText)
        pause.modifiedAt = work.now
        try db.run(HabitRecords.insertPause, HabitRecords.bindings(pause))
        return pause
    }

    /// Saves a change to `pause`.
    package func save(_ pause: HabitPause, in work: UnitOfWork) throws {
        var pause = pause
        try work.journal.capture("habit_pauses", key: pause.id.lowercasedText)
        pause.modifiedAt = work.now
        try db.run(HabitRecords.upsertPause, HabitRecords.bindings(pause))
    }

    /// Removes `pause` for good, leaving a tombstone.
    package func remove(_ pause: HabitPause, in work: UnitOfWork) throws {
        try work.journal.capture("habit_pauses", key: pause.id.lowercasedText)
        try Tombstone.remove("habit_pauses", id: pause.id.lowercasedText, at: Instant.storageText(work.now), in: db)
    }

    // MARK: Groups

    /// The groups in their order; archived ones only with `includeArchived`.
    package func groups(includeArchived: Bool) throws -> [HabitGroup] {
        let clause = includeArchived ? "" : "WHERE is_archived = 0"
        return try db.rows("SELECT \(HabitRecords.groupColumns) FROM habit_groups \(clause) ORDER BY sort_order, created_at")
            .map(HabitRecords.group)
    }

    /// Adds `group`, which must be new.
    package func insert(_ group: HabitGroup, in work: UnitOfWork) throws {
        var group = group
        try work.journal.capture("habit_groups", key: group.id.lowercasedText)
        group.modifiedAt = work.now
        try db.run(HabitRecords.insertGroup, HabitRecords.bindings(group))
    }

    /// Saves a change to `group`; returns it as stored.
    @discardableResult
    package func save(_ group: HabitGroup, in work: UnitOfWork) throws -> HabitGroup {
        var group = group
        try work.journal.capture("habit_groups", key: group.id.lowercasedText)
        group.modifiedAt = work.now
        try db.run(HabitRecords.upsertGroup, HabitRecords.bindings(group))
        return group
    }
}

extension Store {
    /// The store's habits as records.
    package var habitRecords: HabitRepository {
        HabitRepository(db: db)
    }
}
