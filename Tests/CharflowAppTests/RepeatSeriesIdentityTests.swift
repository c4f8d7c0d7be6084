import CharflowCore
import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// A series is one thing (spec D19, rule Y-20): an instance keeps the occurrence it was made for
/// whatever its day becomes, and resolving it never overwrites it with the next instance.
@Suite("Repeat series identity (Y-20, T-28): an instance moved to another day keeps what was done on it")
struct RepeatSeriesIdentityTests {
    /// How the second instance is brought forward to the first one's day, as each command does it.
    enum Path: String, CaseIterable, CustomTestStringConvertible, Sendable {
        // Planning tomorrow is a use case of CharflowApp; RepeatSeriesIdentityCLITests brings the
        // second instance forward with `plan tomorrow`.
        case move, editDue

        var testDescription: String { rawValue }

        /// Brings `task` to tomorrow on the evening before (Monday 20:00, planning Tuesday).
        func bringToTomorrow(_ task: TaskItem, _ planner: Store) throws {
            switch self {
            case .move:
                try planner.move(task.shortID, region: .morning, bucket: nil, day: .tomorrow)
            case .editDue:
                var edit = Store.TaskEdit()
                edit.due = .tomorrow
                try planner.edit(task.shortID, edit)
            }
        }
    }

    /// A repeat whose first instance is due Tuesday 1 December 2026, and what its days are.
    struct Kind: CustomTestStringConvertible, Sendable {
        let name: String
        let kind: RepeatKind
        let weekdays: String
        /// The occurrence the second instance is made for when the first is done on Monday.
        let second: String
        /// The next free occurrence after the second is resolved on Tuesday.
        let third: String

        var testDescription: String { name }

        static let all = [
            Kind(name: "daily", kind: .daily, weekdays: "", second: "2026-12-02", third: "2026-12-03"),
            Kind(name: "weekly on Tuesday and Thursday", kind: .weekly, weekdays: "2,4", second: "2026-12-03", third: "2026-12-08"),
            Kind(name: "monthly on the 1st", kind: .monthly, weekdays: "", second: "2027-01-01", third: "2027-02-01"),
        ]
    }

    /// What the scenario leaves: the series, its first two instances as they were made, and the store.
    struct Scenario {
        let store: TaskSystemStore
        let first: TaskItem
        let second: TaskItem
    }

    /// Monday 30 November: a repeat due Tuesday is done early, which makes the second instance; on
    /// Monday evening the second gets a work session and a note and is brought forward to Tuesday by
    /// `path`, so both instances are due the same day.
    func bringSecondForward(_ kind: Kind, _ path: Path) throws -> Scenario {
        let store = try TaskSystemStore()
        let planner = try store.open("2026-11-30", "09:00")
        let first = try planner.taskSystemAdd("Stretch", due: .tomorrow, repeat: kind.kind, weekdays: kind.weekdays)
        expectEqual(first.occurrence, first.dueDate)
        try planner.complete(first.shortID)
        let second = try #require(try planner.taskSystemLive(series: first.id).first)
        expectEqual(second.occurrence?.description, kind.second)
        expectEqual(second.dueDate?.description, kind.second)

        let evening = try store.open("2026-11-30", "20:00")
        try evening.recordBegin(.task(second.id))
        let later = try store.open("2026-11-30", "20:25")
        try later.recordClose(.abandoned)
        try later.appendNote(second.shortID, "warm up first")
        try path.bringToTomorrow(second, try store.open("2026-11-30", "20:30"))
        let moved = try store.open("2026-11-30", "20:31").taskSystemReload(second)
        expectEqual(moved.dueDate?.description, "2026-12-01")
        expectEqual(moved.occurrence?.description, kind.second, "a move never changes the occurrence")
        return Scenario(store: store, first: first, second: second)
    }

    /// The second instance is still its own row, resolved, with its session and its note; exactly one
    /// live instance follows, a new row for the next free occurrence.
    func checkKept(_ scenario: Scenario, _ kind: Kind, _ planner: Store, done: Bool) throws {
        let kept = try #require(try planner.task(id: scenario.second.id), "the resolved instance is still there")
        expectEqual(kept.isCompleted, done)
        expectEqual((kept.droppedAt != nil), !done)
        expectEqual(kept.dueDate?.description, "2026-12-01")
        expectEqual(kept.occurrence?.description, kind.second)
        expectEqual(kept.notes?.contains("warm up first"), true)
        let sessions = try planner.sessions.sessions(ofTask: kept.id)
        #expect(sessions.count == 1 && sessions.first?.actualSeconds == 25 * 60, "its own session: \(sessions)")
        let first = try #require(try planner.task(id: scenario.first.id))
        expectTrue(first.isCompleted, "the first instance stays done")

        let live = try planner.taskSystemLive(series: scenario.first.id)
        expectEqual(live.count, 1, "one live instance: \(live.map(\.dueDate))")
        let next = try #require(live.first)
        expectTrue(next.id != scenario.first.id && next.id != scenario.second.id)
        expectEqual(next.dueDate?.description, kind.third)
        expectEqual(next.occurrence, next.dueDate)
        expectTrue(try planner.sessions.sessions(ofTask: next.id).isEmpty, "the new instance inherits no session")
        try expectEqual(planner.list(all: true).filter { $0.seriesID == scenario.first.id }.count, 3)
    }

    @Test("Y-20 T-28 a repeat instance brought to an earlier day and completed there keeps its completion, sessions and notes; one new instance follows",
          arguments: Kind.all, Path.allCases)
    func completeAfterEarlierDay(_ kind: Kind, _ path: Path) throws {
        let scenario = try bringSecondForward(kind, path)
        let tuesday = try scenario.store.open("2026-12-01", "10:00")
        try tuesday.complete(scenario.second.shortID)

        let after = try scenario.store.open("2026-12-01", "10:05")
        try checkKept(scenario, kind, after, done: true)
        let history = try after.app.completed(on: try TaskSystemStore.day("2026-12-01")).map(\.id)
        expectEqual(history, [scenario.second.id], "history lists the completion")
        // The next day's rollover runs the dedup rule: two instances due the same day are not duplicates.
        try checkKept(scenario, kind, try scenario.store.open("2026-12-02", "09:00"), done: true)
    }

    @Test("Y-20 T-28 a repeat instance brought to an earlier day and deleted there stays dropped with its sessions and notes; one new instance follows",
          arguments: Kind.all, Path.allCases)
    func dropAfterEarlierDay(_ kind: Kind, _ path: Path) throws {
        let scenario = try bringSecondForward(kind, path)
        let tuesday = try scenario.store.open("2026-12-01", "10:00")
        try tuesday.drop(scenario.second.shortID)

        try checkKept(scenario, kind, try scenario.store.open("2026-12-01", "10:05"), done: false)
        try checkKept(scenario, kind, try scenario.store.open("2026-12-02", "09:00"), done: false)
    }

    @Test("Y-20 T-28 the next instance of a daily repeat done on today's board ahead of its day is the day after it, and both completions are in history")
    func doneAheadOnTodaysBoard() throws {
        let store = try TaskSystemStore()
        let planner = try store.open("2026-11-30", "08:00")
        let first = try planner.taskSystemAdd("Stretch", due: .today, repeat: .daily)
        try planner.complete(first.shortID)
        let second = try #require(try planner.taskSystemLive(series: first.id).first)
        expectEqual(second.dueDate?.description, "2026-12-01")
        let board = try store.open("2026-11-30", "08:30")
        try board.move(second.shortID, region: .afternoon, bucket: nil)
        try board.complete(second.shortID)

        let after = try store.open("2026-11-30", "08:31")
        let history = try after.app.completed(on: try TaskSystemStore.day("2026-11-30")).map(\.id)
        expectEqual(history, [first.id, second.id])
        let live = try after.taskSystemLive(series: first.id)
        expectEqual(live.map { $0.dueDate?.description }, ["2026-12-02"])
        #expect(live.first.map { $0.id != second.id && $0.id != first.id } == true)
    }

    @Test("Y-20 T-31 un-ticking an instance resolved ahead of its day removes the next instance it made")
    func uncompleteAfterSkippedOccurrence() throws {
        let scenario = try bringSecondForward(Kind.all[0], .editDue)
        let tuesday = try scenario.store.open("2026-12-01", "10:00")
        try tuesday.complete(scenario.second.shortID)
        let undone = try scenario.store.open("2026-12-01", "10:10")
        try undone.uncomplete(scenario.second.shortID)
        let live = try undone.taskSystemLive(series: scenario.first.id)
        expectEqual(live.map(\.id), [scenario.second.id], "the untouched next instance is removed; the second is live again")
    }

    @Test("Y-20 a task made afresh never replaces a row holding its id: the next instance takes a new one")
    func createNeverReplaces() throws {
        let store = try TaskSystemStore()
        let planner = try store.open("2026-11-30", "09:00")
        let first = try planner.taskSystemAdd("Stretch", due: .today, repeat: .daily)
        try planner.complete(first.shortID)
        let second = try #require(try planner.taskSystemLive(series: first.id).first)
        var edit = Store.TaskEdit()
        edit.due = .today
        try store.open("2026-11-30", "09:05").edit(second.shortID, edit)
        // A row whose occurrence no longer matches its id (as a damaged store or a foreign import could
        // leave it): Tuesday looks free, and the id derived for it is this row's.
        try planner.db.run("UPDATE tasks SET occurrence_day = '2026-11-01' WHERE id = ?",
                           [.text(second.id.uuidString.lowercased())])
        try store.open("2026-11-30", "09:10").complete(second.shortID)

        let after = try store.open("2026-11-30", "09:11")
        let kept = try #require(try after.task(id: second.id))
        #expect(kept.isCompleted && kept.dueDate?.description == "2026-11-30")
        try expectEqual(after.app.completed(on: try TaskSystemStore.day("2026-11-30")).map(\.id), [first.id, second.id])
        let live = try after.taskSystemLive(series: first.id)
        expectEqual(live.count, 1)
        expectEqual(live.first?.dueDate?.description, "2026-12-01")
        #expect(live.first.map { $0.id != second.id && $0.id != first.id } == true)
    }
}
