import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

extension CharflowRunner {
    /// The live (open, not deleted) instances of a series, in the engine's order.
    func liveInstances(series: String, now: String) throws -> [[String: Any]] {
        try listTasks(now: now).filter { $0["seriesID"] as? String == series }
    }

    /// Every instance of a series, done and deleted ones included.
    func allInstances(series: String, now: String) throws -> [[String: Any]] {
        try listTasks(all: true, now: now).filter { $0["seriesID"] as? String == series }
    }

    /// Completes the live instance of `series` at `now` and returns the new live instance.
    func completeLiveInstance(series: String, now: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let live = try liveInstances(series: series, now: now)
        #expect(live.count == 1, "live instances: \(live.count)", sourceLocation: sourceLocation)
        let id = try #require(live.first?["id"] as? String, sourceLocation: sourceLocation)
        _ = try json(["done", id], now: now, sourceLocation: sourceLocation)
        let next = try liveInstances(series: series, now: now)
        #expect(next.count == 1, "live instances after done: \(next.count)", sourceLocation: sourceLocation)
        return try #require(next.first, sourceLocation: sourceLocation)
    }
}

@Suite("Repeating tasks (charflow CLI)")
struct RepeatingTaskCLITests {
    static let alreadyRepeated = "This one already repeated"
    static let repeatingNeedsDay = "Repeating tasks need a day. Stop repeating it to park it."

    @Test("T-29 T-28 the next instance starts with its checklist unticked and without the last occurrence's attempt lines, done or dropped")
    func nextInstanceStartsFresh() throws {
        for resolve in ["done", "delete"] {
            let cf = try CharflowRunner()
            defer { cf.removeFolder() }
            let now = "2026-11-30T09:00"
            let notes = "Call the landlord\n- [ ] find the number\n- [x] check the boiler"
            let id = try cf.add("Rent", ["--repeat", "weekly", "--due", "today", "--notes", notes], now: now)
            try cf.ok(["check", id, "1"], now: now)
            try cf.ok(["note", id, "Left a voicemail"], now: "2026-11-30T09:15")
            let before = try cf.show(id, now: "2026-11-30T09:16")["notes"] as? String ?? ""
            expectTrue(before.contains("- [x] find the number") && before.contains("2026-11-30 09:15 — Left a voicemail"), "\(before)")
            try cf.ok([resolve, id], now: "2026-11-30T09:20")
            let next = try #require(try cf.liveInstances(series: id, now: "2026-11-30T09:21").first)
            expectEqual(next["notes"] as? String, "Call the landlord\n- [ ] find the number\n- [ ] check the boiler", "\(resolve): \(next)")
            // The resolved instance keeps its own record.
            try expectEqual(cf.show(id, now: "2026-11-30T09:22")["notes"] as? String, before)
        }
    }

    @Test("T-28 D19 the next instance follows the latest of its occurrence, its due day and the day it was done: moved earlier, moved later, done late",
          arguments: [
              ("moved earlier", "2026-12-02", "2026-12-02T10:00", "2026-12-11"),
              ("moved later", "2026-12-05", "2026-12-05T10:00", "2026-12-11"),
              ("moved past the next occurrence", "2026-12-12", "2026-12-12T10:00", "2026-12-18"),
              ("done late", "", "2026-12-09T10:00", "2026-12-11"),
              ("done early", "", "2026-12-01T10:00", "2026-12-11"),
          ])
    func nextAfterTheOccurrence(_ name: String, _ movedTo: String, _ doneAt: String, _ expected: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        // Fridays; this instance stands for Friday 4 December.
        let id = try cf.add("Timesheet", ["--repeat", "weekly:5", "--due", "2026-12-04"], now: "2026-11-30T09:00")
        if !movedTo.isEmpty { try cf.ok(["edit", id, "--due", movedTo], now: "2026-11-30T09:05") }
        try cf.ok(["done", id], now: doneAt)
        let next = try #require(try cf.liveInstances(series: id, now: doneAt).first, "\(name)")
        expectEqual(next["dueDate"] as? String, expected, "\(name): \(next["dueDate"] ?? "none")")
    }

    @Test("T-26 monthly on the 31st goes Jan 31 → Feb 28 → Mar 31 → Apr 30")
    func monthlyOn31st() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Pay rent", ["--due", "2027-01-31", "--repeat", "monthly"], now: "2026-11-30T09:00")
        let expectations = [("2027-01-31T09:00", "2027-02-28"), ("2027-02-28T09:00", "2027-03-31"),
                            ("2027-03-31T09:00", "2027-04-30"), ("2027-04-30T09:00", "2027-05-31")]
        var dues: [String] = []
        for (now, _) in expectations {
            let next = try cf.completeLiveInstance(series: id, now: now)
            dues.append(next["dueDate"] as? String ?? "?")
            expectEqual(TaskDocument.int(next, "repeatDayOfMonth"), 31)
        }
        expectEqual(dues, expectations.map(\.1))
    }

    @Test("T-26 monthly on the 31st goes to Feb 29 in a leap year, then back to Mar 31")
    func monthlyLeapYear() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Pay rent", ["--due", "2028-01-31", "--repeat", "monthly"], now: "2027-12-30T09:00")
        let february = try cf.completeLiveInstance(series: id, now: "2028-01-31T09:00")
        expectEqual(february["dueDate"] as? String, "2028-02-29")
        let march = try cf.completeLiveInstance(series: id, now: "2028-02-29T09:00")
        expectEqual(march["dueDate"] as? String, "2028-03-31")
    }

    @Test("T-26 T-28 weekly on Friday, done on Sunday, comes back the next Friday")
    func weeklyFridayDoneSunday() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Submit timesheet", ["--due", "2026-12-04", "--repeat", "weekly"], now: "2026-11-30T09:00")
        let next = try cf.completeLiveInstance(series: id, now: "2026-12-06T18:00")
        expectEqual(next["dueDate"] as? String, "2026-12-11")
        expectEqual(next["repeatKind"] as? String, "weekly")
    }

    @Test("T-26 weekly on ISO days \"1,5\" alternates Monday and Friday")
    func weeklyIsoDays() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let task = try cf.json(["add", "Gym", "--due", "2026-11-30", "--repeat", "weekly:1,5"], now: "2026-11-30T08:00")
        let id = try #require(task["id"] as? String)
        expectEqual(task["repeatWeekdays"] as? String, "1,5")
        expectEqual(task["seriesID"] as? String, id)
        let friday = try cf.completeLiveInstance(series: id, now: "2026-11-30T19:00")
        expectEqual(friday["dueDate"] as? String, "2026-12-04")
        let monday = try cf.completeLiveInstance(series: id, now: "2026-12-04T19:00")
        expectEqual(monday["dueDate"] as? String, "2026-12-07")
        expectEqual(monday["repeatWeekdays"] as? String, "1,5")
    }

    @Test("T-26 daily comes back the next day")
    func daily() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Stretch", ["--due", "today", "--repeat", "daily"], now: "2026-11-30T08:00")
        let next = try cf.completeLiveInstance(series: id, now: "2026-11-30T08:30")
        expectEqual(next["dueDate"] as? String, "2026-12-01")
    }

    @Test("T-26 an unknown repeat word is refused", arguments: ["yearly", "weekly:8", "daily:1", "weekly:mon,xyz"])
    func badRepeat(_ word: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.add("Existing", now: "2026-11-30T09:00")
        let refusal = try cf.refusedAfterRollover(["add", "Odd", "--due", "today", "--repeat", word], now: "2026-11-30T09:01")
        expectEqual(refusal.code, "invalid_value")
    }

    @Test("T-26 T-30 moving one weekly instance with a defer changes only that instance; the next follows the pattern")
    func movedWeeklyInstanceKeepsPattern() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Submit timesheet", ["--due", "2026-12-04", "--repeat", "weekly"], now: "2026-11-30T09:00")
        let deferred = try cf.json(["defer", id], now: "2026-12-04T17:00")   // Friday → Saturday
        expectEqual(deferred["dueDate"] as? String, "2026-12-05")
        let next = try cf.completeLiveInstance(series: id, now: "2026-12-05T10:00")
        expectEqual(next["dueDate"] as? String, "2026-12-11", "the series drifted to the moved instance's weekday")
    }

    @Test("T-26 moving the first monthly instance before its first completion does not change the day it keeps")
    func movedMonthlyInstanceKeepsDay() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Pay rent", ["--due", "2027-01-31", "--repeat", "monthly"], now: "2026-11-30T09:00")
        _ = try cf.json(["defer", id], now: "2027-01-31T20:00")            // 31 Jan → 1 Feb
        let next = try cf.completeLiveInstance(series: id, now: "2027-02-01T09:00")
        expectEqual(next["dueDate"] as? String, "2027-02-28", "the series drifted from the 31st to the 1st")
    }

    @Test("T-27 a repeating task needs a day: without one it gets today")
    func repeatNeedsDay() throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        let task = try cf.json(["add", "Vitamins", "--repeat", "daily"], now: "2026-11-30T09:00")
        expectEqual(task["dueDate"] as? String, "2026-11-30")
        let parked = try cf.add("Parked", now: "2026-11-30T09:01")
        let edited = try cf.json(["edit", parked, "--repeat", "weekly"], now: "2026-11-30T09:02")
        expectEqual(edited["dueDate"] as? String, "2026-11-30")
        expectEqual(edited["seriesID"] as? String, parked)
    }

    @Test("T-25 T-27 Someday is refused for a repeating task, by add, edit and defer")
    func noSomedayForRepeating() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Vitamins", ["--repeat", "daily", "--due", "today"], now: "2026-11-30T09:00")
        let added = try cf.refusedAfterRollover(["add", "Weekly", "--repeat", "weekly", "--due", "someday"], now: "2026-11-30T09:01")
        expectEqual(added.message, Self.repeatingNeedsDay)
        expectEqual(added.code, "repeating_needs_day")
        let edited = try cf.refusedAfterRollover(["edit", id, "--due", "someday"], now: "2026-11-30T09:02")
        expectEqual(edited.message, Self.repeatingNeedsDay)
        let deferred = try cf.refusedAfterRollover(["defer", id, "--to", "someday"], now: "2026-11-30T09:03")
        expectEqual(deferred.message, Self.repeatingNeedsDay)
    }

    @Test("T-28 one live instance per series: a neglected weekly task never piles up copies")
    func neglectedWeeklyDoesNotPileUp() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Submit timesheet", ["--due", "2026-12-04", "--repeat", "weekly"], now: "2026-11-30T09:00")
        for now in ["2026-12-05T09:00", "2026-12-12T09:00", "2026-12-19T09:00"] {
            try expectEqual(cf.allInstances(series: id, now: now).count, 1, "\(now)")
        }
        // Done three weeks late, on Sunday 20 Dec: the next is the Friday after, 25 Dec.
        let next = try cf.completeLiveInstance(series: id, now: "2026-12-20T09:00")
        expectEqual(next["dueDate"] as? String, "2026-12-25")
        try expectEqual(cf.allInstances(series: id, now: "2026-12-20T09:01").count, 2)
    }

    @Test("T-28 the next instance is strictly after max(due date, completion day): done early it still skips the due day")
    func doneEarly() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Submit timesheet", ["--due", "2026-12-04", "--repeat", "weekly"], now: "2026-11-30T09:00")
        let next = try cf.completeLiveInstance(series: id, now: "2026-12-02T09:00")   // Wednesday
        expectEqual(next["dueDate"] as? String, "2026-12-11")
    }

    @Test("T-29 the next instance copies title, notes, category, effort, importance and repeat; resets the rest and is not placed")
    func copiedAndReset() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Water plants", [
            "--region", "morning", "--bucket", "must", "--importance", "high", "--effort", "60", "--category", "Work",
            "--notes", "- [ ] fern\n- [ ] cactus", "--repeat", "daily",
        ], now: "2026-11-30T08:00")
        let next = try cf.completeLiveInstance(series: id, now: "2026-11-30T09:00")
        expectNotEqual(next["id"] as? String, id)
        expectEqual(next["title"] as? String, "Water plants")
        expectEqual(next["notes"] as? String, "- [ ] fern\n- [ ] cactus")
        expectEqual(next["category"] as? String, "Work")
        expectEqual(TaskDocument.int(next, "effortMinutes"), 60)
        expectEqual(next["importance"] as? String, "high")
        expectEqual(next["repeatKind"] as? String, "daily")
        expectEqual(next["seriesID"] as? String, id)
        expectEqual(next["dueDate"] as? String, "2026-12-01")
        expectEqual(next["isCompleted"] as? Bool, false)
        expectTrue(TaskDocument.isNull(next, "completedAt"))
        expectTrue(TaskDocument.isNull(next, "droppedAt"))
        expectEqual(TaskDocument.int(next, "deferralCount"), 0)
        expectTrue(TaskDocument.isNull(next, "region"))
        expectTrue(TaskDocument.isNull(next, "bucket"))

        // Deferrals are per instance: a deferred instance's count and records do not travel.
        let secondID = try #require(next["id"] as? String)
        let deferred = try cf.json(["defer", secondID], now: "2026-12-01T09:00")
        expectEqual(TaskDocument.int(deferred, "deferralCount"), 1)
        let third = try cf.completeLiveInstance(series: id, now: "2026-12-01T10:00")
        expectEqual(third["dueDate"] as? String, "2026-12-03")
        expectEqual(TaskDocument.int(third, "deferralCount"), 0)
        let thirdID = try #require(third["id"] as? String)
        expectTrue(TaskDocument.deferrals(try cf.show(thirdID, now: "2026-12-01T10:01")).isEmpty)
    }

    @Test("T-30 dropping an instance skips only that occurrence; the series goes on")
    func dropSkipsOne() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Submit timesheet", ["--due", "2026-12-04", "--repeat", "weekly"], now: "2026-11-30T09:00")
        let dropped = try cf.json(["delete", id], now: "2026-12-04T09:00")
        expectTrue(dropped["droppedAt"] is String)
        let live = try cf.liveInstances(series: id, now: "2026-12-04T09:01")
        expectEqual(live.count, 1)
        expectEqual(live.first?["dueDate"] as? String, "2026-12-11")
        expectEqual(live.first?["repeatKind"] as? String, "weekly")
    }

    @Test("T-30 edit --repeat none stops repeating: completing it makes no next instance")
    func stopRepeating() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Stretch", ["--due", "today", "--repeat", "daily"], now: "2026-11-30T08:00")
        let stopped = try cf.json(["edit", id, "--repeat", "none"], now: "2026-11-30T08:01")
        expectEqual(stopped["repeatKind"] as? String, "none")
        _ = try cf.json(["done", id], now: "2026-11-30T08:02")
        try expectEqual(cf.listTasks(all: true, now: "2026-11-30T08:03").count, 1)
        expectTrue(try cf.listTasks(now: "2026-12-02T08:03").isEmpty)
    }

    @Test("T-31 un-completing removes the untouched next instance, leaving one live task")
    func uncompleteRemovesUntouchedNext() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Submit timesheet", ["--due", "2026-12-04", "--repeat", "weekly"], now: "2026-11-30T09:00")
        let next = try cf.completeLiveInstance(series: id, now: "2026-12-04T09:00")
        let nextID = try #require(next["id"] as? String)

        let undone = try cf.json(["undone", id], now: "2026-12-04T09:05")
        expectEqual(undone["isCompleted"] as? Bool, false)
        let all = try cf.allInstances(series: id, now: "2026-12-04T09:06")
        expectEqual(all.map { $0["id"] as? String }, [id])
        #expect(try cf.storeQuery("SELECT count(*) FROM tombstones WHERE id = ?", [.text(nextID)]) == ["1"])
    }

    @Test("T-31 un-completing is refused with \"This one already repeated\" when the next instance was edited")
    func uncompleteRefusedAfterEdit() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Submit timesheet", ["--due", "2026-12-04", "--repeat", "weekly"], now: "2026-11-30T09:00")
        let next = try cf.completeLiveInstance(series: id, now: "2026-12-04T09:00")
        let nextID = try #require(next["id"] as? String)
        _ = try cf.json(["edit", nextID, "--notes", "ask about overtime"], now: "2026-12-04T09:10")

        let refusal = try cf.refusedAfterRollover(["undone", id], now: "2026-12-04T09:20")
        expectEqual(refusal.message, Self.alreadyRepeated)
        expectEqual(refusal.code, "already_repeated")
        try expectEqual(cf.liveInstances(series: id, now: "2026-12-04T09:21").count, 1)
    }

    @Test("T-31 an edit made in the same instant as the next instance still counts: un-completing is refused",
          arguments: [["--notes", "ask about overtime"], ["--title", "Submit the timesheet"], ["--due", "2026-12-12"],
                      ["--importance", "high"], ["--effort", "60"]])
    func uncompleteRefusedAfterSameInstantEdit(_ change: [String]) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Submit timesheet", ["--due", "2026-12-04", "--repeat", "weekly"], now: "2026-11-30T09:00")
        let next = try cf.completeLiveInstance(series: id, now: "2026-12-04T09:00")
        let nextID = try #require(next["id"] as? String)
        _ = try cf.json(["edit", nextID] + change, now: "2026-12-04T09:00")

        let refusal = try cf.refusedAfterRollover(["undone", id], now: "2026-12-04T09:00")
        expectEqual(refusal.message, Self.alreadyRepeated, "\(change)")
        try expectEqual(cf.liveInstances(series: id, now: "2026-12-04T09:01").count, 1)
    }

    @Test("T-31 a next instance placed on the board in the same instant is touched; one left alone is removed")
    func uncompleteSameInstantMove() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Stretch", ["--due", "today", "--repeat", "daily"], now: "2026-11-30T08:00")
        let next = try cf.completeLiveInstance(series: id, now: "2026-11-30T08:00")
        let nextID = try #require(next["id"] as? String)
        _ = try cf.json(["move", nextID, "--region", "morning", "--day", "tomorrow"], now: "2026-11-30T08:00")
        try expectEqual(cf.refusedAfterRollover(["undone", id], now: "2026-11-30T08:00").message, Self.alreadyRepeated)

        let other = try cf.add("Water plants", ["--due", "today", "--repeat", "daily"], now: "2026-11-30T08:00")
        _ = try cf.completeLiveInstance(series: other, now: "2026-11-30T08:00")
        let undone = try cf.json(["undone", other], now: "2026-11-30T08:00")
        expectEqual(undone["isCompleted"] as? Bool, false)
        try expectEqual(cf.liveInstances(series: other, now: "2026-11-30T08:01").count, 1)
    }

    @Test("T-31 un-completing is refused with \"This one already repeated\" when the next instance was deferred")
    func uncompleteRefusedAfterDefer() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Stretch", ["--due", "today", "--repeat", "daily"], now: "2026-11-30T08:00")
        let next = try cf.completeLiveInstance(series: id, now: "2026-11-30T08:30")
        let nextID = try #require(next["id"] as? String)
        _ = try cf.json(["defer", nextID], now: "2026-12-01T09:00")

        let refusal = try cf.refusedAfterRollover(["undone", id], now: "2026-12-01T09:10")
        expectEqual(refusal.message, Self.alreadyRepeated)
    }

    @Test("T-31 un-completing is refused with \"This one already repeated\" when the next instance was timed")
    func uncompleteRefusedAfterSession() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Stretch", ["--due", "today", "--repeat", "daily"], now: "2026-11-30T08:00")
        let next = try cf.completeLiveInstance(series: id, now: "2026-11-30T08:10")
        let nextID = try #require(next["id"] as? String)
        _ = try cf.json(["begin", nextID], now: "2026-11-30T08:20")
        _ = try cf.json(["finish", "--stop"], now: "2026-11-30T08:30")

        let refusal = try cf.refusedAfterRollover(["undone", id], now: "2026-11-30T08:40")
        expectEqual(refusal.message, Self.alreadyRepeated)
    }

    @Test("T-32 two instances of one series on one day are deduplicated: one remains after the next rollover")
    func seriesDedup() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Submit timesheet", ["--due", "2026-12-04", "--repeat", "weekly"], now: "2026-11-30T09:00")
        let next = try cf.completeLiveInstance(series: id, now: "2026-12-04T09:00")
        let nextID = try #require(next["id"] as? String)

        // Another device made the same next instance a minute later.
        let duplicate = UUID().uuidString.lowercased()
        try cf.storeSQL("""
            INSERT INTO tasks (id, title, notes, due_date, effort_minutes, importance, is_completed, completed_at,
                dropped_at, deferral_count, repeat_kind, repeat_weekdays, repeat_day_of_month, series_id, created_at,
                category_id, region, bucket, sort_order, backlog_since, modified_at)
            SELECT ?, title, notes, due_date, effort_minutes, importance, is_completed, completed_at, dropped_at,
                deferral_count, repeat_kind, repeat_weekdays, repeat_day_of_month, series_id,
                '2026-12-04T09:01:00.000Z', category_id, region, bucket, sort_order, backlog_since,
                '2026-12-04T09:01:00.000Z'
            FROM tasks WHERE id = ?
            """, [.text(duplicate), .text(nextID)])
        #expect(try cf.storeQuery("SELECT count(*) FROM tasks WHERE series_id = ? AND due_date = '2026-12-11'",
                                       [.text(id)]) == ["2"])

        let live = try cf.liveInstances(series: id, now: "2026-12-05T09:00")
        expectEqual(live.map { $0["id"] as? String }, [nextID])
        #expect(try cf.storeQuery("SELECT count(*) FROM tasks WHERE id = ?", [.text(duplicate)]) == ["0"])
        #expect(try cf.storeQuery("SELECT count(*) FROM tombstones WHERE id = ?", [.text(duplicate)]) == ["1"])
    }
}
