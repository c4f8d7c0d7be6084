import Foundation

/// The Eisenhower quadrant of a task; it drives ordering and prompts and is never shown as a label.
public enum Quadrant: String, CaseIterable, Sendable, Comparable {
    case doFirst, schedule, fitIn, letGo

    public static func < (lhs: Quadrant, rhs: Quadrant) -> Bool {
        lhs.rank < rhs.rank
    }

    /// The place in declaration order, without making `allCases` on every comparison of a sort.
    private var rank: Int {
        switch self {
        case .doFirst: 0
        case .schedule: 1
        case .fitIn: 2
        case .letGo: 3
        }
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
        // What the order compares is taken out of each task once, and positions are sorted rather
        // than whole tasks moved.
        let keys = tasks.map { Key($0, today: today) }
        return keys.indices.sorted { keys[$0].precedes(keys[$1]) }.map { tasks[$0] }
    }

    public static func precedes(_ a: TaskItem, _ b: TaskItem, today: LocalDay) -> Bool {
        Key(a, today: today).precedes(Key(b, today: today))
    }

    /// What the order compares of one task.
    private struct Key {
        let quadrant: Quadrant
        let due: LocalDay?
        let created: Date
        let id: UUID

        init(_ task: TaskItem, today: LocalDay) {
            quadrant = task.quadrant(today: today)
            due = task.dueDate
            created = task.createdAt
            id = task.id
        }

        /// The quadrant, then the earlier due day (a dated task first), then the earlier creation,
        /// then the id.
        func precedes(_ other: Key) -> Bool {
            if quadrant != other.quadrant { return quadrant < other.quadrant }
            switch (due, other.due) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            if created != other.created { return created < other.created }
            return id.sorts(before: other.id)
        }
    }
}
