import CharflowCore
import CharflowAppSetup
import CharflowStore
import Foundation
import CharflowTestSupport
import Testing

@Suite("The 1–3–5 rule, the lock and delete over a real store")
struct BoardLimitStoreTests {
    static let fullMessage = "Morning region full (1 Must-Do, 3 Complementary, 5 Misc)"

    func refusal(_ body: () throws -> Void) -> PlannerError? {
        do { try body() } catch let error as PlannerError { return error } catch { return nil }
        return nil
    }

    // MARK: B-4

    @Test("B-4 a fourth Complementary in Morning is refused with the exact message")
    func fourthComplementary() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        for index in 1...3 { try planner.add("comp \(index)", region: .morning, bucket: .complementary) }
        let error = try #require(refusal { try planner.add("comp 4", region: .morning, bucket: .complementary) })
        expectEqual(error.message, Self.fullMessage)
        try expectEqual(TempStore.count(planner, "SELECT count(*) FROM tasks"), 3, "nothing half-written")
        try expectEqual(planner.titles(.morning, .complementary), ["comp 1", "comp 2", "comp 3"])
    }

    @Test("B-4 each bucket takes exactly its limit on add", arguments: Region.allCases, Bucket.allCases)
    func limitsOnAdd(_ region: Region, _ bucket: Bucket) throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        for index in 0..<bucket.limit { try planner.add("\(index)", region: region, bucket: bucket) }
        #expect(throws: PlannerError.regionFull(region)) { try planner.add("one more", region: region, bucket: bucket) }
        try expectEqual(planner.app.board(on: planner.today).card(region).tasks(in: bucket).count, bucket.limit)
    }

    @Test("B-4 a full bucket is refused on move from the Backlog and on bucket change")
    func limitsOnMoveAndBucketChange() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        try planner.add("must", region: .morning, bucket: .mustDo)
        let parked = try planner.add("parked")
        #expect(throws: PlannerError.regionFull(.morning)) {
            try planner.move(parked.id.uuidString, region: .morning, bucket: .mustDo)
        }
        try expectEqual(planner.reload(parked).region, nil)
        let misc = try planner.add("misc", region: .morning)
        #expect(throws: PlannerError.regionFull(.morning)) {
            try planner.move(misc.id.uuidString, region: nil, bucket: .mustDo)
        }
        try expectEqual(planner.reload(misc).bucket, .misc)
    }

    @Test("B-4 the Backlog has no limit")
    func backlogUnlimited() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        for index in 0..<12 { try planner.add("parked \(index)") }
        try expectEqual(planner.app.backlogCount(), 12)
    }

    @Test("B-4 limits are per day: tomorrow's Morning is a different region from today's")
    func perDay() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02", "20:00")
        try planner.add("today's must", region: .morning, bucket: .mustDo)
        let tomorrow = try planner.add("tomorrow's must", region: .morning, bucket: .mustDo, due: .tomorrow)
        expectTrue(tomorrow.isPlaced(on: planner.today.adding(days: 1)))
        #expect(throws: PlannerError.regionFull(.morning)) {
            try planner.add("another", region: .morning, bucket: .mustDo, due: .tomorrow)
        }
    }

    // MARK: B-5

    @Test("B-5 done tasks keep counting against the limit", arguments: Bucket.allCases)
    func doneCounts(_ bucket: Bucket) throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        for index in 0..<bucket.limit {
            let task = try planner.add("\(index)", region: .afternoon, bucket: bucket)
            try planner.complete(task.id.uuidString)
        }
        #expect(throws: PlannerError.regionFull(.afternoon)) {
            try planner.add("after the done ones", region: .afternoon, bucket: bucket)
        }
    }

    @Test("B-5 a dropped task does not count: its place is free again", arguments: Bucket.allCases)
    func droppedFreesPlace(_ bucket: Bucket) throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        var first: TaskItem?
        for index in 0..<bucket.limit {
            let task = try planner.add("\(index)", region: .evening, bucket: bucket)
            first = first ?? task
        }
        try planner.drop(try #require(first).id.uuidString)
        let replacement = try planner.add("replacement", region: .evening, bucket: bucket)
        expectEqual(replacement.bucket, bucket)
        try expectEqual(planner.app.board(on: planner.today).card(.evening).tasks(in: bucket).count, bucket.limit)
    }

    // MARK: B-9 delete and purge

    @Test("B-9 T-4 delete drops a task: droppedAt set, kept for history, gone from every view")
    func drop() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02", "10:00")
        let placed = try planner.add("placed", region: .morning, bucket: .mustDo)
        let parked = try planner.add("parked")
        let due = try planner.add("due", due: .today)
        let upcoming = try planner.add("later", due: .tomorrow)
        for task in [placed, parked, due, upcoming] { try planner.drop(task.id.uuidString) }
        let dropped = try planner.reload(placed)
        expectEqual(dropped.droppedAt, (try store.instant("2026-03-02", "10:00")))
        expectEqual(dropped.region, .morning, "kept for history")
        let view = try planner.app.todayView()
        expectEmpty(view.board.allTasks)
        expectEmpty(view.due)
        expectEmpty(view.overdue)
        try expectEqual(planner.app.backlogCount(), 0)
        expectTrue(try planner.backlog().allSatisfy { $0.tasks.isEmpty })
        try expectEmpty(planner.upcoming())
        expectTrue(try planner.list(all: false).isEmpty)
        try expectEqual(planner.list(all: true).count, 4)
        #expect(throws: PlannerError.taskDropped) { try planner.drop(placed.id.uuidString) }
        #expect(throws: PlannerError.taskDropped) { try planner.complete(placed.id.uuidString) }
        #expect(throws: PlannerError.taskDropped) { try planner.move(parked.id.uuidString, region: .morning, bucket: nil) }
        #expect(throws: PlannerError.taskDropped) { try planner.moveToBacklog(placed.id.uuidString) }
        var edit = Store.TaskEdit()
        edit.title = "revived?"
        #expect(throws: PlannerError.taskDropped) { try planner.edit(placed.id.uuidString, edit) }
        expectEqual(PlannerError.taskDropped.message, "That task was deleted.")
    }

    @Test("B-9 purge removes the task and its deferrals for good, leaving tombstones")
    func purge() throws {
        let store = try TempStore()
        let task: TaskItem
        do {
            let planner = try store.open("2026-03-02")
            task = try planner.add("gone", region: .morning)
        }
        let planner = try store.open("2026-03-03") // the rollover gives it a deferral record
        let records = try planner.deferrals(of: task)
        expectEqual(records.count, 1)
        try planner.purge(task.id.uuidString)
        let id = task.id.uuidString.lowercased()
        try expectEqual(TempStore.row(planner, task: task.id), nil)
        #expect(try TempStore.count(planner, "SELECT count(*) FROM deferrals WHERE task_id = ?", [.text(id)]) == 0)
        #expect(try TempStore.count(planner, "SELECT count(*) FROM tombstones WHERE table_name = 'tasks' AND id = ?",
                                    [.text(id)]) == 1)
        #expect(try TempStore.count(planner, "SELECT count(*) FROM tombstones WHERE table_name = 'deferrals' AND id = ?",
                                    [.text(records[0].id.uuidString.lowercased())]) == 1)
        #expect(throws: PlannerError.noTaskMatches(id)) { try planner.app.task(matching: id) }
        #expect(throws: PlannerError.nothingToUndo) { try planner.undo() }
        try expectEqual(TempStore.row(planner, task: task.id), nil, "purge cannot be undone")
    }

    // MARK: B-20 lock

    @Test("B-20 with lock-complementary on, Complementary tasks wait for the region's Must-Do")
    func lock() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        expectEqual(planner.settings.lockComplementary, false)
        try planner.setSetting("lock-complementary", "on")
        let must = try planner.add("must", region: .morning, bucket: .mustDo)
        let comp = try planner.add("comp", region: .morning, bucket: .complementary)
        let otherComp = try planner.add("afternoon comp", region: .afternoon, bucket: .complementary)
        let misc = try planner.add("misc", region: .morning, bucket: .misc)

        #expect(throws: PlannerError.complementaryLocked(.morning)) { try planner.complete(comp.id.uuidString) }
        expectTrue(try !planner.reload(comp).isCompleted)
        try planner.complete(misc.id.uuidString)
        try planner.complete(otherComp.id.uuidString)

        // The setting persists: a later command sees it.
        let later = try store.open("2026-03-02", "11:00")
        expectTrue(later.settings.lockComplementary)
        #expect(throws: PlannerError.complementaryLocked(.morning)) { try later.complete(comp.id.uuidString) }
        try later.complete(must.id.uuidString)
        expectTrue(try later.complete(comp.id.uuidString).isCompleted)
    }

    @Test("B-20 with the lock off (the default) Complementary tasks complete freely")
    func lockOff() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        try planner.add("must", region: .evening, bucket: .mustDo)
        let comp = try planner.add("comp", region: .evening, bucket: .complementary)
        expectTrue(try planner.complete(comp.id.uuidString).isCompleted)
    }

    @Test("B-20 a dropped Must-Do locks nothing")
    func lockDroppedMust() throws {
        let store = try TempStore()
        let planner = try store.open("2026-03-02")
        try planner.setSetting("lock-complementary", "on")
        let must = try planner.add("must", region: .morning, bucket: .mustDo)
        let comp = try planner.add("comp", region: .morning, bucket: .complementary)
        try planner.drop(must.id.uuidString)
        expectTrue(try planner.complete(comp.id.uuidString).isCompleted)
    }
}
