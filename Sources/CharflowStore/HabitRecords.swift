import CharflowCore
import Foundation

/// Maps the habit tables' rows to values and back.
enum HabitRecords {
    static let habitColumns = """
        id, title, notes, preset_key, kind, frequency, scheduled_days, target_per_week, is_archived, group_id, \
        sort_order, created_at, modified_at
        """
    static let windowColumns = """
        id, habit_id, label, start_minute, end_minute, target, effort_minutes, reminder_minute, sort_order, \
        created_at, modified_at
        """
    static let entryColumns = "id, window_id, date, target, amount, completed_at, modified_at"
    static let pauseColumns = "id, habit_id, from_day, to_day, reason, modified_at"
    static let groupColumns = "id, title, sort_order, is_archived, created_at, modified_at"
    static let scheduleColumns = "id, habit_id, from_day, frequency, scheduled_days, target_per_week, modified_at"

    static func schedule(frequency: SQLValue, days: SQLValue, perWeek: SQLValue) -> HabitSchedule {
        let kind = frequency.text.flatMap(HabitFrequency.init(rawValue:)) ?? .daily
        var weekdays = RepeatRule.weekdays(days.text ?? "")
        if weekdays.isEmpty { weekdays = Set(Weekday.allCases) }
        return HabitSchedule(frequency: kind, days: weekdays, perWeek: min(7, max(0, perWeek.int ?? 0)))
    }

    /// A schedule change from a row that starts `from_day, frequency, scheduled_days, target_per_week`.
    static func scheduleChange(_ row: [SQLValue]) -> HabitScheduleChange {
        HabitScheduleChange(from: row.day(0) ?? LocalDay(ordinal: 0),
                            schedule: schedule(frequency: row[1], days: row[2], perWeek: row[3]))
    }

    static func habit(_ row: [SQLValue]) -> Habit {
        Habit(id: row.uuid(0) ?? UUID(), title: row[1].text ?? "", notes: row[2].text, presetKey: row[3].text,
              kind: row[4].text.flatMap(HabitKind.init(rawValue:)) ?? .binary,
              schedule: schedule(frequency: row[5], days: row[6], perWeek: row[7]), isArchived: row[8].int == 1,
              groupID: row.uuid(9), sortOrder: row[10].int ?? 0,
              createdAt: row.instant(11) ?? Date(timeIntervalSince1970: 0), modifiedAt: row.instant(12))
    }

    static func bindings(_ habit: Habit) -> [SQLValue] {
        [.text(habit.id.lowercasedText), .text(habit.title), habit.notes.sqlValue, habit.presetKey.sqlValue,
         .text(habit.kind.rawValue), .text(habit.schedule.frequency.rawValue), .text(habit.schedule.daysText),
         habit.schedule.perWeek.sqlValue, habit.isArchived.sqlValue, habit.groupID.map(\.lowercasedText).sqlValue,
         habit.sortOrder.sqlValue, .text(Instant.storageText(habit.createdAt)), .text(Instant.storageText(habit.modifiedAt))]
    }

    static func window(_ row: [SQLValue]) -> HabitWindow {
        HabitWindow(id: row.uuid(0) ?? UUID(), habitID: row.uuid(1) ?? UUID(), label: row[2].text ?? "",
                    startMinute: row[3].int ?? 0, endMinute: row[4].int ?? 1439, target: row[5].int ?? 1,
                    effortMinutes: row[6].int, reminderMinute: row[7].int, sortOrder: row[8].int ?? 0,
                    createdAt: row.instant(9) ?? Date(timeIntervalSince1970: 0), modifiedAt: row.instant(10))
    }

    static func bindings(_ window: HabitWindow) -> [SQLValue] {
        [.text(window.id.lowercasedText), .text(window.habitID.lowercasedText), .text(window.label), window.startMinute.sqlValue,
         window.endMinute.sqlValue, window.target.sqlValue, window.effortMinutes.sqlValue, window.reminderMinute.sqlValue,
         window.sortOrder.sqlValue, .text(Instant.storageText(window.createdAt)),
         .text(Instant.storageText(window.modifiedAt))]
    }

    static func entry(_ row: some RecordRow) -> HabitEntry {
        HabitEntry(id: row.uuid(0) ?? UUID(), windowID: row.uuid(1) ?? UUID(), date: row.day(2) ?? LocalDay(ordinal: 0),
                   target: row.int(3) ?? 1, amount: row.int(4) ?? 0, completedAt: row.instant(5),
                   modifiedAt: row.instant(6) ?? Date(timeIntervalSince1970: 0))
    }

    static func bindings(_ entry: HabitEntry) -> [SQLValue] {
        [.text(entry.id.lowercasedText), .text(entry.windowID.lowercasedText), .text(entry.date.description), entry.target.sqlValue,
         entry.amount.sqlValue, entry.completedAt.map(Instant.storageText).sqlValue,
         .text(Instant.storageText(entry.modifiedAt))]
    }

    static func pause(_ row: [SQLValue]) -> HabitPause {
        HabitPause(id: row.uuid(0) ?? UUID(), habitID: row.uuid(1) ?? UUID(), from: row.day(2) ?? LocalDay(ordinal: 0),
                   to: row.day(3), reason: row[4].text.flatMap(PauseReason.init(rawValue:)) ?? .other,
                   modifiedAt: row.instant(5) ?? Date(timeIntervalSince1970: 0))
    }

    static func bindings(_ pause: HabitPause) -> [SQLValue] {
        [.text(pause.id.lowercasedText), .text(pause.habitID.lowercasedText), .text(pause.from.description),
         pause.to?.description.sqlValue ?? .null, .text(pause.reason.rawValue), .text(Instant.storageText(pause.modifiedAt))]
    }

    static func group(_ row: [SQLValue]) -> HabitGroup {
        HabitGroup(id: row.uuid(0) ?? UUID(), title: row[1].text ?? "", sortOrder: row[2].int ?? 0,
                   isArchived: row[3].int == 1, createdAt: row.instant(4) ?? Date(timeIntervalSince1970: 0),
                   modifiedAt: row.instant(5))
    }

    static func bindings(_ group: HabitGroup) -> [SQLValue] {
        [.text(group.id.lowercasedText), .text(group.title), group.sortOrder.sqlValue, group.isArchived.sqlValue,
         .text(Instant.storageText(group.createdAt)), .text(Instant.storageText(group.modifiedAt))]
    }

    static let upsertHabit = RecordSQL.upsert("habits", habitColumns)
    static let upsertWindow = RecordSQL.upsert("habit_windows", windowColumns)
    static let upsertEntry = RecordSQL.upsert("habit_entries", entryColumns)
    static let upsertPause = RecordSQL.upsert("habit_pauses", pauseColumns)
    static let upsertGroup = RecordSQL.upsert("habit_groups", groupColumns)
    static let upsertSchedule = RecordSQL.upsert("habit_schedules", scheduleColumns)
    static let insertHabit = RecordSQL.insert("habits", habitColumns)
    static let insertWindow = RecordSQL.insert("habit_windows", windowColumns)
    static let insertPause = RecordSQL.insert("habit_pauses", pauseColumns)
    static let insertGroup = RecordSQL.insert("habit_groups", groupColumns)
}
