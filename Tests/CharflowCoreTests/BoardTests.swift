import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Board: the 1–3–5 rule, placing, completing, the lock and manual order")
struct BoardTests {
    let day = LocalDay(year: 2026, month: 3, day: 2)!
    let now = Fixture.created(3600)

    func fill(_ region: Region, _ bucket: Bucket, count: Int) -> [TaskItem] {
        (0..<count).map { Fixture.placed("\(bucket) \($0)", region, bucket, on: day, order: $0, created: $0) }
    }

    // MARK: B-4 limits

    @Test("B-4 bucket limits are 1 Must-Do, 3 Complementary, 5 Misc")
    func limits() {
        expectEqual(Bucket.mustDo.limit, 1)
        expectEqual(Bucket.complementary.limit, 3)
        expectEqual(Bucket.misc.limit, 5)
    }

    @Test("B-4 a full region is refused with the exact message", arguments: [
        (Region.morning, "Morning region full (1 Must-Do, 3 Complementary, 5 Misc)"),
        (.afternoon, "Afternoon region full (1 Must-Do, 3 Complementary, 5 Misc)"),
        (.evening, "Evening region full (1 Must-Do, 3 Complementary, 5 Misc)"),
    ])
    func exactMessage(_ region: Region, _ message: String) {
        expectEqual(PlannerError.regionFull(region).message, message)
        expectEqual(PlannerError.regionFull(region).code, "region_full")
    }

    @Test("B-4 the bucket one past its limit is refused, the last one that fits is accepted",
          arguments: Region.allCases, Bucket.allCases)
    func onePastLimit(_ region: Region, _ bucket: Bucket) throws {
        let almost = fill(region, bucket, count: bucket.limit - 1)
        let newcomer = TaskItem(title: "new", createdAt: now)
        try Board.ensureRoom(region: region, bucket: bucket, occupants: almost, excluding: newcomer.id)

        let full = fill(region, bucket, count: bucket.limit)
        #expect(throws: PlannerError.regionFull(region)) {
            try Board.ensureRoom(region: region, bucket: bucket, occupants: full, excluding: newcomer.id)
        }
        var task = newcomer
        #expect(throws: PlannerError.regionFull(region)) {
            try Board.place(&task, region: region, bucket: bucket, day: day, occupants: full, now: now)
        }
        expectEqual(task, newcomer, "a refused place leaves the task unchanged")
    }

    @Test("B-4 a fourth Complementary in Morning is refused with the exact message")
    func fourthComplementary() {
        var task = TaskItem(title: "fourth", createdAt: now)
        do {
            try Board.place(&task, region: .morning, bucket: .complementary, day: day,
                            occupants: fill(.morning, .complementary, count: 3), now: now)
            Issue.record("a fourth Complementary was placed")
        } catch {
            expectEqual(error.message, "Morning region full (1 Must-Do, 3 Complementary, 5 Misc)")
        }
    }

    @Test("B-4 a full bucket does not block the other buckets of the same region")
    func bucketsAreSeparate() throws {
        let occupants = fill(.evening, .mustDo, count: 1) + fill(.evening, .complementary, count: 3)
        var task = TaskItem(title: "small", createdAt: now)
        try Board.place(&task, region: .evening, bucket: .misc, day: day, occupants: occupants, now: now)
        expectEqual(task.bucket, .misc)
        expectEqual(task.region, .evening)
    }

    @Test("B-4 a task already counted in the bucket can stay: it is not counted against itself")
    func excludingItself() throws {
        var full = fill(.morning, .complementary, count: 3)
        try Board.ensureRoom(region: .morning, bucket: .complementary, occupants: full, excluding: full[1].id)
        let samePlace = full[1]
        try Board.place(&full[1], region: .morning, bucket: .complementary, day: day, occupants: full, now: now)
        expectEqual(full[1], samePlace, "staying in the same place changes nothing, not even the order")
    }

    @Test("B-4 converting a task to a full bucket is refused")
    func bucketChangeRefused() throws {
        var occupants = fill(.afternoon, .mustDo, count: 1)
        var misc = Fixture.placed("misc", .afternoon, .misc, on: day, created: 10)
        occupants.append(misc)
        #expect(throws: PlannerError.regionFull(.afternoon)) {
            try Board.place(&misc, region: .afternoon, bucket: .mustDo, day: day, occupants: occupants, now: now)
        }
        expectEqual(misc.bucket, .misc)
    }

    @Test("B-4 tasks placed on another day or in another region do not count")
    func otherDaysAndRegions() throws {
        // The store passes only same-day, same-region occupants; the rule itself counts what it is given.
        let occupants = fill(.morning, .mustDo, count: 1)
        var task = TaskItem(title: "afternoon must", createdAt: now)
        try Board.place(&task, region: .afternoon, bucket: .mustDo, day: day, occupants: [], now: now)
        expectEqual(task.region, .afternoon)
        var other = TaskItem(title: "tomorrow must", createdAt: now)
        try Board.place(&other, region: .morning, bucket: .mustDo, day: day.adding(days: 1), occupants: [], now: now)
        expectEqual(other.dueDate, day.adding(days: 1))
        #expect(throws: PlannerError.regionFull(.morning)) {
            var third = TaskItem(title: "third", createdAt: now)
            try Board.place(&third, region: .morning, bucket: .mustDo, day: day, occupants: occupants, now: now)
        }
    }

    // MARK: B-5 capacity counts done tasks, not dropped ones

    @Test("B-5 done tasks still hold their place", arguments: Bucket.allCases)
    func doneCounts(_ bucket: Bucket) {
        let done = (0..<bucket.limit).map {
            Fixture.placed("done \($0)", .morning, bucket, on: day, order: $0, completed: true, created: $0)
        }
        #expect(throws: PlannerError.regionFull(.morning)) {
            try Board.ensureRoom(region: .morning, bucket: bucket, occupants: done, excluding: UUID())
        }
    }

    @Test("B-5 a dropped task holds no place", arguments: Bucket.allCases)
    func droppedDoesNotCount(_ bucket: Bucket) throws {
        var occupants = fill(.morning, bucket, count: bucket.limit)
        occupants[0].droppedAt = now
        var task = TaskItem(title: "replacement", createdAt: now)
        try Board.place(&task, region: .morning, bucket: bucket, day: day, occupants: occupants, now: now)
        expectEqual(task.bucket, bucket)
    }

    // MARK: B-6 / B-7 placing

    @Test("B-6 a task placed without a bucket goes to Misc")
    func defaultMisc() throws {
        var task = TaskItem(title: "water plants", createdAt: now)
        try Board.place(&task, region: .morning, bucket: nil, day: day, occupants: [], now: now)
        expectEqual(task.bucket, .misc)
        expectEqual(task.region, .morning)
    }

    @Test("B-6 a Backlog task placed without a bucket into a full Misc is refused")
    func defaultMiscFull() {
        var task = TaskItem(title: "sixth", createdAt: now)
        #expect(throws: PlannerError.regionFull(.evening)) {
            try Board.place(&task, region: .evening, bucket: nil, day: day,
                            occupants: fill(.evening, .misc, count: 5), now: now)
        }
    }

    @Test("B-11 moving without a bucket keeps the bucket the task had on the board")
    func keepsBucketWhenMoving() throws {
        var task = Fixture.placed("must", .morning, .mustDo, on: day)
        try Board.place(&task, region: .afternoon, bucket: nil, day: day, occupants: [], now: now)
        expectEqual(task.region, .afternoon)
        expectEqual(task.bucket, .mustDo)
    }

    @Test("B-7 placing on day D sets the due date to D and leaves the Backlog")
    func placingSetsDueDate() throws {
        let tomorrow = day.adding(days: 1)
        var task = TaskItem(title: "parked", createdAt: now, backlogSince: day.adding(days: -3))
        try Board.place(&task, region: .evening, bucket: .complementary, day: tomorrow, occupants: [], now: now)
        expectEqual(task.dueDate, tomorrow)
        expectTrue(task.isPlaced(on: tomorrow))
        expectTrue(!task.isPlaced(on: day))
        expectEqual(task.backlogSince, nil)
        expectEqual(task.modifiedAt, now)
    }

    @Test("B-12 a new place puts the task last in its bucket")
    func newPlaceIsLast() throws {
        let occupants = fill(.morning, .misc, count: 3)
        var task = TaskItem(title: "last", createdAt: now)
        try Board.place(&task, region: .morning, bucket: .misc, day: day, occupants: occupants, now: now)
        expectEqual(task.sortOrder, 3)
        var first = TaskItem(title: "first", createdAt: now)
        try Board.place(&first, region: .morning, bucket: .mustDo, day: day, occupants: occupants, now: now)
        expectEqual(first.sortOrder, 0)
    }

    @Test("B-11 taking a low task to the Backlog clears its placement and day")
    func toBacklogLow() {
        var task = Fixture.placed("low", .morning, .misc, on: day, order: 2)
        Board.moveToBacklog(&task, today: day, now: now)
        expectEqual(task.region, nil)
        expectEqual(task.bucket, nil)
        expectEqual(task.sortOrder, 0)
        expectEqual(task.dueDate, nil)
        expectEqual(task.backlogSince, day)
        expectEqual(task.modifiedAt, now)
    }

    @Test("T-11 taking an important task off the board keeps its day")
    func toBacklogImportant() {
        var task = Fixture.placed("high", .morning, .mustDo, on: day)
        task.importance = .high
        Board.moveToBacklog(&task, today: day, now: now)
        expectEqual(task.region, nil)
        expectEqual(task.dueDate, day)
    }

    // MARK: B-8 complete / un-complete

    @Test("B-8 completing sets isCompleted and completedAt; un-completing clears both and keeps the place")
    func completeAndUncomplete() throws {
        var task = Fixture.placed("t", .morning, .misc, on: day, order: 1)
        try Board.complete(&task, occupants: [task], lockComplementary: false, today: day, now: now)
        expectTrue(task.isCompleted)
        expectEqual(task.completedAt, now)
        expectTrue(!task.isLive)
        #expect(throws: PlannerError.alreadyDone) {
            try Board.complete(&task, occupants: [task], lockComplementary: false, today: day, now: now)
        }
        let later = now.addingTimeInterval(60)
        try Board.uncomplete(&task, today: day, now: later)
        expectTrue(!task.isCompleted)
        expectEqual(task.completedAt, nil)
        expectEqual(task.modifiedAt, later)
        expectTrue(task.isPlaced(on: day))
        expectEqual(task.sortOrder, 1)
        #expect(throws: PlannerError.notDone) { try Board.uncomplete(&task, today: day, now: later) }
    }

    @Test("B-13 un-completing a task done on a day that has ended sends it to the Backlog, entered that day")
    func uncompleteAfterDayEnded() throws {
        var task = Fixture.placed("yesterday's", .evening, .complementary, on: day, order: 2, completed: true)
        try Board.uncomplete(&task, today: day.adding(days: 1), now: now)
        expectTrue(!task.isCompleted)
        expectEqual(task.region, nil)
        expectEqual(task.bucket, nil)
        expectEqual(task.sortOrder, 0)
        expectEqual(task.backlogSince, day)
        expectEqual(task.dueDate, day)
        expectTrue(Backlog.contains(task, today: day.adding(days: 1)))

        var future = Fixture.placed("tomorrow's", .morning, .misc, on: day.adding(days: 1), completed: true)
        try Board.uncomplete(&future, today: day, now: now)
        expectTrue(future.isPlaced(on: day.adding(days: 1)), "a later board keeps its task")
    }

    @Test("B-9 a dropped task can be neither completed nor un-completed")
    func droppedCannotComplete() {
        var task = Fixture.placed("t", .morning, .misc, on: day, dropped: true)
        #expect(throws: PlannerError.taskDropped) {
            try Board.complete(&task, occupants: [], lockComplementary: false, today: day, now: now)
        }
        task.isCompleted = true
        #expect(throws: PlannerError.taskDropped) { try Board.uncomplete(&task, today: day, now: now) }
    }

    // MARK: B-20 lock

    @Test("B-20 with the lock on, a Complementary task waits for its region's open Must-Do")
    func lockHolds() throws {
        let must = Fixture.placed("must", .morning, .mustDo, on: day)
        var comp = Fixture.placed("comp", .morning, .complementary, on: day, created: 1)
        expectTrue(Board.isLocked(comp, occupants: [must, comp]))
        #expect(throws: PlannerError.complementaryLocked(.morning)) {
            try Board.complete(&comp, occupants: [must, comp], lockComplementary: true, today: day, now: now)
        }
        expectTrue(!comp.isCompleted)
        expectEqual(PlannerError.complementaryLocked(.morning).message, "Complementary tasks in Morning are locked until its Must-Do is done.")
    }

    @Test("B-20 the lock opens once the Must-Do is done, and never applies with the setting off")
    func lockOpens() throws {
        var must = Fixture.placed("must", .morning, .mustDo, on: day)
        var comp = Fixture.placed("comp", .morning, .complementary, on: day, created: 1)
        var free = comp
        try Board.complete(&free, occupants: [must, comp], lockComplementary: false, today: day, now: now)
        expectTrue(free.isCompleted)

        try Board.complete(&must, occupants: [must, comp], lockComplementary: true, today: day, now: now)
        expectTrue(!Board.isLocked(comp, occupants: [must, comp]))
        try Board.complete(&comp, occupants: [must, comp], lockComplementary: true, today: day, now: now)
        expectTrue(comp.isCompleted)
    }

    @Test("B-20 no Must-Do, a dropped Must-Do, Misc tasks: nothing is locked")
    func lockScope() throws {
        let comp = Fixture.placed("comp", .evening, .complementary, on: day, created: 1)
        expectTrue(!Board.isLocked(comp, occupants: [comp]))
        let dropped = Fixture.placed("must", .evening, .mustDo, on: day, dropped: true)
        expectTrue(!Board.isLocked(comp, occupants: [dropped, comp]))
        let must = Fixture.placed("must", .evening, .mustDo, on: day)
        var misc = Fixture.placed("misc", .evening, .misc, on: day, created: 2)
        expectTrue(!Board.isLocked(misc, occupants: [must, misc]))
        try Board.complete(&misc, occupants: [must, misc], lockComplementary: true, today: day, now: now)
        expectTrue(misc.isCompleted)
    }

    // MARK: B-12 manual order

    @Test("B-12 reorder moves one task and renumbers the bucket from 0", arguments: [
        (3, 1, ["c", "a", "b", "d"]), (1, 4, ["b", "c", "d", "a"]), (2, 3, ["a", "c", "b", "d"]), (4, 4, ["a", "b", "c", "d"]),
    ])
    func reorder(_ from: Int, _ to: Int, _ expected: [String]) throws {
        let tasks = ["a", "b", "c", "d"].enumerated().map {
            Fixture.placed($0.element, .morning, .misc, on: day, order: $0.offset, created: $0.offset)
        }
        let changed = try Board.reorder(tasks, moving: tasks[from - 1].id, to: to, now: now)
        var merged = Dictionary(uniqueKeysWithValues: tasks.map { ($0.id, $0) })
        for task in changed { merged[task.id] = task }
        let order = Board.manualOrder(Array(merged.values)).map(\.title)
        expectEqual(order, expected)
        expectEqual(Board.manualOrder(Array(merged.values)).map(\.sortOrder), [0, 1, 2, 3])
        expectTrue(changed.allSatisfy { $0.modifiedAt == now })
        expectEqual(Set(changed.map(\.title)), Set(zip(["a", "b", "c", "d"], expected).filter { $0 != $1 }.map(\.1)))
    }

    @Test("B-12 reorder refuses positions outside the bucket and tasks not in it")
    func reorderRefusals() {
        let tasks = fill(.morning, .complementary, count: 3)
        #expect(throws: PlannerError.positionOutOfRange(4, 3)) {
            _ = try Board.reorder(tasks, moving: tasks[0].id, to: 4, now: now)
        }
        #expect(throws: PlannerError.positionOutOfRange(0, 3)) {
            _ = try Board.reorder(tasks, moving: tasks[0].id, to: 0, now: now)
        }
        #expect(throws: PlannerError.notOnBoard) {
            _ = try Board.reorder(tasks, moving: UUID(), to: 1, now: now)
        }
        expectEqual(PlannerError.positionOutOfRange(4, 3).message, "Position 4 is outside its bucket; choose 1 to 3.")
    }

    @Test("B-12 manual order: sortOrder, then creation time")
    func manualOrder() {
        let a = Fixture.placed("a", .morning, .misc, on: day, order: 1, created: 5)
        let b = Fixture.placed("b", .morning, .misc, on: day, order: 0, created: 9)
        let c = Fixture.placed("c", .morning, .misc, on: day, order: 1, created: 2)
        expectEqual(Board.manualOrder([a, b, c]).map(\.title), ["b", "c", "a"])
    }

    // MARK: B-10 title and notes

    @Test("B-10 a title is trimmed and never empty", arguments: ["", " ", "\n\t ", "\u{00A0}"])
    func emptyTitle(_ raw: String) {
        #expect(throws: PlannerError.emptyTitle) { _ = try TaskText.title(raw) }
    }

    @Test("B-1 titles are trimmed at both ends only")
    func trimmedTitle() throws {
        try expectEqual(TaskText.title("  Finish project proposal \n"), "Finish project proposal")
        try expectEqual(TaskText.title("a  b"), "a  b")
        expectEqual(PlannerError.emptyTitle.message, "A task needs a title.")
    }

    @Test("B-10 notes may be cleared: empty or blank notes are stored as nil, others unchanged")
    func notes() {
        expectEqual(TaskText.notes(nil), nil)
        expectEqual(TaskText.notes(""), nil)
        expectEqual(TaskText.notes("   \n"), nil)
        expectEqual(TaskText.notes("  keep my spacing "), "  keep my spacing ")
    }
}

/// The board's rules that others reuse: taking a task off the board, the lock as the setting says,
/// and which day and region a move places a task on.
@Suite("Board: taking off, the lock's setting, a move's day and region")
struct BoardPlacementTests {
    let day = LocalDay(year: 2026, month: 3, day: 2)!

    @Test("B-7 B-13 taking a task off the board clears its place and keeps its day")
    func takeOff() {
        var task = Fixture.placed("Essay", .morning, .mustDo, on: day, order: 2, created: 0)
        Board.takeOff(&task)
        #expect(task.region == nil && task.bucket == nil && task.sortOrder == 0)
        expectEqual(task.dueDate, day)
    }

    @Test("B-20 the lock holds a Complementary task back only with the setting on")
    func lockFollowsSetting() {
        let must = Fixture.placed("Essay", .morning, .mustDo, on: day, order: 0, created: 0)
        let comp = Fixture.placed("Emails", .morning, .complementary, on: day, order: 0, created: 1)
        expectTrue(Board.isLocked(comp, occupants: [must, comp], lockComplementary: true))
        expectTrue(!Board.isLocked(comp, occupants: [must, comp], lockComplementary: false))
    }

    @Test("B-11 a move goes to the asked day, else the board's day it sits on, else today; a bucket change needs a place")
    func moveDayAndRegion() throws {
        let calendar = try Fixture.calendar()
        let later = day.adding(days: 3)
        let placed = Fixture.placed("Essay", .evening, .misc, on: later, order: 0, created: 0)
        try expectEqual(Board.day(toPlace: placed, on: nil, today: day, calendar: calendar), later)
        try expectEqual(Board.day(toPlace: placed, on: .today, today: day, calendar: calendar), day)
        #expect(throws: PlannerError.boardNeedsDay) { try Board.day(toPlace: placed, on: .someday, today: day, calendar: calendar) }
        try expectEqual(Board.region(toPlace: placed, in: nil, on: later), .evening)
        #expect(throws: PlannerError.notOnBoard) { try Board.region(toPlace: placed, in: nil, on: day) }
        let parked = TaskItem(title: "Loose", createdAt: Fixture.created())
        #expect(throws: PlannerError.notOnBoard) { try Board.region(toPlace: parked, in: nil, on: day) }
        try expectEqual(Board.region(toPlace: parked, in: .morning, on: day), .morning)
    }
}
