import CharflowCore
import Foundation

/// The store's tasks and their deferral records: typed reads, and saves that cannot forget undo or the stamp.
///
/// The repository owns the task and deferral SQL. Reads pass each task through `Store.readingTask`, the
/// view the layer above set (an important task always has a day). A save needs
/// the `UnitOfWork` of the action it belongs to: it captures the row's before-image in that action's
/// undo journal, stamps `modifiedAt` with the action's clock, then writes, so a task change can neither
/// escape undo nor miss its sync stamp (spec D8, D14). An insert never replaces a row (spec D19), and a
/// removal leaves a tombstone (`Tombstone`).
package struct TaskRepository {
    let store: Store

    private var db: Database { store.db }

    // MARK: Reading

    /// Tasks selected by a `WHERE` clause, each as the layer above reads it (`Store.readingTask`).
    ///
    /// `indexedBy` names the index SQLite must use, where its own choice would walk old history.
    func tasks(indexedBy index: String? = nil, where clause: String, _ bindings: [SQLValue]) throws -> [TaskItem] {
        let source = index.map { "tasks INDEXED BY \($0)" } ?? "tasks"
        let reading = store.readingTask
        var tasks: [TaskItem] = []
        try db.forEachRawRow("SELECT \(TaskRecords.columns) FROM \(source) WHERE \(clause)", bindings) { row in
            var task = TaskRecords.task(row)
            reading?(&task)
            tasks.append(task)
        }
        return tasks
    }

    /// When the task with this id was last removed for good here, as stored text; nil when it never was.
    package func removedAt(_ id: UUID) throws -> String? {
        try db.scalar("SELECT max(deleted_at) FROM tombstones WHERE table_name = 'tasks' AND id = ?",
                      [.text(id.lowercasedText)])?.text
    }

    /// The ids of the tasks that hold a deferral record for `day` (one read, however many tasks are shown).
    package func taskIDs(deferredOn day: LocalDay) throws -> Set<UUID> {
        Set(try db.rows("SELECT task_id FROM deferrals WHERE day = ?", [.text(day.description)])
            .compactMap { $0[0].text.flatMap { UUID(recordText: $0) } })
    }

    /// The groups of two or more instances of one series made for one occurrence and still dated (what the
    /// dedup rule settles, D19). Rows that arrived without an occurrence get theirs first (`SeriesOccurrence`).
    ///
    /// With `since`, only instances made for that day on are looked at, through an index of instances by
    /// occurrence (the series index would walk every instance ever made); with `series`, only those series'.
    package func seriesDuplicates(since: LocalDay? = nil, series: Set<String>? = nil) throws -> [[TaskItem]] {
        try SeriesOccurrence.fill(db)
        let groups = try series.map { named in
            try db.rows("""
                SELECT series_id, occurrence_day FROM tasks INDEXED BY tasks_by_series
                WHERE series_id IN (SELECT value FROM json_each(?)) AND occurrence_day IS NOT NULL AND due_date IS NOT NULL
                AND occurrence_day >= ? GROUP BY series_id, occurrence_day HAVING count(*) > 1
                """, [.text(JSONText.array(named)), .text(since?.description ?? "")])
        } ?? db.rows("""
            SELECT series_id, occurrence_day FROM tasks INDEXED BY tasks_series_by_occurrence
            WHERE series_id IS NOT NULL AND occurrence_day IS NOT NULL AND due_date IS NOT NULL
            AND occurrence_day >= ? GROUP BY series_id, occurrence_day HAVING count(*) > 1
            """, [.text(since?.description ?? "")])
        return try groups.map { group in
            try tasks(where: "series_id = ? AND occurrence_day = ? AND due_date IS NOT NULL", [group[0], group[1]])
        }
    }

    /// The task with exactly this id, if it exists.
    package func task(id: UUID) throws -> TaskItem? {
        try tasks(where: "id = ?", [.text(id.lowercasedText)]).first
    }

    /// The ids just before and after `id` in text order (by the primary key's index), the only ones
    /// that can share its longest prefix.
    package func neighbourIDs(of id: UUID) throws -> [String] {
        let text = id.lowercasedText
        let before = try db.scalar("SELECT id FROM tasks WHERE id < ? ORDER BY id DESC LIMIT 1", [.text(text)])?.text
        let after = try db.scalar("SELECT id FROM tasks WHERE id > ? ORDER BY id LIMIT 1", [.text(text)])?.text
        return [before, after].compactMap { $0 }
    }

    /// The first 8 characters that two or more tasks' ids share (`task_id_prefixes_shared`, which
    /// SQLite keeps as tasks are inserted and deleted): one read, nearly always of no row.
    package func sharedIDPrefixes() throws -> Set<String> {
        Set(try db.rows("SELECT prefix FROM task_id_prefixes_shared").compactMap { $0[0].text })
    }

    /// At most `limit` tasks whose id text starts with `prefix` (lowercase), in id order.
    package func tasks(idPrefix prefix: String, limit: Int) throws -> [TaskItem] {
        try tasks(where: "id >= ? AND id < ? ORDER BY id LIMIT \(max(limit, 0))",
                          [.text(prefix), .text(prefix + "~")])
    }

    /// Tasks placed in `region` on `day`, done or not (dropped ones included: the rules skip them).
    package func occupants(of region: Region, on day: LocalDay) throws -> [TaskItem] {
        try tasks(where: "due_date = ? AND region = ?", [.text(day.description), .text(region.rawValue)])
    }

    /// Live tasks without a day or due before `day`: the Backlog's members as of that day.
    package func live(undatedOrDueBefore day: LocalDay) throws -> [TaskItem] {
        try tasks(indexedBy: "tasks_live_by_due",
                          where: "\(TaskRecords.live) AND (due_date IS NULL OR due_date < ?)", [.text(day.description)])
    }

    /// Live tasks due after `day`, in no particular order.
    package func live(dueAfter day: LocalDay) throws -> [TaskItem] {
        try tasks(where: "\(TaskRecords.live) AND due_date > ?", [.text(day.description)])
    }

    /// Every live task; with `resolved`, done and dropped ones too. In no particular order.
    package func all(includingResolved resolved: Bool) throws -> [TaskItem] {
        try tasks(where: resolved ? "1 = 1" : TaskRecords.live, [])
    }

    /// Tasks completed on the logical days `first` through `last`, each on the day it was done on
    /// (B-15, P-8), in completion order.
    package func completed(from first: LocalDay, through last: LocalDay) throws -> [TaskItem] {
        try tasks(indexedBy: "tasks_done_by_day", where: """
            is_completed = 1 AND completed_day >= ? AND completed_day <= ? ORDER BY completed_at
            """, [.text(first.description), .text(last.description)])
    }

    /// The title, logical day and completion time of each task done on the days `first` through `last`
    /// that is no repeating series' instance, and whose title (ignoring the case of ASCII letters, as
    /// SQLite's `NOCASE` and `lower` fold) was done at least `minimum` times then: what detected habits
    /// read on every Today, so it is read from an index alone (`tasks_done_titles_by_day`). The day
    /// is the one the task was done on (B-15), kept with it, not its time read again under today's zone
    /// and rollover.
    ///
    /// The titles are counted in place by a hash of their folded bytes, so that no row becomes a value
    /// unless its title may have been done `minimum` times (a `GROUP BY` sorted the window's rows, and
    /// counting them as strings allocated each); the rows that may are read again and counted exactly.
    package func doneTitles(from first: LocalDay, through last: LocalDay, minimum: Int) throws -> [(title: String, day: LocalDay, completedAt: Date)] {
        let sql = """
            SELECT title, completed_day, completed_at FROM tasks INDEXED BY tasks_done_titles_by_day
            WHERE is_completed = 1 AND completed_day >= ? AND completed_day <= ? AND series_id IS NULL AND dropped_at IS NULL
            """
        let bounds: [SQLValue] = [.text(first.description), .text(last.description)]
        var counts: [UInt64: Int] = [:]
        try db.forEachRawRow(sql, bounds) { row in
            if case .text(let title) = row[0] { counts[Self.foldedHash(title), default: 0] += 1 }
        }
        guard counts.values.contains(where: { $0 >= minimum }) else { return [] }
        var found: [(title: String, day: LocalDay, completedAt: Date)] = []
        try db.forEachRawRow(sql, bounds) { row in
            guard case .text(let bytes) = row[0], counts[Self.foldedHash(bytes), default: 0] >= minimum,
                  let title = row.text(0), let day = row.day(1), let at = row.text(2).flatMap(Instant.parseStorageText) else { return }
            found.append((title, day, at))
        }
        // Two titles whose hashes meet were counted together: count the candidates again by their text.
        var exact: [String: Int] = [:]
        for item in found { exact[Self.caseFolded(item.title), default: 0] += 1 }
        return found.filter { exact[Self.caseFolded($0.title), default: 0] >= minimum }
    }

    /// FNV-1a of `bytes` with ASCII capitals made small, as SQLite's `NOCASE` compares them.
    private static func foldedHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(folded(byte))) &* 0x100_0000_01b3 }
        return hash
    }

    /// `text` with its ASCII capitals made small, as SQLite's `NOCASE` compares it.
    private static func caseFolded(_ text: String) -> String {
        String(decoding: text.utf8.map(folded), as: UTF8.self)
    }

    /// `byte` made small if it is an ASCII capital: the one fold both the hash and the exact count use.
    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
    }

    /// Tasks dated `day` that are not dropped, done ones included: a day's board and its due list.
    package func notDropped(dueOn day: LocalDay) throws -> [TaskItem] {
        try tasks(where: "due_date = ? AND dropped_at IS NULL", [.text(day.description)])
    }

    /// Live tasks due before `day`: what is overdue on it.
    package func live(dueBefore day: LocalDay) throws -> [TaskItem] {
        try tasks(indexedBy: "tasks_live_by_due", where: "\(TaskRecords.live) AND due_date < ?", [.text(day.description)])
    }

    /// Tasks dated `day` and placed in a region, every state: that day's board.
    package func placed(on day: LocalDay) throws -> [TaskItem] {
        try tasks(where: "due_date = ? AND region IS NOT NULL", [.text(day.description)])
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

    /// The logical days from `first` through `last` on which some task was done: one seek of the index
    /// of done tasks by day for each such day, from one day to the next (a scan of the range read a row
    /// for each of the range's completions, 0.6 M instructions of a 10,000-task Today).
    package func completionDays(from first: LocalDay, through last: LocalDay) throws -> Set<LocalDay> {
        Set(try db.rows("""
            WITH RECURSIVE done(day) AS (
                SELECT (SELECT min(completed_day) FROM tasks INDEXED BY tasks_done_by_day
                        WHERE is_completed = 1 AND completed_day >= ?1 AND completed_day <= ?2)
                UNION ALL
                SELECT (SELECT min(completed_day) FROM tasks INDEXED BY tasks_done_by_day
                        WHERE is_completed = 1 AND completed_day > done.day AND completed_day <= ?2)
                FROM done WHERE done.day IS NOT NULL
            )
            SELECT day FROM done WHERE day IS NOT NULL
            """, [.text(first.description), .text(last.description)]).compactMap { $0.day(0) })
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
        try tasks(where: "series_id = ? AND id != ? AND created_at >= ?",
                          [.text(series.lowercasedText), .text(other.lowercasedText), .text(Instant.storageText(start))])
    }

    /// The occurrences the instances of `series` were made for (an instance without one, its due
    /// day), leaving out the instance `except`.
    package func occurrences(of series: UUID, except: UUID?) throws -> Set<LocalDay> {
        var days = Set<LocalDay>()
        try db.forEachRow("SELECT coalesce(occurrence_day, due_date), id FROM tasks WHERE series_id = ?",
                          [.text(series.lowercasedText)]) { row in
            if let day = row.day(0), row.uuid(1) != except { days.insert(day) }
        }
        return days
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
        try saveOutsideUndo(&task)
    }

    /// `insert(_:in:)` for the store's own flows that hold the action's journal.
    func insert(_ task: inout TaskItem, journal: inout UndoJournal) throws {
        try journal.capture("tasks", key: task.id.lowercasedText)
        task.modifiedAt = store.now
        try db.run(TaskRecords.insertSQL, TaskRecords.bindings(task))
    }

    /// `remove(_:in:)` for the store's own flows that hold the action's journal.
    func remove(_ id: UUID, journal: inout UndoJournal) throws {
        try journal.capture("tasks", key: id.lowercasedText)
        try Tombstone.remove("tasks", id: id.lowercasedText, at: store.nowText, in: db)
    }

    /// `save(_:in:)` of a deferral record, for the store's own flows that hold the action's journal.
    func save(_ record: inout DeferralRecord, journal: inout UndoJournal) throws {
        try journal.capture("deferrals", key: record.id.lowercasedText)
        try saveOutsideUndo(&record)
    }

    /// Saves a date change the deferral rules decided, with its deferral record, as part of an action.
    ///
    /// A new record's id derives from (task, day), so deferrals of one task made on one day on two
    /// devices are one record and count once (rule Y-18, D19); a refined one keeps its id.
    func save(_ outcome: inout Deferral.Outcome, journal: inout UndoJournal) throws {
        try save(&outcome.task, journal: &journal)
        guard var record = outcome.record else { return }
        if !outcome.refined {
            record.id = try DerivedID.deferral(task: record.taskID, day: record.day, in: db)
        }
        try save(&record, journal: &journal)
    }

    // MARK: Writing outside any action

    /// Saves a task changed by something no undo reaches (a rollover, which empties the journal), with
    /// `modifiedAt` stamped by the clock: every change to a task goes through a save that stamps it
    /// (sync merges by it, spec D14). Imports keep their own stamps (`saveAsRecorded`).
    package func saveOutsideUndo(_ task: inout TaskItem) throws {
        task.modifiedAt = store.now
        try db.run(TaskRecords.upsertSQL, TaskRecords.bindings(task))
    }

    /// Saves a task as another store or file recorded it, its `modifiedAt` included.
    package func saveAsRecorded(_ task: TaskItem) throws {
        try db.run(TaskRecords.upsertSQL, TaskRecords.bindings(task))
    }

    /// Saves `task` over `old`, the row as read in this transaction, writing only the columns that differ
    /// (`modifiedAt` stamped; nothing when nothing else changed), outside any action.
    ///
    /// An UPDATE of a few columns maintains only the indexes over them; the upsert rewrites every column
    /// and every index. The rollover saves each carried task this way.
    package func save(_ task: inout TaskItem, over old: TaskItem) throws {
        guard task != old else { return }
        task.modifiedAt = store.now
        let after = TaskRecords.bindings(task)
        let before = TaskRecords.bindings(old)
        let changed = after.indices.filter { $0 > 0 && after[$0] != before[$0] }
        guard !changed.isEmpty else { return }
        let sets = changed.map { TaskColumn.allCases[$0].name + " = ?" }.joinedText(separator: ", ")
        try db.run("UPDATE tasks SET \(sets) WHERE id = ?", changed.map { after[$0] } + [after[0]])
    }

    /// Saves a rollover's automatic deferral, under the id derived from (task, day): two devices rolling
    /// over the same day write the same record (D18, Y-7).
    package func saveRolloverDeferral(_ record: inout DeferralRecord) throws {
        record.id = try DerivedID.deferral(task: record.taskID, day: record.day, in: db)
        try saveOutsideUndo(&record)
    }

    /// Saves a deferral record outside any action, `modifiedAt` stamped by the clock.
    func saveOutsideUndo(_ record: inout DeferralRecord) throws {
        record.modifiedAt = store.now
        try db.run(TaskRecords.upsertDeferralSQL, TaskRecords.bindings(record))
    }

    // MARK: Removing for good

    /// Removes a task for good with its deferrals and sessions, each leaving a tombstone.
    package func removeForGood(_ id: UUID) throws {
        let key = id.lowercasedText
        for table in ["deferrals", "sessions"] {
            for child in try db.rows("SELECT id FROM \(table) WHERE task_id = ?", [.text(key)]).compactMap({ $0[0].text }) {
                try Tombstone.remove(table, id: child, at: store.nowText, in: db)
            }
        }
        try Tombstone.remove("tasks", id: key, at: store.nowText, in: db)
    }

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
            try removeForGood(id)
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
