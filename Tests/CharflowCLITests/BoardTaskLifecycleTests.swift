import CharflowTestSupport
import Foundation
import Testing

/// A task from add to roll over through the command line, each step read back through `--json`.
@Suite("A task's life on the board: add, edit, complete, delete, move, roll over, Today")
struct BoardTaskLifecycleTests {
    let now = "2026-11-30T09:00"

    @Test("B-1 B-2 B-10 add and edit: trimmed title, notes set and cleared, shown in its region at once")
    func addAndEdit() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let added = try runner.json(["add", "  Draft agenda \t", "--region", "evening", "--notes", "bring the **numbers**"],
                                    now: now)
        let id = try #require(added["id"] as? String)
        expectNotEqual(UUID(uuidString: id), nil)
        expectEqual(id, id.lowercased())
        expectEqual(added["title"] as? String, "Draft agenda")
        expectEqual(added["notes"] as? String, "bring the **numbers**")
        expectEqual(added["createdAt"] as? String, "2026-11-30T09:00:00+00:00")
        expectEqual(added["region"] as? String, "evening")
        expectEqual(added["isCompleted"] as? Bool, false)
        expectEqual(JSONPath.titles(JSONPath.tasks(try runner.json(["today"], now: now), "regions", "evening", "misc")), ["Draft agenda"])

        // Two adds get two different ids.
        let other = try runner.add("Draft agenda", now: now)
        expectNotEqual(other, id)

        let renamed = try runner.json(["edit", id, "--title", " Final agenda "], now: "2026-11-30T10:00")
        expectEqual(renamed["title"] as? String, "Final agenda")
        expectEqual(renamed["notes"] as? String, "bring the **numbers**")
        expectEqual(renamed["region"] as? String, "evening")
        let cleared = try runner.json(["edit", id, "--notes", ""], now: "2026-11-30T10:05")
        expectTrue(cleared["notes"] is NSNull)
        let shown = try runner.show(id, now: "2026-11-30T11:00")
        expectEqual(shown["title"] as? String, "Final agenda")
        expectTrue(shown["notes"] is NSNull)
        expectEqual(shown["createdAt"] as? String, "2026-11-30T09:00:00+00:00")
        expectEqual(shown["modifiedAt"] as? String, "2026-11-30T10:05:00+00:00")
    }

    @Test("B-2 B-3 a task added without a region is in the Backlog with no bucket")
    func addToBacklog() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let added = try runner.json(["add", "Someday idea"], now: now)
        expectTrue(added["region"] is NSNull)
        expectTrue(added["bucket"] is NSNull)
        expectTrue(added["dueDate"] is NSNull)
        try expectEqual(runner.backlogGroups(now: now)["Today"], ["Someday idea"])
        try expectEqual(runner.json(["today"], now: now)["backlogCount"] as? Int, 1)
    }

    @Test("B-8 complete and un-complete: completedAt set and cleared, state persists across runs")
    func completeAndUncomplete() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let id = try runner.add("Reply to emails", ["--region", "morning", "--bucket", "complementary"], now: now)
        let done = try runner.json(["done", id], now: "2026-11-30T10:15")
        expectEqual(done["isCompleted"] as? Bool, true)
        expectEqual(done["completedAt"] as? String, "2026-11-30T10:15:00+00:00")
        try expectEqual(runner.show(id, now: "2026-11-30T11:00")["isCompleted"] as? Bool, true)
        let region = try runner.json(["region", "morning"], now: "2026-11-30T11:00")
        expectEqual(progressOf(region), [1, 1, 100])

        let undone = try runner.json(["undone", id], now: "2026-11-30T11:30")
        expectEqual(undone["isCompleted"] as? Bool, false)
        expectTrue(undone["completedAt"] is NSNull)
        expectEqual(undone["region"] as? String, "morning")
        let again = try runner.show(id, now: "2026-11-30T12:00")
        expectEqual(again["isCompleted"] as? Bool, false)
        expectTrue(again["completedAt"] is NSNull)
        expectEqual(progressOf(try runner.json(["region", "morning"], now: "2026-11-30T12:00")), [1, 0, 0])
    }

    @Test("B-9 B-21 delete drops a task from every view, keeps it for history, and undo brings it back")
    func deleteAndUndo() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let placed = try runner.add("Call the plumber", ["--region", "afternoon", "--bucket", "must"], now: now)
        let parked = try runner.add("Learn the banjo", now: now)

        let dropped = try runner.json(["delete", placed], now: "2026-11-30T09:30")
        expectEqual(dropped["droppedAt"] as? String, "2026-11-30T09:30:00+00:00")
        let today = try runner.json(["today"], now: "2026-11-30T09:31")
        expectEqual(BucketCounts(today: today, "afternoon"), BucketCounts(0, 0, 0))
        let all = try runner.json(["list", "--all"], now: "2026-11-30T09:31")
        expectContains(JSONPath.titles(JSONPath.tasks(all, "tasks")), "Call the plumber")
        let open = try runner.json(["list"], now: "2026-11-30T09:31")
        expectLacks(JSONPath.titles(JSONPath.tasks(open, "tasks")), "Call the plumber")

        // Its place is free again.
        let replacement = try runner.add("Fix the tap myself", ["--region", "afternoon", "--bucket", "must"],
                                         now: "2026-11-30T09:32")
        try expectEqual(runner.json(["undo"], now: "2026-11-30T09:33")["undone"] as? String, "add")
        try expectEqual(runner.run(["show", replacement], now: "2026-11-30T09:33").status, 1)
        try expectEqual(runner.json(["undo"], now: "2026-11-30T09:34")["undone"] as? String, "delete")
        let back = try runner.show(placed, now: "2026-11-30T09:35")
        expectTrue(back["droppedAt"] is NSNull)
        expectEqual(back["region"] as? String, "afternoon")
        expectEqual(back["bucket"] as? String, "mustDo")
        expectEqual(JSONPath.titles(JSONPath.tasks(try runner.json(["today"], now: "2026-11-30T09:35"),
                                               "regions", "afternoon", "mustDo")), ["Call the plumber"])

        // Deleting from the Backlog.
        _ = try runner.json(["delete", parked], now: "2026-11-30T09:40")
        try expectEqual(runner.json(["backlog"], now: "2026-11-30T09:41")["count"] as? Int, 0)
    }

    @Test("B-12 reorder within one region's bucket, persisted; positions outside the bucket are refused")
    func reorder() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let a = try runner.add("Alpha", ["--region", "morning"], now: now)
        let b = try runner.add("Bravo", ["--region", "morning"], now: now)
        let c = try runner.add("Charlie", ["--region", "morning"], now: now)
        try runner.add("Other bucket", ["--region", "morning", "--bucket", "complementary"], now: now)
        func miscOrder(_ at: String) throws -> [String] {
            JSONPath.titles(JSONPath.tasks(try runner.json(["region", "morning"], now: at), "misc"))
        }
        try expectEqual(miscOrder(now), ["Alpha", "Bravo", "Charlie"])

        let moved = try runner.json(["reorder", c, "--position", "1"], now: "2026-11-30T09:10")
        expectEqual(moved["id"] as? String, c)
        try expectEqual(miscOrder("2026-11-30T09:11"), ["Charlie", "Alpha", "Bravo"])
        _ = try runner.json(["reorder", a, "--position", "3"], now: "2026-11-30T09:12")
        try expectEqual(miscOrder("2026-11-30T09:13"), ["Charlie", "Bravo", "Alpha"])
        let today = try runner.json(["today"], now: "2026-11-30T09:14")
        let misc = JSONPath.tasks(today, "regions", "morning", "misc")
        expectEqual(JSONPath.titles(misc), ["Charlie", "Bravo", "Alpha"])
        expectEqual(misc.compactMap { $0["sortOrder"] as? Int }, [0, 1, 2])
        // The other bucket is untouched.
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "regions", "morning", "complementary")), ["Other bucket"])

        for position in ["0", "4"] {
            let refusal = try runner.expectRefused(["reorder", b, "--position", position], now: "2026-11-30T09:15")
            expectEqual(refusal.code, "bad_position")
            expectContains(refusal.message, position)
        }
        try expectEqual(miscOrder("2026-11-30T09:16"), ["Charlie", "Bravo", "Alpha"])
    }

    @Test("B-3 B-11 move between regions and buckets, to the Backlog and back")
    func moveBetweenRegionsAndBuckets() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let id = try runner.add("Sketch the logo", ["--region", "morning"], now: now)

        let toEvening = try runner.json(["move", id, "--region", "evening"], now: now)
        expectEqual(toEvening["region"] as? String, "evening")
        expectEqual(toEvening["bucket"] as? String, "misc")
        var today = try runner.json(["today"], now: now)
        expectEqual(BucketCounts(today: today, "morning"), BucketCounts(0, 0, 0))
        expectEqual(BucketCounts(today: today, "evening"), BucketCounts(0, 0, 1))

        let toMust = try runner.json(["move", id, "--bucket", "must"], now: now)
        expectEqual(toMust["region"] as? String, "evening")
        expectEqual(toMust["bucket"] as? String, "mustDo")

        // Changing region keeps the bucket.
        let toAfternoon = try runner.json(["move", id, "--region", "afternoon"], now: now)
        expectEqual(toAfternoon["bucket"] as? String, "mustDo")
        today = try runner.json(["today"], now: now)
        expectEqual(BucketCounts(today: today, "evening"), BucketCounts(0, 0, 0))
        expectEqual(BucketCounts(today: today, "afternoon"), BucketCounts(1, 0, 0))

        let toBacklog = try runner.json(["move", id, "--backlog"], now: now)
        expectTrue(toBacklog["region"] is NSNull)
        expectTrue(toBacklog["bucket"] is NSNull)
        try expectEqual(runner.backlogGroups(now: now)["Today"], ["Sketch the logo"])
        expectEqual(BucketCounts(today: try runner.json(["today"], now: now), "afternoon"), BucketCounts(0, 0, 0))

        // Pulled from the Backlog back into a region and bucket.
        let back = try runner.json(["move", id, "--region", "morning", "--bucket", "complementary"], now: now)
        expectEqual(back["region"] as? String, "morning")
        expectEqual(back["bucket"] as? String, "complementary")
        expectEqual(back["dueDate"] as? String, "2026-11-30")
        today = try runner.json(["today"], now: now)
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "regions", "morning", "complementary")), ["Sketch the logo"])
        expectEqual(today["backlogCount"] as? Int, 0)
    }

    @Test("B-4 a bucket change or move that would exceed the limit is refused and changes nothing")
    func bucketChangeRespectsLimit() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        try runner.add("The big one", ["--region", "morning", "--bucket", "must"], now: now)
        let small = try runner.add("A small one", ["--region", "morning"], now: now)
        let evening = try runner.add("Evening must", ["--region", "evening", "--bucket", "must"], now: now)

        let change = try runner.expectRefused(["move", small, "--bucket", "must"], now: now)
        expectEqual(change.message, regionFullMessage("Morning"))
        let move = try runner.expectRefused(["move", evening, "--region", "morning"], now: now)
        expectEqual(move.message, regionFullMessage("Morning"))
        try expectEqual(runner.show(small, now: now)["bucket"] as? String, "misc")
        try expectEqual(runner.show(evening, now: now)["region"] as? String, "evening")

        // Moving within its own place is not a second occupant.
        let same = try runner.json(["move", evening, "--region", "evening", "--bucket", "must"], now: now)
        expectEqual(same["bucket"] as? String, "mustDo")
    }

    @Test("B-4 B-5 capacity counts done tasks; a deleted task frees its place; the Backlog is unlimited")
    func capacityCountsDoneTasks() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let ids = try (1...5).map { try runner.add("Misc \($0)", ["--region", "evening"], now: now) }
        for id in ids { _ = try runner.json(["done", id], now: "2026-11-30T10:00") }
        let refusal = try runner.expectRefused(["add", "Sixth", "--region", "evening"], now: "2026-11-30T10:01")
        expectEqual(refusal.message, regionFullMessage("Evening"))

        _ = try runner.json(["delete", ids[0]], now: "2026-11-30T10:02")
        let sixth = try runner.json(["add", "Sixth", "--region", "evening"], now: "2026-11-30T10:03")
        expectEqual(sixth["bucket"] as? String, "misc")
        expectEqual(BucketCounts(today: try runner.json(["today"], now: "2026-11-30T10:04"), "evening"), BucketCounts(0, 0, 5))

        // Twelve in the Backlog is fine.
        for index in 1...12 { try runner.add("Parked \(index)", now: "2026-11-30T10:05") }
        try expectEqual(runner.json(["backlog"], now: "2026-11-30T10:06")["count"] as? Int, 12)
    }

    @Test("B-7 placing on a day sets its due date; moving the due date off that day clears the placement")
    func placingIsScheduling() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let id = try runner.add("Plan the week", ["--region", "morning", "--due", "tomorrow"], now: now)
        let placed = try runner.show(id, now: now)
        expectEqual(placed["dueDate"] as? String, "2026-12-01")
        expectEqual(placed["region"] as? String, "morning")
        expectEqual(BucketCounts(today: try runner.json(["today"], now: now), "morning"), BucketCounts(0, 0, 0))
        let tomorrow = try runner.json(["region", "morning", "--day", "tomorrow"], now: now)
        expectEqual(JSONPath.titles(JSONPath.tasks(tomorrow, "misc")), ["Plan the week"])

        let moved = try runner.json(["edit", id, "--due", "2026-12-05"], now: now)
        expectEqual(moved["dueDate"] as? String, "2026-12-05")
        expectTrue(moved["region"] is NSNull)
        expectTrue(moved["bucket"] is NSNull)
        let emptied = try runner.json(["region", "morning", "--day", "tomorrow"], now: now)
        expectTrue(JSONPath.tasks(emptied, "misc").isEmpty)
        let upcoming = try runner.json(["upcoming"], now: now)
        expectEqual(JSONPath.titles(JSONPath.tasks(upcoming, "tasks")), ["Plan the week"])

        // A Backlog task placed today is due today.
        let parked = try runner.add("Parked", now: now)
        let today = try runner.json(["move", parked, "--region", "evening"], now: now)
        expectEqual(today["dueDate"] as? String, "2026-11-30")
    }

    @Test("B-13 B-11 unfinished tasks roll over to the Backlog at the day boundary and can be pulled back")
    func rolloverAndPullBack() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let id = try runner.add("Unfinished", ["--region", "morning", "--bucket", "must"], now: now)
        let next = "2026-12-01T08:00"
        let rolled = try runner.show(id, now: next)
        expectTrue(rolled["region"] is NSNull)
        expectTrue(rolled["bucket"] is NSNull)
        try expectEqual(runner.backlogGroups(now: next)["Yesterday"], ["Unfinished"])
        let back = try runner.json(["move", id, "--region", "morning", "--bucket", "must"], now: next)
        expectEqual(back["region"] as? String, "morning")
        expectEqual(back["dueDate"] as? String, "2026-12-01")
        try expectEqual(runner.json(["backlog"], now: next)["count"] as? Int, 0)
    }

    @Test("B-17 B-18 Today: per-region progress, overall total / completed / percent, and the Backlog count")
    func todayProgress() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let a = try runner.add("Morning must", ["--region", "morning", "--bucket", "must"], now: now)
        try runner.add("Morning misc", ["--region", "morning"], now: now)
        let c = try runner.add("Evening comp", ["--region", "evening", "--bucket", "complementary"], now: now)
        try runner.add("Parked one", now: now)
        try runner.add("Parked two", now: now)
        _ = try runner.json(["done", a], now: "2026-11-30T10:00")
        _ = try runner.json(["done", c], now: "2026-11-30T10:00")
        let today = try runner.json(["today"], now: "2026-11-30T10:01")
        expectEqual(progressOf(today), [3, 2, 67])
        expectEqual(progressOf(regionObject(today, "morning")), [2, 1, 50])
        expectEqual(progressOf(regionObject(today, "afternoon")), [0, 0, 0])
        expectEqual(progressOf(regionObject(today, "evening")), [1, 1, 100])
        expectEqual(today["backlogCount"] as? Int, 2)
        for key in ["due", "overdue", "habits", "signals"] { expectTrue(today[key] is [Any], "\(key)") }
        expectContains(today.keys, "session")
    }

    @Test("B-17 B-19 empty states: the Today board and a region read as empty, sections in order")
    func emptyStates() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let today = try runner.run(["today"], now: now)
        expectEqual(today.status, 0)
        expectContains(today.stdout, "no Must-Do yet")
        expectContains(today.stdout, "Backlog: 0 tasks")

        let region = try runner.run(["region", "afternoon"], now: now)
        expectEqual(region.status, 0)
        let text = region.stdout
        let must = try #require(text.range(of: "Must-Do 0/1"))
        let comp = try #require(text.range(of: "Complementary 0/3"))
        let misc = try #require(text.range(of: "Misc 0/5"))
        expectTrue(must.lowerBound < comp.lowerBound && comp.lowerBound < misc.lowerBound)

        try runner.add("Only misc", ["--region", "afternoon"], now: now)
        let json = try runner.json(["region", "afternoon"], now: now)
        expectEqual(BucketCounts(region: json), BucketCounts(0, 0, 1))
        expectEqual(json["date"] as? String, "2026-11-30")
    }

    @Test("B-15 history lists the tasks completed on a date with their completion times, in order")
    func history() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let first = try runner.add("First", ["--region", "morning"], now: now)
        let second = try runner.add("Second", ["--region", "evening"], now: now)
        try runner.add("Never done", ["--region", "evening"], now: now)
        _ = try runner.json(["done", second], now: "2026-11-30T11:00")
        _ = try runner.json(["done", first], now: "2026-11-30T15:45")
        let history = try runner.json(["history", "2026-11-30"], now: "2026-12-03T09:00")
        expectEqual(history["date"] as? String, "2026-11-30")
        let tasks = JSONPath.tasks(history, "tasks")
        expectEqual(JSONPath.titles(tasks), ["Second", "First"])
        expectEqual(tasks.compactMap { $0["completedAt"] as? String }, ["2026-11-30T11:00:00+00:00", "2026-11-30T15:45:00+00:00"])
        let yesterday = try runner.json(["history", "yesterday"], now: "2026-12-01T09:00")
        expectEqual(JSONPath.titles(JSONPath.tasks(yesterday, "tasks")), ["Second", "First"])
        expectTrue(JSONPath.tasks(try runner.json(["history", "2026-12-01"], now: "2026-12-03T09:00"), "tasks").isEmpty)
    }
}
