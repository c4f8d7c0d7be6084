import CharflowCore
import Foundation

/// One open store: its database, the clock and settings a command runs under, the unit of work every
/// action commits through, and the upkeep opening it runs (a missed rollover, a second timer).
///
/// It decides nothing: the use cases in `CharflowApp` load records through the repositories, ask
/// `CharflowCore`, and save inside `perform`. Every change but a purge can be undone.
package final class Store {
    package let db: Database
    /// The clock: every rule runs as of this instant.
    package let now: Date
    package private(set) var settings: PlannerSettings
    package private(set) var calendar: PlannerCalendar
    private let localeFirstWeekday: Weekday
    let nowText: String
    /// The undo journal's id of the action the last call recorded; nil before any, after an undo, and
    /// after a refused action. Pass it to the undo use case to undo exactly that action.
    package private(set) var lastActionID: UndoActionID?
    /// Runs inside every action's transaction just before it commits; a seam for crash tests.
    package var beforeCommit: (() -> Void)?
    /// What the layer above keeps of its reads for this command (Today's several views of a habit or
    /// of the Backlog read once); every action empties it (`forgetReads()`), so nothing kept outlives
    /// a change.
    package var keptReads: AnyObject?

    /// Opens the store at `path` (creating it and its folders), migrates it and runs any missed rollover.
    ///
    /// `migrator` is the schema this build knows; tests pass `Schema.migrator` with more migrations.
    package init(path: String, timeZone: TimeZone, localeFirstWeekday: Weekday, now: Date,
                migrator: Migrator = Schema.migrator) throws {
        PrivateFolder.create((path as NSString).deletingLastPathComponent)
        let (db, applied) = try Store.openPrepared(path, migrator: migrator)
        self.db = db
        self.now = Instant.truncatedToMilliseconds(now)
        nowText = Instant.storageText(self.now)
        self.localeFirstWeekday = localeFirstWeekday
        let upgraded = try migrator.migrate(db, now: nowText, applied: applied)
        // An existing store brought up to date folds its log: a migration may have removed what must be
        // in no file (a hub password, rule Y-27), and the log still holds the pages as they were.
        if !upgraded.isEmpty, upgraded.count < migrator.migrations.count { try? db.checkpoint() }
        let clock = Int64((self.now.timeIntervalSince1970 * 1000).rounded())
        db.willCommit = { db in
            try ChangeVersion.bump(db)
            try OperationLog.stamp(db, now: clock)
        }
        try OperationLog.ensureTriggers(db, migrator: migrator)
        settings = PlannerSettings()
        calendar = PlannerCalendar(timeZone: timeZone)
        try reloadSettings()
        // A store that cannot be written (a read-only folder) still answers every read: the missed
        // rollover and the second timer are left for a run that can write.
        if !db.isReadOnly {
            try catchUp()
            try settleTwoTimers()
        }
    }

    /// Opens the store for writing, or, when its folder or file cannot be written, for reading only.
    /// Opens the store ready for use: a Charflow store (or a new file), not newer than this build, in
    /// WAL mode, with its pragmas set.
    ///
    /// Two processes opening a brand-new file at once can meet while one switches it to WAL: SQLite then
    /// answers "database is locked" at once instead of waiting (it would deadlock otherwise). The opening
    /// is tried again, from a fresh connection, until the other is done (ten seconds at most).
    /// Returns the store and the migrations it records, read once for the migrator.
    private static func openPrepared(_ path: String, migrator: Migrator) throws -> (Database, [String]) {
        let deadline = Date().addingTimeInterval(10)
        while true {
            do {
                let db = try Store.open(path)
                try Store.refuseForeign(db, path: path)
                let applied = try migrator.appliedNames(db)
                try migrator.refuseNewer(applied)
                if !db.isInWALMode { _ = try db.rows("PRAGMA journal_mode = WAL") }
                try db.execute("PRAGMA synchronous = NORMAL")
                // Deleted rows are overwritten with zeros, so a purge leaves nothing readable in the pages.
                try db.execute("PRAGMA secure_delete = ON")
                try db.keepWALOnClose()
                return (db, applied)
            } catch let error as DatabaseError where error.isBusy && Date() < deadline {
                usleep(20_000)
            } catch let error as DatabaseError {
                throw StoreFailure.storeUnreadable("\(path): \(error.summary)")
            }
        }
    }

    private static func open(_ path: String) throws -> Database {
        let writable = try Database(path: path)
        do {
            _ = try writable.scalar("SELECT count(*) FROM sqlite_master")
            return writable
        } catch let error as DatabaseError where error.isReadOnly || error.isCannotOpen {
            guard FileManager.default.fileExists(atPath: path) else { throw error }
            let reader = try Database(path: path, readOnly: true)
            do {
                _ = try reader.scalar("SELECT count(*) FROM sqlite_master")
                return reader
            } catch let error as DatabaseError where error.isReadOnly || error.isCannotOpen {
                // A WAL store in a folder that cannot be written, with no `-shm` beside it (a backup on
                // read-only media, another user's store): SQLite cannot make one, so the store is read
                // as unchanging. That is only right when nothing waits in a `-wal` that it would skip.
                guard !hasWaitingLog(path) else { throw error }
                let unchanging = try Database(path: path, readOnly: true, unchanging: true)
                _ = try unchanging.scalar("SELECT count(*) FROM sqlite_master")
                return unchanging
            }
        }
    }

    /// Whether a non-empty `-wal` lies beside the store at `path`.
    private static func hasWaitingLog(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        return size > 0
    }

    /// Refuses a SQLite file that holds another program's tables and no Charflow migrations, before
    /// anything in it is changed (not even its journal mode).
    private static func refuseForeign(_ db: Database, path: String) throws {
        let names = try db.rows("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").compactMap { $0[0].text }
        if !names.isEmpty, !names.contains("charflow_migrations") { throw StoreFailure.foreignStore(path) }
    }

    /// A number that grows with every committed change to the store, by this store or any other
    /// process: poll it to notice changes made elsewhere (one read of one row).
    package func changeVersion() throws -> Int {
        try ChangeVersion.read(db)
    }


    /// The last logical day the store rolled over to (its marker), as read at the last catch-up.
    private var rolledOverTo: LocalDay?

    /// Today's logical day: the clock's, but never before the day the store last rolled over to while
    /// the clock is only a little behind it (`Rollover.today`).
    package var today: LocalDay {
        Rollover.today(clockDay: calendar.logicalDay(at: now), rolledOverTo: rolledOverTo)
    }

    // MARK: Rollover

    /// Runs the rollover of every logical day that ended since the last one (spec D4); idempotent.
    ///
    /// A marker further ahead of the clock than `Rollover.clockLagDays` was written by a wrong clock: it
    /// moves back to the clock's day (nothing rolled over is undone), so the next boundary rolls over.
    package func catchUp() throws {
        rolledOverTo = try lastRolloverDay()
        if let last = rolledOverTo, last == today { return }
        try db.write {
            rolledOverTo = try lastRolloverDay()
            let today = self.today
            if let last = rolledOverTo, last == today { return }
            if let last = rolledOverTo, last > today {
                // The clock went back further than a step: the marker follows it and nothing else changes.
            } else if rolledOverTo != nil {
                let carried = try autoCloseSessions(before: today)
                let candidates = try tasks(indexedBy: "tasks_live_by_due",
                                           where: "\(TaskRecords.live) AND due_date < ?",
                                           [.text(today.description)])
                let deferred = Set(try db.rows("SELECT task_id FROM deferrals WHERE day = ?", [.text(today.description)])
                    .compactMap { $0[0].text.flatMap { UUID(recordText: $0) } })
                let outcome = Rollover.run(candidates: candidates, newDay: today, alreadyDeferred: deferred,
                                           carriedWithoutDeferral: carried, now: now)
                let read = Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                for var task in outcome.tasks {
                    if let old = read[task.id] { try save(&task, over: old) } else { try save(&task) }
                }
                for var record in outcome.deferrals {
                    // Two devices rolling over the same day write the same record (D18, Y-7).
                    record.id = DerivedID.rolloverDeferral(task: record.taskID, day: record.day)
                    try save(&record)
                }
                if !outcome.eased.isEmpty {
                    let pending = (try pendingEased() + outcome.eased).map(\.lowercasedText).joined(separator: ",")
                    try writeSetting(Store.pendingEasedKey, pending)
                }
                try removeSeriesDuplicates(since: today.adding(days: -Store.dedupLookbackDays))
                try UndoJournal.clear(db: db)
            } else {
                try seedDefaultCategories()
            }
            try writeSetting(Store.lastRolloverKey, today.description)
            rolledOverTo = today
        }
    }

    static let lastRolloverKey = "last-rollover-day"
    static let pendingEasedKey = "pending-eased"
    /// How far back the rollover looks for duplicate series instances; an import looks at all of them.
    static let dedupLookbackDays = 62

    /// Tasks the rollover's automatic deferral eased to low, not yet told to the user.
    func pendingEased() throws -> [UUID] {
        let text = try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Store.pendingEasedKey)])?.text ?? ""
        return text.split(separator: ",").compactMap { UUID(recordText: String($0)) }
    }

    /// Applies the dedup rule "one instance per (series, occurrence)" across the store (two devices
    /// may both have made the next instance; spec D19); the removed rows leave tombstones. Rows that
    /// arrived without an occurrence get theirs first (`SeriesOccurrence`).
    ///
    /// Two instances due the same day are not duplicates when one was moved there: each keeps what
    /// was done on it.
    ///
    /// With `since`, only instances made for that day on are looked at (the rollover's daily pass),
    /// through an index of instances by occurrence: the series index would walk every instance ever made.
    /// With `series`, only those series' instances are looked at (after a merge, the series it touched).
    func removeSeriesDuplicates(since: LocalDay? = nil, series: Set<String>? = nil) throws {
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
        for group in groups {
            let instances = try tasks(where: "series_id = ? AND occurrence_day = ? AND due_date IS NOT NULL", [group[0], group[1]])
            guard let keep = SeriesDedup.keeper(of: instances) else { continue }
            for extra in instances where extra.id != keep.id {
                try removeForGood(task: extra.id.lowercasedText)
            }
        }
    }

    /// Removes a task for good with its deferrals and sessions, each leaving a tombstone.
    func removeForGood(task id: String) throws {
        for table in ["deferrals", "sessions"] {
            for child in try db.rows("SELECT id FROM \(table) WHERE task_id = ?", [.text(id)]).compactMap({ $0[0].text }) {
                try Tombstone.remove(table, id: child, at: nowText, in: db)
            }
        }
        try Tombstone.remove("tasks", id: id, at: nowText, in: db)
    }

    private func lastRolloverDay() throws -> LocalDay? {
        try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Store.lastRolloverKey)])?.text
            .flatMap { LocalDay($0) }
    }

    // MARK: Reading tasks

    /// The task with exactly this id, if it exists.
    package func task(id: UUID) throws -> TaskItem? {
        try tasks(where: "id = ?", [.text(id.lowercasedText)]).first
    }

    /// Tasks selected by a `WHERE` clause, normalised on read (an important task always has a day).
    ///
    /// `indexedBy` names the index SQLite must use, where its own choice would walk old history.
    func tasks(indexedBy index: String? = nil, where clause: String, _ bindings: [SQLValue]) throws -> [TaskItem] {
        let source = index.map { "tasks INDEXED BY \($0)" } ?? "tasks"
        var tasks: [TaskItem] = []
        try db.forEachRawRow("SELECT \(TaskRecords.columns) FROM \(source) WHERE \(clause)", bindings) { row in
            var task = TaskRecords.task(row)
            if task.isImportant, task.dueDate == nil { task.dueDate = today }
            tasks.append(task)
        }
        return tasks
    }

    /// Tasks placed in `region` on `day`, done or not (dropped ones included: the rules skip them).
    func occupants(of region: Region, on day: LocalDay) throws -> [TaskItem] {
        try tasks(where: "due_date = ? AND region = ?", [.text(day.description), .text(region.rawValue)])
    }

    // MARK: Changing tasks

    /// A task after a change of day, with what the deferral rules made of it.
    package struct DateChange: Sendable {
        package let task: TaskItem
        /// A deferral was counted (or the day's record refined).
        package let deferred: Bool
        package let refined: Bool
        /// The third deferral eased the task's importance to low.
        package let eased: Bool
        /// The fifth deferral or later: the engine suggests letting it go.
        package let suggestRemoval: Bool

        package init(_ outcome: Deferral.Outcome) {
            task = outcome.task
            deferred = outcome.record != nil
            refined = outcome.refined
            eased = outcome.eased
            suggestRemoval = outcome.suggestRemoval
        }
    }

    /// Saves a date change and its deferral record as part of an action.
    func apply(_ outcome: inout Deferral.Outcome, journal: inout UndoJournal) throws {
        try taskRepository.save(&outcome.task, journal: &journal)
        try record(outcome, journal: &journal)
    }

    /// The occurrences the instances of `series` were made for (an instance without one, its due
    /// day), leaving out the instance `except`.
    func occurrences(of series: UUID, except: UUID?) throws -> Set<LocalDay> {
        var days = Set<LocalDay>()
        try db.forEachRow("SELECT coalesce(occurrence_day, due_date), id FROM tasks WHERE series_id = ?",
                          [.text(series.lowercasedText)]) { row in
            if let day = row.day(0), row.uuid(1) != except { days.insert(day) }
        }
        return days
    }

    /// The deferral record a task already has for today, if any.
    func todaysRecord(of task: TaskItem) throws -> DeferralRecord? {
        try taskRepository.deferral(ofTask: task.id, on: today)
    }

    func record(_ outcome: Deferral.Outcome, journal: inout UndoJournal) throws {
        guard var record = outcome.record else { return }
        if !outcome.refined {
            // Derived from (task, day made, day deferred to), so the same deferral made on two devices
            // is one record and counts once (rule Y-18).
            record.id = try DerivedID.manualDeferral(task: record.taskID, day: record.day, to: record.deferredTo, in: db)
        }
        try taskRepository.save(&record, journal: &journal)
    }

    /// Runs `body` as one undo (`UndoWork`), in one transaction: when it throws, nothing changed; when
    /// it returns, the settings are read again (an undo may have put one back).
    package func undoing<T>(_ body: (UndoWork) throws -> T) throws -> T {
        forgetReads()
        defer { forgetReads() }
        lastActionID = nil
        let result = try db.write { try body(UndoWork(store: self)) }
        try reloadSettings()
        return result
    }

    // MARK: Settings

    /// Reads the settings again, after an action changed one: the calendar follows at once.
    package func reloadSettings() throws {
        var loaded = PlannerSettings()
        for row in try db.rows("SELECT key, value FROM settings") {
            guard let key = row[0].text, let value = row[1].text, PlannerSettings.storedKeys.contains(key) else { continue }
            try? loaded.set(key, to: value)
        }
        settings = loaded
        calendar.rollover = loaded.rolloverTime
        calendar.firstWeekday = loaded.firstWeekday ?? localeFirstWeekday
    }

    func writeSetting(_ key: String, _ value: String) throws {
        try db.run("""
            INSERT INTO settings (key, value, modified_at) VALUES (?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET value = excluded.value, modified_at = excluded.modified_at
            """, [.text(key), .text(value), .text(nowText)])
    }

    // MARK: Writing

    /// Runs `body` as one undoable action in one transaction; `lastActionID` names it once it commits.
    func perform<T>(_ label: String, _ body: (inout UndoJournal) throws -> T) throws -> T {
        forgetReads()
        defer { forgetReads() }
        lastActionID = nil
        var recorded: Int64?
        let result = try db.write {
            var journal = try UndoJournal(db: db, label: label, at: nowText)
            let result = try body(&journal)
            beforeCommit?()
            recorded = journal.actionSeq
            return result
        }
        lastActionID = recorded.map(UndoActionID.init(rawValue:))
        return result
    }

    /// Empties the reads kept for this command; every action that changes the store calls it before
    /// and after its transaction.
    func forgetReads() {
        keptReads = nil
    }

    /// One undoable action that writes a single record: captures the row, then upserts it.
    func performUpsert(_ label: String, table: String, id: UUID, sql: String, bindings: [SQLValue]) throws {
        try perform(label) { journal in
            try journal.capture(table, key: id.lowercasedText)
            try db.run(sql, bindings)
        }
    }

    /// Saves a change this call made to `task`, stamping its `modifiedAt` with the clock: every
    /// change to a task or a deferral goes through one of these `save`s, so none can forget the stamp
    /// (sync merges by it, spec D14). Imports keep their own stamps (`saveAsRecorded`).
    func save(_ task: inout TaskItem) throws {
        task.modifiedAt = now
        try db.run(TaskRecords.upsertSQL, TaskRecords.bindings(task))
    }

    /// Stores a task made afresh (an added task, a series' next instance), stamping its `modifiedAt`
    /// as `save` does. Never replaces a row: a task that already holds its id is a bug, and the
    /// action fails whole instead of overwriting what was done on that task (spec D19).
    func create(_ task: inout TaskItem) throws {
        task.modifiedAt = now
        try db.run(TaskRecords.insertSQL, TaskRecords.bindings(task))
    }

    /// Saves a task as another store or file recorded it, its `modifiedAt` included.
    func saveAsRecorded(_ task: TaskItem) throws {
        try db.run(TaskRecords.upsertSQL, TaskRecords.bindings(task))
    }

    /// Saves `task` over `old`, the row as read in this transaction, writing only the columns that
    /// differ (`modifiedAt` stamped as `save` does; nothing when nothing else changed).
    ///
    /// An UPDATE of a few columns maintains only the indexes over them; the upsert rewrites every
    /// column and every index. The rollover saves each carried task this way.
    func save(_ task: inout TaskItem, over old: TaskItem) throws {
        guard task != old else { return }
        task.modifiedAt = now
        let after = TaskRecords.bindings(task)
        let before = TaskRecords.bindings(old)
        let changed = after.indices.filter { $0 > 0 && after[$0] != before[$0] }
        guard !changed.isEmpty else { return }
        let sets = changed.map { TaskColumn.allCases[$0].name + " = ?" }.joined(separator: ", ")
        try db.run("UPDATE tasks SET \(sets) WHERE id = ?", changed.map { after[$0] } + [after[0]])
    }

    /// Saves a deferral record this call made or changed, stamping its `modifiedAt` as `save` does.
    func save(_ record: inout DeferralRecord) throws {
        record.modifiedAt = now
        try db.run(TaskRecords.upsertDeferralSQL, TaskRecords.bindings(record))
    }
}
