import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

/// A real SQLite store in a fresh folder, opened as `charflow` would at a given wall time in its zone.
final class TaskSystemStore: TempStore {
    static func day(_ text: String) throws -> LocalDay {
        try #require(LocalDay(text))
    }
}

extension Store {
    @discardableResult
    func taskSystemAdd(
        _ title: String, due: QuickDate? = nil, importance: Importance = .low, repeat kind: RepeatKind = .none,
        weekdays: String = "", category: String? = nil, notes: String? = nil
    ) throws -> TaskItem {
        var request = NewTask(title: title)
        request.due = due
        request.importance = importance
        request.repeatKind = kind
        request.repeatWeekdays = weekdays
        request.category = category
        request.notes = notes
        return try add(request)
    }

    func taskSystemReload(_ task: TaskItem) throws -> TaskItem {
        try app.task(matching: task.id.uuidString)
    }

    func taskSystemCount(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int {
        try db.scalar(sql, bindings)?.int ?? -1
    }

    /// Every row of every table, for "nothing changed" checks.
    func taskSystemContents() throws -> String {
        var lines: [String] = []
        for table in try db.rows("SELECT name, sql LIKE '%WITHOUT ROWID%' FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap({ row in row[0].text.map { ($0, row[1].int == 1) } }) {
            lines.append("# " + table.0)
            // A WITHOUT ROWID table reads in its key's order.
            for row in try db.rows("SELECT * FROM \(table.0)" + (table.1 ? "" : " ORDER BY rowid")) {
                lines.append(row.map { "\($0)" }.joined(separator: "|"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The live instances of a series.
    func taskSystemLive(series: UUID) throws -> [TaskItem] {
        try list(all: false).filter { $0.seriesID == series }
    }
}

@Suite("Task system · store use cases (Store over SQLite)")
struct TaskSystemStoreTests {
    // MARK: Importance

    @Test("T-11 an important task with no day (written by another device) is normalised on read to today")
    func importantNormalisedOnRead() throws {
        let store = try TaskSystemStore()
        let task = try store.open("2026-11-30").taskSystemAdd("Parked")
        try store.open("2026-11-30").db.run("UPDATE tasks SET importance = 'high', due_date = NULL WHERE id = ?",
                                            [.text(task.id.uuidString.lowercased())])
        let planner = try store.open("2026-12-02")
        let read = try planner.taskSystemReload(task)
        expectEqual(read.importance, .high)
        expectEqual(read.dueDate, (try TaskSystemStore.day("2026-12-02")))
    }

    @Test("T-12 adding or editing an important task to Someday is refused with importantNeedsDay")
    func importantSomedayRefused() throws {
        let store = try TaskSystemStore()
        let planner = try store.open("2026-11-30")
        #expect(throws: PlannerError.importantNeedsDay) {
            try planner.taskSystemAdd("Big", due: .someday, importance: .medium)
        }
        let task = try planner.taskSystemAdd("Big", due: .tomorrow, importance: .high)
        var edit = Store.TaskEdit()
        edit.due = .someday
        let before = try planner.taskSystemContents()
        #expect(throws: PlannerError.importantNeedsDay) { try planner.edit(task.shortID, edit) }
        try expectEqual(planner.taskSystemContents(), before)
        expectEqual(PlannerError.importantNeedsDay.message, "Important tasks need a day. Lower its importance to park it.")
    }

    @Test("T-13 a medium task's 3rd deferral eases it to low and reports it; once low, Someday is allowed")
    func thirdDeferralEasesOnce() throws {
        let store = try TaskSystemStore()
        let task = try store.open("2026-11-30").taskSystemAdd("Report", due: .today, importance: .medium)
        try expectEqual(store.open("2026-11-30", "10:00").deferTask(task.shortID, to: nil, reason: nil, note: nil).eased, false)
        try expectEqual(store.open("2026-12-01", "10:00").deferTask(task.shortID, to: nil, reason: nil, note: nil).eased, false)
        let third = try store.open("2026-12-02", "10:00").deferTask(task.shortID, to: .tomorrow, reason: .tooMuch, note: nil)
        expectTrue(third.eased)
        expectEqual(third.task.importance, .low)
        expectEqual(Messages.importanceEased, "This one keeps slipping, so I've eased it to low. Raise it again when it's real.")

        // Once low, the 4th deferral has nothing to ease and Someday is open to it.
        let fourth = try store.open("2026-12-03", "10:00").deferTask(task.shortID, to: .someday, reason: nil, note: nil)
        expectEqual(fourth.eased, false)
        expectEqual(fourth.task.deferralCount, 4)
        expectEqual(fourth.task.dueDate, nil)
    }

    // MARK: Deferrals

    static let clocks: [(String, String, String)] = [
        ("Europe/London", "2026-03-28", "00:00"), ("Europe/London", "2026-03-28", "04:00"),
        ("Europe/London", "2026-03-29", "04:00"), ("America/New_York", "2026-03-07", "00:00"),
        ("America/New_York", "2026-03-08", "04:00"), ("America/New_York", "2026-10-31", "00:00"),
        ("America/New_York", "2026-10-31", "04:00"), ("America/New_York", "2026-11-01", "00:00"),
    ]

    @Test("T-22 T-23 rollover's automatic deferral, then a user deferral half an hour later refines it",
          arguments: clocks)
    func rolloverThenRefine(zone: String, day: String, rollover: String) throws {
        let store = try TaskSystemStore(zone: zone)
        let d0 = try TaskSystemStore.day(day)
        let d1 = d0.adding(days: 1), d2 = d0.adding(days: 2)
        try store.open(day, "08:00").setSetting("rollover-time", rollover)
        let task = try store.open(day, "09:00").taskSystemAdd("Pay bills", due: .today)
        let half = rollover == "00:00" ? "00:30" : "04:30"

        let planner = try store.open(d1.description, half)
        expectEqual(planner.today, d1)
        let rolled = try planner.taskSystemReload(task)
        expectEqual(rolled.deferralCount, 1)
        expectEqual(rolled.dueDate, d0)
        let automatic = try planner.deferrals(of: rolled)
        expectEqual(automatic.count, 1)
        expectEqual(automatic.first?.reason, .unspecified)
        expectEqual(automatic.first?.day, d1)
        expectEqual(automatic.first?.deferredTo, d1)

        let later = try store.open(d1.description, rollover == "00:00" ? "00:35" : "04:35")
        let result = try later.deferTask(task.shortID, to: nil, reason: .noLonger, note: nil)
        expectTrue(result.refined)
        expectEqual(result.task.deferralCount, 1)
        expectEqual(result.task.dueDate, d2)
        let records = try later.deferrals(of: result.task)
        expectEqual(records.count, 1)
        expectEqual(records.first?.id, automatic.first?.id)
        expectEqual(records.first?.reason, .noLonger)
        expectEqual(records.first?.deferredTo, d2)
    }

    @Test("T-22 a second change on the same logical day refines the day's record instead of counting")
    func secondChangeSameDayRefines() throws {
        let store = try TaskSystemStore()
        let task = try store.open("2026-11-30").taskSystemAdd("Call plumber", due: .today)
        _ = try store.open("2026-11-30", "10:00").deferTask(task.shortID, to: nil, reason: nil, note: nil)
        let planner = try store.open("2026-11-30", "11:00")
        let again = try planner.deferTask(task.shortID, to: .date(try TaskSystemStore.day("2026-12-04")),
                                          reason: .notReady, note: nil)
        expectEqual(again.task.deferralCount, 1)
        let records = try planner.deferrals(of: again.task)
        expectEqual(records.count, 1)
        expectEqual(records.first?.deferredTo, (try TaskSystemStore.day("2026-12-04")))
        expectEqual(records.first?.reason, .notReady)
    }

    @Test("T-19 rescheduling a task not yet due writes no deferral row")
    func rescheduleWritesNothing() throws {
        let store = try TaskSystemStore()
        let planner = try store.open("2026-11-30")
        let task = try planner.taskSystemAdd("Later", due: .date(try TaskSystemStore.day("2026-12-03")))
        let moved = try planner.deferTask(task.shortID, to: .nextWeek, reason: .tooMuch, note: nil)
        expectEqual(moved.deferred, false)
        expectEqual(moved.task.deferralCount, 0)
        expectEqual(moved.task.dueDate, (try TaskSystemStore.day("2026-12-07")))
        try expectEqual(planner.taskSystemCount("SELECT count(*) FROM deferrals"), 0)
        #expect(throws: PlannerError.notDueYet) { try planner.deferTask(task.shortID, to: nil, reason: nil, note: nil) }
    }

    // MARK: Categories

    @Test("T-6 an unknown colour key in the categories table reads as slate")
    func unknownColourSlate() throws {
        let store = try TaskSystemStore()
        let planner = try store.open("2026-11-30")
        let id = UUID().uuidString.lowercased()
        let db = try Database(path: store.path)
        try db.run("""
            INSERT INTO categories (id, name, preset_key, color_key, sort_order, is_archived, created_at, modified_at)
            VALUES (?, 'Garden', NULL, 'teal', 5, 0, '2026-11-30T09:00:00.000Z', '2026-11-30T09:00:00.000Z')
            """, [.text(id)])
        let garden = try #require(try planner.categories.all().first { $0.name == "Garden" })
        expectEqual(garden.color, .slate)
        let seeded = try planner.categories.all().filter(\.isDefault)
        expectEqual(seeded.map(\.name), ["Personal", "Family", "Work"])
        expectEqual(seeded.map(\.color), [.accent, .ochre, .blue])
    }

    @Test("T-6 the defaults are seeded once: reopening does not add them again")
    func seededOnce() throws {
        let store = try TaskSystemStore()
        _ = try store.open("2026-11-30")
        _ = try store.open("2026-12-01")
        let planner = try store.open("2026-12-05")
        try expectEqual(planner.taskSystemCount("SELECT count(*) FROM categories"), 3)
    }

    // MARK: Repeating

    @Test("T-26 moving the first monthly instance before completing it keeps the series on its day of the month")
    func movedMonthlyKeepsDay() throws {
        let store = try TaskSystemStore()
        let task = try store.open("2026-11-30")
            .taskSystemAdd("Rent", due: .date(try TaskSystemStore.day("2027-01-31")), repeat: .monthly)
        _ = try store.open("2027-01-31", "20:00").deferTask(task.shortID, to: nil, reason: nil, note: nil)
        let planner = try store.open("2027-02-01")
        try planner.complete(task.shortID)
        let next = try #require(try planner.taskSystemLive(series: task.id).first)
        expectEqual(next.dueDate, (try TaskSystemStore.day("2027-02-28")))
        expectEqual(next.repeatDayOfMonth, 31)
    }

    @Test("T-28 T-29 completing makes one next instance with fresh deferrals, not placed; the series stays one live task")
    func nextInstanceFresh() throws {
        let store = try TaskSystemStore()
        var request = Store.NewTask(title: "Water plants")
        request.region = .morning
        request.bucket = .mustDo
        request.repeatKind = .daily
        request.importance = .high
        request.effortMinutes = .some(nil)
        request.category = "Family"
        let first = try store.open("2026-11-30", "08:00").add(request)
        try store.open("2026-11-30", "09:00").complete(first.shortID)
        let planner = try store.open("2026-12-01", "09:00")
        let second = try #require(try planner.taskSystemLive(series: first.id).first)
        _ = try planner.deferTask(second.shortID, to: nil, reason: .tooMuch, note: nil)
        try store.open("2026-12-01", "10:00").complete(second.shortID)

        let reader = try store.open("2026-12-01", "10:01")
        let live = try reader.taskSystemLive(series: first.id)
        expectEqual(live.count, 1)
        let third = try #require(live.first)
        expectEqual(third.dueDate, (try TaskSystemStore.day("2026-12-03")))
        expectEqual(third.deferralCount, 0)
        expectTrue(try reader.deferrals(of: third).isEmpty)
        #expect(third.region == nil && third.bucket == nil)
        expectEqual(third.effortMinutes, nil)
        expectEqual(third.importance, .high)
        expectEqual(third.categoryID, first.categoryID)
        expectEqual(third.seriesID, first.id)
        expectEqual(third.createdAt, third.modifiedAt)
    }

    @Test("T-30 dropping a completed instance does not make another; dropping the live one does")
    func dropOnlyLiveSkips() throws {
        let store = try TaskSystemStore()
        let planner = try store.open("2026-11-30")
        let first = try planner.taskSystemAdd("Stretch", due: .today, repeat: .daily)
        try planner.complete(first.shortID)
        try planner.drop(first.shortID)
        try expectEqual(planner.list(all: true).filter { $0.seriesID == first.id }.count, 2)
        let second = try #require(try planner.taskSystemLive(series: first.id).first)
        try planner.drop(second.shortID)
        let live = try planner.taskSystemLive(series: first.id)
        expectEqual(live.count, 1)
        expectEqual(live.first?.dueDate, (try TaskSystemStore.day("2026-12-02")))
    }

    @Test("T-31 un-completing with an untouched next instance removes it and leaves a tombstone; a touched one refuses")
    func uncomplete() throws {
        let store = try TaskSystemStore()
        let planner = try store.open("2026-11-30")
        let first = try planner.taskSystemAdd("Timesheet", due: .today, repeat: .weekly)
        try planner.complete(first.shortID)
        let next = try #require(try planner.taskSystemLive(series: first.id).first)
        try store.open("2026-11-30", "09:05").uncomplete(first.shortID)
        let after = try store.open("2026-11-30", "09:06")
        #expect(try after.taskSystemCount("SELECT count(*) FROM tasks WHERE id = ?", [.text(next.id.uuidString.lowercased())]) == 0)
        #expect(try after.taskSystemCount("SELECT count(*) FROM tombstones WHERE id = ?",
                                          [.text(next.id.uuidString.lowercased())]) == 1)
        try expectEqual(after.taskSystemLive(series: first.id).map(\.id), [first.id])

        try after.complete(first.shortID)
        let again = try #require(try after.taskSystemLive(series: first.id).first)
        var edit = Store.TaskEdit()
        edit.title = "Timesheet (week 49)"
        try store.open("2026-11-30", "09:10").edit(again.shortID, edit)
        let refusing = try store.open("2026-11-30", "09:11")
        let before = try refusing.taskSystemContents()
        #expect(throws: PlannerError.alreadyRepeated) { try refusing.uncomplete(first.shortID) }
        try expectEqual(refusing.taskSystemContents(), before)
    }

    @Test("T-32 of two instances sharing (seriesID, dueDate) the completed one is kept, the other removed")
    func dedupKeepsCompleted() throws {
        let store = try TaskSystemStore()
        let planner = try store.open("2026-11-30")
        let first = try planner.taskSystemAdd("Timesheet", due: .date(try TaskSystemStore.day("2026-12-04")), repeat: .weekly)
        try planner.complete(first.shortID)
        let next = try #require(try planner.taskSystemLive(series: first.id).first)
        // Another device's copy of the next instance, made earlier and already completed there.
        let copy = UUID().uuidString.lowercased()
        try planner.db.run("""
            INSERT INTO tasks (id, title, due_date, importance, is_completed, completed_at, repeat_kind, series_id,
                created_at, modified_at)
            VALUES (?, 'Timesheet', ?, 'low', 1, '2026-11-30T10:00:00.000Z', 'weekly', ?, '2026-11-30T08:00:00.000Z',
                '2026-11-30T10:00:00.000Z')
            """, [.text(copy), .text(next.dueDate!.description), .text(first.id.uuidString.lowercased())])

        let later = try store.open("2026-12-01")
        let same = try later.list(all: true).filter { $0.seriesID == first.id && $0.dueDate == next.dueDate }
        expectEqual(same.map { $0.id.uuidString.lowercased() }, [copy])
        #expect(try later.taskSystemCount("SELECT count(*) FROM tombstones WHERE id = ?",
                                          [.text(next.id.uuidString.lowercased())]) == 1)
    }

    // MARK: Notes

    @Test("T-33 appended lines never overwrite the notes; checklist toggles touch only their line")
    func notes() throws {
        let store = try TaskSystemStore(zone: "America/New_York")
        let planner = try store.open("2026-11-01", "01:30")
        let task = try planner.taskSystemAdd("Trip", notes: "- [ ] passport\n- [ ] tickets")
        try planner.toggleChecklist(task.shortID, item: 2)
        try planner.appendNote(task.shortID, "  booked  ")
        let read = try planner.taskSystemReload(task)
        expectEqual(read.notes, "- [ ] passport\n- [x] tickets\n2026-11-01 01:30 — booked")
        #expect(throws: PlannerError.noChecklistItem(3, 2)) { try planner.toggleChecklist(task.shortID, item: 3) }
    }
}
