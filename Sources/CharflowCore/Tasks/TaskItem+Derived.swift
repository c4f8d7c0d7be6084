/// The Eisenhower quadrant of a task; it drives ordering and prompts and is never shown as a label.
public enum Quadrant: String, CaseIterable, Sendable, Comparable {
    case doFirst, schedule, fitIn, letGo

    public static func < (lhs: Quadrant, rhs: Quadrant) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension TaskItem {
    /// Days after today that still count as urgent: due tomorrow or earlier.
    public static let urgencyWindowDays = 1
    /// Due within the urgency window of `today` (overdue included), or deferred three times or more.
    public func isUrgent(today: LocalDay) -> Bool {
        if isStale { return true }
        guard let due = dueDate else { return false }
        return due <= today.adding(days: TaskItem.urgencyWindowDays)
    }

    public var isImportant: Bool { importance.isImportant }

    public func quadrant(today: LocalDay) -> Quadrant {
        switch (isUrgent(today: today), isImportant) {
        case (true, true): .doFirst
        case (false, true): .schedule
        case (true, false): .fitIn
        case (false, false): .letGo
        }
    }

    /// Deferred `Deferral.staleFromCount` times or more (T-18).
    public var isStale: Bool { deferralCount >= Deferral.staleFromCount }

    /// Overdue on `today`: live, and due before it.
    public func isOverdue(today: LocalDay) -> Bool {
        isLive && (dueDate.map { $0 < today } ?? false)
    }
}

/// The engine's order outside the board's buckets: quadrant, then due date (undated last), then creation.
public enum EngineOrder {
    public static func sorted(_ tasks: [TaskItem], today: LocalDay) -> [TaskItem] {
        // Each quadrant is worked out once, and positions are sorted rather than whole tasks moved.
        let quadrants = tasks.map { $0.quadrant(today: today) }
        return tasks.indices
            .sorted { precedes(tasks[$0], quadrants[$0], tasks[$1], quadrants[$1]) }
            .map { tasks[$0] }
    }

    public static func precedes(_ a: TaskItem, _ b: TaskItem, today: LocalDay) -> Bool {
        precedes(a, a.quadrant(today: today), b, b.quadrant(today: today))
    }

    /// The order given each task's quadrant: the quadrant, then the earlier due day (a dated task
    /// first), then the earlier creation, then the id.
    static func precedes(_ a: TaskItem, _ qa: Quadrant, _ b: TaskItem, _ qb: Quadrant) -> Bool {
        if qa != qb { return qa < qb }
        switch (a.dueDate, b.dueDate) {
        case let (x?, y?) where x != y: return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: break
        }
        if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
        return a.id.sorts(before: b.id)
    }
}
