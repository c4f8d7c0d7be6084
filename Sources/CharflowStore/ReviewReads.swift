import CharflowCore
import Foundation

/// The reads a look back needs: each keeps to the rows of the days asked for, through
/// the indexes by due date, completion time and day.
extension TaskRepository {
    /// Tasks placed as Must-Dos on the days `first` through `last`, done or not (dropped ones included;
    /// the rules leave them out).
    package func placedMustDos(from first: LocalDay, through last: LocalDay) throws -> [TaskItem] {
        try tasks(indexedBy: "tasks_by_due_region", where: "due_date >= ? AND due_date <= ? AND region IS NOT NULL AND bucket = 'mustDo'",
                  [.text(first.description), .text(last.description)])
    }

    /// Deferral records counted for the days `first` through `last`, by day.
    package func deferrals(from first: LocalDay, through last: LocalDay) throws -> [DeferralRecord] {
        try store.db.rows("""
            SELECT \(TaskRecords.deferralColumns) FROM deferrals INDEXED BY deferrals_by_day WHERE day >= ? AND day <= ?
            ORDER BY day, deferred_on
            """, [.text(first.description), .text(last.description)]).map(TaskRecords.deferral)
    }

    /// The tasks with these ids that exist, by id.
    package func tasks(ids: Set<UUID>) throws -> [UUID: TaskItem] {
        guard !ids.isEmpty else { return [:] }
        let found = try tasks(where: "id IN (SELECT value FROM json_each(?))", [.text(JSONText.array(Set(ids.map(\.lowercasedText))))])
        return Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Done tasks other than `other` of `series` or titled `title` (ASCII letters' case ignored, as
    /// SQLite's `lower` folds them), completed before `before`, newest first, at most `limit`: the
    /// earlier instances a learned estimate is taken from. Two index lookups, never a scan.
    package func earlierDone(series: UUID?, title: String, before: Date, otherThan other: UUID, limit: Int) throws -> [TaskItem] {
        let end = Instant.storageText(before)
        var found = try tasks(indexedBy: "tasks_done_by_title", where: """
            lower(title) = lower(?) AND is_completed = 1 AND completed_at < ? AND id <> ? ORDER BY completed_at DESC LIMIT ?
            """, [.text(title), .text(end), .text(other.lowercasedText), .integer(Int64(limit))])
        if let series {
            found += try tasks(indexedBy: "tasks_by_series", where: """
                series_id = ? AND is_completed = 1 AND completed_at < ? AND id <> ? ORDER BY completed_at DESC LIMIT ?
                """, [.text(series.lowercasedText), .text(end), .text(other.lowercasedText), .integer(Int64(limit))])
        }
        var seen = Set<UUID>()
        return Array(found.filter { seen.insert($0.id).inserted }
            .sorted { ($0.completedAt ?? .distantPast) > ($1.completedAt ?? .distantPast) }.prefix(limit))
    }
}

extension SessionRepository {
    /// Sessions begun on the logical days `first` through `last`, earliest first.
    package func sessions(from first: LocalDay, through last: LocalDay) throws -> [WorkSession] {
        try db.rows("SELECT \(SessionRecords.columns) FROM sessions WHERE day >= ? AND day <= ? ORDER BY started_at",
                    [.text(first.description), .text(last.description)]).map(SessionRecords.session)
    }

    /// Each task's actual focus time in seconds: the sum over its closed sessions (S-12), for the tasks
    /// with any.
    package func actualSeconds(ofTasks ids: Set<UUID>) throws -> [UUID: Int] {
        guard !ids.isEmpty else { return [:] }
        var seconds: [UUID: Int] = [:]
        try db.forEachRow("""
            SELECT task_id, sum(actual_seconds) FROM sessions WHERE task_id IN (SELECT value FROM json_each(?))
            AND ended_at IS NOT NULL GROUP BY task_id
            """, [.text(JSONText.array(Set(ids.map(\.lowercasedText))))]) { row in
            if let id = row[0].text.flatMap({ UUID(recordText: $0) }), let sum = row[1].int { seconds[id] = sum }
        }
        return seconds
    }
}

extension AnchorRepository {
    /// Every anchor's outcome on the days `first` through `last`: one per anchor and day, the last marked.
    package func outcomes(from first: LocalDay, through last: LocalDay) throws -> [AnchorOutcome] {
        var outcomes: [String: AnchorOutcome] = [:]
        try db.forEachRow("""
            SELECT anchor_id, day, outcome FROM anchor_resolutions WHERE day >= ? AND day <= ? AND outcome IS NOT NULL
            ORDER BY resolved_at, id
            """, [.text(first.description), .text(last.description)]) { row in
            if let anchor = row[0].text, let day = row[1].text, let outcome = row[2].text.flatMap(AnchorOutcome.init(rawValue:)) {
                outcomes[anchor + " " + day] = outcome
            }
        }
        return Array(outcomes.values)
    }
}
