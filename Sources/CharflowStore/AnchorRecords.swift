import CharflowCore
import Foundation

/// Maps `anchors` and `anchor_resolutions` rows to values and back, by column name (`AnchorColumn`,
/// `ResolutionColumn`).
///
/// A fixed anchor keeps its time in `start_minute` and its ISO weekdays in `weekdays`; a prayer anchor
/// its prayer in `prayer`. Each column holds a value whatever the kind (the other kind's default), so a
/// row that two devices changed field by field is always whole.
enum AnchorRecords {
    static let columns = AnchorColumn.selectList
    static let upsertSQL = AnchorColumn.upsertSQL(into: "anchors")
    static let insertSQL = RecordSQL.insert("anchors", columns)
    static let resolutionColumns = ResolutionColumn.selectList
    static let upsertResolution = ResolutionColumn.upsertSQL(into: "anchor_resolutions")

    /// The words `schedule_kind` holds.
    static let scheduleKinds = ["fixed", "prayer"]

    static func anchor(_ row: some RecordRow) -> Anchor {
        typealias C = AnchorColumn
        let timing: AnchorTiming
        if row.text(C.scheduleKind) == "prayer" {
            timing = .prayer(row.text(C.prayer).flatMap { Prayer(word: $0) } ?? .fajr)
        } else {
            let start = row.int(C.startMinute).flatMap { TimeOfDay(minutes: $0) } ?? .midnight
            let days = row.text(C.weekdays).flatMap(AnchorTiming.days(stored:)) ?? Set(Weekday.allCases)
            timing = .fixed(start, days: days)
        }
        return Anchor(
            id: row.uuid(C.id) ?? UUID(),
            title: row.text(C.title) ?? "",
            categoryID: row.uuid(C.categoryID),
            remindMinutes: row.int(C.remindMinutes),
            timing: timing,
            durationMinutes: row.int(C.durationMinutes) ?? Anchor.defaultDuration,
            isArchived: row.int(C.isArchived) == 1,
            createdAt: row.instant(C.createdAt) ?? Date(timeIntervalSince1970: 0),
            modifiedAt: row.instant(C.modifiedAt))
    }

    static func bindings(_ anchor: Anchor) -> [SQLValue] {
        AnchorColumn.allCases.map { $0.value(of: anchor) }
    }

    static func resolution(_ row: some RecordRow) -> AnchorResolution {
        typealias C = ResolutionColumn
        return AnchorResolution(
            id: row.uuid(C.id) ?? UUID(),
            anchorID: row.uuid(C.anchorID) ?? UUID(),
            day: row.day(C.day) ?? LocalDay(ordinal: 0),
            outcome: row.text(C.outcome).flatMap(AnchorOutcome.init(rawValue:)),
            resolvedAt: row.instant(C.resolvedAt),
            modifiedAt: row.instant(C.modifiedAt) ?? Date(timeIntervalSince1970: 0))
    }

    static func bindings(_ resolution: AnchorResolution) -> [SQLValue] {
        ResolutionColumn.allCases.map { $0.value(of: resolution) }
    }
}

/// The columns of `anchors`, in the order they are selected and inserted.
enum AnchorColumn: Int, RecordColumn {
    case id, title, categoryID, remindMinutes, scheduleKind, startMinute, weekdays, prayer, durationMinutes, isArchived,
         createdAt, modifiedAt

    var name: String {
        switch self {
        case .id: "id"
        case .title: "title"
        case .categoryID: "category_id"
        case .remindMinutes: "remind_minutes"
        case .scheduleKind: "schedule_kind"
        case .startMinute: "start_minute"
        case .weekdays: "weekdays"
        case .prayer: "prayer"
        case .durationMinutes: "duration_minutes"
        case .isArchived: "is_archived"
        case .createdAt: "created_at"
        case .modifiedAt: "modified_at"
        }
    }

    /// The value `anchor` stores in this column.
    func value(of anchor: Anchor) -> SQLValue {
        switch self {
        case .id: .text(anchor.id.lowercasedText)
        case .title: .text(anchor.title)
        case .categoryID: anchor.categoryID.map(\.lowercasedText).sqlValue
        case .remindMinutes: anchor.remindMinutes.sqlValue
        case .scheduleKind: .text(anchor.timing.prayer == nil ? "fixed" : "prayer")
        case .startMinute:
            if case .fixed(let time, _) = anchor.timing { .integer(Int64(time.minutes)) } else { .integer(0) }
        case .weekdays:
            if case .fixed(_, let days) = anchor.timing { .text(AnchorTiming.storedDays(days)) } else {
                .text(AnchorTiming.storedDays(Set(Weekday.allCases)))
            }
        case .prayer: .text((anchor.timing.prayer ?? .fajr).word)
        case .durationMinutes: anchor.durationMinutes.sqlValue
        case .isArchived: anchor.isArchived.sqlValue
        case .createdAt: .text(Instant.storageText(anchor.createdAt))
        case .modifiedAt: .text(Instant.storageText(anchor.modifiedAt))
        }
    }
}

/// The columns of `anchor_resolutions`, in the order they are selected and inserted.
enum ResolutionColumn: Int, RecordColumn {
    case id, anchorID, day, outcome, resolvedAt, modifiedAt

    var name: String {
        switch self {
        case .id: "id"
        case .anchorID: "anchor_id"
        case .day: "day"
        case .outcome: "outcome"
        case .resolvedAt: "resolved_at"
        case .modifiedAt: "modified_at"
        }
    }

    func value(of resolution: AnchorResolution) -> SQLValue {
        switch self {
        case .id: .text(resolution.id.lowercasedText)
        case .anchorID: .text(resolution.anchorID.lowercasedText)
        case .day: .text(resolution.day.description)
        case .outcome: resolution.outcome.map(\.rawValue).sqlValue
        case .resolvedAt: resolution.resolvedAt.map(Instant.storageText).sqlValue
        case .modifiedAt: .text(Instant.storageText(resolution.modifiedAt))
        }
    }
}
