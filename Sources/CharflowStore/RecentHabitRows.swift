import CharflowCore
import Foundation

/// Every habit's windows, schedules and pauses, with the day entries of a recent range, read in four
/// queries: what Today, the habits view, planning and reminders share of a command's habit rows.
package struct RecentHabitRows: Sendable {
    package var windows: [UUID: [HabitWindow]] = [:]
    package var schedules: [UUID: [HabitScheduleChange]] = [:]
    package var pauses: [UUID: [HabitPause]] = [:]
    /// Each window's entries by day; of two rows for one day (two devices), the larger amount.
    package var entries: [UUID: [LocalDay: HabitEntry]] = [:]
}

extension HabitRepository {
    /// Every habit's windows, schedules and pauses, and the entries dated `start` through `end`.
    package func recentRows(from start: LocalDay, through end: LocalDay) throws -> RecentHabitRows {
        var read = RecentHabitRows()
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
                             [.text(start.description), .text(end.description)]) {
            let entry = HabitRecords.entry($0)
            // Two devices may each have written the day; the larger amount wins, as in `entry(window:on:)`.
            if let known = read.entries[entry.windowID]?[entry.date], known.amount >= entry.amount { return }
            read.entries[entry.windowID, default: [:]][entry.date] = entry
        }
        return read
    }

    /// The days `start` through `end` on which any habit was logged or held (an amount, or a completion).
    package func loggedDays(from start: LocalDay, through end: LocalDay) throws -> Set<LocalDay> {
        var days = Set<LocalDay>()
        for row in try db.rows("SELECT DISTINCT date FROM habit_entries WHERE date >= ? AND date <= ? AND (amount > 0 OR completed_at IS NOT NULL)",
                               [.text(start.description), .text(end.description)]) {
            if let day = row.day(0) { days.insert(day) }
        }
        return days
    }

    /// When each habit made at `start` or later was made.
    package func creationTimes(since start: Date) throws -> [Date] {
        try db.rows("SELECT created_at FROM habits WHERE created_at >= ?", [.text(Instant.storageText(start))])
            .compactMap { $0.instant(0) }
    }
}
