import CharflowCore
import Foundation

/// One open store: its database, the clock and settings a command runs under, and the unit of work every
/// action commits through.
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
    /// Whether the schema has a completion's day (`0022-completion-day`): not so for a test's older
    /// migrator, where there is nothing to fill.
    let keepsCompletionDays: Bool
    /// The undo journal's id of the action the last call recorded; nil before any, after an undo, and
    /// after a refused action. Pass it to the undo use case to undo exactly that action.
    package private(set) var lastActionID: UndoActionID?
    /// Runs inside every action's transaction just before it commits; a seam for crash tests.
    package var beforeCommit: (() -> Void)?
    /// What the layer above keeps of its reads for this command (Today's several views of a habit or
    /// of the Backlog read once); every action empties it (`forgetReads()`), so nothing kept outlives
    /// a change.
    package var keptReads: AnyObject?

    /// Opens the store at `path` (creating it and its folders) and migrates it. The missed rollover and
    /// the other upkeep of opening are the application layer's (`Charflow.catchUp`).
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
        keepsCompletionDays = migrator.migrations.contains { $0.name == CompletionDay.migration }
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
        // Done tasks from before completions kept their day, or from an older device, get theirs.
        try fillCompletionDays()
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
                let (db, contents) = try Store.open(path)
                // A SQLite file that holds another program's tables and no Charflow migrations is
                // refused before anything in it is changed (not even its journal mode).
                if contents.anyNamed, !contents.migrationsTable { throw StoreFailure.foreignStore(path) }
                let applied = contents.migrationsTable ? try migrator.recordedNames(db) : []
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

    /// What a file holds, read by the first statement on it: whether any table or index of a program's
    /// own is there, and whether Charflow's record of migrations is among them (one read of the schema
    /// for the three questions an opening asks).
    private struct FileContents {
        let anyNamed: Bool
        let migrationsTable: Bool

        static let sql = """
            SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'),
                   EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'charflow_migrations')
            """

        init(_ db: Database) throws {
            let row = try db.rows(Self.sql).first
            anyNamed = row?[0].int == 1
            migrationsTable = row?[1].int == 1
        }
    }

    private static func open(_ path: String) throws -> (Database, FileContents) {
        let writable = try Database(path: path)
        do {
            return (writable, try FileContents(writable))
        } catch let error as DatabaseError where error.isReadOnly || error.isCannotOpen {
            guard FileManager.default.fileExists(atPath: path) else { throw error }
            let reader = try Database(path: path, readOnly: true)
            do {
                return (reader, try FileContents(reader))
            } catch let error as DatabaseError where error.isReadOnly || error.isCannotOpen {
                // A WAL store in a folder that cannot be written, with no `-shm` beside it (a backup on
                // read-only media, another user's store): SQLite cannot make one, so the store is read
                // as unchanging. That is only right when nothing waits in a `-wal` that it would skip.
                guard !hasWaitingLog(path) else { throw error }
                let unchanging = try Database(path: path, readOnly: true, unchanging: true)
                return (unchanging, try FileContents(unchanging))
            }
        }
    }

    /// Whether a non-empty `-wal` lies beside the store at `path`.
    private static func hasWaitingLog(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        return size > 0
    }

    /// A number that grows with every committed change to the store, by this store or any other
    /// process: poll it to notice changes made elsewhere (one read of one row).
    package func changeVersion() throws -> Int {
        try ChangeVersion.read(db)
    }


    /// The last logical day the store rolled over to (its marker), as last read or written.
    package private(set) var rolloverMarker: LocalDay?

    static let lastRolloverKey = "last-rollover-day"
    static let pendingEasedKey = "pending-eased"
    static let offerSessionKey = "offer-session"
    static let twoTimersNoticeKey = "notice-two-timers"

    /// Reads the rollover marker again (another process may have rolled over meanwhile).
    @discardableResult
    package func readRolloverMarker() throws -> LocalDay? {
        rolloverMarker = try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Store.lastRolloverKey)])?.text
            .flatMap { LocalDay($0) }
        return rolloverMarker
    }

    /// Records that the store rolled over to `day`.
    package func writeRolloverMarker(_ day: LocalDay) throws {
        try writeSetting(Store.lastRolloverKey, day.description)
        rolloverMarker = day
    }

    /// The days this store rolled over to lately (a local setting, never synced), oldest first.
    package func rolledOverDays() throws -> [LocalDay] {
        let text = try db.scalar("SELECT value FROM settings WHERE key = ?", [.text(Store.rolledOverDaysKey)])?.text ?? ""
        return text.split(separator: ",").compactMap { LocalDay(String($0)) }
    }

    /// Records the days this store rolled over to lately.
    package func writeRolledOverDays(_ days: [LocalDay]) throws {
        try writeSetting(Store.rolledOverDaysKey, days.map(\.description).joinedText(separator: ","))
    }

    static let rolledOverDaysKey = "rolled-over-days"

    /// Forgets every action the undo journal holds (after a rollover, a settlement or an import that
    /// no undo may cross).
    package func clearUndoHistory() throws {
        try UndoJournal.clear(db: db)
    }

    /// How a task read from the store is seen by the layer above (an important task always has a day,
    /// T-11): set by whoever opens the store for use; nil reads tasks as stored.
    package var readingTask: ((inout TaskItem) -> Void)?

    // MARK: Changing tasks

    /// A task after a change of day, with what the deferral rules made of it.
    package struct DateChange: Sendable {
        package let task: TaskItem
        /// A deferral was counted (or the day's record refined).
        package let deferred: Bool
        package let refined: Bool
        /// The third deferral eased the task's importance to low.
        package let eased: Bool
        /// The fifth deferral or later: the engine suggests letting it go (once a week, D11).
        package var suggestRemoval: Bool

        package init(_ outcome: Deferral.Outcome) {
            task = outcome.task
            deferred = outcome.record != nil
            refined = outcome.refined
            eased = outcome.eased
            suggestRemoval = outcome.suggestRemoval
        }
    }

    /// Runs `body` as one undo (`UndoWork`), in one transaction: when it throws, nothing changed; when
    /// it returns, the settings are read again (an undo may have put one back).
    package func undoing<T>(_ body: (UndoWork) throws -> T) throws -> T {
        forgetReads()
        defer { forgetReads() }
        lastActionID = nil
        let result = try db.write {
            let result = try body(UndoWork(store: self))
            // A done task put back from an image taken before completions kept their day gets its day.
            try fillCompletionDays(quietly: false)
            return result
        }
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
    package func forgetReads() {
        keptReads = nil
    }
}
