import CharflowCore
import Foundation

/// Maps `tasks` and `deferrals` rows to values and back, by column name.
///
/// Each table's columns are one enum (`TaskColumn`, `DeferralColumn`): its cases, in order, make the
/// SELECT list and the INSERT's, and a row is read and bound case by case, so a column added to the
/// enum cannot be left out of either, and none is found by counting positions.
enum TaskRecords {
    /// The condition of a live task (not done, not dropped), as every query and the
    /// `tasks_live_by_due` index write it: the same text lets SQLite use that partial index.
    static let live = "is_completed = 0 AND dropped_at IS NULL"

    static let columns = TaskColumn.selectList
    static let upsertSQL = TaskColumn.upsertSQL(into: "tasks")
    /// A plain INSERT: a task made afresh never replaces a row that holds its id (spec D19); a
    /// collision fails the action instead.
    static let insertSQL = "INSERT INTO tasks (\(columns)) VALUES ("
        + Array(repeating: "?", count: TaskColumn.allCases.count).joinedText(separator: ", ") + ")"

    /// A task from a row selected with `columns`; unknown enum text reads as the default.
    static func task(_ row: some RecordRow) -> TaskItem {
        typealias C = TaskColumn
        return TaskItem(
            id: row.uuid(C.id) ?? UUID(),
            title: row.text(C.title) ?? "",
            notes: row.text(C.notes),
            dueDate: row.day(C.dueDate),
            effortMinutes: row.int(C.effortMinutes),
            importance: row.text(C.importance).flatMap(Importance.init(rawValue:)) ?? .low,
            isCompleted: row.int(C.isCompleted) == 1,
            completedAt: row.instant(C.completedAt),
            droppedAt: row.instant(C.droppedAt),
            deferralCount: row.int(C.deferralCount) ?? 0,
            repeatKind: row.text(C.repeatKind).flatMap(RepeatKind.init(rawValue:)) ?? .none,
            repeatWeekdays: row.text(C.repeatWeekdays) ?? "",
            repeatDayOfMonth: row.int(C.repeatDayOfMonth) ?? 0,
            seriesID: row.uuid(C.seriesID),
            createdAt: row.instant(C.createdAt) ?? Date(timeIntervalSince1970: 0),
            categoryID: row.uuid(C.categoryID),
            region: row.text(C.region).flatMap(Region.init(rawValue:)),
            bucket: row.text(C.bucket).flatMap(Bucket.init(rawValue:)),
            sortOrder: row.int(C.sortOrder) ?? 0,
            backlogSince: row.day(C.backlogSince),
            modifiedAt: row.instant(C.modifiedAt),
            occurrence: row.day(C.occurrence),
            completedDay: row.day(C.completedDay)
        )
    }

    /// The task's values, one for each `TaskColumn` in order.
    static func bindings(_ task: TaskItem) -> [SQLValue] {
        TaskColumn.allCases.map { $0.value(of: task) }
    }

    static let deferralColumns = DeferralColumn.selectList
    static let upsertDeferralSQL = DeferralColumn.upsertSQL(into: "deferrals")

    static func deferral(_ row: [SQLValue]) -> DeferralRecord {
        typealias C = DeferralColumn
        return DeferralRecord(
            id: row.uuid(C.id) ?? UUID(),
            taskID: row.uuid(C.taskID) ?? UUID(),
            deferredOn: row.instant(C.deferredOn) ?? Date(timeIntervalSince1970: 0),
            day: row.day(C.day) ?? LocalDay(ordinal: 0),
            deferredTo: row.day(C.deferredTo),
            reason: row.text(C.reason).flatMap(DeferralReason.init(rawValue:)) ?? .unspecified,
            modifiedAt: row.instant(C.modifiedAt)
        )
    }

    static func bindings(_ record: DeferralRecord) -> [SQLValue] {
        DeferralColumn.allCases.map { $0.value(of: record) }
    }
}

/// The columns of `tasks`, in the order they are selected and inserted.
enum TaskColumn: Int, RecordColumn {
    case id, title, notes, dueDate, effortMinutes, importance, isCompleted, completedAt, droppedAt, deferralCount,
         repeatKind, repeatWeekdays, repeatDayOfMonth, seriesID, createdAt, categoryID, region, bucket, sortOrder,
         backlogSince, modifiedAt, occurrence, completedDay

    var name: String {
        switch self {
        case .id: "id"
        case .title: "title"
        case .notes: "notes"
        case .dueDate: "due_date"
        case .effortMinutes: "effort_minutes"
        case .importance: "importance"
        case .isCompleted: "is_completed"
        case .completedAt: "completed_at"
        case .droppedAt: "dropped_at"
        case .deferralCount: "deferral_count"
        case .repeatKind: "repeat_kind"
        case .repeatWeekdays: "repeat_weekdays"
        case .repeatDayOfMonth: "repeat_day_of_month"
        case .seriesID: "series_id"
        case .createdAt: "created_at"
        case .categoryID: "category_id"
        case .region: "region"
        case .bucket: "bucket"
        case .sortOrder: "sort_order"
        case .backlogSince: "backlog_since"
        case .modifiedAt: "modified_at"
        case .occurrence: "occurrence_day"
        case .completedDay: "completed_day"
        }
    }

    /// The value `task` stores in this column.
    func value(of task: TaskItem) -> SQLValue {
        switch self {
        case .id: .text(task.id.lowercasedText)
        case .title: .text(task.title)
        case .notes: task.notes.sqlValue
        case .dueDate: task.dueDate?.description.sqlValue ?? .null
        case .effortMinutes: task.effortMinutes.sqlValue
        case .importance: .text(task.importance.rawValue)
        case .isCompleted: task.isCompleted.sqlValue
        case .completedAt: task.completedAt.map(Instant.storageText).sqlValue
        case .droppedAt: task.droppedAt.map(Instant.storageText).sqlValue
        case .deferralCount: task.deferralCount.sqlValue
        case .repeatKind: .text(task.repeatKind.rawValue)
        case .repeatWeekdays: .text(task.repeatWeekdays)
        case .repeatDayOfMonth: task.repeatDayOfMonth.sqlValue
        case .seriesID: task.seriesID.map(\.lowercasedText).sqlValue
        case .createdAt: .text(Instant.storageText(task.createdAt))
        case .categoryID: task.categoryID.map(\.lowercasedText).sqlValue
        case .region: task.region?.rawValue.sqlValue ?? .null
        case .bucket: task.bucket?.rawValue.sqlValue ?? .null
        case .sortOrder: task.sortOrder.sqlValue
        case .backlogSince: task.backlogSince?.description.sqlValue ?? .null
        case .modifiedAt: .text(Instant.storageText(task.modifiedAt))
        case .occurrence: task.occurrence?.description.sqlValue ?? .null
        case .completedDay: task.completedDay?.description.sqlValue ?? .null
        }
    }
}

/// The columns of `deferrals`, in the order they are selected and inserted.
enum DeferralColumn: Int, RecordColumn {
    case id, taskID, deferredOn, day, deferredTo, reason, modifiedAt

    var name: String {
        switch self {
        case .id: "id"
        case .taskID: "task_id"
        case .deferredOn: "deferred_on"
        case .day: "day"
        case .deferredTo: "deferred_to"
        case .reason: "reason"
        case .modifiedAt: "modified_at"
        }
    }

    /// The value `record` stores in this column.
    func value(of record: DeferralRecord) -> SQLValue {
        switch self {
        case .id: .text(record.id.lowercasedText)
        case .taskID: .text(record.taskID.lowercasedText)
        case .deferredOn: .text(Instant.storageText(record.deferredOn))
        case .day: .text(record.day.description)
        case .deferredTo: record.deferredTo?.description.sqlValue ?? .null
        case .reason: .text(record.reason.rawValue)
        case .modifiedAt: .text(Instant.storageText(record.modifiedAt))
        }
    }
}
