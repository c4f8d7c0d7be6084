import CharflowCore
import Foundation

/// Maps `tasks` and `deferrals` rows to values and back.
enum TaskRecords {
    static let columns = """
        id, title, notes, due_date, effort_minutes, importance, is_completed, completed_at, dropped_at, \
        deferral_count, repeat_kind, repeat_weekdays, repeat_day_of_month, series_id, created_at, category_id, \
        region, bucket, sort_order, backlog_since, modified_at
        """

    static let upsertSQL = RecordSQL.upsert("tasks", columns)
    static let columnNames = RecordSQL.names(columns)

    /// A task from a row selected with `columns`; unknown enum text reads as the default.
    static func task(_ row: some RecordRow) -> TaskItem {
        TaskItem(
            id: row.uuid(0) ?? UUID(),
            title: row.text(1) ?? "",
            notes: row.text(2),
            dueDate: row.day(3),
            effortMinutes: row.int(4),
            importance: row.text(5).flatMap(Importance.init(rawValue:)) ?? .low,
            isCompleted: row.int(6) == 1,
            completedAt: row.instant(7),
            droppedAt: row.instant(8),
            deferralCount: row.int(9) ?? 0,
            repeatKind: row.text(10).flatMap(RepeatKind.init(rawValue:)) ?? .none,
            repeatWeekdays: row.text(11) ?? "",
            repeatDayOfMonth: row.int(12) ?? 0,
            seriesID: row.uuid(13),
            createdAt: row.instant(14) ?? Date(timeIntervalSince1970: 0),
            categoryID: row.uuid(15),
            region: row.text(16).flatMap(Region.init(rawValue:)),
            bucket: row.text(17).flatMap(Bucket.init(rawValue:)),
            sortOrder: row.int(18) ?? 0,
            backlogSince: row.day(19),
            modifiedAt: row.instant(20)
        )
    }

    static func bindings(_ task: TaskItem) -> [SQLValue] {
        [
            .text(task.id.lowercasedText), .text(task.title), task.notes.sqlValue, task.dueDate?.description.sqlValue ?? .null,
            task.effortMinutes.sqlValue, .text(task.importance.rawValue), task.isCompleted.sqlValue,
            task.completedAt.map(Instant.storageText).sqlValue, task.droppedAt.map(Instant.storageText).sqlValue,
            task.deferralCount.sqlValue, .text(task.repeatKind.rawValue), .text(task.repeatWeekdays),
            task.repeatDayOfMonth.sqlValue, task.seriesID.map(\.lowercasedText).sqlValue,
            .text(Instant.storageText(task.createdAt)), task.categoryID.map(\.lowercasedText).sqlValue,
            task.region?.rawValue.sqlValue ?? .null, task.bucket?.rawValue.sqlValue ?? .null, task.sortOrder.sqlValue,
            task.backlogSince?.description.sqlValue ?? .null, .text(Instant.storageText(task.modifiedAt)),
        ]
    }

    static let deferralColumns = "id, task_id, deferred_on, day, deferred_to, reason, modified_at"
    static let upsertDeferralSQL = RecordSQL.upsert("deferrals", deferralColumns)

    static func deferral(_ row: [SQLValue]) -> DeferralRecord {
        DeferralRecord(
            id: row.uuid(0) ?? UUID(),
            taskID: row.uuid(1) ?? UUID(),
            deferredOn: row.instant(2) ?? Date(timeIntervalSince1970: 0),
            day: row.day(3) ?? LocalDay(ordinal: 0),
            deferredTo: row.day(4),
            reason: row[5].text.flatMap(DeferralReason.init(rawValue:)) ?? .unspecified,
            modifiedAt: row.instant(6)
        )
    }

    static func bindings(_ record: DeferralRecord) -> [SQLValue] {
        [
            .text(record.id.lowercasedText), .text(record.taskID.lowercasedText), .text(Instant.storageText(record.deferredOn)),
            .text(record.day.description), record.deferredTo?.description.sqlValue ?? .null,
            .text(record.reason.rawValue), .text(Instant.storageText(record.modifiedAt)),
        ]
    }
}

/// SQL shared by the record mappings.
enum RecordSQL {
    /// The names of a comma-separated column list.
    static func names(_ columns: String) -> [String] {
        columns.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" }).map(String.init)
    }

    /// `INSERT … ON CONFLICT(id) DO UPDATE SET` every other column, for `table` with `columns` (id first).
    static func upsert(_ table: String, _ columns: String) -> String {
        let names = names(columns)
        let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
        let updates = names.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return "INSERT INTO \(table) (\(columns)) VALUES (\(marks)) ON CONFLICT(id) DO UPDATE SET \(updates)"
    }
}

