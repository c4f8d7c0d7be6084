import CharflowCore
import Foundation

/// Charflow's use cases over one store: each public method that changes anything is one transaction.
///
/// The planner loads the rows a use case needs, asks `CharflowCore` what the rules say, and writes
/// the result; it holds no planning rule of its own. Every change but a purge can be undone.
public final class Planner {
    public let db: Database
    /// The clock: every rule runs as of this instant.
    public let now: Date
    public private(set) var settings: PlannerSettings
    public private(set) var calendar: PlannerCalendar
    private let localeFirstWeekday: Weekday
    let nowText: String
    /// The undo journal's id of the action the last call recorded; nil before any, after an undo, and
    /// after a refused action. Pass it to `undo(action:)` to undo exactly that action.
    public private(set) var lastActionID: UndoActionID?
    /// Runs inside every action's transaction just before it commits; a seam for crash tests.
    public var beforeCommit: (() -> Void)?
    /// Reads kept for this command, so that Today's several views of a habit or of the Backlog read it
    /// once; every action empties them (`forgetReads()`).
    var kept = KeptReads()

    struct KeptReads {
        var history: [String: WindowHistory] = [:]
        var engagedDays: [String: Set<LocalDay>] = [:]
        var habitDays: [HabitDay]?
        var recentHabits: RecentHabitRead?
        var habits: [Habit]?
        var backlogCounts: (all: Int, older: Int)?
    }

    /// Opens the store at `path` (creating it and its folders), migrates it and runs any missed rollover.
    ///
    /// `migrator` is the schema this build knows; tests pass `Schema.migrator` with more migrations.
    public init(path: String, timeZone: TimeZone, localeFirstWeekday: Weekday, now: Date,
                migrator: Migrator = Schema.migrator) throws {
        PrivateFolder.create((path as NSString).deletingLastPathComponent)
        db = try Planner.openPrepared(path, migrator: migrator)
        self.now = Instant.truncatedToMilliseconds(now)
        nowText = Instant.storageText(self.now)
        self.localeFirstWeekday = localeFirstWeekday
        try migrator.migrate(db, now: nowText)
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
    private static func openPrepared(_ path: String, migrator: Migrator) throws -> Database {
        let deadline = Date().addingTimeInterval(10)
        while true {
            do {
                let db = try Planner.open(path)
                try Planner.refuseForeign(db, path: path)
                try migrator.checkNotNewer(db)
                if !Database.isInWALMode(path: path) { _ = try db.rows("PRAGMA journal_mode = WAL") }
                try db.execute("PRAGMA synchronous = NORMAL")
                // Deleted rows are overwritten with zeros, so a purge leaves nothing readable in the pages.
                try db.execute("PRAGMA secure_delete = ON")
                try db.keepWALOnClose()
                return db
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
            _ = try reader.scalar("SELECT count(*) FROM sqlite_master")
            return reader
        }
    }

    /// Refuses a SQLite file that holds another program's tables and no Charflow migrations, before
    /// anything in it is changed (not even its journal mode).
    private static func refuseForeign(_ db: Database, path: String) throws {
        let names = try db.rows("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").compactMap { $0[0].text }
        if !names.isEmpty, !names.contains("charflow_migrations") { throw StoreFailure.foreignStore(path) }
    }

    /// A number that grows with every committed change to the store, by this planner or any other
    /// process: poll it to notice changes made elsewhere (one read of one row).
    public func changeVersion() throws -> Int {
        try ChangeVersion.read(db)
    }


    /// The last logical day the store rolled over to (its marker), as read at the last catch-up.
    private var rolledOverTo: LocalDay?

    /// Today's logical day: the clock's, but never before the day the store last rolled over to while
    /// the clock is only a little behind it (`Rollover.today`).
    public var today: LocalDay {
        Rollover.today(clockDay: calendar.logicalDay(at: now), rolledOverTo: rolledOverTo)
    }

    // MARK: Rollover

    /// Runs the rollover of every logical day that ended since the last one (spec D4); idempotent.
    ///
    /// A marker further ahead of the clock than `Rollover.clockLagDays` was written by a wrong clock: it
    /// moves back to the clock's day (nothing rolled over is undone), so the next boundary rolls over.
    public func catchUp() throws {
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
                    try writeSetting(Planner.pendingEasedKey, pending)
                }
                try removeSeriesDuplicates(since: today.adding(days: -Planner.dedupLookbackDays))
                try UndoJournal.clear(db: db)
            } else {
                try seedDefaultCategories()
            }
            try writeSetting(Planner.lastRolloverKey, today.description)
            rolledOverTo = today
        }
    }

    static let lastRolloverKey = "last-rollover-day"
    static let pendingEasedKey = "pending-eased"
    /// How far back the rollover looks for duplicate series instances; an import looks at all of them.
    static let dedupLookbackDays = 62

    /// Tasks the rollover's automatic deferral eased to low, not yet told to the user.
    func pendingEased() throws -> [UUID] {
        let text = try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Planner.pendingEasedKey)])?.text ?? ""
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
    func removeSeriesDuplicates(since: LocalDay? = nil) throws {
        try SeriesOccurrence.fill(db)
        let groups = try db.rows("""
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
        try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Planner.lastRolloverKey)])?.text
            .flatMap { LocalDay($0) }
    }

    // MARK: Finding tasks

    /// The task whose id starts with `prefix` (4 or more characters, any case).
    public func task(matching prefix: String) throws -> TaskItem {
        let key = prefix.lowercased()
        guard key.count >= 4 else { throw PlannerError.idTooShort(prefix) }
        let found = try tasks(where: "id >= ? AND id < ? LIMIT 2", [.text(key), .text(key + "~")])
        guard let first = found.first else { throw PlannerError.noTaskMatches(prefix) }
        guard found.count == 1 else { throw PlannerError.ambiguousID(prefix) }
        return first
    }

    /// The task with exactly this id, if it exists.
    public func task(id: UUID) throws -> TaskItem? {
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

    /// What `add` was asked for; nil fields take their defaults.
    public struct NewTask: Sendable {
        public var title: String
        public var notes: String?
        public var region: Region?
        public var bucket: Bucket?
        public var due: QuickDate?
        public var importance: Importance = .low
        /// nil keeps the preselected 30 minutes; `.some(nil)` is "no estimate".
        public var effortMinutes: Int??
        /// A category's name (or id prefix); without one the Today filter's category, if any.
        public var category: String?
        public var repeatKind: RepeatKind = .none
        public var repeatWeekdays = ""

        public init(title: String) {
            self.title = title
        }
    }

    /// Creates a task: on the board when a region is given, otherwise dated or in the Backlog.
    ///
    /// An important or repeating task needs a day: without one it gets today, the day being planned.
    @discardableResult
    public func add(_ request: NewTask) throws -> TaskItem {
        let title = try TaskText.title(request.title)
        var due = try request.due?.resolve(today: today, calendar: calendar)
        if request.due == .someday, request.importance.isImportant { throw PlannerError.importantNeedsDay }
        if request.due == .someday, request.repeatKind != .none { throw PlannerError.repeatingNeedsDay }
        if request.region != nil, request.due == .someday { throw PlannerError.boardNeedsDay }
        if request.bucket != nil, request.region == nil { throw PlannerError.bucketNeedsRegion }
        if request.importance.isImportant || request.repeatKind != .none, due == nil {
            due = RepeatRule.firstDay(kind: request.repeatKind, weekdays: RepeatRule.weekdays(request.repeatWeekdays),
                                      from: today)
        }
        if request.region != nil, let day = due, day < today { throw PlannerError.boardDayEnded(day) }
        let category = try request.category.map(selectableCategory) ?? todayFilter()
        var task = TaskItem(title: title, notes: TaskText.notes(request.notes), dueDate: due,
                            effortMinutes: request.effortMinutes ?? TaskItem.defaultEffortMinutes,
                            importance: request.importance, repeatKind: request.repeatKind,
                            repeatWeekdays: request.repeatKind == .weekly ? request.repeatWeekdays : "",
                            createdAt: now, categoryID: category?.id)
        if task.isRepeating {
            task.seriesID = task.id
            task.settleRepeatPattern()
        }
        return try perform("add") { journal in
            if let region = request.region {
                let day = due ?? today
                try Board.place(&task, region: region, bucket: request.bucket, day: day,
                                occupants: try occupants(of: region, on: day), now: now)
            } else if due.map({ $0 < today }) ?? true {
                // Undated, or due on a day that has ended: it enters the Backlog today.
                task.backlogSince = today
            }
            try journal.capture("tasks", key: task.id.lowercasedText)
            try create(&task)
            return task
        }
    }

    /// What `edit` was asked to change; nil leaves a field as it is.
    public struct TaskEdit: Sendable {
        public var title: String?
        /// `.some(nil)` or an empty text clears the notes.
        public var notes: String??
        public var due: QuickDate?
        public var importance: Importance?
        public var effortMinutes: Int??
        /// A category's name; `.some(nil)` takes the label off.
        public var category: String??
        /// A new repeat; `.none` is "Stop repeating".
        public var repeatKind: RepeatKind?
        public var repeatWeekdays = ""

        public init() {}
    }

    /// Edits a task. A new day follows the deferral rules (a task whose day has come and is pushed
    /// later counts a deferral; anything else is a reschedule) and takes a placed task off the board.
    @discardableResult
    public func edit(_ prefix: String, _ change: TaskEdit) throws -> TaskItem {
        try editReporting(prefix, change).task
    }

    /// `edit`, telling also what the deferral rules made of a new day.
    public func editReporting(_ prefix: String, _ change: TaskEdit) throws -> DateChange {
        var task = try task(matching: prefix)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        if let title = change.title { task.title = try TaskText.title(title) }
        if let notes = change.notes { task.notes = TaskText.notes(notes) }
        if let effort = change.effortMinutes { task.effortMinutes = effort }
        if let importance = change.importance { task.importance = importance }
        if let category = change.category {
            // The current label stays selectable even when archived ("— archived" on the edited task).
            task.categoryID = try category.map { word in
                let found = try self.category(matching: word)
                return found.id == task.categoryID ? found.id : try selectableCategory(word).id
            }
        }
        if let kind = change.repeatKind {
            task.repeatKind = kind
            task.repeatWeekdays = kind == .weekly ? change.repeatWeekdays : ""
            task.repeatDayOfMonth = 0
            if kind != .none { task.seriesID = task.seriesID ?? task.id }
        }
        var outcome = Deferral.Outcome(task: task)
        if let dueWord = change.due {
            let due = try dueWord.resolve(today: today, calendar: calendar)
            if due != task.dueDate {
                outcome = try Deferral.move(task, to: due, dateChosen: true, reason: nil,
                                            todaysRecord: try todaysRecord(of: task), today: today, now: now)
                task = outcome.task
            }
        }
        if task.isImportant || task.isRepeating, task.dueDate == nil {
            if change.due == .someday { throw task.isImportant ? PlannerError.importantNeedsDay : .repeatingNeedsDay }
            task.dueDate = RepeatRule.firstDay(kind: task.repeatKind, weekdays: RepeatRule.weekdays(task.repeatWeekdays),
                                               from: today)
            task.backlogSince = nil
        }
        if change.repeatKind != nil { task.settleRepeatPattern() }
        outcome.task = task
        return try perform("edit") { journal in
            try apply(&outcome, journal: &journal)
            try closeSessionIfDeferred(outcome, journal: &journal)
            return DateChange(outcome)
        }
    }

    /// A task after a change of day, with what the deferral rules made of it.
    public struct DateChange: Sendable {
        public let task: TaskItem
        /// A deferral was counted (or the day's record refined).
        public let deferred: Bool
        public let refined: Bool
        /// The third deferral eased the task's importance to low.
        public let eased: Bool
        /// The fifth deferral or later: the engine suggests letting it go.
        public let suggestRemoval: Bool

        package init(_ outcome: Deferral.Outcome) {
            task = outcome.task
            deferred = outcome.record != nil
            refined = outcome.refined
            eased = outcome.eased
            suggestRemoval = outcome.suggestRemoval
        }
    }

    /// Defers a task: without a date, to tomorrow (the 1st and 2nd time only); with `to`, to that day.
    ///
    /// A task not yet due is rescheduled instead (no count, no record). `note` is appended to the
    /// task's notes as a timestamped line.
    @discardableResult
    public func deferTask(_ prefix: String, to word: QuickDate?, reason: DeferralReason?, note: String?) throws -> DateChange {
        var task = try task(matching: prefix)
        let target: LocalDay?
        if let word {
            target = try word.resolve(today: today, calendar: calendar)
        } else {
            guard let due = task.dueDate, due <= today else { throw PlannerError.notDueYet }
            target = today.adding(days: 1)
        }
        if let note, !note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            task.notes = Notes.appending(note, to: task.notes, at: now, calendar: calendar)
        }
        var outcome = try Deferral.move(task, to: target, dateChosen: word != nil, reason: reason,
                                        todaysRecord: try todaysRecord(of: task), today: today, now: now)
        return try perform("defer") { journal in
            try apply(&outcome, journal: &journal)
            try closeSessionIfDeferred(outcome, journal: &journal)
            return DateChange(outcome)
        }
    }

    /// A deferral that sends the task away from today ends its live session as deferred (`task.md`,
    /// Resolving the task); placing an overdue task on today's board does not.
    func closeSessionIfDeferred(_ outcome: Deferral.Outcome, journal: inout UndoJournal) throws {
        if outcome.record != nil, outcome.task.dueDate.map({ $0 > today }) ?? true {
            try closeLiveSession(ofTask: outcome.task.id, .deferred, journal: &journal)
        }
    }

    /// Saves a date change and its deferral record as part of an action.
    func apply(_ outcome: inout Deferral.Outcome, journal: inout UndoJournal) throws {
        try journal.capture("tasks", key: outcome.task.id.lowercasedText)
        try save(&outcome.task)
        try record(outcome, journal: &journal)
    }

    /// Marks a task done; the lock setting may hold a Complementary task back (D9). A repeating task's
    /// next instance is created, and a live session on it is finished, in the same action.
    @discardableResult
    public func complete(_ prefix: String) throws -> TaskItem {
        let task = try task(matching: prefix)
        return try perform("done") { journal in try complete(task, journal: &journal) }
    }

    /// Completes `task` within an action.
    func complete(_ task: TaskItem, journal: inout UndoJournal) throws -> TaskItem {
        var task = task
        let neighbours = try task.region.map { try self.occupants(of: $0, on: task.dueDate ?? today) } ?? []
        try Board.complete(&task, occupants: neighbours, lockComplementary: settings.lockComplementary, now: now)
        if task.repeatKind == .monthly, task.repeatDayOfMonth == 0, let due = task.dueDate {
            task.repeatDayOfMonth = due.day
        }
        try journal.capture("tasks", key: task.id.lowercasedText)
        try save(&task)
        try closeLiveSession(ofTask: task.id, .finished, journal: &journal)
        try createNextInstance(after: task, journal: &journal)
        return task
    }

    /// Marks a done task not done again. For a repeating task whose next instance already exists, that
    /// instance is removed when untouched; otherwise the un-tick is refused ("This one already repeated").
    @discardableResult
    public func uncomplete(_ prefix: String) throws -> TaskItem {
        var task = try task(matching: prefix)
        let completed = task
        let completedAt = task.completedAt
        try Board.uncomplete(&task, today: today, now: now)
        var later: [TaskItem] = []
        if let series = task.seriesID, let completedAt {
            later = try tasks(where: "series_id = ? AND id != ? AND created_at >= ?",
                              [.text(series.lowercasedText), .text(task.id.lowercasedText), .text(Instant.storageText(completedAt))])
            let resolvedDay = calendar.logicalDay(at: completedAt)
            for instance in later where try !isUntouched(instance, madeBy: completed, resolvedDay: resolvedDay,
                                                         taken: occurrences(of: series, except: instance.id)) {
                throw PlannerError.alreadyRepeated
            }
        }
        return try perform("undone") { journal in
            try journal.capture("tasks", key: task.id.lowercasedText)
            try save(&task)
            for instance in later {
                try journal.capture("tasks", key: instance.id.lowercasedText)
                try Tombstone.remove("tasks", id: instance.id.lowercasedText, at: nowText, in: db)
            }
            return task
        }
    }

    /// Drops a task: kept for history, gone from every view, back with `undo` (spec D7). Dropping a
    /// repeating task skips only this occurrence: the next one is created. A live session on it closes.
    @discardableResult
    public func drop(_ prefix: String) throws -> TaskItem {
        let task = try task(matching: prefix)
        return try perform("delete") { journal in try drop(task, journal: &journal) }
    }

    /// Drops `task` within an action.
    func drop(_ task: TaskItem, journal: inout UndoJournal) throws -> TaskItem {
        var task = task
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        let wasLive = task.isLive
        task.droppedAt = now
        try journal.capture("tasks", key: task.id.lowercasedText)
        try save(&task)
        try closeLiveSession(ofTask: task.id, .dropped, journal: &journal)
        if wasLive { try createNextInstance(after: task, journal: &journal) }
        return task
    }

    /// Ticks or unticks checklist item `number` (from 1) in a task's notes.
    @discardableResult
    public func toggleChecklist(_ prefix: String, item number: Int) throws -> TaskItem {
        var task = try task(matching: prefix)
        task.notes = try Notes.toggle(task.notes, item: number)
        return try update(task, label: "check")
    }

    /// Appends a timestamped line to a task's notes, never overwriting them.
    @discardableResult
    public func appendNote(_ prefix: String, _ text: String) throws -> TaskItem {
        var task = try task(matching: prefix)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw InputError.invalidWord(what: "note", given: text, expected: "some text")
        }
        task.notes = Notes.appending(text, to: task.notes, at: now, calendar: calendar)
        return try update(task, label: "note")
    }

    /// The next instance of a repeating task just completed or dropped, unless its series already has
    /// a live instance (T-28): made for the first occurrence strictly after max(due, today) that no
    /// instance of the series was made for (spec D19), so an instance moved to an earlier day and
    /// resolved there is never mistaken for the next one.
    func createNextInstance(after task: TaskItem, journal: inout UndoJournal) throws {
        guard task.isRepeating else { return }
        let series = task.seriesID ?? task.id
        let live = try db.scalar("SELECT count(*) FROM tasks WHERE series_id = ? AND id != ? AND \(TaskRecords.live)",
                                 [.text(series.lowercasedText), .text(task.id.lowercasedText)])?.int ?? 0
        guard live == 0 else { return }
        let taken = try occurrences(of: series, except: nil)
        guard var next = task.nextInstance(resolvedDay: today, now: now, taken: taken),
              let occurrence = next.occurrence else { return }
        // Derived from (series, occurrence), so two devices completing the same task make one instance.
        next.id = try DerivedID.repeatInstance(series: series, occurrence: occurrence, in: db)
        try journal.capture("tasks", key: next.id.lowercasedText)
        try create(&next)
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

    /// Not completed, deferred, dropped, edited or timed since `completed` made it on `resolvedDay`
    /// with `taken` occurrences: its content is still what was made, and it has no deferral record
    /// and no session.
    private func isUntouched(_ task: TaskItem, madeBy completed: TaskItem, resolvedDay: LocalDay,
                             taken: Set<LocalDay>) throws -> Bool {
        guard task.isLive, task.deferralCount == 0,
              completed.leftUntouched(task, resolvedDay: resolvedDay, taken: taken) else {
            return false
        }
        let records = try db.scalar("SELECT count(*) FROM deferrals WHERE task_id = ?", [.text(task.id.lowercasedText)])?.int
        let sessions = try db.scalar("SELECT count(*) FROM sessions WHERE task_id = ?", [.text(task.id.lowercasedText)])?.int
        return records == 0 && sessions == 0
    }

    /// The deferral record a task already has for today, if any.
    func todaysRecord(of task: TaskItem) throws -> DeferralRecord? {
        try db.rows("SELECT \(TaskRecords.deferralColumns) FROM deferrals WHERE task_id = ? AND day = ? LIMIT 1",
                    [.text(task.id.lowercasedText), .text(today.description)]).first.map(TaskRecords.deferral)
    }

    func record(_ outcome: Deferral.Outcome, journal: inout UndoJournal) throws {
        guard var record = outcome.record else { return }
        try journal.capture("deferrals", key: record.id.lowercasedText)
        try save(&record)
    }

    /// Removes a task with its deferrals for good, leaving tombstones; this cannot be undone.
    @discardableResult
    public func purge(_ prefix: String) throws -> TaskItem {
        let task = try task(matching: prefix)
        let id = task.id.lowercasedText
        forgetReads()
        defer { forgetReads() }
        try db.write {
            try removeForGood(task: id)
            try UndoJournal.clear(db: db)
        }
        // The write-ahead log still holds the pages as they were before: fold them into the main file
        // (whose copies secure_delete has zeroed) and empty the log, so the purged text is in no file.
        try db.checkpoint()
        return task
    }

    /// Places a task on a day's board (today's unless `day`, or the future day it already sits on).
    ///
    /// Without `region` the task changes bucket in the region it is in. Placing a task whose day has
    /// come on a later day is a deferral (`task.md`), counted or refining today's record.
    @discardableResult
    public func move(_ prefix: String, region: Region?, bucket: Bucket?, day: QuickDate? = nil) throws -> TaskItem {
        var task = try task(matching: prefix)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        var targetDay: LocalDay
        if let day {
            guard let resolved = try day.resolve(today: today, calendar: calendar) else { throw PlannerError.boardNeedsDay }
            if resolved < today { throw PlannerError.boardDayEnded(resolved) }
            targetDay = resolved
        } else if task.region != nil, let due = task.dueDate, due >= today {
            targetDay = due
        } else {
            targetDay = today
        }
        guard let target = region ?? task.region else { throw PlannerError.notOnBoard }
        if region == nil, !(task.region != nil && task.dueDate == targetDay) { throw PlannerError.notOnBoard }
        var outcome = Deferral.Outcome(task: task)
        if Deferral.isDeferral(task, to: targetDay, today: today) {
            outcome = try Deferral.move(task, to: targetDay, dateChosen: true, reason: nil,
                                        todaysRecord: try todaysRecord(of: task), today: today, now: now)
            task.deferralCount = outcome.task.deferralCount
            task.importance = outcome.task.importance
        }
        try Board.place(&task, region: target, bucket: bucket, day: targetDay,
                        occupants: try occupants(of: target, on: targetDay), now: now)
        outcome.task = task
        return try perform("move") { journal in
            try apply(&outcome, journal: &journal)
            try closeSessionIfDeferred(outcome, journal: &journal)
            return task
        }
    }

    /// Takes a task off the board into the Backlog. A task whose day has come loses it (a deferral to
    /// Someday), except an important one, which keeps its day.
    @discardableResult
    public func moveToBacklog(_ prefix: String) throws -> TaskItem {
        var task = try task(matching: prefix)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        var outcome = Deferral.Outcome(task: task)
        if !task.isImportant, !task.isRepeating, Deferral.isDeferral(task, to: nil, today: today) {
            outcome = try Deferral.move(task, to: nil, dateChosen: true, reason: nil,
                                        todaysRecord: try todaysRecord(of: task), today: today, now: now)
            task.deferralCount = outcome.task.deferralCount
        }
        Board.moveToBacklog(&task, today: today, now: now)
        outcome.task = task
        return try perform("move") { journal in
            try apply(&outcome, journal: &journal)
            try closeSessionIfDeferred(outcome, journal: &journal)
            return task
        }
    }

    /// Moves a placed task to 1-based `position` within its region and bucket; the order persists.
    public func reorder(_ prefix: String, to position: Int) throws {
        let task = try task(matching: prefix)
        guard task.droppedAt == nil, let region = task.region, let day = task.dueDate else {
            throw PlannerError.notOnBoard
        }
        let bucketTasks = Board.manualOrder(try occupants(of: region, on: day)
            .filter { $0.bucket == task.bucket && $0.droppedAt == nil })
        let changed = try Board.reorder(bucketTasks, moving: task.id, to: position, now: now)
        try perform("reorder") { journal in
            for var task in changed {
                try journal.capture("tasks", key: task.id.lowercasedText)
                try save(&task)
            }
        }
    }

    /// Reverts the most recent action exactly; returns what it was ("add", "move", ...).
    ///
    /// A session it reopens counts the time since the action as paused, so the undo window is not work.
    @discardableResult
    package func undo() throws -> String {
        try undo { try UndoJournal.undoLast(db: db, now: nowText) }
    }

    /// Reverts exactly the action `id` (from `lastActionID`): when it is the latest one not undone, or
    /// when no later action touched any of its records. Otherwise refuses (`undoBlocked`), and an id
    /// the journal no longer holds is refused too (`undoUnknown`). Returns what it was, as `undo()` does.
    @discardableResult
    package func undo(action id: UndoActionID) throws -> String {
        try undo { try UndoJournal.undo(id, db: db, now: nowText) }
    }

    private func undo(_ revert: () throws -> UndoJournal.Reverted) throws -> String {
        forgetReads()
        defer { forgetReads() }
        lastActionID = nil
        let label = try db.write {
            let reverted = try revert()
            guard let doneAt = Instant.parseStorageText(reverted.doneAt) else { return reverted.label }
            let gap = max(0, Int(now.timeIntervalSince(doneAt).rounded(.down)))
            for (table, key) in reverted.restored where table == "sessions" {
                try db.run("""
                    UPDATE sessions SET paused_seconds = paused_seconds + ?
                    WHERE id = ? AND ended_at IS NULL AND paused_at IS NULL
                    """, [.integer(Int64(gap)), .text(key)])
            }
            return reverted.label
        }
        try reloadSettings()
        return label
    }

    // MARK: Settings

    /// Reads the settings again, after an action changed one: the calendar follows at once.
    package func reloadSettings() throws {
        var loaded = PlannerSettings()
        for row in try db.rows("SELECT key, value FROM settings") {
            guard let key = row[0].text, let value = row[1].text, PlannerSettings.keys.contains(key) else { continue }
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

    // MARK: Reading

    /// Today's board, due and overdue tasks, and the Backlog count; with a Today filter active, only
    /// the tasks of its category.
    public func todayView() throws -> TodayView {
        let day = today.description
        var tasks = try tasks(where: "due_date = ? AND dropped_at IS NULL", [.text(day)])
            + tasks(where: "\(TaskRecords.live) AND due_date < ?", [.text(day)])
        if let filter = try todayFilter() {
            tasks = tasks.filter { $0.categoryID == filter.id }
        }
        return TodayView(day: today, tasks: tasks, backlogCount: try backlogCount())
    }

    /// The board of any logical day (tomorrow's while planning, a past one as history).
    public func board(on day: LocalDay) throws -> DayBoard {
        DayBoard(day: day, tasks: try tasks(where: "due_date = ? AND region IS NOT NULL", [.text(day.description)]))
    }

    /// How many Backlog tasks sit in its Older group (entered before this week, and not yesterday).
    ///
    /// Counted in SQL, for the Backlog-growing-old signal; a task without a record of entering falls
    /// back to its due date, then to its creation date.
    public func olderBacklogCount() throws -> Int {
        try backlogCounts().older
    }

    public func backlogCount() throws -> Int {
        try backlogCounts().all
    }

    /// The Backlog's size and its Older group's, in one pass over the live-task index; kept for the
    /// command, as Today asks for both.
    private func backlogCounts() throws -> (all: Int, older: Int) {
        if let counts = kept.backlogCounts { return counts }
        let weekStart = calendar.startOfWeek(containing: today).description
        var counts = (all: 0, older: 0)
        try db.forEachRawRow("""
            SELECT count(*), coalesce(sum(
                coalesce(backlog_since, due_date, substr(created_at, 1, 10)) < ?
                AND coalesce(backlog_since, due_date, substr(created_at, 1, 10)) != ?), 0)
            FROM tasks INDEXED BY tasks_live_by_due WHERE \(TaskRecords.live)
            AND (due_date IS NULL OR due_date < ?)
            """, [.text(weekStart), .text(today.adding(days: -1).description), .text(today.description)]) { row in
            counts = (row.int(0) ?? 0, row.int(1) ?? 0)
        }
        kept.backlogCounts = counts
        return counts
    }

    public func backlog() throws -> [(group: BacklogGroup, tasks: [TaskItem])] {
        let members = try tasks(indexedBy: "tasks_live_by_due",
                                where: "\(TaskRecords.live) AND (due_date IS NULL OR due_date < ?)",
                                [.text(today.description)])
        return Backlog.groups(members, today: today, calendar: calendar)
    }

    /// Live tasks due after today, in engine order.
    public func upcoming() throws -> [TaskItem] {
        EngineOrder.sorted(try tasks(where: "\(TaskRecords.live) AND due_date > ?",
                                     [.text(today.description)]), today: today)
    }

    /// Every live task (with `all`, done and deleted ones too), in engine order.
    public func list(all: Bool) throws -> [TaskItem] {
        let clause = all ? "1 = 1" : TaskRecords.live
        return EngineOrder.sorted(try tasks(where: clause, []), today: today)
    }

    /// Tasks completed during logical day `day`, in completion order.
    public func completed(on day: LocalDay) throws -> [TaskItem] {
        let start = Instant.storageText(calendar.start(of: day))
        let end = Instant.storageText(calendar.start(of: day.adding(days: 1)))
        return try tasks(where: "completed_at >= ? AND completed_at < ? AND is_completed = 1 ORDER BY completed_at",
                         [.text(start), .text(end)])
    }

    public func deferrals(of task: TaskItem) throws -> [DeferralRecord] {
        try db.rows("SELECT \(TaskRecords.deferralColumns) FROM deferrals WHERE task_id = ? ORDER BY day, deferred_on",
                    [.text(task.id.lowercasedText)]).map(TaskRecords.deferral)
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
        kept = KeptReads()
    }

    /// One undoable action that writes a single record: captures the row, then upserts it.
    func performUpsert(_ label: String, table: String, id: UUID, sql: String, bindings: [SQLValue]) throws {
        try perform(label) { journal in
            try journal.capture(table, key: id.lowercasedText)
            try db.run(sql, bindings)
        }
    }

    private func update(_ task: TaskItem, label: String) throws -> TaskItem {
        try perform(label) { journal in
            var task = task
            try journal.capture("tasks", key: task.id.lowercasedText)
            try save(&task)
            return task
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
