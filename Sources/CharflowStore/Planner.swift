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
    private let nowText: String
    /// Runs inside every action's transaction just before it commits; a seam for crash tests.
    public var beforeCommit: (() -> Void)?

    /// Opens the store at `path` (creating it and its folders), migrates it and runs any missed rollover.
    public init(path: String, timeZone: TimeZone, localeFirstWeekday: Weekday, now: Date) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        do {
            db = try Database(path: path)
            try Schema.migrator.checkNotNewer(db)
            _ = try db.rows("PRAGMA journal_mode = WAL")
            try db.execute("PRAGMA synchronous = NORMAL")
        } catch let error as DatabaseError {
            throw PlannerError.storeUnreadable("\(path): \(error.message)")
        }
        self.now = Instant.truncatedToMilliseconds(now)
        nowText = Instant.storageText(self.now)
        self.localeFirstWeekday = localeFirstWeekday
        try Schema.migrator.migrate(db, now: nowText)
        settings = PlannerSettings()
        calendar = PlannerCalendar(timeZone: timeZone)
        try loadSettings()
        try catchUp()
    }

    /// The logical day of the clock.
    public var today: LocalDay { calendar.logicalDay(at: now) }

    // MARK: Rollover

    /// Runs the rollover of every logical day that ended since the last one (spec D4); idempotent.
    public func catchUp() throws {
        let today = self.today
        if let last = try lastRolloverDay(), last >= today { return }
        try db.write {
            let last = try lastRolloverDay()
            if let last, last >= today { return }
            if last != nil {
                let candidates = try tasks(where: "is_completed = 0 AND dropped_at IS NULL AND due_date < ?",
                                           [.text(today.description)])
                let deferred = Set(try db.rows("SELECT task_id FROM deferrals WHERE day = ?", [.text(today.description)])
                    .compactMap { $0[0].text.flatMap { UUID(uuidString: $0) } })
                let outcome = Rollover.run(candidates: candidates, newDay: today, alreadyDeferred: deferred, now: now)
                for task in outcome.tasks { try save(task) }
                for record in outcome.deferrals { try save(record) }
                try UndoJournal.clear(db: db)
            }
            try writeSetting(Planner.lastRolloverKey, today.description)
        }
    }

    static let lastRolloverKey = "last-rollover-day"

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

    /// Tasks selected by a `WHERE` clause, normalised on read (an important task always has a day).
    func tasks(where clause: String, _ bindings: [SQLValue]) throws -> [TaskItem] {
        try db.rows("SELECT \(TaskRecords.columns) FROM tasks WHERE \(clause)", bindings).map { row in
            var task = TaskRecords.task(row)
            if task.isImportant, task.dueDate == nil { task.dueDate = today }
            return task
        }
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

        public init(title: String) {
            self.title = title
        }
    }

    /// Creates a task: on the board when a region is given, otherwise dated or in the Backlog.
    @discardableResult
    public func add(_ request: NewTask) throws -> TaskItem {
        let title = try TaskText.title(request.title)
        var due = try request.due?.resolve(today: today, calendar: calendar)
        if request.due == .someday, request.importance.isImportant { throw PlannerError.importantNeedsDay }
        if request.region != nil, request.due == .someday { throw PlannerError.boardNeedsDay }
        if request.bucket != nil, request.region == nil { throw PlannerError.bucketNeedsRegion }
        if request.importance.isImportant, due == nil { due = today }
        var task = TaskItem(title: title, notes: TaskText.notes(request.notes), dueDate: due,
                            effortMinutes: request.effortMinutes ?? TaskItem.defaultEffortMinutes,
                            importance: request.importance, createdAt: now)
        return try perform("add") { journal in
            if let region = request.region {
                let day = due ?? today
                try Board.place(&task, region: region, bucket: request.bucket, day: day,
                                occupants: try occupants(of: region, on: day), now: now)
            } else if due == nil {
                task.backlogSince = today
            }
            try journal.capture("tasks", key: idText(task.id))
            try save(task)
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

        public init() {}
    }

    /// Edits a task's words and, where given, its day, importance and effort.
    ///
    /// A new day for a placed task takes it off the board (spec D2); an important task keeps a day.
    @discardableResult
    public func edit(_ prefix: String, _ change: TaskEdit) throws -> TaskItem {
        var task = try task(matching: prefix)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        if let title = change.title { task.title = try TaskText.title(title) }
        if let notes = change.notes { task.notes = TaskText.notes(notes) }
        if let effort = change.effortMinutes { task.effortMinutes = effort }
        if let importance = change.importance { task.importance = importance }
        if let dueWord = change.due {
            if dueWord == .someday, task.isImportant { throw PlannerError.importantNeedsDay }
            let due = try dueWord.resolve(today: today, calendar: calendar)
            if due != task.dueDate {
                if task.region != nil {
                    task.region = nil
                    task.bucket = nil
                    task.sortOrder = 0
                }
                task.dueDate = due
                task.backlogSince = due == nil ? today : nil
            }
        }
        if task.isImportant, task.dueDate == nil {
            task.dueDate = today
            task.backlogSince = nil
        }
        task.modifiedAt = now
        return try perform("edit") { journal in
            try journal.capture("tasks", key: idText(task.id))
            try save(task)
            return task
        }
    }

    /// Marks a task done; the lock setting may hold a Complementary task back (D9).
    @discardableResult
    public func complete(_ prefix: String) throws -> TaskItem {
        var task = try task(matching: prefix)
        let neighbours = try task.region.map { try self.occupants(of: $0, on: task.dueDate ?? today) } ?? []
        try Board.complete(&task, occupants: neighbours, lockComplementary: settings.lockComplementary, now: now)
        return try update(task, label: "done")
    }

    @discardableResult
    public func uncomplete(_ prefix: String) throws -> TaskItem {
        var task = try task(matching: prefix)
        try Board.uncomplete(&task, today: today, now: now)
        return try update(task, label: "undone")
    }

    /// Drops a task: kept for history, gone from every view, back with `undo` (spec D7).
    @discardableResult
    public func drop(_ prefix: String) throws -> TaskItem {
        var task = try task(matching: prefix)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        task.droppedAt = now
        task.modifiedAt = now
        return try update(task, label: "delete")
    }

    /// Removes a task with its deferrals for good, leaving tombstones; this cannot be undone.
    @discardableResult
    public func purge(_ prefix: String) throws -> TaskItem {
        let task = try task(matching: prefix)
        let id = idText(task.id)
        try db.write {
            let deferrals = try db.rows("SELECT id FROM deferrals WHERE task_id = ?", [.text(id)]).compactMap { $0[0].text }
            for deferral in deferrals {
                try db.run("INSERT INTO tombstones (table_name, id, deleted_at) VALUES ('deferrals', ?, ?)",
                           [.text(deferral), .text(nowText)])
            }
            try db.run("DELETE FROM tasks WHERE id = ?", [.text(id)])
            try db.run("INSERT INTO tombstones (table_name, id, deleted_at) VALUES ('tasks', ?, ?)",
                       [.text(id), .text(nowText)])
            try UndoJournal.clear(db: db)
        }
        return task
    }

    /// Places a task on a day's board (today's unless `day`, or the future day it already sits on).
    ///
    /// Without `region` the task changes bucket in the region it is in.
    @discardableResult
    public func move(_ prefix: String, region: Region?, bucket: Bucket?, day: QuickDate? = nil) throws -> TaskItem {
        var task = try task(matching: prefix)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        var targetDay: LocalDay
        if let day {
            guard let resolved = try day.resolve(today: today, calendar: calendar) else { throw PlannerError.boardNeedsDay }
            targetDay = resolved
        } else if task.region != nil, let due = task.dueDate, due >= today {
            targetDay = due
        } else {
            targetDay = today
        }
        guard let target = region ?? task.region else { throw PlannerError.notOnBoard }
        if region == nil, !(task.region != nil && task.dueDate == targetDay) { throw PlannerError.notOnBoard }
        try Board.place(&task, region: target, bucket: bucket, day: targetDay,
                        occupants: try occupants(of: target, on: targetDay), now: now)
        return try update(task, label: "move")
    }

    /// Takes a task off the board into the Backlog.
    @discardableResult
    public func moveToBacklog(_ prefix: String) throws -> TaskItem {
        var task = try task(matching: prefix)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        Board.moveToBacklog(&task, today: today, now: now)
        return try update(task, label: "move")
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
            for task in changed {
                try journal.capture("tasks", key: idText(task.id))
                try save(task)
            }
        }
    }

    /// Reverts the most recent action exactly; returns what it was ("add", "move", ...).
    @discardableResult
    public func undo() throws -> String {
        try db.write { try UndoJournal.undoLast(db: db, now: nowText) }
    }

    // MARK: Settings

    /// Changes one setting (undoable); the calendar follows at once.
    public func setSetting(_ key: String, _ value: String) throws {
        var changed = settings
        try changed.set(key, to: value)
        guard let text = changed.value(of: key) else { return }
        try perform("settings") { journal in
            try journal.capture("settings", key: key, keyColumn: "key")
            try writeSetting(key, text)
        }
        try loadSettings()
    }

    private func loadSettings() throws {
        var loaded = PlannerSettings()
        for row in try db.rows("SELECT key, value FROM settings") {
            guard let key = row[0].text, let value = row[1].text, PlannerSettings.keys.contains(key) else { continue }
            try? loaded.set(key, to: value)
        }
        settings = loaded
        calendar.rollover = loaded.rolloverTime
        calendar.firstWeekday = loaded.firstWeekday ?? localeFirstWeekday
    }

    private func writeSetting(_ key: String, _ value: String) throws {
        try db.run("""
            INSERT INTO settings (key, value, modified_at) VALUES (?, ?, ?)
            ON CONFLICT(key) DO UPDATE SET value = excluded.value, modified_at = excluded.modified_at
            """, [.text(key), .text(value), .text(nowText)])
    }

    // MARK: Reading

    /// Today's board, due and overdue tasks, and the Backlog count.
    public func todayView() throws -> TodayView {
        let day = today.description
        let tasks = try tasks(where: "due_date = ? AND dropped_at IS NULL", [.text(day)])
            + tasks(where: "is_completed = 0 AND dropped_at IS NULL AND due_date < ?", [.text(day)])
        return TodayView(day: today, tasks: tasks, backlogCount: try backlogCount())
    }

    /// The board of any logical day (tomorrow's while planning, a past one as history).
    public func board(on day: LocalDay) throws -> DayBoard {
        DayBoard(day: day, tasks: try tasks(where: "due_date = ? AND region IS NOT NULL", [.text(day.description)]))
    }

    public func backlogCount() throws -> Int {
        try db.scalar("""
            SELECT count(*) FROM tasks WHERE is_completed = 0 AND dropped_at IS NULL
            AND (due_date IS NULL OR due_date < ?)
            """, [.text(today.description)])?.int ?? 0
    }

    public func backlog() throws -> [(group: BacklogGroup, tasks: [TaskItem])] {
        let members = try tasks(where: "is_completed = 0 AND dropped_at IS NULL AND (due_date IS NULL OR due_date < ?)",
                                [.text(today.description)])
        return Backlog.groups(members, today: today, calendar: calendar)
    }

    /// Live tasks due after today, in engine order.
    public func upcoming() throws -> [TaskItem] {
        EngineOrder.sorted(try tasks(where: "is_completed = 0 AND dropped_at IS NULL AND due_date > ?",
                                     [.text(today.description)]), today: today)
    }

    /// Every live task (with `all`, done and deleted ones too), in engine order.
    public func list(all: Bool) throws -> [TaskItem] {
        let clause = all ? "1 = 1" : "is_completed = 0 AND dropped_at IS NULL"
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
                    [.text(idText(task.id))]).map(TaskRecords.deferral)
    }

    /// Category names by id, for labels.
    public func categoryNames() throws -> [UUID: String] {
        var names: [UUID: String] = [:]
        for row in try db.rows("SELECT id, name FROM categories") {
            if let id = row[0].text.flatMap({ UUID(uuidString: $0) }), let name = row[1].text { names[id] = name }
        }
        return names
    }

    // MARK: Writing

    /// Runs `body` as one undoable action in one transaction.
    private func perform<T>(_ label: String, _ body: (inout UndoJournal) throws -> T) throws -> T {
        try db.write {
            var journal = try UndoJournal(db: db, label: label, at: nowText)
            let result = try body(&journal)
            beforeCommit?()
            return result
        }
    }

    private func update(_ task: TaskItem, label: String) throws -> TaskItem {
        try perform(label) { journal in
            try journal.capture("tasks", key: idText(task.id))
            try save(task)
            return task
        }
    }

    func save(_ task: TaskItem) throws {
        try db.run(TaskRecords.upsertSQL, TaskRecords.bindings(task))
    }

    func save(_ record: DeferralRecord) throws {
        try db.run("INSERT INTO deferrals (\(TaskRecords.deferralColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)",
                   TaskRecords.bindings(record))
    }
}
