@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The task use cases through `CharflowApp` on a real SQLite file; the clock moves by reopening.
@Suite("Tasks: the use cases through CharflowApp on a real store (B-…, T-…)")
struct TaskUseCaseTests {
    private let day = "2026-11-30"

    private func add(_ app: Charflow, _ title: String, region: Region? = nil, bucket: Bucket? = nil,
                     due: QuickDate? = nil, importance: Importance = .low) throws -> TaskItem {
        var input = AddTask.Input(title: title)
        input.region = region
        input.bucket = bucket
        input.due = due
        input.importance = importance
        return try app.addTask(input).task
    }

    // MARK: Adding

    @Test("B-4 a second Must-Do in one region is refused, and the refusal changes nothing")
    func fullBucketRefused() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        _ = try add(app, "Plan the week", region: .morning, bucket: .mustDo)
        let before = try AppTestStore.contents(app)
        #expect(throws: PlannerError.regionFull(.morning)) {
            try add(app, "Write report", region: .morning, bucket: .mustDo)
        }
        try expectEqual(AppTestStore.contents(app), before)
    }

    @Test("T-11 T-12 an important task added without a day gets today, and Someday is refused for it")
    func importantNeedsDay() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        let task = try add(app, "Call the bank", importance: .high)
        expectEqual(task.dueDate, app.today)
        expectEqual(task.backlogSince, nil)
        #expect(throws: PlannerError.importantNeedsDay) { try add(app, "Tax return", due: .someday, importance: .medium) }
        #expect(throws: PlannerError.bucketNeedsRegion) { try add(app, "Loose", bucket: .misc) }
    }

    @Test("B-6 a task placed without a bucket goes to Misc; an undated one enters the Backlog today")
    func placedAndParked() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        let placed = try add(app, "Tidy desk", region: .evening)
        #expect(placed.region == .evening && placed.bucket == .misc && placed.dueDate == app.today)
        let parked = try add(app, "Someday maybe")
        #expect(parked.dueDate == nil && parked.backlogSince == app.today)
        try expectEqual(app.backlog().count, 1)
    }

    // MARK: Deferring

    @Test("T-20 T-13 the third deferral needs a chosen day and eases an important task to low")
    func thirdDeferral() throws {
        let store = try AppTestStore()
        let task = try add(try store.open(day), "Dentist", importance: .high)
        _ = try store.open("2026-11-30", "10:00").deferTask(DeferTask.Input(task: task.id))
        _ = try store.open("2026-12-01", "10:00").deferTask(DeferTask.Input(task: task.id))
        let third = try store.open("2026-12-02", "10:00")
        #expect(throws: PlannerError.pickADay) { try third.deferTask(DeferTask.Input(task: task.id)) }
        let change = try third.deferTask(DeferTask.Input(task: task.id, to: .tomorrow, reason: .tooMuch))
        expectEqual(change.task.deferralCount, Deferral.staleFromCount)
        expectEqual(change.task.importance, .low)
        expectEqual(change.dateChange?.eased, true)
        try expectEqual(third.showTask(ShowTask.Input(task: task.id)).deferrals.map(\.reason), [.reschedule, .reschedule, .tooMuch])
    }

    @Test("T-19 putting off a task not yet due is a reschedule: no count, no record")
    func rescheduleCountsNothing() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        let task = try add(app, "Renew passport", due: .date(try #require(LocalDay("2026-12-10"))))
        let change = try app.deferTask(DeferTask.Input(task: task.id, to: .date(try #require(LocalDay("2026-12-20")))))
        expectEqual(change.task.deferralCount, 0)
        expectEqual(change.dateChange?.deferred, false)
        expectTrue(try app.showTask(ShowTask.Input(task: task.id)).deferrals.isEmpty)
    }

    @Test("T-22 a second change on the same day refines today's deferral instead of counting again")
    func sameDayRefines() throws {
        let store = try AppTestStore()
        let task = try add(try store.open(day), "Gym", region: .morning)
        let app = try store.open(day, "10:00")
        _ = try app.deferTask(DeferTask.Input(task: task.id))
        var edit = EditTask.Input(task: task.id)
        edit.due = .date(try #require(LocalDay("2026-12-04")))
        let refined = try app.editTask(edit)
        expectEqual(refined.task.deferralCount, 1)
        expectEqual(refined.dateChange?.refined, true)
        let records = try app.showTask(ShowTask.Input(task: task.id)).deferrals
        expectEqual(records.count, 1)
        expectEqual(records.first?.deferredTo, LocalDay("2026-12-04"))
    }

    // MARK: Completing and reopening

    @Test("B-20 with the lock on, a Complementary task waits for its region's open Must-Do")
    func complementaryLock() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        try app.store.setSetting("lock-complementary", "on")
        let must = try add(app, "Essay", region: .morning, bucket: .mustDo)
        let comp = try add(app, "Emails", region: .morning, bucket: .complementary)
        #expect(throws: PlannerError.complementaryLocked(.morning)) {
            try app.completeTask(CompleteTask.Input(task: comp.id))
        }
        _ = try app.completeTask(CompleteTask.Input(task: must.id))
        expectTrue(try app.completeTask(CompleteTask.Input(task: comp.id)).task.isCompleted)
    }

    @Test("T-31 reopening a repeating task removes its untouched next instance")
    func reopenRemovesUntouchedInstance() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        var input = AddTask.Input(title: "Water plants")
        input.repeat = RepeatChoice(kind: .daily)
        let task = try app.addTask(input).task
        _ = try app.completeTask(CompleteTask.Input(task: task.id))
        try expectEqual(app.tasks(all: false).tasks.count, 1, "T-28 the next instance is made")
        let reopened = try app.reopenTask(ReopenTask.Input(task: task.id))
        #expect(!reopened.task.isCompleted && reopened.task.completedAt == nil)
        try expectEqual(app.tasks(all: true).tasks.map(\.id), [task.id])
    }

    @Test("T-31 reopening is refused once the next instance was touched, and nothing changes")
    func reopenRefusedWhenTouched() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        var input = AddTask.Input(title: "Water plants")
        input.repeat = RepeatChoice(kind: .daily)
        let task = try app.addTask(input).task
        _ = try app.completeTask(CompleteTask.Input(task: task.id))
        let next = try #require(try app.tasks(all: false).tasks.first)
        var edit = EditTask.Input(task: next.id)
        edit.title = "Water the plants"
        _ = try app.editTask(edit)
        let before = try AppTestStore.contents(app)
        #expect(throws: PlannerError.alreadyRepeated) { try app.reopenTask(ReopenTask.Input(task: task.id)) }
        try expectEqual(AppTestStore.contents(app), before)
    }

    // MARK: Moving, ordering, dropping

    @Test("B-7 B-11 a placed task taken to the Backlog leaves the board; undo puts it back")
    func moveToBacklogAndUndo() throws {
        let store = try AppTestStore()
        let task = try add(try store.open(day), "Read paper", region: .afternoon, bucket: .complementary)
        let app = try store.open(day, "11:00")
        let moved = try app.moveTask(MoveTask.Input(task: task.id, to: .backlog))
        #expect(moved.task.region == nil && moved.task.bucket == nil)
        expectEqual(moved.place, .backlog)
        try expectEqual(app.undo(UndoAction.Input()).label, "move")
        let back = try app.task(task.id)
        #expect(back.region == .afternoon && back.bucket == .complementary)
    }

    @Test("B-11 a move without a region changes bucket only where the task already stands")
    func bucketChangeNeedsPlace() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        let parked = try add(app, "Loose end")
        #expect(throws: PlannerError.notOnBoard) {
            try app.moveTask(MoveTask.Input(task: parked.id, to: .board(region: nil, bucket: .mustDo, day: nil)))
        }
        let placed = try add(app, "Focus", region: .morning)
        let moved = try app.moveTask(MoveTask.Input(task: placed.id, to: .board(region: nil, bucket: .mustDo, day: nil)))
        #expect(moved.task.region == .morning && moved.task.bucket == .mustDo)
    }

    @Test("B-12 a manual order within a bucket is kept")
    func reorderKept() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        let first = try add(app, "One", region: .evening)
        let second = try add(app, "Two", region: .evening)
        let third = try add(app, "Three", region: .evening)
        _ = try app.reorderTask(ReorderTask.Input(task: third.id, position: 1))
        let card = try store.open(day, "12:00").store.app.board(on: app.today).card(.evening)
        expectEqual(Board.manualOrder(card.misc).map(\.id), [third.id, first.id, second.id])
        #expect(throws: PlannerError.positionOutOfRange(4, 3)) {
            try app.reorderTask(ReorderTask.Input(task: first.id, position: 4))
        }
    }

    @Test("B-9 T-4 a dropped task is kept but hidden; a purged one is gone for good with a tombstone")
    func dropAndPurge() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        let dropped = try add(app, "Old idea")
        let purged = try add(app, "Secret")
        try expectNotEqual(app.dropTask(DropTask.Input(task: dropped.id)).task.droppedAt, nil)
        try expectEqual(app.tasks(all: false).tasks.map(\.id), [purged.id])
        try expectEqual(app.tasks(all: true).tasks.count, 2)
        _ = try app.purgeTask(PurgeTask.Input(task: purged.id))
        try expectEqual(app.store.taskRepository.task(id: purged.id), nil)
        let tombstones = try app.store.db.scalar("SELECT count(*) FROM tombstones WHERE table_name = 'tasks' AND id = ?",
                                                   [.text(purged.id.lowercasedText)])?.int
        expectEqual(tombstones, 1)
        #expect(throws: PlannerError.noTaskMatches(purged.id.lowercasedText)) {
            try app.showTask(ShowTask.Input(task: purged.id))
        }
    }

    // MARK: Notes and reads

    @Test("T-33 a note is appended with its time, never replacing the notes; a checklist item ticks")
    func notesAndChecklist() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        var input = AddTask.Input(title: "Shopping")
        input.notes = "- [ ] milk\n- [ ] bread"
        let task = try app.addTask(input).task
        let ticked = try app.tickChecklistItem(TickChecklistItem.Input(task: task.id, item: 2))
        expectEqual(ticked.task.notes, "- [ ] milk\n- [x] bread")
        let noted = try store.open(day, "14:05").addNote(AddNote.Input(task: task.id, text: "ask for oat milk"))
        let notes = try #require(noted.task.notes)
        expectTrue(notes.hasPrefix("- [ ] milk\n- [x] bread\n"))
        expectContains(notes, "14:05")
        expectTrue(notes.hasSuffix("ask for oat milk"))
        #expect(throws: InputError.self) { try app.addNote(AddNote.Input(task: task.id, text: "  ")) }
    }

    @Test("B-15 a day's history lists what was completed that day, in completion order")
    func historyInCompletionOrder() throws {
        let store = try AppTestStore()
        let setup = try store.open(day)
        let late = try add(setup, "Later one")
        let early = try add(setup, "Earlier one")
        _ = try store.open(day, "10:00").completeTask(CompleteTask.Input(task: early.id))
        _ = try store.open(day, "11:00").completeTask(CompleteTask.Input(task: late.id))
        let next = try store.open("2026-12-01")
        let history = try next.history(ReadHistory.Input(day: try #require(LocalDay(day))))
        expectEqual(history.tasks.map(\.id), [early.id, late.id])
        expectTrue(try next.history(ReadHistory.Input(day: next.today)).tasks.isEmpty)
    }

    @Test("T-15 upcoming lists the live tasks due after today")
    func upcomingAfterToday() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        _ = try add(app, "Today's", region: .morning)
        let later = try add(app, "Tomorrow's", due: .tomorrow)
        try expectEqual(app.upcoming().tasks.map(\.id), [later.id])
    }

    @Test("B-1 a task is found by four or more characters of its id, any case")
    func findByPrefix() throws {
        let store = try AppTestStore()
        let app = try store.open(day)
        let task = try add(app, "Find me")
        let prefix = String(task.id.uuidString.prefix(6)).uppercased()
        try expectEqual(app.task(matching: prefix).id, task.id)
        #expect(throws: PlannerError.idTooShort("abc")) { try app.task(matching: "abc") }
    }
}
