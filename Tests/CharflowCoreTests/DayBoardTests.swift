import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("DayBoard and TodayView: what a day shows")
struct DayBoardTests {
    let day = LocalDay(year: 2026, month: 3, day: 2)!

    @Test("B-19 a region shows Must-Do, Complementary, Misc in that order, each in manual order")
    func regionSections() {
        let tasks = [
            Fixture.placed("misc 2", .morning, .misc, on: day, order: 1, created: 1),
            Fixture.placed("misc 1", .morning, .misc, on: day, order: 0, created: 2),
            Fixture.placed("comp", .morning, .complementary, on: day, created: 3),
            Fixture.placed("must", .morning, .mustDo, on: day, created: 4),
            Fixture.placed("evening misc", .evening, .misc, on: day, created: 5),
        ]
        let board = DayBoard(day: day, tasks: tasks)
        let morning = board.card(.morning)
        expectEqual(morning.mustDo.map(\.title), ["must"])
        expectEqual(morning.complementary.map(\.title), ["comp"])
        expectEqual(morning.misc.map(\.title), ["misc 1", "misc 2"])
        expectEqual(morning.allTasks.map(\.title), ["must", "comp", "misc 1", "misc 2"])
        expectEqual(morning.tasks(in: .misc).map(\.title), ["misc 1", "misc 2"])
        expectTrue(board.card(.afternoon).isEmpty)
        expectEqual(board.card(.evening).allTasks.map(\.title), ["evening misc"])
        expectEqual(board.regions.map(\.region), [.morning, .afternoon, .evening])
        expectEqual(board.allTasks.map(\.title), ["must", "comp", "misc 1", "misc 2", "evening misc"])
    }

    @Test("B-19 the board holds only tasks placed on its day, never dropped ones")
    func boardFilters() {
        let tasks = [
            Fixture.placed("today", .afternoon, .misc, on: day),
            Fixture.placed("tomorrow", .afternoon, .misc, on: day.adding(days: 1), created: 1),
            Fixture.placed("dropped", .afternoon, .misc, on: day, dropped: true, created: 2),
            TaskItem(title: "due, not placed", dueDate: day, createdAt: Fixture.created(3)),
        ]
        expectEqual(DayBoard(day: day, tasks: tasks).allTasks.map(\.title), ["today"])
    }

    @Test("B-18 progress: total, completed and a rounded percentage (0 when empty)")
    func progress() {
        let tasks = [
            Fixture.placed("a", .morning, .mustDo, on: day, completed: true),
            Fixture.placed("b", .morning, .misc, on: day, created: 1),
            Fixture.placed("c", .evening, .misc, on: day, completed: true, created: 2),
        ]
        let board = DayBoard(day: day, tasks: tasks)
        expectEqual(board.progress, BoardProgress(total: 3, completed: 2))
        expectEqual(board.progress.percent, 67)
        expectEqual(board.card(.morning).progress, BoardProgress(total: 2, completed: 1))
        expectEqual(board.card(.morning).progress.percent, 50)
        expectEqual(board.card(.afternoon).progress.percent, 0)
        expectEqual(BoardProgress(total: 3, completed: 1).percent, 33)
        expectEqual(BoardProgress(total: 3, completed: 3).percent, 100)
    }

    @Test("B-17 region cards count placed tasks per bucket against the 1–3–5 limits, done ones included")
    func regionCounts() {
        let tasks = [
            Fixture.placed("must", .afternoon, .mustDo, on: day, completed: true),
            Fixture.placed("c1", .afternoon, .complementary, on: day, created: 1),
            Fixture.placed("c2", .afternoon, .complementary, on: day, completed: true, created: 2),
            Fixture.placed("m1", .afternoon, .misc, on: day, created: 3),
        ]
        let card = DayBoard(day: day, tasks: tasks).card(.afternoon)
        expectEqual("\(card.complementary.count)/\(Bucket.complementary.limit)", "2/3")
        expectEqual("\(card.misc.count)/\(Bucket.misc.limit)", "1/5")
        expectEqual(card.mustDo.first?.title, "must")
        expectEqual(card.progress, BoardProgress(total: 4, completed: 2))
    }

    @Test("B-4 each bucket's room is its limit less the tasks placed there, done ones too, never below 0; a bucket with room takes a task and a full one refuses it")
    func room() {
        var tasks = [
            Fixture.placed("must", .morning, .mustDo, on: day, completed: true),
            Fixture.placed("c1", .morning, .complementary, on: day, created: 1),
            Fixture.placed("c2", .morning, .complementary, on: day, completed: true, created: 2),
            Fixture.placed("dropped", .morning, .complementary, on: day, dropped: true, created: 3),
        ]
        tasks += (0..<6).map { Fixture.placed("misc \($0)", .morning, .misc, on: day, created: 10 + $0) }
        let card = DayBoard(day: day, tasks: tasks).card(.morning)
        expectEqual(Bucket.allCases.map(card.room(in:)), [0, 1, 0], "a merge left six Misc: no room, not -1")
        expectEqual(Bucket.allCases.map(DayBoard(day: day, tasks: []).card(.evening).room(in:)), [1, 3, 5])
        let newcomer = TaskItem(title: "New", createdAt: Fixture.created(99))
        for bucket in Bucket.allCases {
            var refused = false
            do { try Board.ensureRoom(region: .morning, bucket: bucket, occupants: tasks, excluding: newcomer.id) } catch { refused = true }
            expectEqual(refused, (card.room(in: bucket) == 0), "\(bucket)")
        }
    }

    @Test("B-17 empty states have calm words")
    func emptyStates() {
        let board = DayBoard(day: day, tasks: [])
        expectTrue(board.card(.morning).isEmpty)
        expectEmpty(board.card(.morning).mustDo)
        expectTrue(!Messages.noMustDo.isEmpty && !Messages.emptyBucket.isEmpty && !Messages.emptyBacklog.isEmpty)
        for text in [Messages.emptyBoard, Messages.noMustDo, Messages.emptyBucket, Messages.emptyBacklog] {
            expectLacks(text, "!", "no exclamation marks: \(text)")
        }
        let view = TodayView(day: day, tasks: [], backlogCount: 0)
        expectTrue(view.isEmpty)
    }

    @Test("D5 Today: the board, due-today-not-placed and overdue, each list in engine order")
    func todayView() {
        let tasks = [
            Fixture.placed("placed", .morning, .misc, on: day),
            TaskItem(title: "due low", dueDate: day, createdAt: Fixture.created(1)),
            TaskItem(title: "due high", dueDate: day, importance: .high, createdAt: Fixture.created(2)),
            TaskItem(title: "due done", dueDate: day, isCompleted: true, completedAt: Fixture.created(9),
                     createdAt: Fixture.created(3)),
            TaskItem(title: "overdue old", dueDate: day.adding(days: -3), createdAt: Fixture.created(4)),
            TaskItem(title: "overdue high", dueDate: day.adding(days: -1), importance: .medium,
                     createdAt: Fixture.created(5)),
            TaskItem(title: "overdue dropped", dueDate: day.adding(days: -1), droppedAt: Fixture.created(6),
                     createdAt: Fixture.created(6)),
        ]
        let view = TodayView(day: day, tasks: tasks, backlogCount: 7)
        expectEqual(view.board.allTasks.map(\.title), ["placed"])
        expectEqual(view.due.map(\.title), ["due high", "due low"])
        expectEqual(view.overdue.map(\.title), ["overdue high", "overdue old"])
        expectEqual(view.backlogCount, 7)
        expectTrue(!view.isEmpty)
    }
}
