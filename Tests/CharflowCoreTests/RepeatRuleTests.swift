import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Repeating tasks (core)")
struct RepeatRuleTests {
    static func next(_ kind: RepeatKind, after base: String, due: String, weekdays: String = "", dayOfMonth: Int = 0) -> String? {
        RepeatRule.next(kind: kind, after: TaskFixture.day(base), due: TaskFixture.day(due),
                        weekdays: RepeatRule.weekdays(weekdays), dayOfMonth: dayOfMonth)?.description
    }

    @Test("T-26 stored weekdays read back as ISO numbers; spaces around a number are allowed, other pieces ignored",
          arguments: [("1,5", [1, 5]), (" 1 , 5 ", [1, 5]), ("7,1,7", [1, 7]), ("", []), ("1 5", []),
                      ("x,3", [3]), ("8,0,2", [2]), ("12", []), ("3x", []), ("+4,6", [6]), ("1,,2,", [1, 2])])
    func storedWeekdays(text: String, expected: [Int]) {
        expectEqual(RepeatRule.weekdays(text).map(\.isoNumber).sorted(), expected)
    }

    @Test("T-26 monthly on the 31st goes Jan 31 → Feb 28 → Mar 31 → Apr 30")
    func monthly31st() {
        var due = "2027-01-31"
        var chain: [String] = []
        for _ in 0..<3 {
            due = Self.next(.monthly, after: due, due: due, dayOfMonth: 31) ?? "?"
            chain.append(due)
        }
        expectEqual(chain, ["2027-02-28", "2027-03-31", "2027-04-30"])
    }

    @Test("T-26 monthly on the 31st reaches Feb 29 in 2028, and on the 30th and 29th clamps the same way",
          arguments: [("2028-01-31", 31, "2028-02-29"), ("2028-02-29", 31, "2028-03-31"), ("2027-01-30", 30, "2027-02-28"),
                      ("2027-02-28", 30, "2027-03-30"), ("2027-01-29", 29, "2027-02-28"), ("2026-12-31", 31, "2027-01-31"),
                      ("2027-01-15", 15, "2027-02-15")])
    func monthlyClamped(_ due: String, _ dayOfMonth: Int, _ expected: String) {
        expectEqual(Self.next(.monthly, after: due, due: due, dayOfMonth: dayOfMonth), expected)
    }

    @Test("T-26 a monthly task's day of month is filled in from the due date the first time")
    func monthlyFillsDay() throws {
        let task = TaskFixture.task(due: "2027-01-31", repeat: .monthly)
        let next = try #require(task.nextInstance(resolvedDay: TaskFixture.day("2027-01-31"), now: TaskFixture.instant()))
        expectEqual(next.repeatDayOfMonth, 31)
        expectEqual(next.dueDate, TaskFixture.day("2027-02-28"))
        let after = try #require(next.nextInstance(resolvedDay: TaskFixture.day("2027-02-28"), now: TaskFixture.instant()))
        expectEqual(after.dueDate, TaskFixture.day("2027-03-31"))
    }

    @Test("T-26 weekly with no days keeps the due date's weekday; with ISO days takes the next of them",
          arguments: [("2026-12-04", "2026-12-04", "", "2026-12-11"), ("2026-12-06", "2026-12-04", "", "2026-12-11"),
                      ("2026-11-30", "2026-11-30", "1,5", "2026-12-04"), ("2026-12-04", "2026-12-04", "1,5", "2026-12-07"),
                      ("2026-12-02", "2026-11-30", "1,5", "2026-12-04"), ("2026-12-06", "2026-12-06", "7", "2026-12-13")])
    func weekly(_ base: String, _ due: String, _ days: String, _ expected: String) {
        expectEqual(Self.next(.weekly, after: base, due: due, weekdays: days), expected)
    }

    @Test("T-26 daily is the next day; none has no next")
    func dailyAndNone() {
        expectEqual(Self.next(.daily, after: "2026-12-31", due: "2026-12-31"), "2027-01-01")
        expectEqual(Self.next(.none, after: "2026-12-31", due: "2026-12-31"), nil)
    }

    @Test("T-26 the command line's repeat words parse to kind and ISO days",
          arguments: [("daily", RepeatKind.daily, ""), ("weekly", .weekly, ""), ("weekly:5,1", .weekly, "1,5"),
                      ("weekly:mon,fri", .weekly, "1,5"), ("WEEKLY:7", .weekly, "7"), ("monthly", .monthly, ""),
                      ("none", RepeatKind.none, "")])
    func parse(_ word: String, _ kind: RepeatKind, _ days: String) throws {
        let parsed = try RepeatRule.parse(word)
        expectEqual(parsed.0, kind)
        expectEqual(parsed.1, days)
    }

    @Test("T-26 repeat words that mean nothing are refused", arguments: ["yearly", "weekly:0", "weekly:8", "monthly:3", "daily:1"])
    func badParse(_ word: String) {
        #expect(throws: InputError.self) { try RepeatRule.parse(word) }
    }

    @Test("T-28 the next instance is strictly after max(due date, completion day)",
          arguments: [("2026-12-04", "2026-12-02", "2026-12-11"), ("2026-12-04", "2026-12-04", "2026-12-11"),
                      ("2026-12-04", "2026-12-06", "2026-12-11"), ("2026-12-04", "2026-12-11", "2026-12-18")])
    func strictlyAfter(_ due: String, _ resolved: String, _ expected: String) {
        let task = TaskFixture.task(due: due, repeat: .weekly)
        expectEqual(task.nextInstance(resolvedDay: TaskFixture.day(resolved), now: TaskFixture.instant())?.dueDate, TaskFixture.day(expected))
    }

    @Test("T-29 the next instance copies title, notes (unticked), category, effort, importance, repeat and series; resets the rest")
    func copies() throws {
        let category = UUID()
        var task = TaskItem(title: "Pay rent", notes: "- [x] transfer", dueDate: TaskFixture.day("2026-12-01"),
                            effortMinutes: 15, importance: .high, deferralCount: 2, repeatKind: .monthly,
                            repeatDayOfMonth: 1, createdAt: TaskFixture.instant(), categoryID: category,
                            region: .evening, bucket: .mustDo, sortOrder: 3)
        task.isCompleted = true
        task.completedAt = TaskFixture.instant(10)
        let now = TaskFixture.instant(20)
        let next = try #require(task.nextInstance(resolvedDay: TaskFixture.day("2026-12-01"), now: now))
        expectNotEqual(next.id, task.id)
        // A new occurrence starts with its checklist unticked (T-29).
        #expect(next.title == "Pay rent" && next.notes == "- [ ] transfer")
        #expect(next.categoryID == category && next.effortMinutes == 15 && next.importance == .high)
        #expect(next.repeatKind == .monthly && next.repeatDayOfMonth == 1 && next.seriesID == task.id)
        expectEqual(next.dueDate, TaskFixture.day("2027-01-01"))
        #expect(!next.isCompleted && next.completedAt == nil && next.droppedAt == nil && next.deferralCount == 0)
        #expect(next.region == nil && next.bucket == nil && next.sortOrder == 0)
        expectEqual(next.createdAt, now)
    }

    @Test("T-27 T-29 a one-off task, or a repeating one with no day, has no next instance")
    func noNext() {
        expectEqual(TaskFixture.task(due: "2026-12-01").nextInstance(resolvedDay: TaskFixture.day("2026-12-01"),
                                                                    now: TaskFixture.instant()), nil)
        expectEqual(TaskFixture.task(repeat: .daily).nextInstance(resolvedDay: TaskFixture.day("2026-12-01"),
                                                                   now: TaskFixture.instant()), nil)
    }

    @Test("T-32 dedup keeps the completed instance, else the live one, else the one made first")
    func dedupKeeper() {
        let series = UUID()
        func instance(_ title: String, created: Int, done: Bool = false, dropped: Bool = false) -> TaskItem {
            var task = TaskFixture.task(title, due: "2026-12-04", created: created, repeat: .weekly)
            task.seriesID = series
            task.isCompleted = done
            task.droppedAt = dropped ? TaskFixture.instant(99) : nil
            return task
        }
        expectEqual(SeriesDedup.keeper(of: [instance("a", created: 1), instance("b", created: 2, done: true)])?.title, "b")
        expectEqual(SeriesDedup.keeper(of: [instance("a", created: 1, dropped: true), instance("b", created: 2)])?.title, "b")
        expectEqual(SeriesDedup.keeper(of: [instance("a", created: 5), instance("b", created: 2)])?.title, "b")
        expectEqual(SeriesDedup.keeper(of: []), nil)
    }
}
