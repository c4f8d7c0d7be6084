/// The Backlog's age groups (spec D5): by the logical day a task entered the Backlog.
public enum BacklogGroup: String, CaseIterable, Sendable {
    case today = "Today"
    case yesterday = "Yesterday"
    case thisWeek = "This Week"
    case older = "Older"

    /// The group of a task that entered the Backlog on `entered`, seen on `today`.
    ///
    /// Yesterday wins over This Week when yesterday was in the previous week; a day after today
    /// (the clock was set back) counts as Today.
    public static func of(entered: LocalDay, today: LocalDay, calendar: PlannerCalendar) -> BacklogGroup {
        if entered >= today { return .today }
        if entered == today.adding(days: -1) { return .yesterday }
        if entered >= calendar.startOfWeek(containing: today) { return .thisWeek }
        return .older
    }
}

/// Which tasks the Backlog holds and how it shows them.
public enum Backlog {
    /// Live, not placed on today's board, and undated or due before today.
    public static func contains(_ task: TaskItem, today: LocalDay) -> Bool {
        guard task.isLive, !task.isPlaced(on: today) else { return false }
        guard let due = task.dueDate else { return true }
        return due < today
    }

    /// The day a Backlog task entered it: recorded when it moved there, else its last due day.
    public static func enteredDay(of task: TaskItem, calendar: PlannerCalendar) -> LocalDay {
        task.backlogSince ?? task.dueDate ?? calendar.logicalDay(at: task.createdAt)
    }

    /// The Backlog's tasks in their four groups, each in engine order; every group is listed, even empty.
    public static func groups(
        _ tasks: [TaskItem], today: LocalDay, calendar: PlannerCalendar
    ) -> [(group: BacklogGroup, tasks: [TaskItem])] {
        let groups = BacklogGroup.allCases
        var members = Array(repeating: [TaskItem](), count: groups.count)
        for task in tasks where contains(task, today: today) {
            let group = BacklogGroup.of(entered: enteredDay(of: task, calendar: calendar), today: today, calendar: calendar)
            members[groups.firstIndex(of: group)!].append(task)
        }
        return groups.indices.map { (groups[$0], EngineOrder.sorted(members[$0], today: today)) }
    }
}
