import Foundation

/// The rules of the day board: placing, the 1–3–5 limits, completing under the lock, ordering.
///
/// Each rule is a function of values: the task being changed and the tasks already placed in the
/// same region on the same day (`occupants`, the task itself excluded or not, it does not matter).
public enum Board {
    /// Refuses when `bucket` of `region` is already at its limit among `occupants`.
    ///
    /// Capacity counts every task placed there that day, done or not; a dropped task holds no place.
    public static func ensureRoom(
        region: Region, bucket: Bucket, occupants: [TaskItem], excluding id: UUID
    ) throws(PlannerError) {
        let taken = occupants.filter { $0.id != id && $0.droppedAt == nil && $0.bucket == bucket }.count
        if taken >= bucket.limit { throw .regionFull(region) }
    }

    /// Places `task` in `region` on `day`: its due date becomes that day (D2).
    ///
    /// Without a bucket the task keeps the bucket it had on the board, or goes to Misc.
    /// A new place puts it last in its bucket; staying in the same place keeps its order.
    public static func place(
        _ task: inout TaskItem, region: Region, bucket: Bucket?, day: LocalDay,
        occupants: [TaskItem], now: Date
    ) throws(PlannerError) {
        let target = bucket ?? task.bucket ?? .misc
        let samePlace = task.region == region && task.bucket == target && task.dueDate == day
        if samePlace { return }
        try ensureRoom(region: region, bucket: target, occupants: occupants, excluding: task.id)
        let last = occupants.filter { $0.id != task.id && $0.bucket == target }.map(\.sortOrder).max()
        task.region = region
        task.bucket = target
        task.dueDate = day
        task.sortOrder = (last ?? -1) + 1
        task.backlogSince = nil
        task.modifiedAt = now
    }

    /// Takes `task` off the board into the Backlog on `today`.
    ///
    /// A low task loses its day (it is parked, Someday); an important or repeating one keeps it, since
    /// those need a day (`task.md`, Importance rule 1 and Repeating tasks).
    public static func moveToBacklog(_ task: inout TaskItem, today: LocalDay, now: Date) {
        takeOff(&task)
        if !task.isImportant, !task.isRepeating { task.dueDate = nil }
        task.backlogSince = today
        task.modifiedAt = now
    }

    /// Marks `task` done at `now` on logical day `today`, unless the lock holds its Complementary tasks
    /// back (D9). The day is kept with the completion (P-8, B-15).
    public static func complete(
        _ task: inout TaskItem, occupants: [TaskItem], lockComplementary: Bool, today: LocalDay, now: Date
    ) throws(PlannerError) {
        guard task.droppedAt == nil else { throw .taskDropped }
        guard !task.isCompleted else { throw .alreadyDone }
        if let region = task.region, isLocked(task, occupants: occupants, lockComplementary: lockComplementary) {
            throw .complementaryLocked(region)
        }
        task.isCompleted = true
        task.completedAt = now
        task.completedDay = today
        task.modifiedAt = now
    }

    /// Marks `task` not done again. It keeps its place on today's (or a later) board; a task done on a
    /// day that has ended goes to the Backlog, as the rollover would have sent it.
    public static func uncomplete(_ task: inout TaskItem, today: LocalDay, now: Date) throws(PlannerError) {
        guard task.droppedAt == nil else { throw .taskDropped }
        guard task.isCompleted else { throw .notDone }
        task.isCompleted = false
        task.completedAt = nil
        task.completedDay = nil
        if task.region != nil, let due = task.dueDate, due < today {
            takeOff(&task)
            task.backlogSince = due
        }
        task.modifiedAt = now
    }

    /// A Complementary task is locked while its region's Must-Do is placed and open.
    public static func isLocked(_ task: TaskItem, occupants: [TaskItem]) -> Bool {
        guard task.bucket == .complementary, !task.isCompleted else { return false }
        return occupants.contains { $0.bucket == .mustDo && $0.droppedAt == nil && !$0.isCompleted }
    }

    /// Whether the lock holds `task` back now: the setting is on and the task is locked (B-20, D9).
    public static func isLocked(_ task: TaskItem, occupants: [TaskItem], lockComplementary: Bool) -> Bool {
        lockComplementary && isLocked(task, occupants: occupants)
    }

    /// Takes `task` off the board where it stands: no region, no bucket, no place in a manual order.
    /// Its day and everything else stay (B-7, B-13).
    public static func takeOff(_ task: inout TaskItem) {
        task.region = nil
        task.bucket = nil
        task.sortOrder = 0
    }

    /// The day a move places `task` on: the quick date's (refused when Someday or a day that has
    /// ended), else the day of the board it sits on if that has not ended, else today.
    public static func day(
        toPlace task: TaskItem, on word: QuickDate?, today: LocalDay, calendar: PlannerCalendar
    ) throws(PlannerError) -> LocalDay {
        if let word {
            guard let resolved = try word.resolve(today: today, calendar: calendar) else { throw .boardNeedsDay }
            if resolved < today { throw .boardDayEnded(resolved) }
            return resolved
        }
        if task.region != nil, let due = task.dueDate, due >= today { return due }
        return today
    }

    /// The region a move places `task` in on `day`: the one asked, or, for a change of bucket only,
    /// the region the task already holds on that day's board; refused when there is none.
    public static func region(toPlace task: TaskItem, in region: Region?, on day: LocalDay) throws(PlannerError) -> Region {
        guard let target = region ?? task.region else { throw .notOnBoard }
        if region == nil, task.dueDate != day { throw .notOnBoard }
        return target
    }

    /// New sort orders for one region and bucket after moving `id` to 1-based `position`.
    ///
    /// `bucketTasks` are the tasks of that bucket in their current order. Returns every task whose
    /// order changed, already updated.
    public static func reorder(
        _ bucketTasks: [TaskItem], moving id: UUID, to position: Int, now: Date
    ) throws(PlannerError) -> [TaskItem] {
        guard let from = bucketTasks.firstIndex(where: { $0.id == id }) else { throw .notOnBoard }
        guard (1...bucketTasks.count).contains(position) else {
            throw .positionOutOfRange(position, bucketTasks.count)
        }
        var ordered = bucketTasks
        let moving = ordered.remove(at: from)
        ordered.insert(moving, at: position - 1)
        var changed: [TaskItem] = []
        for (index, var task) in ordered.enumerated() where task.sortOrder != index {
            task.sortOrder = index
            task.modifiedAt = now
            changed.append(task)
        }
        return changed
    }

    /// Tasks of one bucket in manual order (creation breaks ties).
    public static func manualOrder(_ tasks: [TaskItem]) -> [TaskItem] {
        tasks.sorted {
            if $0.sortOrder != $1.sortOrder { return $0.sortOrder < $1.sortOrder }
            if $0.createdAt != $1.createdAt { return $0.createdAt < $1.createdAt }
            return $0.id.sorts(before: $1.id)
        }
    }
}
