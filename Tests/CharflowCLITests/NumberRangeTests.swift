import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Every number is checked where it enters, so none can overflow later (issue 17, item 12).
@Suite("Number ranges: refused where they enter, never a crash")
struct NumberRangeTests {
    static let huge = ["9223372036854775807", "-9223372036854775808", "99999999999999999999999", "10001"]

    @Test("H-10 habit log --count beyond one log's range is refused, and the next log still works", arguments: huge)
    func habitCount(count: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.addHabit("Water", ["--kind", "counted", "--target", "8"], now: "2026-11-30T08:00")
        let refused = try cf.expectRefused(["habit", "log", "Water", "--count=" + count], now: "2026-11-30T09:00")
        expectEqual(refused.code, "out_of_range", "\(refused)")
        expectContains(refused.message, "1 to 10000", "\(refused)")
        try cf.ok(["habit", "log", "Water", "--count", "10000"], now: "2026-11-30T09:01")
        try cf.ok(["habit", "log", "Water", "--count", "3"], now: "2026-11-30T09:02")
    }

    @Test("H-11 habit log --minutes beyond a day is refused at once", arguments: huge + ["1441", "0"])
    func habitMinutes(minutes: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.addHabit("Read", ["--kind", "timed", "--target", "30"], now: "2026-11-30T08:00")
        let refused = try cf.expectRefused(["habit", "log", "Read", "--minutes=" + minutes], now: "2026-11-30T09:00")
        expectEqual(refused.code, "out_of_range", "\(refused)")
        try cf.ok(["habit", "log", "Read", "--minutes", "1440"], now: "2026-11-30T09:01")
    }

    @Test("H-10 a day's count stored past any sane size (an old store) refuses the next log instead of crashing")
    func storedAmountNearTheTop() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.addHabit("Water", ["--kind", "counted", "--target", "8"], now: "2026-11-30T08:00")
        try cf.ok(["habit", "log", "Water"], now: "2026-11-30T08:30")
        try cf.storeSQL("UPDATE habit_entries SET amount = 9223372036854775807")
        let refused = try cf.expectRefused(["habit", "log", "Water", "--count", "5"], now: "2026-11-30T09:00")
        expectEqual(refused.code, "out_of_range")
    }

    @Test("H-2 H-10 habit targets and grid weeks are bounded", arguments: [
        ["habit", "add", "Water", "--kind", "counted", "--target", "9223372036854775807"],
        ["habit", "add", "Water", "--kind", "counted", "--target", "100001"],
        ["habit", "add", "Water", "--kind", "counted", "--target", "99999999999999999999999"],
        ["habit", "grid", "Walk", "--weeks", "9223372036854775807"],
        ["habit", "grid", "Walk", "--weeks", "261"],
    ])
    func habitOptions(arguments: [String]) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.addHabit("Walk", now: "2026-11-30T08:00")
        let refused = try cf.expectRefused(arguments, now: "2026-11-30T09:00")
        expectContains(["out_of_range", "bad_target"], refused.code, "\(refused)")
    }

    @Test("B-12 reorder --position and check N take bounded numbers", arguments: [
        "9223372036854775807", "-9223372036854775808", "99999999999999999999999", "0",
    ])
    func positions(number: String) throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        let id = try cf.add("Tidy desk", ["--region", "morning", "--notes", "- [ ] drawer"])
        let reorder = try cf.expectRefused(["reorder", id, "--position=" + number], now: "2026-11-30T09:00")
        expectContains(["out_of_range", "bad_position"], reorder.code, "\(reorder)")
        let check = try cf.expectRefused(["check", id, number], now: "2026-11-30T09:00")
        expectContains(["out_of_range", "no_checklist_item"], check.code, "\(check)")
    }

    @Test("B-12 a word that is no number at all stays a usage error (exit 2)")
    func notANumber() throws {
        let cf = try CharflowRunner()
        defer { cf.removeFolder() }
        try cf.addHabit("Water", ["--kind", "counted", "--target", "8"], now: "2026-11-30T08:00")
        try expectEqual(cf.run(["habit", "log", "Water", "--count", "lots"]).status, 2)
        try expectEqual(cf.run(["habit", "log", "Water", "--count", "1e3"]).status, 2)
    }
}
