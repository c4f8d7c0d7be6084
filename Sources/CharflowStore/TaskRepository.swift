import CharflowCore
import Foundation

/// The store's tasks and their deferral records: typed reads, and saves that cannot forget undo or the stamp.
///
/// Reads normalise as `Store.tasks(where:)` does (an important task always has a day). A save needs
/// the `UnitOfWork` of the action it belongs to: it captures the row's before-image in that action's
/// undo journal, stamps `modifiedAt` with the action's clock, then writes, so a task change can neither
/// escape undo nor miss its sync stamp (spec D8, D14). An insert never replaces a row (spec D19), and a
/// removal leaves a tombstone (`Tombstone`).
package struct TaskRepository {
    let store: Store

    private var db: Database { store.db }

    // MARK: Reading

    /// The task with exactly this id, if it exists.
    package func task(id: UUID) throws -> TaskItem? {
        try store.tasks(where: "id = ?", [.text(id.lowercasedText)]).first
    }

    /// At most `limit` tasks whose id text starts with `prefix` (lowercase), in id order.
    package func tasks(idPrefix prefix: String, limit: Int) throws -> [TaskItem] {
        try store.tasks(where: "id >= ? AND id < ? ORDER BY id LIMIT \(max(limit, 0))",
                          [.text(prefix), .text(prefix + "~")])
    }

    /// Tasks placed in `region` on `day`, done or not (dropped ones included: the rules skip them).
    package func occupants(of region: Region, on day: LocalDay) throws -> [TaskItem] {
        try store.occupants(of: region, on: day)
    }

    /// Live tasks without a day or due before `day`: the Backlog's members as of that day.
    package func live(undatedOrDueBefore day: LocalDay) throws -> [TaskItem] {
        try store.tasks(indexedBy: "tasks_live_by_due",
                          where: "\(TaskRecords.live) AND (due_date IS NULL OR due_date < ?)", [.text(day.description)])
    }

    /// Live tasks due after `day`, in no particular order.
    package func live(dueAfter day: LocalDay) throws -> [TaskItem] {
        try store.tasks(where: "\(TaskRecords.live) AND due_date > ?", [.text(day.description)])
    }

    /// Every live task; with `resolved`, done and dropped ones too. In no particular order.
    package func all(includingResolved resolved: Bool) throws -> [TaskItem] {
        try store.tasks(where: resolved ? "1 = 1" : TaskRecords.live, [])
    }

    /// Tasks completed at `start` or later and before `end`, in completion order.
    package func completed(from start: Date, before end: Date) throws -> [TaskItem] {
        try store.tasks(where: "completed_at >= ? AND completed_at < ? AND is_completed = 1 ORDER BY completed_at",
                          [.text(Instant.storageText(start)), .text(Instant.storageText(end))])
    }

    /// Tasks dated `day` that are not dropped, done ones included: a day's board and its due list.
    package func notDropped(dueOn day: LocalDay) throws -> [TaskItem] {
        try store.tasks(where: "due_date = ? AND dropped_at IS NULL", [.text(day.description)])
    }

    /// Live tasks due before `day`: what is overdue on it.
    package func live(dueBefore day: LocalDay) throws -> [TaskItem] {
        try store.tasks(where: "\(TaskRecords.live) AND due_date < ?", [.text(day.description)])
    }

    /// Tasks dated `day` and placed in a region, every state: that day's board.
    package func placed(on day: LocalDay) throws -> [TaskItem] {
        try store.tasks(where: "due_date = ? AND region IS NOT NULL", [.text(day.description)])
    }

    /// How many live tasks are undated or due before `day`, and how many of those entered the Backlog
    /// (or, without a record of entering, were due or made) before `olderBefore` and not on `notOn`;
    /// one pass over the live-task index.
    package func liveCounts(undatedOrDueBefore day: LocalDay, olderBefore: LocalDay, notOn: LocalDay) throws -> (all: Int, older: Int) {
        var counts = (all: 0, older: 0)
        try store.db.forEachRawRow("""
            SELECT count(*), coalesce(sum(
                coalesce(backlog_since, due_date, substr(created_at, 1, 10)) < ?
                AND coalesce(backlog_since, due_date, substr(created_at, 1, 10)) != ?), 0)
            FROM tasks INDEXED BY tasks_live_by_due WHERE \(TaskRecords.live)
            AND (due_date IS NULL OR due_date < ?)
            """, [.text(olderBefore.description), .text(notOn.description), .text(day.description)]) { row in
            counts = (row.int(0) ?? 0, row.int(1) ?? 0)
        }
        return counts
    }

    /// Whether any task was completed at `start` or later and before `end` (one indexed probe).
    package func anyCompleted(from start: Date, before end: Date) throws -> Bool {
        try db.scalar("SELECT 1 FROM tasks WHERE completed_at >= ? AND completed_at < ? LIMIT 1",
                      [.text(Instant.storageText(start)), .text(Instant.storageText(end))]) != nil
    }

    /// How many live instances `series` has besides `other`.
    package func liveCount(of series: UUID, otherThan other: UUID) throws -> Int {
        try db.scalar("SELECT count(*) FROM tasks WHERE series_id = ? AND id != ? AND \(TaskRecords.live)",
                      [.text(series.lowercasedText), .text(other.lowercasedText)])?.int ?? 0
    }

    /// The id of the instance of `series` made for `occurrence`: derived from the two, so two devices
    /// making it make one row, and the next generation's when a row or a tombstone holds that id.
    package func instanceID(series: UUID, occurrence: LocalDay) throws -> UUID {
        try DerivedID.repeatInstance(series: series, occurrence: occurrence, in: db)
    }

    /// The instances of `series` but `other` made at `start` or later.
    package func instances(of series: UUID, otherThan other: UUID, createdSince start: Date) throws -> [TaskItem] {
        try store.tasks(where: "series_id = ? AND id != ? AND created_at >= ?",
                          [.text(series.lowercasedText), .text(other.lowercasedText), .text(Instant.storageText(start))])
    }

    /// The occurrences the instances of `series` were made for (an instance without one, its due
    /// day), leaving out the instance `except`.
    package func occurrences(of series: UUID, except: UUID?) throws -> Set<LocalDay> {
        try store.occurrences(of: series, except: except)
    }

    /// Whether the task has a deferral record or a focus session.
    package func hasHistory(_ id: UUID) throws -> Bool {
        let key = SQLValue.text(id.lowercasedText)
        let records = try db.scalar("SELECT count(*) FROM deferrals WHERE task_id = ?", [key])?.int ?? 0
        let sessions = try db.scalar("SELECT count(*) FROM sessions WHERE task_id = ?", [key])?.int ?? 0
        return records > 0 || sessions > 0
    }

    /// The task's deferral records, by day.
    package func deferrals(ofTask id: UUID) throws -> [DeferralRecord] {
        try db.rows("SELECT \(TaskRecords.deferralColumns) FROM deferrals WHERE task_id = ? ORDER BY day, deferred_on",
                    [.text(id.lowercasedText)]).map(TaskRecords.deferral)
    }

    /// The deferral record the task has for `day`, if any.
    package func deferral(ofTask id: UUID, on day: LocalDay) throws -> DeferralRecord? {
        try db.rows("SELECT \(TaskRecords.deferralColumns) FROM deferrals WHERE task_id = ? AND day = ? LIMIT 1",
                    [.text(id.lowercasedText), .text(day.description)]).first.map(TaskRecords.deferral)
    }

    // MARK: Writing, as part of an action

    /// Saves `task` as part of the action `work`: before-image captured, `modifiedAt` stamped.
    package func save(_ task: inout TaskItem, in work: UnitOfWork) throws {
        try save(&task, journal: &work.journal)
    }

    /// Stores a task made afresh as part of `work`; fails the action rather than replace a row.
    package func insert(_ task: inout TaskItem, in work: UnitOfWork) throws {
        try insert(&task, journal: &work.journal)
    }

    /// Removes the task with this id for good as part of `work`, leaving a tombstone (undo brings it back).
    package func remove(_ id: UUID, in work: UnitOfWork) throws {
        try remove(id, journal: &work.journal)
    }

    /// Saves a deferral record as part of `work`: before-image captured, `modifiedAt` stamped.
    package func save(_ record: inout DeferralRecord, in work: UnitOfWork) throws {
        try save(&record, journal: &work.journal)
    }

    /// `save(_:in:)` for the store's own flows that hold the action's journal.
    func save(_ task: inout TaskItem, journal: inout UndoJournal) throws {
        try journal.capture("tasks", key: task.id.lowercasedText)
        try store.save(&task)
    }

    /// `insert(_:in:)` for the store's own flows that hold the action's journal.
    func insert(_ task: inout TaskItem, journal: inout UndoJournal) throws {
        try journal.capture("tasks", key: task.id.lowercasedText)
        try store.create(&task)
    }

    /// `remove(_:in:)` for the store's own flows that hold the action's journal.
    func remove(_ id: UUID, journal: inout UndoJournal) throws {
        try journal.capture("tasks", key: id.lowercasedText)
        try Tombstone.remove("tasks", id: id.lowercasedText, at: store.nowText, in: db)
    }

    /// `save(_:in:)` of a deferral record, for the store's own flows that hold the action's journal.
    func save(_ record: inout DeferralRecord, journal: inout UndoJournal) throws {
        try journal.capture("deferrals", key: record.id.lowercasedText)
        try store.save(&record)
    }

    // MARK: Removing for good

    /// Removes a task with its deferrals and sessions for good, leaving tombstones; no undo reaches it
    /// (the journal is emptied), and the write-ahead log is folded into the main file so the removed
    /// text is in no file.
    package func purge(_ id: UUID) throws {
        store.forgetReads()
        defer { store.forgetReads() }
        try db.write {
            // Purging a series' live instance stops the series on every device (rule Y-20).
            if let task = try task(id: id), task.isLive, task.isRepeating {
                try Tombstone.mark("tasks", id: DerivedID.seriesStop(task.seriesID ?? task.id).lowercasedText,
                                   at: store.nowText, in: db)
            }
            try store.removeForGood(task: id.lowercasedText)
            try UndoJournal.clear(db: db)
        }
        // The write-ahead log still holds the pages as they were before: fold them into the main file
        // (whose copies secure_delete has zeroed) and empty the log.
        try db.checkpoint()
    }
}

extension Store {
    /// The store's tasks and deferral records.
    package var taskRepository: TaskRepository {
        TaskRepository(store: self)
    }
}
