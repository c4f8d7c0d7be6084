import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

@Suite("Store over a real SQLite store: creating, editing, completing, moving")
struct PlannerStoreTests {
    // MARK: B-1 create

    @Test("B-1 add: trimmed title, optional notes, a UUID and the creation time, shown in its region at once")
    func add() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02", "07:00")
        let task = try planner.add("  Finish project proposal  ", region: .morning, bucket: .mustDo, notes: "draft first")
        expectEqual(task.title, "Finish project proposal")
        expectEqual(task.notes, "draft first")
        expectEqual(task.createdAt, planner.now)
        expectEqual(task.createdAt, (try store.instant("2026-03-02", "07:00")))
        try expectEqual(planner.titles(.morning, .mustDo), ["Finish project proposal"])
        try expectEqual(planner.reload(task), task, "what add returns is exactly what was stored")
        let other = try planner.add("Reply to emails", region: .morning, bucket: .complementary)
        expectNotEqual(other.id, task.id)
        try expectEqual(planner.app.todayView().board.card(.morning).complementary.map(\.id), [other.id])
    }

    @Test("B-1 an empty or blank title is refused and nothing is stored", arguments: ["", "   ", "\n\t"])
    func emptyTitle(_ title: String) throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        #expect(throws: PlannerError.emptyTitle) { try planner.add(title, region: .morning) }
        try expectEqual(TempStore.count(planner, "SELECT count(*) FROM tasks"), 0)
        #expect(throws: PlannerError.nothingToUndo) { try planner.undo() }
    }

    @Test("T-1 defaults on add: low importance, 30 minutes, no estimate stored as nil")
    func addDefaults() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let plain = try planner.add("plain")
        expectEqual(plain.importance, .low)
        expectEqual(plain.effortMinutes, 30)
        expectEqual(plain.deferralCount, 0)
        expectTrue(!plain.isCompleted)
        var request = Store.NewTask(title: "no estimate")
        request.effortMinutes = .some(nil)
        let none = try planner.add(request)
        try expectEqual(planner.reload(none).effortMinutes, nil)
        let raw = try #require(try TempStore.row(planner, task: none.id))
        expectEqual(raw["effort_minutes"], SQLValue.null)
    }

    // MARK: B-2 / B-3 region and bucket

    @Test("B-2 without a region a task goes to the Backlog, entered today; with one it is on today's board")
    func regionDefault() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let parked = try planner.add("parked")
        expectEqual(parked.region, nil)
        expectEqual(parked.bucket, nil)
        expectEqual(parked.dueDate, nil)
        expectEqual(parked.backlogSince, planner.today)
        try expectEqual(planner.backlog().first { $0.group == .today }?.tasks.map(\.id), [parked.id])
        let placed = try planner.add("placed", region: .evening)
        expectEqual(placed.region, .evening)
        expectTrue(placed.isPlaced(on: planner.today))
        expectEqual(placed.backlogSince, nil)
        try expectEqual(planner.app.backlogCount(), 1)
    }

    @Test("B-3 a bucket without a region is refused; the Backlog has no bucket")
    func bucketNeedsRegion() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        #expect(throws: PlannerError.bucketNeedsRegion) { try planner.add("x", bucket: .mustDo) }
        try expectEqual(TempStore.count(planner, "SELECT count(*) FROM tasks"), 0)
    }

    @Test("B-3 the bucket can be changed in place")
    func changeBucket() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("grows", region: .afternoon, bucket: .misc)
        let moved = try planner.move(task.id.uuidString, region: nil, bucket: .mustDo)
        expectEqual(moved.region, .afternoon)
        expectEqual(moved.bucket, .mustDo)
        try expectEqual(planner.titles(.afternoon, .mustDo), ["grows"])
        expectTrue(try planner.titles(.afternoon, .misc).isEmpty)
    }

    @Test("B-6 a task placed without a bucket goes to Misc, from add and from the Backlog")
    func defaultMisc() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let added = try planner.add("water plants", region: .morning)
        expectEqual(added.bucket, .misc)
        let parked = try planner.add("from the backlog")
        let placed = try planner.move(parked.id.uuidString, region: .evening, bucket: nil)
        expectEqual(placed.bucket, .misc)
        expectEqual(placed.region, .evening)
        try expectEqual(planner.titles(.evening, .misc), ["from the backlog"])
    }

    // MARK: B-7 placing is scheduling

    @Test("B-7 placing on a day sets the due date to that day")
    func placingSetsDue() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02", "21:00")
        let parked = try planner.add("for tomorrow")
        let tomorrow = planner.today.adding(days: 1)
        let placed = try planner.move(parked.id.uuidString, region: .morning, bucket: .mustDo, day: .tomorrow)
        expectEqual(placed.dueDate, tomorrow)
        expectEqual(placed.backlogSince, nil)
        try expectEqual(planner.titles(.morning, .mustDo, on: tomorrow), ["for tomorrow"])
        expectTrue(try planner.titles(.morning, .mustDo).isEmpty, "not on today's board")
        try expectEqual(planner.upcoming().map(\.id), [parked.id])
        let today = try planner.add("today", region: .afternoon, bucket: .complementary)
        expectEqual(today.dueDate, planner.today)
    }

    @Test("B-7 a task already on tomorrow's board stays on tomorrow when its bucket changes")
    func futureBoardKeepsDay() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02", "21:00")
        let task = try planner.add("planned", region: .morning, due: .tomorrow)
        expectTrue(task.isPlaced(on: planner.today.adding(days: 1)))
        let changed = try planner.move(task.id.uuidString, region: nil, bucket: .complementary)
        expectEqual(changed.dueDate, planner.today.adding(days: 1))
        expectEqual(changed.bucket, .complementary)
    }

    @Test("B-7 changing a placed task's due date to another day clears its placement")
    func changingDueClearsPlacement() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("proposal", region: .morning, bucket: .mustDo)
        var change = Store.TaskEdit()
        change.due = .date(try #require(LocalDay("2026-03-06")))
        let edited = try planner.edit(task.id.uuidString, change)
        expectEqual(edited.dueDate, LocalDay("2026-03-06"))
        expectEqual(edited.region, nil)
        expectEqual(edited.bucket, nil)
        expectEqual(edited.sortOrder, 0)
        expectTrue(try planner.app.board(on: planner.today).allTasks.isEmpty)
        #expect(try planner.app.board(on: try #require(LocalDay("2026-03-06"))).allTasks.isEmpty,
                "it is due that day, not placed on that day's board")
        expectTrue(try planner.titles(.morning, .mustDo).isEmpty)
        // The Must-Do place it held is free again.
        try planner.add("new must", region: .morning, bucket: .mustDo)
    }

    @Test("B-7 editing the due date to the day it already has keeps the placement")
    func sameDueKeepsPlacement() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("stays", region: .evening, bucket: .complementary)
        var change = Store.TaskEdit()
        change.due = .today
        change.title = "stays put"
        let edited = try planner.edit(task.id.uuidString, change)
        expectTrue(edited.isPlaced(on: planner.today))
        expectEqual(edited.bucket, .complementary)
        try expectEqual(planner.titles(.evening, .complementary), ["stays put"])
    }

    @Test("T-19 moving a task that is due later is a reschedule: no count, no record")
    func rescheduleIsNotDeferral() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02", "21:00")
        let task = try planner.add("tomorrow's", region: .morning, due: .tomorrow)
        var change = Store.TaskEdit()
        change.due = .date(try #require(LocalDay("2026-03-05")))
        let edited = try planner.edit(task.id.uuidString, change)
        expectEqual(edited.deferralCount, 0)
        expectTrue(try planner.deferrals(of: edited).isEmpty)
        expectEqual(edited.region, nil, "leaving its day takes it off tomorrow's board")
    }

    @Test("T-19 T-22 moving a task due today onto tomorrow's board counts one deferral; a second move that day adds none")
    func moveToTomorrowIsDeferral() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02", "21:00")
        let task = try planner.add("not today", region: .morning, bucket: .mustDo)
        let moved = try planner.move(task.id.uuidString, region: .afternoon, bucket: nil, day: .tomorrow)
        expectTrue(moved.isPlaced(on: planner.today.adding(days: 1)))
        expectEqual(moved.deferralCount, 1)
        let records = try planner.deferrals(of: moved)
        expectEqual(records.count, 1)
        expectEqual(records.first?.day, planner.today)
        expectEqual(records.first?.deferredTo, planner.today.adding(days: 1))
        let again = try planner.move(task.id.uuidString, region: .evening, bucket: nil, day: .date(planner.today.adding(days: 2)))
        expectEqual(again.deferralCount, 1, "at most one deferral per task per logical day")
        expectEqual(again.dueDate, planner.today.adding(days: 2))
        try expectEqual(planner.deferrals(of: again).count, 1, "no second record")
    }

    @Test("T-22 B-13 placing yesterday's carried task back on today's board refines the rollover's record")
    func placingCarriedTaskRefines() throws {
        let store = try TempStore()
        let task: TaskItem
        do {
            let planner = try store.open("2026-03-02")
            task = try planner.add("finish report", region: .afternoon, bucket: .complementary)
        }
        let planner = try store.open("2026-03-03")
        try expectEqual(planner.reload(task).deferralCount, 1)
        let placed = try planner.move(task.id.uuidString, region: .afternoon, bucket: nil)
        expectTrue(placed.isPlaced(on: planner.today))
        expectEqual(placed.bucket, .misc, "the rollover cleared its bucket, so it is placed in Misc (B-6)")
        expectEqual(placed.deferralCount, 1, "no second deferral on the same day")
        try expectEqual(planner.deferrals(of: placed).count, 1)
        try expectEqual(planner.app.backlogCount(), 0)
    }

    // MARK: B-8 complete

    @Test("B-8 T-3 completing sets completedAt; it persists across a restart; un-completing clears it")
    func completePersists() throws {
        let store = try TempStore()
        let task: TaskItem
        do {
            let planner = try store.open("2026-03-02", "08:00")
            task = try planner.add("proposal", region: .morning, bucket: .mustDo)
        }
        do {
            let planner = try store.open("2026-03-02", "13:00")
            let done = try planner.complete(String(task.id.uuidString.prefix(8)))
            expectTrue(done.isCompleted)
            expectEqual(done.completedAt, (try store.instant("2026-03-02", "13:00")))
        }
        do {
            let planner = try store.open("2026-03-02", "13:05")
            let reloaded = try planner.reload(task)
            expectTrue(reloaded.isCompleted)
            expectEqual(reloaded.completedAt, (try store.instant("2026-03-02", "13:00")))
            try expectEqual(planner.app.board(on: planner.today).progress, BoardProgress(total: 1, completed: 1))
            let undone = try planner.uncomplete(task.id.uuidString)
            expectTrue(!undone.isCompleted)
            expectEqual(undone.completedAt, nil)
            expectTrue(undone.isPlaced(on: planner.today), "un-completing today keeps its place")
        }
        do {
            let planner = try store.open("2026-03-02", "13:10")
            expectTrue(try !planner.reload(task).isCompleted)
            try expectEqual(planner.reload(task).completedAt, nil)
        }
    }

    @Test("B-8 done twice and un-done when open are refused")
    func completeRefusals() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("once", region: .morning)
        #expect(throws: PlannerError.notDone) { try planner.uncomplete(task.id.uuidString) }
        try planner.complete(task.id.uuidString)
        #expect(throws: PlannerError.alreadyDone) { try planner.complete(task.id.uuidString) }
        expectEqual(PlannerError.alreadyDone.message, "That task is already done.")
    }

    @Test("B-15 completed tasks are listed by logical day with their completion time, 04:00 rollover")
    func completedByDay() throws {
        let store = try TempStore(zone: "America/New_York")
        let first: TaskItem, second: TaskItem, third: TaskItem
        do {
            let planner = try store.open("2026-03-02", "09:00")
            try planner.setSetting("rollover-time", "04:00")
            first = try planner.add("first", region: .morning)
            second = try planner.add("second", region: .afternoon)
            third = try planner.add("third", region: .evening)
            try planner.complete(second.id.uuidString)
        }
        do {
            let planner = try store.open("2026-03-02", "22:00")
            try planner.complete(third.id.uuidString)
        }
        do {
            // 01:30 on the 3rd is still the 2nd's logical day.
            let planner = try store.open("2026-03-03", "01:30")
            expectEqual(planner.today, LocalDay("2026-03-02"))
            try planner.complete(first.id.uuidString)
        }
        let planner = try store.open("2026-03-03", "09:00")
        let done = try planner.app.completed(on: try #require(LocalDay("2026-03-02")))
        expectEqual(done.map(\.title), ["second", "third", "first"])
        expectEqual(done.last?.completedAt, (try store.instant("2026-03-03", "01:30")))
        expectTrue(try planner.app.completed(on: planner.today).isEmpty)
        #expect(try planner.app.completed(on: try #require(LocalDay("2026-03-01"))).isEmpty)
        // Completed tasks stay on their day's board as history.
        try expectEqual(planner.app.board(on: try #require(LocalDay("2026-03-02"))).progress, BoardProgress(total: 3, completed: 3))
    }

    @Test("B-15 a task completed just after a DST-skipped rollover time is listed under the day the clock says it is")
    func completedAfterSkippedRollover() throws {
        // New York jumps from 02:00 to 03:00 on 2026-03-08; the user's day ends at 02:30, which is skipped.
        let store = try TempStore(zone: "America/New_York")
        let task: TaskItem
        do {
            let planner = try store.open("2026-03-07", "20:00")
            try planner.setSetting("rollover-time", "02:30")
            task = try planner.add("after the jump", region: .morning)
        }
        // 03:10 EDT on 2026-03-08 (07:10Z), a UTC literal so it does not depend on instant(on:at:).
        let completedAt = Date(timeIntervalSince1970: 1_772_953_800)
        do {
            let planner = try Store(path: store.path, timeZone: store.zone, localeFirstWeekday: .monday, now: completedAt)
            expectEqual(planner.today, LocalDay("2026-03-08"), "03:10 EDT is past 02:30: the new day has begun")
            let newTask = try planner.add("done on the 8th", region: .morning)
            try planner.complete(newTask.id.uuidString)
        }
        let planner = try store.open("2026-03-08", "12:00")
        try expectEqual(planner.app.completed(on: try #require(LocalDay("2026-03-08"))).map(\.title), ["done on the 8th"])
        #expect(try planner.app.completed(on: try #require(LocalDay("2026-03-07"))).isEmpty)
        try expectEqual(planner.reload(task).region, nil, "the 7th's board was rolled over")
    }

    // MARK: B-10 edit

    @Test("B-10 edit title (trimmed, never empty) and notes (clearable)")
    func editWords() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("old title", region: .morning, notes: "some notes")
        var rename = Store.TaskEdit()
        rename.title = "  new title "
        try expectEqual(planner.edit(task.id.uuidString, rename).title, "new title")

        var empty = Store.TaskEdit()
        empty.title = "   "
        #expect(throws: PlannerError.emptyTitle) { try planner.edit(task.id.uuidString, empty) }
        try expectEqual(planner.reload(task).title, "new title")

        var clear = Store.TaskEdit()
        clear.notes = .some(nil)
        try expectEqual(planner.edit(task.id.uuidString, clear).notes, nil)
        var set = Store.TaskEdit()
        set.notes = "again"
        try expectEqual(planner.edit(task.id.uuidString, set).notes, "again")
        var blank = Store.TaskEdit()
        blank.notes = "  "
        try expectEqual(planner.edit(task.id.uuidString, blank).notes, nil)
        let stored = try planner.reload(task)
        expectEqual(stored.notes, nil)
        expectTrue(stored.isPlaced(on: planner.today), "editing words keeps the placement")
    }

    // MARK: B-11 move

    @Test("B-11 move between regions keeps the bucket; a full destination is refused with the exact message")
    func moveBetweenRegions() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let must = try planner.add("must", region: .morning, bucket: .mustDo)
        let moved = try planner.move(must.id.uuidString, region: .afternoon, bucket: nil)
        expectEqual(moved.region, .afternoon)
        expectEqual(moved.bucket, .mustDo)
        expectTrue(try planner.titles(.morning, .mustDo).isEmpty)
        try expectEqual(planner.titles(.afternoon, .mustDo), ["must"])

        try planner.add("evening must", region: .evening, bucket: .mustDo)
        do {
            try planner.move(must.id.uuidString, region: .evening, bucket: nil)
            Issue.record("moved into a full Must-Do")
        } catch let error as PlannerError {
            expectEqual(error, .regionFull(.evening))
            expectEqual(error.message, "Evening region full (1 Must-Do, 3 Complementary, 5 Misc)")
        }
        try expectEqual(planner.reload(must).region, .afternoon, "a refused move changes nothing")
        let toMisc = try planner.move(must.id.uuidString, region: .evening, bucket: .misc)
        #expect(toMisc.region == .evening && toMisc.bucket == .misc)
    }

    @Test("B-11 to the Backlog and back: a low task loses its day; the place it held is free")
    func backlogRoundTrip() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("back and forth", region: .morning, bucket: .mustDo)
        let parked = try planner.moveToBacklog(task.id.uuidString)
        #expect(parked.region == nil && parked.bucket == nil)
        expectEqual(parked.dueDate, nil)
        expectEqual(parked.backlogSince, planner.today)
        try expectEqual(planner.app.backlogCount(), 1)
        try expectEqual(planner.backlog()[0].tasks.map(\.id), [task.id])
        let back = try planner.move(task.id.uuidString, region: .afternoon, bucket: .complementary)
        expectTrue(back.isPlaced(on: planner.today))
        expectEqual(back.backlogSince, nil)
        try expectEqual(planner.app.backlogCount(), 0)
    }

    @Test("T-11 an important task taken off the board keeps its day and shows as due today")
    func importantToBacklog() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("important", region: .morning, importance: .high)
        let parked = try planner.moveToBacklog(task.id.uuidString)
        expectEqual(parked.dueDate, planner.today)
        try expectEqual(planner.app.todayView().due.map(\.id), [task.id])
    }

    @Test("B-11 a bucket change for a task not on the board is refused")
    func bucketChangeOffBoard() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("parked")
        #expect(throws: PlannerError.notOnBoard) { try planner.move(task.id.uuidString, region: nil, bucket: .mustDo) }
        #expect(throws: PlannerError.boardNeedsDay) {
            try planner.move(task.id.uuidString, region: .morning, bucket: nil, day: .someday)
        }
        #expect(throws: PlannerError.boardNeedsDay) { try planner.add("x", region: .morning, due: .someday) }
    }

    // MARK: B-12 reorder

    @Test("B-12 reorder within one region and bucket persists across a restart")
    func reorderPersists() throws {
        let store = try TempStore()
        let ids: [UUID]
        do {
            let planner = try store.open("2026-03-02", "08:00")
            ids = try ["a", "b", "c"].map { try planner.add($0, region: .morning, bucket: .misc).id }
            try planner.add("comp", region: .morning, bucket: .complementary)
            try expectEqual(planner.titles(.morning, .misc), ["a", "b", "c"])
            try planner.reorder(ids[2].uuidString, to: 1)
            try expectEqual(planner.titles(.morning, .misc), ["c", "a", "b"])
        }
        do {
            let planner = try store.open("2026-03-02", "10:00")
            try expectEqual(planner.titles(.morning, .misc), ["c", "a", "b"])
            try expectEqual(planner.titles(.morning, .complementary), ["comp"], "other buckets are untouched")
            try planner.reorder(ids[2].uuidString, to: 3)
            let fourth = try planner.add("d", region: .morning, bucket: .misc)
            try expectEqual(planner.titles(.morning, .misc), ["a", "b", "c", "d"])
            try planner.reorder(fourth.id.uuidString, to: 2)
        }
        let planner = try store.open("2026-03-02", "12:00")
        try expectEqual(planner.titles(.morning, .misc), ["a", "d", "b", "c"])
        try expectEqual(planner.app.board(on: planner.today).card(.morning).misc.map(\.sortOrder), [0, 1, 2, 3])
    }

    @Test("B-12 reorder refuses positions outside the bucket and tasks off the board")
    func reorderRefusals() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let a = try planner.add("a", region: .evening, bucket: .complementary)
        try planner.add("b", region: .evening, bucket: .complementary)
        #expect(throws: PlannerError.positionOutOfRange(3, 2)) { try planner.reorder(a.id.uuidString, to: 3) }
        #expect(throws: PlannerError.positionOutOfRange(0, 2)) { try planner.reorder(a.id.uuidString, to: 0) }
        let parked = try planner.add("parked")
        #expect(throws: PlannerError.notOnBoard) { try planner.reorder(parked.id.uuidString, to: 1) }
        try expectEqual(planner.titles(.evening, .complementary), ["a", "b"])
    }

    @Test("B-12 a dropped task leaves the bucket's order: positions count live places only")
    func reorderSkipsDropped() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let a = try planner.add("a", region: .afternoon)
        let b = try planner.add("b", region: .afternoon)
        let c = try planner.add("c", region: .afternoon)
        try planner.drop(b.id.uuidString)
        #expect(throws: PlannerError.positionOutOfRange(3, 2)) { try planner.reorder(a.id.uuidString, to: 3) }
        try planner.reorder(c.id.uuidString, to: 1)
        try expectEqual(planner.titles(.afternoon, .misc), ["c", "a"])
    }

    // MARK: Ids

    @Test("tasks are named by a unique id prefix of four or more characters, any case")
    func idPrefixes() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let task = try planner.add("named")
        let id = task.id.uuidString.lowercased()
        try expectEqual(planner.app.task(matching: String(id.prefix(4))).id, task.id)
        try expectEqual(planner.app.task(matching: String(id.prefix(8)).uppercased()).id, task.id)
        try expectEqual(planner.app.task(matching: id).id, task.id)
        #expect(throws: PlannerError.idTooShort("abc")) { try planner.app.task(matching: "abc") }
        let absent = id.hasPrefix("0000") ? "ffff" : "0000"
        #expect(throws: PlannerError.noTaskMatches(absent)) { try planner.app.task(matching: absent) }
        expectEqual(task.shortID, String(id.prefix(8)))
    }

    @Test("an ambiguous prefix is refused")
    func ambiguousPrefix() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        let now = Instant.storageText(planner.now)
        for id in ["abcd0000-0000-4000-8000-000000000001", "abcd1111-0000-4000-8000-000000000002"] {
            try planner.db.run("INSERT INTO tasks (id, title, created_at, modified_at) VALUES (?, 'twin', ?, ?)",
                               [.text(id), .text(now), .text(now)])
        }
        #expect(throws: PlannerError.ambiguousID("ABCD")) { try planner.app.task(matching: "ABCD") }
        try expectEqual(planner.app.task(matching: "abcd1").id, UUID(uuidString: "abcd1111-0000-4000-8000-000000000002"))
    }

    // MARK: B-22 persistence

    @Test("B-22 every field survives closing and reopening the store exactly")
    func persistence() throws {
        let store = try TempStore(zone: "America/New_York")
        var written: [TaskItem] = []
        do {
            let planner = try store.open("2026-11-01", "01:45")
            written.append(try planner.add("placed", region: .evening, bucket: .complementary, notes: "line 1\nline \"2\" ✓"))
            written.append(try planner.add("important", due: .tomorrow, importance: .high))
            written.append(try planner.add("parked"))
            written.append(try planner.complete(written[0].id.uuidString))
        }
        let planner = try store.open("2026-11-01", "23:00")
        let read = try planner.list(all: true)
        expectEqual(read.count, 3)
        for expected in [written[3], written[1], written[2]] {
            try expectEqual(planner.reload(expected), expected)
        }
    }
}
