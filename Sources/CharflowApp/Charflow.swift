import CharflowCore
import CharflowStore
import Foundation

/// One open store as of one clock: every use case a front end can call, each returning a report value
/// (what `--json` prints and what the page shows) or throwing a typed refusal.
///
/// Open one per call through `StoreEnvironment.open(now:)`; it keeps nothing across calls.
public final class Charflow {
    let planner: Store

    init(planner: Store) {
        self.planner = planner
    }

    public var now: Date { planner.now }
    public var today: LocalDay { planner.today }
    public var calendar: PlannerCalendar { planner.calendar }
    public var settings: PlannerSettings { planner.settings }

    /// Holds every action open before it commits (a test seam for crash tests); when `mark` names a
    /// file, it is created first, so a test knows the action is inside its transaction.
    public func holdBeforeCommit(milliseconds: Int, mark: String? = nil) {
        planner.beforeCommit = {
            if let mark { FileManager.default.createFile(atPath: mark, contents: nil) }
            usleep(UInt32(min(milliseconds, 60_000)) * 1000)
        }
    }

    /// Each category's name by id, for labels in task rows.
    public func categoryNames() throws -> [UUID: String] {
        try planner.categories.names()
    }

    /// Task objects as of this call's day, with the store's category names.
    func taskJSON(categories: Bool = true) throws -> TaskJSON {
        TaskJSON(today: today, calendar: calendar, categories: categories ? try planner.categories.names() : [:])
    }
}
