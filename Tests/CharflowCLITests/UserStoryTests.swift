import CharflowTestSupport
import Foundation
import Testing

/// The four user stories of charflow-requirements.md §5, through the command line with `--now`.
@Suite("User stories §5")
struct UserStoryTests {
    /// Story 1's plan: Morning with a Must-Do, a Complementary and a Misc task, made at 07:00.
    struct MorningPlan {
        let proposal: String
        let emails: String
        let plants: String
    }

    static func planMorning(_ runner: CharflowRunner, now: String = "2026-11-30T07:00") throws -> MorningPlan {
        MorningPlan(
            proposal: try runner.add("Finish project proposal", ["--region", "morning", "--bucket", "must"], now: now),
            emails: try runner.add("Reply to emails", ["--region", "morning", "--bucket", "complementary"], now: now),
            plants: try runner.add("Water plants", ["--region", "morning"], now: now))
    }

    // MARK: Story 1

    @Test("B-1 B-2 B-6 B-17 B-19 Story 1: morning planning at 07:00 shows 1/1, 1/3, 1/5 on the Morning card")
    func story1MorningPlanning() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let now = "2026-11-30T07:00"

        // The Today view at 07:00: the Morning card is empty and ready.
        let empty = try runner.json(["today"], now: now)
        expectEqual(empty["date"] as? String, "2026-11-30")
        expectEqual(BucketCounts(today: empty, "morning"), BucketCounts(0, 0, 0))
        expectEqual(progressOf(empty), [0, 0, 0])
        let emptyRegion = try runner.json(["region", "morning"], now: now)
        expectEqual(emptyRegion["region"] as? String, "morning")
        expectEqual(BucketCounts(region: emptyRegion), BucketCounts(0, 0, 0))

        // Quick add in the Morning region: Must-Do 1/1.
        let proposal = try runner.json(["add", "Finish project proposal", "--region", "morning", "--bucket", "must"],
                                       now: now)
        expectEqual(proposal["title"] as? String, "Finish project proposal")
        expectEqual(proposal["region"] as? String, "morning")
        expectEqual(proposal["bucket"] as? String, "mustDo")
        expectEqual(proposal["dueDate"] as? String, "2026-11-30")
        var region = try runner.json(["region", "morning"], now: now)
        expectEqual(JSONPath.titles(JSONPath.tasks(region, "mustDo")), ["Finish project proposal"])
        expectEqual(BucketCounts(region: region), BucketCounts(1, 0, 0))

        // Complementary 1/3.
        let emails = try runner.json(["add", "Reply to emails", "--region", "morning", "--bucket", "complementary"],
                                     now: now)
        expectEqual(emails["bucket"] as? String, "complementary")
        region = try runner.json(["region", "morning"], now: now)
        expectEqual(JSONPath.titles(JSONPath.tasks(region, "complementary")), ["Reply to emails"])
        expectEqual(BucketCounts(region: region), BucketCounts(1, 1, 0))

        // Misc 1/5: a task placed without a bucket goes to Misc (B-6).
        let plants = try runner.json(["add", "Water plants", "--region", "morning"], now: now)
        expectEqual(plants["bucket"] as? String, "misc")
        region = try runner.json(["region", "morning"], now: now)
        expectEqual(JSONPath.titles(JSONPath.tasks(region, "misc")), ["Water plants"])
        expectEqual(BucketCounts(region: region), BucketCounts(1, 1, 1))
        expectEqual(progressOf(region), [3, 0, 0])

        // Back on Today: the Morning card shows the Must-Do's title with 1 Complementary and 1 Misc.
        let today = try runner.json(["today"], now: now)
        expectEqual(JSONPath.titles(JSONPath.tasks(today, "regions", "morning", "mustDo")), ["Finish project proposal"])
        expectEqual(BucketCounts(today: today, "morning"), BucketCounts(1, 1, 1))
        expectEqual(BucketCounts(today: today, "afternoon"), BucketCounts(0, 0, 0))
        expectEqual(BucketCounts(today: today, "evening"), BucketCounts(0, 0, 0))
        expectEqual(progressOf(today), [3, 0, 0])
        expectEqual(today["backlogCount"] as? Int, 0)

        // The text card reads the same counts.
        let text = try runner.run(["today"], now: now)
        expectEqual(text.status, 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let mustLine = try #require(lines.first { $0.contains("Finish project proposal") })
        expectContains(mustLine, "Must-Do 1/1")
        expectTrue(lines.contains { $0.contains("Complementary 1/3") && $0.contains("Reply to emails") })
        expectTrue(lines.contains { $0.contains("Misc 1/5") && $0.contains("Water plants") })
    }

    // MARK: Story 2

    @Test("B-8 B-22 Story 2: at 13:00 the Must-Do then a Complementary are completed, and stay done across runs")
    func story2FocusedExecution() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let plan = try Self.planMorning(runner)

        // Opening Morning at 13:00: the Must-Do is first.
        let region = try runner.json(["region", "morning"], now: "2026-11-30T13:00")
        expectEqual(JSONPath.tasks(region, "mustDo").first?["id"] as? String, plan.proposal)

        let must = try runner.json(["done", plan.proposal], now: "2026-11-30T13:00")
        expectEqual(must["isCompleted"] as? Bool, true)
        expectEqual(must["completedAt"] as? String, "2026-11-30T13:00:00+00:00")
        expectEqual(must["region"] as? String, "morning")

        let emails = try runner.json(["done", plan.emails], now: "2026-11-30T13:20")
        expectEqual(emails["isCompleted"] as? Bool, true)
        expectEqual(emails["completedAt"] as? String, "2026-11-30T13:20:00+00:00")

        // A later run (a restart) reads the same state.
        let after = try runner.json(["region", "morning"], now: "2026-11-30T15:00")
        expectEqual(JSONPath.tasks(after, "mustDo").first?["isCompleted"] as? Bool, true)
        expectEqual(JSONPath.tasks(after, "complementary").first?["isCompleted"] as? Bool, true)
        expectEqual(JSONPath.tasks(after, "misc").first?["isCompleted"] as? Bool, false)
        expectEqual(progressOf(after), [3, 2, 67])
        let today = try runner.json(["today"], now: "2026-11-30T15:00")
        expectEqual(progressOf(today), [3, 2, 67])
        try expectEqual(runner.show(plan.emails, now: "2026-11-30T15:00")["isCompleted"] as? Bool, true)
    }

    @Test("B-20 Story 2 with lock-complementary on: a Complementary cannot be completed while the Must-Do is open")
    func story2Lock() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let plan = try Self.planMorning(runner)
        let afternoonExtra = try runner.add("Book the venue", ["--region", "afternoon", "--bucket", "complementary"],
                                           now: "2026-11-30T07:05")
        let setting = try runner.json(["settings", "lock-complementary", "on"], now: "2026-11-30T07:10")
        expectEqual(setting["lock-complementary"] as? String, "on")

        let locked = try runner.json(["today"], now: "2026-11-30T13:00")
        expectEqual(regionObject(locked, "morning")["complementaryLocked"] as? Bool, true)

        let refusal = try runner.expectRefused(["done", plan.emails], now: "2026-11-30T13:00")
        expectEqual(refusal.code, "locked")
        expectContains(refusal.message, "Morning")
        expectContains(refusal.message, "Must-Do")
        try expectEqual(runner.show(plan.emails, now: "2026-11-30T13:00")["isCompleted"] as? Bool, false)

        // The lock is per region: Afternoon has no Must-Do, so its Complementary is free.
        let free = try runner.json(["done", afternoonExtra], now: "2026-11-30T13:01")
        expectEqual(free["isCompleted"] as? Bool, true)

        // Misc is never locked.
        try expectEqual(runner.json(["done", plan.plants], now: "2026-11-30T13:02")["isCompleted"] as? Bool, true)

        // Once the Must-Do is done, the Complementary unlocks.
        _ = try runner.json(["done", plan.proposal], now: "2026-11-30T13:05")
        let unlocked = try runner.json(["today"], now: "2026-11-30T13:06")
        expectEqual(regionObject(unlocked, "morning")["complementaryLocked"] as? Bool, false)
        let emails = try runner.json(["done", plan.emails], now: "2026-11-30T13:10")
        expectEqual(emails["isCompleted"] as? Bool, true)
    }

    // MARK: Story 3

    /// How Story 3's day ends: the default midnight rollover, or a 04:00 one.
    struct DayEnd: CustomTestStringConvertible, Sendable {
        let rolloverTime: String?
        /// A moment after midnight (or late evening) that still belongs to Monday 30 November.
        let stillMonday: String
        /// The first moment that belongs to Tuesday 1 December.
        let tuesday: String
        /// The offset-form instant of `stillMonday` (London, GMT in winter).
        let stillMondayInstant: String

        var testDescription: String { rolloverTime.map { "rollover at \($0)" } ?? "default rollover (00:00)" }
    }

    static let dayEnds = [
        DayEnd(rolloverTime: nil, stillMonday: "2026-11-30T23:59", tuesday: "2026-12-01T00:00",
               stillMondayInstant: "2026-11-30T23:59:00+00:00"),
        DayEnd(rolloverTime: "04:00", stillMonday: "2026-12-01T02:00", tuesday: "2026-12-01T04:30",
               stillMondayInstant: "2026-12-01T02:00:00+00:00"),
    ]

    @Test("B-13 B-14 B-15 B-16 Story 3: at the day boundary unfinished tasks go to the Backlog under Yesterday",
          arguments: dayEnds)
    func story3EndOfDayCleanup(_ end: DayEnd) throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let monday = "2026-11-30T09:00"
        if let time = end.rolloverTime {
            try expectEqual(runner.json(["settings", "rollover-time", time], now: "2026-11-30T08:00")["rollover-time"]
                        as? String, time)
        }
        let plants = try runner.add("Water plants", ["--region", "morning", "--notes", "the balcony ones too"],
                                    now: monday)
        let report = try runner.add("Finish report", ["--region", "afternoon", "--bucket", "must"], now: monday)
        let notes = try runner.add("Write notes", ["--region", "morning", "--bucket", "complementary"], now: monday)
        let walk = try runner.add("Evening walk", ["--region", "evening"], now: monday)
        _ = try runner.json(["done", notes], now: "2026-11-30T17:00")
        let plantsBefore = try runner.show(plants, now: "2026-11-30T17:00")

        // Just before the boundary no rollover runs: a command changes nothing, and the board is Monday's.
        let before = try runner.contents()
        _ = try runner.json(["backlog"], now: end.stillMonday)
        try expectEqual(runner.contents(), before, "the store changed before the day ended")
        let late = try runner.json(["today"], now: end.stillMonday)
        expectEqual(late["date"] as? String, "2026-11-30")
        expectEqual(JSONPath.titles(JSONPath.tasks(late, "regions", "morning", "misc")), ["Water plants"])
        expectEqual(JSONPath.titles(JSONPath.tasks(late, "regions", "afternoon", "mustDo")), ["Finish report"])
        expectEqual(late["backlogCount"] as? Int, 0)

        // Completed in the last minutes of Monday: history of Monday, whatever the calendar date.
        let walkDone = try runner.json(["done", walk], now: end.stillMonday)
        expectEqual(walkDone["completedAt"] as? String, end.stillMondayInstant)

        // The next logical day: regions empty, the Backlog holds the two unfinished tasks.
        let today = try runner.json(["today"], now: end.tuesday)
        expectEqual(today["date"] as? String, "2026-12-01")
        for name in ["morning", "afternoon", "evening"] {
            expectEqual(BucketCounts(today: today, name), BucketCounts(0, 0, 0), "\(name) not empty")
        }
        expectEqual(progressOf(today), [0, 0, 0])
        expectEqual(today["backlogCount"] as? Int, 2)

        let groups = try runner.backlogGroups(now: end.tuesday)
        expectEqual(Set(groups["Yesterday"] ?? []), ["Water plants", "Finish report"])
        expectEqual(groups["Today"], [])
        expectEqual(groups["This Week"], [])
        expectEqual(groups["Older"], [])
        for task in try runner.backlogTasks(now: end.tuesday) {
            expectTrue(task["region"] is NSNull, "\(task["title"] ?? "") kept its region")
            expectTrue(task["bucket"] is NSNull, "\(task["title"] ?? "") kept its bucket")
        }

        // Metadata is carried: notes and creation time.
        let plantsAfter = try runner.show(plants, now: end.tuesday)
        expectEqual(plantsAfter["notes"] as? String, "the balcony ones too")
        expectEqual(plantsAfter["createdAt"] as? String, plantsBefore["createdAt"] as? String)
        expectEqual(plantsAfter["isCompleted"] as? Bool, false)

        // Completed tasks stay as Monday's history, in their regions.
        let history = try runner.json(["history", "2026-11-30"], now: end.tuesday)
        expectEqual(Set(JSONPath.titles(JSONPath.tasks(history, "tasks"))), ["Write notes", "Evening walk"])
        let notesTask = try runner.show(notes, now: end.tuesday)
        expectEqual(notesTask["region"] as? String, "morning")
        expectEqual(notesTask["dueDate"] as? String, "2026-11-30")
        expectEqual(notesTask["completedAt"] as? String, "2026-11-30T17:00:00+00:00")
        let tuesdayHistory = try runner.json(["history", "2026-12-01"], now: end.tuesday)
        expectTrue(JSONPath.tasks(tuesdayHistory, "tasks").isEmpty)

        // "Finish report" goes back to Afternoon, then gets its bucket.
        let moved = try runner.json(["move", report, "--region", "afternoon"], now: end.tuesday)
        expectEqual(moved["region"] as? String, "afternoon")
        expectEqual(moved["dueDate"] as? String, "2026-12-01")
        expectEqual(moved["bucket"] as? String, "misc")
        let bucketed = try runner.json(["move", report, "--bucket", "must"], now: end.tuesday)
        expectEqual(bucketed["bucket"] as? String, "mustDo")
        let replanned = try runner.json(["today"], now: end.tuesday)
        expectEqual(JSONPath.titles(JSONPath.tasks(replanned, "regions", "afternoon", "mustDo")), ["Finish report"])
        expectEqual(replanned["backlogCount"] as? Int, 1)
        try expectEqual(runner.backlogGroups(now: end.tuesday)["Yesterday"], ["Water plants"])
    }

    // MARK: Story 4

    /// Story 4's Backlog on Wednesday 2 December: 8 tasks from Monday, Tuesday and Wednesday.
    struct TriageBacklog {
        var ids: [String: String] = [:]
        static let wednesday = "2026-12-02T08:00"
        static let thisWeek = ["Expired project research", "Read chapter 4", "Plan offsite"]
        static let yesterday = ["Finish report", "Call the bank", "Renew passport"]
        static let today = ["Buy stamps", "Sort photos"]

        init(_ runner: CharflowRunner) throws {
            for title in Self.thisWeek { ids[title] = try runner.add(title, now: "2026-11-30T09:00") }
            // Tuesday: two tasks placed and left unfinished, one parked straight away.
            ids["Finish report"] = try runner.add("Finish report", ["--region", "afternoon"], now: "2026-12-01T09:00")
            ids["Call the bank"] = try runner.add("Call the bank", ["--region", "evening"], now: "2026-12-01T09:00")
            ids["Renew passport"] = try runner.add("Renew passport", now: "2026-12-01T10:00")
            for title in Self.today { ids[title] = try runner.add(title, now: "2026-12-02T07:30") }
        }
    }

    @Test("B-16 B-17 Story 4: 8 Backlog tasks from the past 3 days grouped Today / Yesterday / This Week with counts")
    func story4Grouping() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        _ = try TriageBacklog(runner)
        let now = TriageBacklog.wednesday
        let backlog = try runner.json(["backlog"], now: now)
        expectEqual(backlog["count"] as? Int, 8)
        let groups = try runner.backlogGroups(now: now)
        expectEqual(groups.keys.sorted(), ["Older", "This Week", "Today", "Yesterday"])
        expectEqual(Set(groups["Today"] ?? []), Set(TriageBacklog.today))
        expectEqual(Set(groups["Yesterday"] ?? []), Set(TriageBacklog.yesterday))
        expectEqual(Set(groups["This Week"] ?? []), Set(TriageBacklog.thisWeek))
        expectEqual(groups["Older"], [])
        let order = (backlog["groups"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        expectEqual(order, ["Today", "Yesterday", "This Week", "Older"])
        try expectEqual(runner.json(["today"], now: now)["backlogCount"] as? Int, 8)
    }

    @Test("B-4 B-9 B-11 B-17 Story 4: a full Afternoon refuses another task with the exact message; delete updates the count")
    func story4Triage() throws {
        let runner = try CharflowRunner()
        defer { runner.removeFolder() }
        let backlog = try TriageBacklog(runner)
        let now = TriageBacklog.wednesday
        let report = try #require(backlog.ids["Finish report"])

        // Afternoon already has its Must-Do; "Finish report" goes to Complementary.
        try runner.add("Prepare slides", ["--region", "afternoon", "--bucket", "must"], now: now)
        let moved = try runner.json(["move", report, "--region", "afternoon", "--bucket", "complementary"], now: now)
        expectEqual(moved["region"] as? String, "afternoon")
        expectEqual(moved["bucket"] as? String, "complementary")
        try expectEqual(runner.json(["today"], now: now)["backlogCount"] as? Int, 7)
        let afterMove = try runner.backlogGroups(now: now)
        expectLacks(afterMove["Yesterday", default: []], "Finish report")

        // Fill Afternoon to 1 / 3 / 5.
        for title in ["Review budget", "Update roadmap"] {
            try runner.add(title, ["--region", "afternoon", "--bucket", "complementary"], now: now)
        }
        for index in 1...5 { try runner.add("Small thing \(index)", ["--region", "afternoon"], now: now) }
        let full = try runner.json(["today"], now: now)
        expectEqual(BucketCounts(today: full, "afternoon"), BucketCounts(1, 3, 5))

        // Every further add or move into Afternoon is refused, in any bucket, with the exact message.
        let expected = regionFullMessage("Afternoon")
        let sortPhotos = try #require(backlog.ids["Sort photos"])
        for bucket in ["must", "complementary", "misc"] {
            let add = try runner.expectRefused(["add", "One more", "--region", "afternoon", "--bucket", bucket], now: now)
            expectEqual(add.message, expected)
            expectEqual(add.code, "region_full")
            let move = try runner.expectRefused(["move", sortPhotos, "--region", "afternoon", "--bucket", bucket],
                                                now: now)
            expectEqual(move.message, expected)
        }
        let plain = try runner.expectRefused(["add", "One more", "--region", "afternoon"], now: now)
        expectEqual(plain.message, expected)
        let raw = try runner.run(["add", "One more", "--region", "afternoon"], now: now)
        #expect(raw.stderr == "charflow: " + expected + "\n" || raw.stderr == expected + "\n")
        expectEqual(BucketCounts(today: try runner.json(["today"], now: now), "afternoon"), BucketCounts(1, 3, 5))

        // Deleting the old task takes it out of the Backlog; the Today count follows.
        let expired = try #require(backlog.ids["Expired project research"])
        let deleted = try runner.json(["delete", expired], now: now)
        expectEqual(deleted["droppedAt"] as? String, "2026-12-02T08:00:00+00:00")
        let groups = try runner.backlogGroups(now: now)
        expectLacks(groups.values.joined(), "Expired project research")
        expectEqual(Set(groups["This Week"] ?? []), ["Read chapter 4", "Plan offsite"])
        try expectEqual(runner.json(["backlog"], now: now)["count"] as? Int, 6)
        try expectEqual(runner.json(["today"], now: now)["backlogCount"] as? Int, 6)

        // "Permanently removed": purge takes it out of the store as well.
        let purged = try runner.json(["purge", expired], now: now)
        expectEqual(purged["purged"] as? String, expired)
        let all = try runner.json(["list", "--all"], now: now)
        expectLacks(JSONPath.titles(JSONPath.tasks(all, "tasks")), "Expired project research")
        try expectEqual(runner.json(["today"], now: now)["backlogCount"] as? Int, 6)
    }
}
