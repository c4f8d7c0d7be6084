import CharflowCalendar
import CharflowCore
import CharflowStore
import Foundation

/// One open store as of one clock: every use case a front end can call, each returning a report value
/// (what `--json` prints and what the page shows) or throwing a typed refusal.
///
/// Open one per call through `StoreEnvironment.open(now:)`; it keeps nothing across calls.
public final class Charflow {
    let store: Store
    /// HOME and the proxy variables of the command's environment, for the calendars (never the
    /// process's own: a front end passes what its command was given).
    let calendarVariables: [String: String]

    init(store: Store, calendarVariables: [String: String] = [:]) {
        self.store = store
        self.calendarVariables = calendarVariables
    }

    /// What the calendar engine is told of the command's environment: its HOME (for `~/.netrc`), its
    /// proxy, and the working directory a relative path is read from.
    public var calendarEnvironment: CalendarEnvironment {
        CalendarEnvironment(environment: calendarVariables, workingDirectory: FileManager.default.currentDirectoryPath)
    }

    /// `store` ready for use: its tasks read as the rules see them (an important task always has a day,
    /// T-11), then, when it can be written, the upkeep of opening: any missed rollover (D4), two
    /// running timers settled (S-11), and the calendars' occurrences expanded again from their kept
    /// snapshots when the day, the zone or the rollover moved (F-12, no network). A store that cannot be
    /// written still answers every read; its upkeep is left for a run that can write.
    package static func opening(_ store: Store, calendarVariables: [String: String] = [:]) throws -> Charflow {
        let app = Charflow(store: store, calendarVariables: calendarVariables)
        store.readingTask = { [unowned store] task in
            task.ensureImportantHasDay(today: Rollover.today(clockDay: store.calendar.logicalDay(at: store.now),
                                                             rolledOverTo: store.rolloverMarker))
        }
        try store.readRolloverMarker()
        if !store.db.isReadOnly {
            try app.catchUp()
            try app.settleTwoTimers()
            app.keepCalendarWindow()
        }
        return app
    }

    public var now: Date { store.now }
    public var calendar: PlannerCalendar { store.calendar }
    public var settings: PlannerSettings { store.settings }

    /// The undo journal's id of the last action this store recorded, for `undo` of exactly it (W-15).
    public var lastAction: String? { store.lastActionID?.description }

    /// Holds every action open before it commits (a test seam for crash tests); when `mark` names a
    /// file, it is created first, so a test knows the action is inside its transaction.
    public func holdBeforeCommit(milliseconds: Int, mark: String? = nil) {
        store.beforeCommit = {
            if let mark { FileManager.default.createFile(atPath: mark, contents: nil) }
            usleep(UInt32(min(milliseconds, 60_000)) * 1000)
        }
    }

    /// A number that grows with every change committed to the store by anyone (the page polls it).
    public func changeVersion() throws -> Int {
        try store.changeVersion()
    }

    /// Each category's name by id, for labels in task rows.
    public func categoryNames() throws -> [UUID: String] {
        let kept = self.kept
        if let names = kept.categoryNames { return names }
        let names = try store.categories.names()
        kept.categoryNames = names
        return names
    }

    /// Task objects as of this call's day, with the store's category names and the tasks deferred today,
    /// each read once a command (a list and its session chip both show tasks).
    func taskJSON(categories: Bool = true) throws -> TaskJSON {
        let kept = self.kept
        if kept.deferredToday == nil { kept.deferredToday = try store.taskRepository.taskIDs(deferredOn: today) }
        return TaskJSON(today: today, calendar: calendar, categories: categories ? try categoryNames() : [:],
                        deferredToday: kept.deferredToday ?? [])
    }

    /// The task object of `task` alone, reading only its own category's name and its own deferral of
    /// today (an action reports one task; the whole lists are for screens of many).
    func taskJSON(of task: TaskItem) throws -> JSONValue {
        var categories: [UUID: String] = [:]
        if let id = task.categoryID, let name = try store.categories.name(of: id) { categories[id] = name }
        let deferred = try store.taskRepository.deferral(ofTask: task.id, on: today) != nil
        return TaskJSON(today: today, calendar: calendar, categories: categories,
                        deferredToday: deferred ? [task.id] : []).task(task)
    }
}
