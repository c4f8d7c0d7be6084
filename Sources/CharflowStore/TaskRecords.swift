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
    static func task(_ row: [SQLValue]) -> TaskItem {
        TaskItem(
            id: row[0].text.flatMap(UUID.init(recordText:)) ?? UUID(),
            title: row[1].text ?? "",
            notes: row[2].text,
            dueDate: row[3].text.flatMap { LocalDay($0) },
            effortMinutes: row[4].int,
            importance: row[5].text.flatMap(Importance.init(rawValue:)) ?? .low,
            isCompleted: row[6].int == 1,
            completedAt: row[7].text.flatMap(Instant.parseStorageText),
            droppedAt: row[8].text.flatMap(Instant.parseStorageText),
            deferralCount: row[9].int ?? 0,
            repeatKind: row[10].text.flatMap(RepeatKind.init(rawValue:)) ?? .none,
            repeatWeekdays: row[11].text ?? "",
            repeatDayOfMonth: row[12].int ?? 0,
            seriesID: row[13].text.flatMap(UUID.init(recordText:)),
            createdAt: row[14].text.flatMap(Instant.parseStorageText) ?? Date(timeIntervalSince1970: 0),
            categoryID: row[15].text.flatMap(UUID.init(recordText:)),
            region: row[16].text.flatMap(Region.init(rawValue:)),
            bucket: row[17].text.flatMap(Bucket.init(rawValue:)),
            sortOrder: row[18].int ?? 0,
            backlogSince: row[19].text.flatMap { LocalDay($0) },
            modifiedAt: row[20].text.flatMap(Instant.parseStorageText)
        )
    }

    static func bindings(_ task: TaskItem) -> [SQLValue] {
        [
            .text(idText(task.id)), .text(task.title), task.notes.sqlValue, task.dueDate?.description.sqlValue ?? .null,
            task.effortMinutes.sqlValue, .text(task.importance.rawValue), task.isCompleted.sqlValue,
            task.completedAt.map(Instant.storageText).sqlValue, task.droppedAt.map(Instant.storageText).sqlValue,
            task.deferralCount.sqlValue, .text(task.repeatKind.rawValue), .text(task.repeatWeekdays),
            task.repeatDayOfMonth.sqlValue, task.seriesID.map(idText).sqlValue,
            .text(Instant.storageText(task.createdAt)), task.categoryID.map(idText).sqlValue,
            task.region?.rawValue.sqlValue ?? .null, task.bucket?.rawValue.sqlValue ?? .null, task.sortOrder.sqlValue,
            task.backlogSince?.description.sqlValue ?? .null, .text(Instant.storageText(task.modifiedAt)),
        ]
    }

    static let deferralColumns = "id, task_id, deferred_on, day, deferred_to, reason, modified_at"
    static let upsertDeferralSQL = RecordSQL.upsert("deferrals", deferralColumns)

    static func deferral(_ row: [SQLValue]) -> DeferralRecord {
        DeferralRecord(
            id: row[0].text.flatMap(UUID.init(recordText:)) ?? UUID(),
            taskID: row[1].text.flatMap(UUID.init(recordText:)) ?? UUID(),
            deferredOn: row[2].text.flatMap(Instant.parseStorageText) ?? Date(timeIntervalSince1970: 0),
            day: row[3].text.flatMap { LocalDay($0) } ?? LocalDay(ordinal: 0),
            deferredTo: row[4].text.flatMap { LocalDay($0) },
            reason: row[5].text.flatMap(DeferralReason.init(rawValue:)) ?? .unspecified,
            modifiedAt: row[6].text.flatMap(Instant.parseStorageText)
        )
    }

    static func bindings(_ record: DeferralRecord) -> [SQLValue] {
        [
            .text(idText(record.id)), .text(idText(record.taskID)), .text(Instant.storageText(record.deferredOn)),
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

/// Ids are stored as lower-case UUID text, so that a typed prefix finds them with an index range.
func idText(_ id: UUID) -> String {
    id.lowercasedText
}

