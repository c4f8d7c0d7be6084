import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Backlog: membership and the age groups")
struct BacklogTests {
    /// Wednesday 2026-03-11: Monday-first weeks start 03-09, Sunday-first weeks start 03-08.
    let wednesday = LocalDay(year: 2026, month: 3, day: 11)!

    @Test("B-16 groups by the day a task entered the Backlog, weeks by the first weekday", arguments: [
        ("2026-03-11", Weekday.monday, BacklogGroup.today), ("2026-03-11", .sunday, .today),
        ("2026-03-10", .monday, .yesterday), ("2026-03-10", .sunday, .yesterday),
        ("2026-03-09", .monday, .thisWeek), ("2026-03-09", .sunday, .thisWeek),
        ("2026-03-08", .monday, .older), ("2026-03-08", .sunday, .thisWeek),
        ("2026-03-07", .monday, .older), ("2026-03-07", .sunday, .older),
        ("2026-01-01", .monday, .older), ("2026-03-12", .monday, .today),
    ])
    func groups(_ entered: String, _ first: Weekday, _ expected: BacklogGroup) throws {
        let calendar = try Fixture.calendar("Europe/London", firstWeekday: first)
        expectEqual(BacklogGroup.of(entered: try Fixture.day(entered), today: wednesday, calendar: calendar), expected)
    }

    @Test("B-16 yesterday is Yesterday even when it was in the previous week", arguments: [Weekday.monday, .sunday])
    func yesterdayAcrossWeekStart(_ first: Weekday) throws {
        let calendar = try Fixture.calendar("America/New_York", firstWeekday: first)
        // The first day of the week in question, so yesterday belongs to the week before.
        let today = first == .monday ? try Fixture.day("2026-03-09") : try Fixture.day("2026-03-08")
        expectEqual(BacklogGroup.of(entered: today.adding(days: -1), today: today, calendar: calendar), .yesterday)
        expectEqual(BacklogGroup.of(entered: today.adding(days: -2), today: today, calendar: calendar), .older)
    }

    @Test("B-16 the group names are Today, Yesterday, This Week, Older, in that order")
    func names() {
        expectEqual(BacklogGroup.allCases.map(\.rawValue), ["Today", "Yesterday", "This Week", "Older"])
    }

    @Test("D5 the Backlog holds live tasks not placed today whose day is none or before today")
    func membership() {
        let today = wednesday
        let undated = TaskItem(title: "undated", createdAt: Fixture.created())
        let overdue = TaskItem(title: "overdue", dueDate: today.adding(days: -1), createdAt: Fixture.created())
        let dueToday = TaskItem(title: "due today", dueDate: today, createdAt: Fixture.created())
        let upcoming = TaskItem(title: "upcoming", dueDate: today.adding(days: 1), createdAt: Fixture.created())
        let placed = Fixture.placed("placed", .morning, .misc, on: today)
        let done = TaskItem(title: "done", isCompleted: true, completedAt: Fixture.created(), createdAt: Fixture.created())
        let dropped = TaskItem(title: "dropped", droppedAt: Fixture.created(), createdAt: Fixture.created())
        expectTrue(Backlog.contains(undated, today: today))
        expectTrue(Backlog.contains(overdue, today: today))
        expectTrue(!Backlog.contains(dueToday, today: today))
        expectTrue(!Backlog.contains(upcoming, today: today))
        expectTrue(!Backlog.contains(placed, today: today))
        expectTrue(!Backlog.contains(done, today: today))
        expectTrue(!Backlog.contains(dropped, today: today))
    }

    @Test("B-16 the entered day: when it moved there, else its last due day, else its creation day")
    func enteredDay() throws {
        let calendar = try Fixture.calendar("America/New_York", rollover: "04:00")
        let moved = TaskItem(title: "moved", dueDate: wednesday.adding(days: -5), createdAt: Fixture.created(),
                             backlogSince: wednesday.adding(days: -1))
        expectEqual(Backlog.enteredDay(of: moved, calendar: calendar), wednesday.adding(days: -1))
        let dated = TaskItem(title: "dated", dueDate: wednesday.adding(days: -5), createdAt: Fixture.created())
        expectEqual(Backlog.enteredDay(of: dated, calendar: calendar), wednesday.adding(days: -5))
        // Created 2026-03-03 02:30 New York time: before the 04:00 rollover, so logical day 03-02.
        let created = try Fixture.instant("2026-03-03", "02:30", in: calendar)
        let plain = TaskItem(title: "plain", createdAt: created)
        expectEqual(Backlog.enteredDay(of: plain, calendar: calendar), (try Fixture.day("2026-03-02")))
    }

    @Test("B-16 groups list all four, with counts, each in engine order", arguments: [Weekday.monday, .sunday])
    func groupedLists(_ first: Weekday) throws {
        let calendar = try Fixture.calendar("Europe/London", firstWeekday: first)
        let today = wednesday
        func parked(_ title: String, _ entered: String, importance: Importance = .low, due: LocalDay? = nil,
                    created: Int) throws -> TaskItem {
            TaskItem(title: title, dueDate: due, importance: importance, createdAt: Fixture.created(created),
                     backlogSince: try Fixture.day(entered))
        }
        let tasks = [
            try parked("today b", "2026-03-11", created: 2),
            try parked("today a", "2026-03-11", created: 1),
            try parked("yesterday", "2026-03-10", created: 3),
            try parked("monday", "2026-03-09", created: 4),
            try parked("sunday", "2026-03-08", created: 5),
            try parked("sunday overdue", "2026-03-08", due: today.adding(days: -3), created: 6),
            try parked("old", "2026-02-01", created: 7),
            Fixture.placed("on the board", .morning, .misc, on: today),
        ]
        let groups = Backlog.groups(tasks, today: today, calendar: calendar)
        expectEqual(groups.map(\.group), BacklogGroup.allCases)
        let titles = groups.map { $0.tasks.map(\.title) }
        expectEqual(titles[0], ["today a", "today b"])
        expectEqual(titles[1], ["yesterday"])
        if first == .monday {
            expectEqual(titles[2], ["monday"])
            expectEqual(titles[3], ["sunday overdue", "sunday", "old"])
        } else {
            expectEqual(titles[2], ["sunday overdue", "monday", "sunday"])
            expectEqual(titles[3], ["old"])
        }
        expectEqual(groups.map(\.tasks.count).reduce(0, +), 7)
    }

    @Test("B-16 an empty Backlog still lists its four groups, each with count 0")
    func emptyGroups() throws {
        let groups = Backlog.groups([], today: wednesday, calendar: try Fixture.calendar())
        expectEqual(groups.count, 4)
        expectTrue(groups.allSatisfy { $0.tasks.isEmpty })
    }
}
