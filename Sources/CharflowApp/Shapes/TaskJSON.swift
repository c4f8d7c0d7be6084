import CharflowCore
import Foundation

/// Task objects in the field names of `task.md` and `cli.md`, derived values included.
///
/// Besides the derived `isUrgent`, `quadrant` and `isStale`: `deferAsksForDay` (a deferral now needs a
/// chosen day, `Deferral.asksForDay`) and `somedayAllowed` (`Deferral.allowsSomeday`), so that the page
/// offers what the core would accept and decides neither itself.
public struct TaskJSON {
    public let today: LocalDay
    public let calendar: PlannerCalendar
    public let categories: [UUID: String]
    /// The tasks with a deferral record of `today`, whose next change of day refines it (T-22).
    public let deferredToday: Set<UUID>

    public init(today: LocalDay, calendar: PlannerCalendar, categories: [UUID: String], deferredToday: Set<UUID> = []) {
        self.today = today
        self.calendar = calendar
        self.categories = categories
        self.deferredToday = deferredToday
    }

    public func task(_ task: TaskItem) -> JSONValue {
        .object([
            ("id", .string(task.id.lowercasedText)),
            ("title", .string(task.title)),
            ("notes", .optional(task.notes)),
            ("dueDate", .optional(task.dueDate?.description)),
            ("effortMinutes", .optional(task.effortMinutes)),
            ("importance", .string(task.importance.rawValue)),
            ("isCompleted", .bool(task.isCompleted)),
            ("completedAt", .optional(task.completedAt.map(instant))),
            ("droppedAt", .optional(task.droppedAt.map(instant))),
            ("deferralCount", .int(task.deferralCount)),
            ("repeatKind", .string(task.repeatKind.rawValue)),
            ("repeatWeekdays", .string(task.repeatWeekdays)),
            ("repeatDayOfMonth", .int(task.repeatDayOfMonth)),
            ("seriesID", .optional(task.seriesID.map { $0.lowercasedText })),
            ("createdAt", .string(instant(task.createdAt))),
            ("modifiedAt", .string(instant(task.modifiedAt))),
            ("category", .optional(task.categoryID.flatMap { categories[$0] })),
            ("region", .optional(task.region?.rawValue)),
            ("bucket", .optional(task.bucket?.rawValue)),
            ("sortOrder", .int(task.sortOrder)),
            ("backlogSince", .optional(task.backlogSince?.description)),
            ("isUrgent", .bool(task.isUrgent(today: today))),
            ("quadrant", .string(task.quadrant(today: today).rawValue)),
            ("isStale", .bool(task.isStale)),
            // What a front end may offer for the task's day, as the core decides it (T-20, T-25).
            ("deferAsksForDay", .bool(Deferral.asksForDay(task, deferredToday: deferredToday.contains(task.id), today: today))),
            ("somedayAllowed", .bool(Deferral.allowsSomeday(task, deferredToday: deferredToday.contains(task.id), today: today))),
        ])
    }

    public func tasks(_ tasks: [TaskItem]) -> JSONValue {
        .array(tasks.map(task))
    }

    public func deferral(_ record: DeferralRecord) -> JSONValue {
        .object([
            ("id", .string(record.id.lowercasedText)),
            ("deferredOn", .string(instant(record.deferredOn))),
            ("day", .string(record.day.description)),
            ("deferredTo", .optional(record.deferredTo?.description)),
            ("reason", .string(record.reason.rawValue)),
        ])
    }

    public func instant(_ date: Date) -> String {
        Instant.isoText(date, in: calendar)
    }
}
