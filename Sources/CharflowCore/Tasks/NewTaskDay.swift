import Foundation

/// The day a task being added or edited gets, and what it refuses (T-11, T-12, T-25,
/// T-27): an important or repeating task needs a day, a board place needs a day that has
/// not ended, and a bucket needs a region.
public enum NewTaskDay {
    /// The due day of a new task: the quick date's, or for an important or repeating task without one,
    /// the first day of its repeat from today. Refuses Someday for an important or repeating task or for
    /// a board place, a bucket without a region, and a board place on a day that has ended.
    public static func resolve(
        _ due: QuickDate?, importance: Importance, repeatKind: RepeatKind, weekdays: String,
        region: Region?, bucket: Bucket?, today: LocalDay, calendar: PlannerCalendar
    ) throws(PlannerError) -> LocalDay? {
        var day = try due?.resolve(today: today, calendar: calendar)
        if due == .someday, importance.isImportant { throw .importantNeedsDay }
        if due == .someday, repeatKind != .none { throw .repeatingNeedsDay }
        if region != nil, due == .someday { throw .boardNeedsDay }
        if bucket != nil, region == nil { throw .bucketNeedsRegion }
        if importance.isImportant || repeatKind != .none, day == nil {
            day = RepeatRule.firstDay(kind: repeatKind, weekdays: RepeatRule.weekdays(weekdays), from: today)
        }
        if region != nil, let day, day < today { throw .boardDayEnded(day) }
        return day
    }

    /// Whether a task added off the board enters the Backlog today: undated, or due on a day that has ended.
    public static func entersBacklog(due: LocalDay?, today: LocalDay) -> Bool {
        due.map { $0 < today } ?? true
    }

    /// Gives an edited important or repeating task left without a day the first day of its repeat from
    /// today; refuses when the edit asked for Someday.
    public static func ensureDay(_ task: inout TaskItem, askedSomeday: Bool, today: LocalDay) throws(PlannerError) {
        guard task.isImportant || task.isRepeating, task.dueDate == nil else { return }
        if askedSomeday { throw task.isImportant ? .importantNeedsDay : .repeatingNeedsDay }
        task.dueDate = RepeatRule.firstDay(kind: task.repeatKind, weekdays: RepeatRule.weekdays(task.repeatWeekdays),
                                           from: today)
        task.backlogSince = nil
    }
}

extension TaskItem {
    /// An important task always has a day (T-11): one stored without one (an older file, another
    /// device's row) is read as due `today`.
    public mutating func ensureImportantHasDay(today: LocalDay) {
        if isImportant, dueDate == nil { dueDate = today }
    }
}
