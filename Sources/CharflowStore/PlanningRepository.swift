import CharflowCore
import Foundation

/// Night planning's records: the planning session of each reviewed date, and the tasks the review and
/// the plan read (spec D10).
///
/// A save takes the `UnitOfWork` of its action: it captures the row in the action's undo journal and
/// stamps `modifiedAt` with the action's clock.
package struct PlanningRepository {
    let store: Store
    var db: Database { store.db }

    /// The stored planning session for a reviewed date, if any.
    package func session(for day: LocalDay) throws -> NightPlanningSession? {
        try db.rows("SELECT \(PlanningRepository.columns) FROM night_planning WHERE date = ? ORDER BY modified_at DESC LIMIT 1",
                    [.text(day.description)]).first.map(PlanningRepository.session)
    }

    /// Saves `session` as part of `work`: before-image captured, `modifiedAt` stamped; returns it as saved.
    @discardableResult
    package func save(_ session: NightPlanningSession, in work: UnitOfWork) throws -> NightPlanningSession {
        var session = session
        session.modifiedAt = work.now
        try work.journal.capture("night_planning", key: session.id.lowercasedText)
        try db.run(RecordSQL.upsert("night_planning", PlanningRepository.columns), PlanningRepository.bindings(session))
        return session
    }

    /// The dates in the range whose planning was closed or skipped: engagement for avoid habits.
    package func engagementDays(from start: LocalDay, through end: LocalDay) throws -> [LocalDay] {
        try db.rows("SELECT DISTINCT date FROM night_planning WHERE date >= ? AND date <= ? AND state IN ('closed', 'skipped')",
                    [.text(start.description), .text(end.description)]).compactMap { $0.day(0) }
    }

    /// Live tasks due on `day` or before: what the review asks Keep, Later or Drop of.
    package func openTasks(through day: LocalDay) throws -> [TaskItem] {
        try store.taskRepository.tasks(where: "\(TaskRecords.live) AND due_date <= ?", [.text(day.description)])
    }

    /// Tasks due on `day` that are not dropped, done ones included: a day's plan.
    package func plannedTasks(on day: LocalDay) throws -> [TaskItem] {
        try store.taskRepository.tasks(where: "due_date = ? AND dropped_at IS NULL", [.text(day.description)])
    }

    static let columns = "id, date, plan_day, state, started_at, ended_at, modified_at"

    static func session(_ row: [SQLValue]) -> NightPlanningSession {
        NightPlanningSession(id: row.uuid(0) ?? UUID(), date: row.day(1) ?? LocalDay(ordinal: 0),
                             planDay: row.day(2) ?? LocalDay(ordinal: 0),
                             state: row[3].text.flatMap(PlanningState.init(rawValue:)) ?? .open,
                             startedAt: row.instant(4) ?? Date(timeIntervalSince1970: 0),
                             endedAt: row.instant(5), modifiedAt: row.instant(6))
    }

    static func bindings(_ session: NightPlanningSession) -> [SQLValue] {
        [.text(session.id.lowercasedText), .text(session.date.description), .text(session.planDay.description),
         .text(session.state.rawValue), .text(Instant.storageText(session.startedAt)),
         session.endedAt.map(Instant.storageText).sqlValue, .text(Instant.storageText(session.modifiedAt))]
    }
}

extension Store {
    /// Night planning's records.
    package var planning: PlanningRepository {
        PlanningRepository(store: self)
    }
}
