import CharflowTestSupport
import Foundation
import Testing

/// A zone, a day D and a rollover time for the date-sensitive deferral tests.
///
/// D is chosen on or next to a daylight-saving change, so that D → D+1 → D+2 crosses it.
struct DeferralClockCase: Sendable, CustomTestStringConvertible {
    let zone: String
    let day: String
    let rollover: String

    var testDescription: String { "\(zone) \(day) rollover \(rollover)" }

    /// D + `offset` days at `time` (HH:MM), as a `--now` value.
    func at(_ offset: Int, _ time: String) -> String {
        TestDay.adding(offset, to: day) + "T" + time
    }

    func date(_ offset: Int) -> String { TestDay.adding(offset, to: day) }

    /// Late on logical day D + `offset`: 23:30 with a midnight rollover, 02:30 the next morning with 04:00.
    func lateOn(_ offset: Int) -> String {
        rollover == "00:00" ? at(offset, "23:30") : at(offset + 1, "02:30")
    }

    /// Just before logical day D + `offset` begins.
    func justBefore(_ offset: Int) -> String {
        rollover == "00:00" ? at(offset - 1, "23:59") : at(offset, "03:59")
    }

    /// `minutes` after logical day D + `offset` begins.
    func after(_ offset: Int, minutes: Int) -> String {
        let start = rollover == "00:00" ? 0 : 4 * 60
        let total = start + minutes
        return at(offset, String(format: "%02d:%02d", total / 60, total % 60))
    }

    static let all: [DeferralClockCase] = {
        let days = [
            ("Europe/London", "2026-03-28"), ("Europe/London", "2026-03-29"),
            ("America/New_York", "2026-03-07"), ("America/New_York", "2026-03-08"),
            ("America/New_York", "2026-10-31"), ("America/New_York", "2026-11-01"),
        ]
        return days.flatMap { zone, day in
            ["00:00", "04:00"].map { DeferralClockCase(zone: zone, day: day, rollover: $0) }
        }
    }()

    /// A runner in this zone with the rollover time set, at D 08:00.
    func runner() throws -> CharflowRunner {
        let runner = try CharflowRunner(timeZone: zone)
        _ = try runner.json(["settings", "rollover-time", rollover], now: at(0, "08:00"))
        return runner
    }
}

@Suite("defer: deferrals (charflow CLI)")
struct DeferCommandTests {
    static let keepsSlipping = "This one keeps slipping. Pick a day that actually works"
    static let eased = "This one keeps slipping, so I've eased it to low. Raise it again when it's real."

    @Test("T-20 the 1st and 2nd deferral move the task to tomorrow at once, each with a record")
    func firstAndSecondAreInstant() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Call the bank", ["--due", "today"], now: "2026-11-30T09:00")

        let first = try cf.json(["defer", id], now: "2026-11-30T10:00")
        expectEqual(first["dueDate"] as? String, "2026-12-01")
        expectEqual(TaskDocument.int(first, "deferralCount"), 1)
        expectEqual((first["deferral"] as? [String: Any])?["counted"] as? Bool, true)

        let second = try cf.json(["defer", id], now: "2026-12-01T10:00")
        expectEqual(second["dueDate"] as? String, "2026-12-02")
        expectEqual(TaskDocument.int(second, "deferralCount"), 2)

        let records = TaskDocument.deferrals(try cf.show(id, now: "2026-12-01T10:05"))
        expectEqual(records.map { $0["day"] as? String }, ["2026-11-30", "2026-12-01"])
        expectEqual(records.map { $0["deferredTo"] as? String }, ["2026-12-01", "2026-12-02"])
        expectEqual(records.map { $0["reason"] as? String }, ["reschedule", "reschedule"])
    }

    @Test("T-20 the 3rd deferral without a day is refused with \"This one keeps slipping…\", exit 1, store unchanged")
    func thirdNeedsADay() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Renew passport", ["--due", "today"], now: "2026-11-30T09:00")
        _ = try cf.json(["defer", id], now: "2026-11-30T10:00")
        _ = try cf.json(["defer", id], now: "2026-12-01T10:00")

        let refusal = try cf.refusedAfterRollover(["defer", id], now: "2026-12-02T10:00")
        expectTrue(refusal.message.hasPrefix(Self.keepsSlipping))
        expectEqual(refusal.code, "pick_a_day")

        // With a day picked (Wednesday + 3 = Saturday, still this week) and a chip, it goes through.
        let third = try cf.json(["defer", id, "--to", "later-this-week", "--reason", "not-ready"],
                                          now: "2026-12-02T10:01")
        expectEqual(third["dueDate"] as? String, "2026-12-05")
        expectEqual(TaskDocument.int(third, "deferralCount"), 3)
        expectEqual(third["isStale"] as? Bool, true)
        let records = TaskDocument.deferrals(try cf.show(id, now: "2026-12-02T10:02"))
        expectEqual(records.count, 3)
        expectEqual(records.last?["reason"] as? String, "notReady")
        expectEqual(records.last?["deferredTo"] as? String, "2026-12-05")
    }

    @Test("T-10 a deferral's reason chip is stored; without a chip a user deferral is reschedule",
          arguments: [("too-much", "tooMuch"), ("not-ready", "notReady"), ("no-longer", "noLonger"), (nil, "reschedule")])
    func reasonChips(chip: String?, stored: String) throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        let id = try cf.add("Sort the garage", ["--due", "today"], now: "2026-11-30T09:00")
        _ = try cf.json(["defer", id] + (chip.map { ["--reason", $0] } ?? []), now: "2026-11-30T18:45")

        let records = TaskDocument.deferrals(try cf.show(id, now: "2026-11-30T18:46"))
        let record = try #require(records.first)
        expectEqual(records.count, 1)
        expectEqual(record["reason"] as? String, stored)
        expectEqual(record["day"] as? String, "2026-11-30")
        expectEqual(record["deferredTo"] as? String, "2026-12-01")
        expectEqual(record["deferredOn"] as? String, "2026-11-30T18:45:00-05:00")
        expectNotEqual((record["id"] as? String).flatMap(UUID.init(uuidString:)), nil)
    }

    @Test("T-10 an unknown reason chip is refused and nothing is deferred")
    func unknownChip() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Sort the garage", ["--due", "today"], now: "2026-11-30T09:00")
        let refusal = try cf.refusedAfterRollover(["defer", id, "--reason", "lazy"], now: "2026-11-30T10:00")
        expectContains(refusal.message, "lazy")
    }

    @Test("T-21 D11 the 5th deferral raises suggest removal in defer --json, once that week; today's signals say it the next week")
    func fifthSuggestsRemoval() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Learn the banjo", ["--due", "today"], now: "2026-11-30T09:00")
        _ = try cf.json(["defer", id], now: "2026-11-30T10:00")
        _ = try cf.json(["defer", id], now: "2026-12-01T10:00")
        _ = try cf.json(["defer", id, "--to", "tomorrow"], now: "2026-12-02T10:00")
        let fourth = try cf.json(["defer", id, "--to", "tomorrow"], now: "2026-12-03T10:00")
        expectEqual((fourth["deferral"] as? [String: Any])?["suggestRemoval"] as? Bool, false)

        // Four deferrals: stale, not yet a suggestion to let it go.
        let before = try cf.todaySignals(now: "2026-12-04T09:00")
        expectTrue(before.contains { $0.kind == "stale" && $0.task == id })
        expectTrue(!before.contains { $0.kind == "suggestRemoval" })

        let fifth = try cf.json(["defer", id, "--to", "tomorrow"], now: "2026-12-04T10:00")
        expectEqual(TaskDocument.int(fifth, "deferralCount"), 5)
        expectEqual((fifth["deferral"] as? [String: Any])?["suggestRemoval"] as? Bool, true)

        // The defer made the suggestion for this week (D11: once a subject and period); Today makes it again
        // in the next week.
        let after = try cf.todaySignals(now: "2026-12-05T09:00")
        expectTrue(!after.contains { $0.kind == "suggestRemoval" })
        let nextWeek = try cf.todaySignals(now: "2026-12-07T09:00")
        let signal = try #require(nextWeek.first { $0.kind == "suggestRemoval" && $0.task == id })
        expectContains(signal.message, "Learn the banjo")
    }

    @Test("T-19 moving a task that is due later is rescheduling: no count, no record, no easing")
    func reschedulingIsNotDeferring() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Book dentist", ["--due", "2026-12-03", "--importance", "high"],
                                      now: "2026-11-30T09:00")

        let moved = try cf.json(["defer", id, "--to", "2026-12-10"], now: "2026-11-30T10:00")
        expectEqual(moved["dueDate"] as? String, "2026-12-10")
        expectEqual(TaskDocument.int(moved, "deferralCount"), 0)
        expectEqual((moved["deferral"] as? [String: Any])?["counted"] as? Bool, false)
        let edited = try cf.json(["edit", id, "--due", "2026-12-12"], now: "2026-11-30T10:01")
        expectEqual(TaskDocument.int(edited, "deferralCount"), 0)
        expectEqual(edited["importance"] as? String, "high")
        expectTrue(TaskDocument.deferrals(try cf.show(id, now: "2026-11-30T10:02")).isEmpty)

        // Without a day there is nothing to defer yet.
        let refusal = try cf.refusedAfterRollover(["defer", id], now: "2026-11-30T10:03")
        expectEqual(refusal.code, "not_due_yet")
    }

    @Test("T-19 pushing a task due today to a later day by edit is a deferral like any other")
    func editOfADueTaskCounts() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Post parcel", ["--due", "today"], now: "2026-11-30T09:00")
        let edited = try cf.json(["edit", id, "--due", "2026-12-02"], now: "2026-11-30T10:00")
        expectEqual(TaskDocument.int(edited, "deferralCount"), 1)
        let records = TaskDocument.deferrals(try cf.show(id, now: "2026-11-30T10:01"))
        expectEqual(records.count, 1)
        expectEqual(records.first?["deferredTo"] as? String, "2026-12-02")
    }

    @Test("T-22 a second defer on the same logical day refines that day's record (reason, deferredTo) instead of adding")
    func sameDaySecondDeferRefines() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Call plumber", ["--due", "today"], now: "2026-11-30T09:00")
        _ = try cf.json(["defer", id], now: "2026-11-30T10:00")

        let again = try cf.json(["defer", id, "--to", "2026-12-03", "--reason", "too-much"],
                                          now: "2026-11-30T11:00")
        expectEqual(again["dueDate"] as? String, "2026-12-03")
        expectEqual(TaskDocument.int(again, "deferralCount"), 1)
        let records = TaskDocument.deferrals(try cf.show(id, now: "2026-11-30T11:01"))
        expectEqual(records.count, 1)
        expectEqual(records.first?["day"] as? String, "2026-11-30")
        expectEqual(records.first?["deferredTo"] as? String, "2026-12-03", "the record still points at the first choice")
        expectEqual(records.first?["reason"] as? String, "tooMuch", "the chip of the refining choice was lost")
    }

    @Test("T-25 T-22 T-13 an important task the rollover deferred today is offered no Someday, and Someday is refused, as refining today's record eases nothing")
    func somedayOfferedAsTaken() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("File the claim", ["--due", "today", "--importance", "high"], now: "2026-11-30T09:00")
        _ = try cf.json(["defer", id], now: "2026-11-30T10:00")
        // Two days on, the rollover has deferred the overdue task (its second deferral, recorded today).
        let shown = try cf.show(id, now: "2026-12-02T09:00")
        let task = (shown["task"] as? [String: Any]) ?? shown
        expectEqual(TaskDocument.int(task, "deferralCount"), 2)
        expectEqual(task["somedayAllowed"] as? Bool, false, "Someday is offered for a choice that refines today's record")
        expectEqual(task["deferAsksForDay"] as? Bool, false, "a refining choice counts nothing, so asks for no day")
        try cf.expectRefused(["defer", id, "--to", "someday"], now: "2026-12-02T09:05")
        let moved = try cf.json(["defer", id], now: "2026-12-02T09:10")
        expectEqual(TaskDocument.int(moved, "deferralCount"), 2, "tomorrow, offered without the picker, is taken and counts nothing")
    }

    @Test("T-22 Night Planning at 00:30 after a midnight rollover: Keep refines the rollover's record")
    func nightPlanningKeepRefines() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Pay bills", ["--due", "today"], now: "2026-11-30T09:00")
        let kept = try cf.json(["plan", "carry", id, "--keep"], now: "2026-12-01T00:30")
        expectEqual(TaskDocument.int(kept, "deferralCount"), 1)
        expectEqual((kept["deferral"] as? [String: Any])?["refined"] as? Bool, true)
        let records = TaskDocument.deferrals(try cf.show(id, now: "2026-12-01T00:31"))
        expectEqual(records.count, 1)
        expectEqual(records.first?["day"] as? String, "2026-12-01")
        expectEqual(records.first?["reason"] as? String, "reschedule")
        // Later with a chip, still the same night: the same record again.
        let later = try cf.json(["plan", "carry", id, "--later", "2026-12-04", "--reason", "too-much"],
                                          now: "2026-12-01T00:40")
        expectEqual(TaskDocument.int(later, "deferralCount"), 1)
        let refined = TaskDocument.deferrals(try cf.show(id, now: "2026-12-01T00:41"))
        expectEqual(refined.count, 1)
        expectEqual(refined.first?["deferredTo"] as? String, "2026-12-04")
        expectEqual(refined.first?["reason"] as? String, "tooMuch")
    }

    @Test("T-20 a defer late in the logical day goes to the next logical day", arguments: DeferralClockCase.all)
    func lateNightDefer(_ clock: DeferralClockCase) throws {
        let cf = try clock.runner()
        defer { cf.removeFolder() }
        let id = try cf.add("Pay bills", ["--due", "today"], now: clock.at(0, "09:00"))
        let deferred = try cf.json(["defer", id], now: clock.lateOn(0))
        expectEqual(deferred["dueDate"] as? String, clock.date(1))
        let records = TaskDocument.deferrals(try cf.show(id, now: clock.lateOn(0)))
        expectEqual(records.map { $0["day"] as? String }, [clock.date(0)])
    }

    @Test("T-23 T-22 the rollover defers an overdue task automatically; a user defer soon after refines that record",
          arguments: DeferralClockCase.all)
    func rolloverThenUserDeferRefines(_ clock: DeferralClockCase) throws {
        let cf = try clock.runner()
        defer { cf.removeFolder() }
        let id = try cf.add("Pay bills", ["--due", "today"], now: clock.at(0, "09:00"))

        // Before the rollover: nothing has happened to it.
        let before = try cf.show(id, now: clock.justBefore(1))
        expectEqual(TaskDocument.int(before, "deferralCount"), 0)
        expectEmpty(TaskDocument.deferrals(before))

        // After it: one automatic deferral for the new day, reason unspecified, due date kept (overdue).
        let rolled = try cf.show(id, now: clock.after(1, minutes: 30))
        expectEqual(TaskDocument.int(rolled, "deferralCount"), 1)
        expectEqual(rolled["dueDate"] as? String, clock.date(0))
        let automatic = TaskDocument.deferrals(rolled)
        expectEqual(automatic.count, 1)
        expectEqual(automatic.first?["reason"] as? String, "unspecified")
        expectEqual(automatic.first?["day"] as? String, clock.date(1))
        expectEqual(automatic.first?["deferredTo"] as? String, clock.date(1))

        // The user's own choice that same logical day refines the record instead of adding one.
        let user = try cf.json(["defer", id, "--reason", "not-ready"], now: clock.after(1, minutes: 35))
        expectEqual(TaskDocument.int(user, "deferralCount"), 1)
        expectEqual(user["dueDate"] as? String, clock.date(2))
        let change = try #require(user["deferral"] as? [String: Any])
        expectEqual(change["refined"] as? Bool, true)
        expectEqual(change["counted"] as? Bool, false)
        let records = TaskDocument.deferrals(try cf.show(id, now: clock.after(1, minutes: 36)))
        expectEqual(records.count, 1)
        expectEqual(records.first?["day"] as? String, clock.date(1))
        expectEqual(records.first?["reason"] as? String, "notReady")
        expectEqual(records.first?["deferredTo"] as? String, clock.date(2))
        expectEqual(records.first?["id"] as? String, automatic.first?["id"] as? String)
    }

    @Test("T-20 T-23 across the DST change: two deferrals then the 3rd without a day is refused",
          arguments: DeferralClockCase.all)
    func thirdRefusedAcrossDST(_ clock: DeferralClockCase) throws {
        let cf = try clock.runner()
        defer { cf.removeFolder() }
        let id = try cf.add("Pay bills", ["--due", "today"], now: clock.at(0, "09:00"))
        _ = try cf.json(["defer", id], now: clock.lateOn(0))               // 1st, to D+1
        // D+2 opens with the task overdue: the automatic 2nd deferral.
        let rolled = try cf.show(id, now: clock.after(2, minutes: 10))
        expectEqual(TaskDocument.int(rolled, "deferralCount"), 2)
        expectEqual(TaskDocument.deferrals(rolled).last?["reason"] as? String, "unspecified")
        _ = try cf.json(["defer", id], now: clock.after(2, minutes: 20))   // refines, to D+3
        // D+3: due today, two deferrals so far; the third needs a day.
        let refusal = try cf.refusedAfterRollover(["defer", id], now: clock.lateOn(3))
        expectTrue(refusal.message.hasPrefix(Self.keepsSlipping))
        let shown = try cf.show(id, now: clock.lateOn(3))
        expectEqual(TaskDocument.int(shown, "deferralCount"), 2)
        expectEqual(shown["dueDate"] as? String, clock.date(3))
    }

    @Test("T-23 catching up over several missed days gives one automatic deferral for the whole gap")
    func oneDeferralPerGap() throws {
        let cf = try CharflowRunner(timeZone: "America/New_York")
        defer { cf.removeFolder() }
        let id = try cf.add("Return library books", ["--due", "today"], now: "2026-10-30T09:00")
        let shown = try cf.show(id, now: "2026-11-03T09:00")
        expectEqual(TaskDocument.int(shown, "deferralCount"), 1)
        let records = TaskDocument.deferrals(shown)
        expectEqual(records.count, 1)
        expectEqual(records.first?["day"] as? String, "2026-11-03")
        expectEqual(records.first?["reason"] as? String, "unspecified")
        // Done or deleted tasks are never deferred by the rollover.
        let done = try cf.add("Done one", ["--due", "today"], now: "2026-11-03T09:01")
        _ = try cf.json(["done", done], now: "2026-11-03T09:02")
        let dropped = try cf.add("Dropped one", ["--due", "today"], now: "2026-11-03T09:03")
        _ = try cf.json(["delete", dropped], now: "2026-11-03T09:04")
        expectEqual(TaskDocument.int(try cf.show(done, now: "2026-11-05T09:00"), "deferralCount"), 0)
        expectEqual(TaskDocument.int(try cf.show(dropped, now: "2026-11-05T09:00"), "deferralCount"), 0)
    }
}
