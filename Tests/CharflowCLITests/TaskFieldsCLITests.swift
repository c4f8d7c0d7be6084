import CharflowTestSupport
import Foundation
import Testing

@Suite("Task fields, importance, derived order (charflow CLI)")
struct TaskFieldsCLITests {
    static let needsADay = "Important tasks need a day. Lower its importance to park it."
    static let eased = "This one keeps slipping, so I've eased it to low. Raise it again when it's real."

    // MARK: T-1 … T-4

    @Test("T-1 a new task has the table's defaults, with 30 minutes of effort preselected")
    func defaults() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let task = try cf.json(["add", "Buy stamps"], now: "2026-11-30T09:00")
        expectNotEqual((task["id"] as? String).flatMap(UUID.init(uuidString:)), nil)
        expectEqual(task["title"] as? String, "Buy stamps")
        expectTrue(TaskDocument.isNull(task, "notes"))
        expectTrue(TaskDocument.isNull(task, "dueDate"))
        expectEqual(TaskDocument.int(task, "effortMinutes"), 30)
        expectEqual(task["importance"] as? String, "low")
        expectEqual(task["isCompleted"] as? Bool, false)
        expectTrue(TaskDocument.isNull(task, "completedAt"))
        expectTrue(TaskDocument.isNull(task, "droppedAt"))
        expectEqual(TaskDocument.int(task, "deferralCount"), 0)
        expectEqual(task["repeatKind"] as? String, "none")
        expectEqual(task["repeatWeekdays"] as? String, "")
        expectEqual(TaskDocument.int(task, "repeatDayOfMonth"), 0)
        expectTrue(TaskDocument.isNull(task, "seriesID"))
        expectTrue(TaskDocument.isNull(task, "category"))
        expectEqual(task["createdAt"] as? String, "2026-11-30T09:00:00+00:00")
    }

    @Test("T-1 --effort none stores no estimate (nil); a shortcut or stepper value is kept",
          arguments: [("none", nil), ("15", 15), ("60", 60), ("120", 120), ("45", 45), ("480", 480)] as [(String, Int?)])
    func effortValues(_ given: String, _ stored: Int?) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let task = try cf.json(["add", "Estimate me", "--effort", given], now: "2026-11-30T09:00")
        if let stored {
            expectEqual(TaskDocument.int(task, "effortMinutes"), stored)
        } else {
            expectTrue(TaskDocument.isNull(task, "effortMinutes"))
        }
        // `edit` takes the same words.
        let id = try #require(task["id"] as? String)
        let edited = try cf.json(["edit", id, "--effort", "none"], now: "2026-11-30T09:01")
        expectTrue(TaskDocument.isNull(edited, "effortMinutes"))
    }

    @Test("T-2 effort off the 15-minute grid, zero, negative or over 8 hours is refused",
          arguments: ["20", "0", "-15", "495", "500", "abc", "7.5"])
    func badEffort(_ given: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Existing", now: "2026-11-30T09:00")
        let added = try cf.refusedAfterRollover(["add", "Estimate me", "--effort=\(given)"], now: "2026-11-30T09:01")
        expectEqual(added.code, "bad_effort")
        let edited = try cf.refusedAfterRollover(["edit", id, "--effort=\(given)"], now: "2026-11-30T09:02")
        expectEqual(edited.code, "bad_effort")
    }

    @Test("T-2 no estimate counts as zero toward the planned day's load")
    func noEstimateIsZeroLoad() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let now = "2026-11-30T21:00"
        let none = try cf.add("No estimate", ["--effort", "none"], now: now)
        let some = try cf.add("Forty-five", ["--effort", "45"], now: now)
        _ = try cf.json(["plan", "tomorrow", none], now: now)
        var load = try #require(try cf.json(["plan"], now: now)["load"] as? [String: Any])
        expectEqual(TaskDocument.int(load, "taskMinutes"), 0)
        _ = try cf.json(["plan", "tomorrow", some], now: now)
        load = try #require(try cf.json(["plan"], now: now)["load"] as? [String: Any])
        expectEqual(TaskDocument.int(load, "taskMinutes"), 45)
        expectEqual(load["overloaded"] as? Bool, false)
    }

    @Test("T-3 completedAt is set on completion and cleared on un-completion")
    func completedAt() throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        let id = try cf.add("Water plants", ["--due", "today"], now: "2026-11-30T09:00")
        let done = try cf.json(["done", id], now: "2026-11-30T14:25")
        expectEqual(done["isCompleted"] as? Bool, true)
        expectEqual(done["completedAt"] as? String, "2026-11-30T14:25:00-05:00")
        let undone = try cf.json(["undone", id], now: "2026-11-30T14:30")
        expectEqual(undone["isCompleted"] as? Bool, false)
        expectTrue(TaskDocument.isNull(undone, "completedAt"))
    }

    @Test("T-4 a drop sets droppedAt; the task never shows on Today and its data is kept")
    func dropKeepsData() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Old idea", ["--due", "today", "--notes", "keep me"], now: "2026-11-30T09:00")
        let dropped = try cf.json(["delete", id], now: "2026-11-30T09:30")
        expectEqual(dropped["droppedAt"] as? String, "2026-11-30T09:30:00+00:00")

        let today = try cf.json(["today"], now: "2026-11-30T09:31")
        let shown = JSONPath.tasks(today, "due") + JSONPath.tasks(today, "overdue")
        expectTrue(!shown.contains { $0["id"] as? String == id })
        expectTrue(!(try cf.listTasks(now: "2026-11-30T09:31")).contains { $0["id"] as? String == id })
        let kept = try #require(try cf.listTasks(all: true, now: "2026-11-30T09:32").first { $0["id"] as? String == id })
        expectEqual(kept["notes"] as? String, "keep me")
        expectEqual(kept["droppedAt"] as? String, "2026-11-30T09:30:00+00:00")
        // Nor does it come back the next day.
        let tomorrow = try cf.json(["today"], now: "2026-12-01T09:00")
        expectTrue(!(JSONPath.tasks(tomorrow, "overdue")).contains { $0["id"] as? String == id })
    }

    // MARK: Importance

    @Test("T-11 medium and high without a day get today, the day being planned", arguments: ["medium", "high"])
    func importantGetsToday(_ level: String) throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        let task = try cf.json(["add", "File taxes", "--importance", level], now: "2026-11-30T23:50")
        expectEqual(task["importance"] as? String, level)
        expectEqual(task["dueDate"] as? String, "2026-11-30")

        // Raising a Backlog task's importance gives it today too.
        let parked = try cf.add("Someday thing", now: "2026-11-30T23:51")
        let raised = try cf.json(["edit", parked, "--importance", level], now: "2026-11-30T23:52")
        expectEqual(raised["dueDate"] as? String, "2026-11-30")
    }

    @Test("T-11 raised to high while planning tomorrow, a task takes the day being planned")
    func importantTakesPlannedDay() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Parked", now: "2026-11-30T09:00")
        let planned = try cf.json(["plan", "tomorrow", id, "--importance", "high"], now: "2026-11-30T21:00")
        expectEqual(planned["importance"] as? String, "high")
        expectEqual(planned["dueDate"] as? String, "2026-12-01")
    }

    @Test("T-11 an important task's day cannot be cleared while it stays important, but can once lowered")
    func importantDayNotClearable() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("File taxes", ["--importance", "medium", "--due", "2026-12-04"], now: "2026-11-30T09:00")
        let refusal = try cf.refusedAfterRollover(["edit", id, "--due", "someday"], now: "2026-11-30T09:01")
        expectEqual(refusal.message, Self.needsADay)
        expectEqual(refusal.code, "important_needs_day")

        let lowered = try cf.json(["edit", id, "--importance", "low", "--due", "someday"], now: "2026-11-30T09:02")
        expectEqual(lowered["importance"] as? String, "low")
        expectTrue(TaskDocument.isNull(lowered, "dueDate"))
    }

    @Test("T-12 T-25 Someday is refused for medium and high with \"Important tasks need a day…\"",
          arguments: ["medium", "high"])
    func noSomedayForImportant(_ level: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        _ = try cf.add("Existing", now: "2026-11-30T09:00")
        let added = try cf.refusedAfterRollover(["add", "Big thing", "--importance", level, "--due", "someday"],
                                             now: "2026-11-30T09:01")
        expectEqual(added.message, Self.needsADay)

        // In the defer picker too (before the 3rd deferral, nothing eases it).
        let id = try cf.add("Big thing", ["--importance", level, "--due", "today"], now: "2026-11-30T09:02")
        let deferred = try cf.refusedAfterRollover(["defer", id, "--to", "someday"], now: "2026-11-30T09:03")
        expectEqual(deferred.message, Self.needsADay)
    }

    @Test("T-13 the 3rd deferral eases a high task to low, says so, and makes Someday available")
    func thirdDeferralEases() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Write the report", ["--importance", "high", "--due", "today"], now: "2026-11-30T09:00")
        _ = try cf.json(["defer", id], now: "2026-11-30T10:00")
        let second = try cf.json(["defer", id], now: "2026-12-01T10:00")
        expectEqual(second["importance"] as? String, "high")
        expectEqual((second["deferral"] as? [String: Any])?["importanceEased"] as? Bool, false)

        let third = try cf.run(["defer", id, "--to", "someday", "--reason", "too-much"], now: "2026-12-02T10:00")
        expectEqual(third.status, 0, "\(third.stderr)")
        expectContains(third.stdout, Self.eased)

        let shown = try cf.show(id, now: "2026-12-02T10:01")
        expectEqual(shown["importance"] as? String, "low")
        expectTrue(TaskDocument.isNull(shown, "dueDate"))
        expectEqual(TaskDocument.int(shown, "deferralCount"), 3)
        expectTrue(TaskDocument.deferrals(shown).last?["deferredTo"] is NSNull)
    }

    @Test("T-13 defer --json carries deferral.importanceEased on the 3rd deferral of a medium task")
    func easedInJSON() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Write the report", ["--importance", "medium", "--due", "today"], now: "2026-11-30T09:00")
        _ = try cf.json(["defer", id], now: "2026-11-30T10:00")
        _ = try cf.json(["defer", id], now: "2026-12-01T10:00")
        let third = try cf.json(["defer", id, "--to", "next-week"], now: "2026-12-02T10:00")
        expectEqual(third["importance"] as? String, "low")
        expectEqual(third["dueDate"] as? String, "2026-12-07")
        expectEqual((third["deferral"] as? [String: Any])?["importanceEased"] as? Bool, true)
    }

    @Test("T-13 an automatic 3rd deferral at rollover eases importance too, and is never silent")
    func automaticThirdDeferralIsNotSilent() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Write the report", ["--importance", "high", "--due", "today"], now: "2026-11-30T09:00")
        _ = try cf.json(["today"], now: "2026-12-01T09:00")   // automatic 1st
        _ = try cf.json(["today"], now: "2026-12-02T09:00")   // automatic 2nd
        let text = try cf.run(["today"], now: "2026-12-03T09:00")      // automatic 3rd
        expectEqual(text.status, 0)
        let shown = try cf.show(id, now: "2026-12-03T09:01")
        expectEqual(TaskDocument.int(shown, "deferralCount"), 3)
        expectEqual(shown["importance"] as? String, "low")

        let signals = try cf.todaySignals(now: "2026-12-03T09:02")
        let said = text.stdout.contains(Self.eased) || signals.contains { $0.kind == "importanceEased" && $0.task == id }
        expectTrue(said, "the rollover eased “Write the report” to low without saying so")
    }

    @Test("T-14 the prioritisation prompt shows with five or more tasks in the day and fewer than two important",
          arguments: [(5, 1, true), (6, 0, true), (5, 2, false), (4, 1, false), (4, 0, false)])
    func prioritisationPrompt(tasks: Int, important: Int, prompts: Bool) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let now = "2026-11-30T09:00"
        for index in 0..<tasks {
            var options = index < important ? ["--importance", "high"] : []
            // Placed on the board or only due today: both are in the day's plan.
            options += index.isMultiple(of: 2) ? ["--due", "today"] : ["--region", "evening"]
            _ = try cf.add("Task \(index + 1)", options, now: now)
        }
        let prompt = try cf.todaySignals(now: now).first { $0.kind == "prioritisationPrompt" }
        expectEqual((prompt != nil), prompts, "\(tasks) tasks, \(important) important")
        if let prompt {
            expectTrue(!prompt.message.isEmpty)
            expectEqual(prompt.task, nil)
        }
    }

    @Test("T-14 the prompt counts only the day's plan: deleted tasks and other days' tasks are not in it")
    func prioritisationPlanOnly() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let now = "2026-11-30T09:00"
        for index in 0..<4 { _ = try cf.add("Today \(index)", ["--due", "today"], now: now) }
        _ = try cf.add("Tomorrow", ["--due", "tomorrow"], now: now)
        let gone = try cf.add("Deleted", ["--due", "today"], now: now)
        _ = try cf.json(["delete", gone], now: now)
        expectTrue(!(try cf.todaySignals(now: now)).contains { $0.kind == "prioritisationPrompt" })
    }

    // MARK: Derived

    @Test("T-15 T-16 T-17 list orders by quadrant, then due date (undated last), then creation")
    func engineOrder() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        // Monday 30 Nov; tomorrow is inside the urgency window, 2 Dec is not.
        _ = try cf.add("letGo undated", now: "2026-11-30T08:00")
        _ = try cf.add("fitIn today A", ["--due", "today"], now: "2026-11-30T08:01")
        _ = try cf.add("schedule 10 Dec", ["--due", "2026-12-10", "--importance", "high"], now: "2026-11-30T08:02")
        _ = try cf.add("doFirst tomorrow", ["--due", "tomorrow", "--importance", "high"], now: "2026-11-30T08:03")
        _ = try cf.add("doFirst today", ["--due", "today", "--importance", "medium"], now: "2026-11-30T08:04")
        _ = try cf.add("letGo 2 Dec", ["--due", "2026-12-02"], now: "2026-11-30T08:05")
        _ = try cf.add("fitIn tomorrow", ["--due", "tomorrow"], now: "2026-11-30T08:06")
        _ = try cf.add("schedule 5 Dec", ["--due", "2026-12-05", "--importance", "medium"], now: "2026-11-30T08:07")
        _ = try cf.add("fitIn today B", ["--due", "today"], now: "2026-11-30T08:08")

        let listed = try cf.listTasks(now: "2026-11-30T09:00")
        expectEqual(JSONPath.titles(listed), [
            "doFirst today", "doFirst tomorrow", "schedule 5 Dec", "schedule 10 Dec",
            "fitIn today A", "fitIn today B", "fitIn tomorrow", "letGo 2 Dec", "letGo undated",
        ])
        for task in listed {
            let title = task["title"] as? String ?? ""
            let quadrant = String(title.prefix { $0 != " " })
            expectEqual(task["quadrant"] as? String, quadrant, "\(title)")
            #expect(task["isUrgent"] as? Bool == (quadrant == "doFirst" || quadrant == "fitIn"), "\(title)")
        }
    }

    @Test("T-17 the quadrant is never shown as a label in the text views")
    func quadrantNeverShown() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Urgent thing", ["--due", "today", "--importance", "high"], now: "2026-11-30T09:00")
        _ = try cf.add("Later thing", ["--due", "2026-12-20"], now: "2026-11-30T09:00")
        for command in [["today"], ["list"], ["upcoming"], ["show", id]] {
            let out = try cf.run(command, now: "2026-11-30T09:05").stdout
            expectTrue(!out.isEmpty)
            for label in ["doFirst", "fitIn", "letGo", "Do first", "Fit in", "quadrant"] {
                expectLacks(out, label, "`charflow \(command.joined(separator: " "))` shows \(label)")
            }
        }
    }

    @Test("T-16 T-18 three deferrals make a task urgent and stale whatever its date")
    func staleIsUrgent() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Clear the loft", ["--due", "today"], now: "2026-11-30T09:00")
        _ = try cf.json(["defer", id], now: "2026-11-30T10:00")
        let second = try cf.json(["defer", id], now: "2026-12-01T10:00")
        expectEqual(second["isStale"] as? Bool, false)
        _ = try cf.json(["defer", id, "--to", "2026-12-20"], now: "2026-12-02T10:00")
        let task = try #require(try cf.listTasks(now: "2026-12-02T10:01").first { $0["id"] as? String == id })
        expectEqual(task["isStale"] as? Bool, true)
        expectEqual(task["isUrgent"] as? Bool, true)
        expectEqual(task["quadrant"] as? String, "fitIn")
    }
}
