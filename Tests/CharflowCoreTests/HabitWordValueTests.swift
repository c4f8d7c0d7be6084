import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The habit values a person types, each read by its one function (`WordValue.reading`): what both
/// front ends take, and the refusal of a word that is not of the form.
@Suite("Habit word values")
struct HabitWordValueTests {
    @Test("H-2 --days reads daily, ISO numbers and day names; all seven days are daily")
    func scheduleDays() throws {
        try expectEqual(HabitSchedule.reading("daily"), .daily)
        try expectEqual(HabitSchedule.reading("DAILY"), .daily)
        try expectEqual(HabitSchedule.reading("1,3"), .custom([.monday, .wednesday]))
        try expectEqual(HabitSchedule.reading("mon, Thursday"), .custom([.monday, .thursday]))
        try expectEqual(HabitSchedule.reading("1,2,3,4,5,6,7"), .daily)
    }

    @Test("H-2 a day that is none, or no day at all, is refused naming it")
    func scheduleDaysRefused() {
        #expect(throws: InputError.invalidWord(what: "day", given: "9", expected: "ISO numbers 1–7 or names like mon")) {
            try HabitSchedule.reading("1,9")
        }
        #expect(throws: InputError.invalidWord(what: "day", given: "someday", expected: "ISO numbers 1–7 or names like mon")) {
            try HabitSchedule.reading("someday")
        }
        #expect(throws: InputError.invalidWord(what: "days", given: ",", expected: "at least one day")) {
            try HabitSchedule.reading(",")
        }
    }

    @Test("H-2 --per-week takes 1 to 7; anything else is refused in the schedule's words")
    func timesPerWeek() throws {
        try expectEqual(TimesPerWeek.reading("3").value, 3)
        try expectEqual(TimesPerWeek.reading("7").value, 7)
        for word in ["0", "8", "three", "", "99999999999999999999"] {
            #expect(throws: InputError.invalidWord(what: "times a week", given: word, expected: "1 to 7")) {
                try TimesPerWeek.reading(word)
            }
        }
    }

    @Test("H-10 H-11 a target, a count and minutes are bounded where they enter; a word that is no number is no number")
    func boundedNumbers() throws {
        try expectEqual(HabitTarget.reading("0").value, 0)
        try expectEqual(HabitCount.reading("10000").value, 10_000)
        try expectEqual(HabitMinutes.reading("1440").value, 1440)
        try expectEqual(GridWeeks.reading("260").value, 260)
        #expect(throws: PlannerError.outOfRange(what: "a target", given: "100001", range: "0 to 100000")) {
            try HabitTarget.reading("100001")
        }
        #expect(throws: PlannerError.outOfRange(what: "the count of one log", given: "9223372036854775807", range: "1 to 10000")) {
            try HabitCount.reading("9223372036854775807")
        }
        #expect(throws: PlannerError.outOfRange(what: "the minutes of one log", given: "0", range: "1 to 1440")) {
            try HabitMinutes.reading("0")
        }
        #expect(throws: PlannerError.outOfRange(what: "the number of weeks", given: "261", range: "1 to 260")) {
            try GridWeeks.reading("261")
        }
        #expect(throws: UsageRefusal.notANumber(option: "", given: "lots")) { try HabitCount.reading("lots") }
        #expect(throws: UsageRefusal.notANumber(option: "", given: "1e3")) { try HabitMinutes.reading("1e3") }
    }

    @Test("H-12 a habit's effort is 1 to 1440 minutes or none, in any case")
    func effort() throws {
        try expectEqual(HabitEffort.reading("20").minutes, 20)
        try expectEqual(HabitEffort.reading("1440").minutes, 1440)
        try expectEqual(HabitEffort.reading("none").minutes, nil)
        try expectEqual(HabitEffort.reading("None").minutes, nil)
        for word in ["0", "1441", "-5", "half an hour"] {
            #expect(throws: InputError.badEffort(word)) { try HabitEffort.reading(word) }
        }
    }

    @Test("H-12 a habit session's settle reads all four choices, and names only done and stop when refusing")
    func settle() throws {
        try expectEqual(HabitSettle.reading("Done").choice, .done)
        try expectEqual(HabitSettle.reading("stop").choice, .stop)
        // Read, so the rule can refuse them in its own words (habit_settle).
        try expectEqual(HabitSettle.reading("defer").choice, .defer)
        try expectEqual(HabitSettle.reading("drop").choice, .drop)
        #expect(throws: InputError.invalidWord(what: "settle choice", given: "later", expected: "done or stop")) {
            try HabitSettle.reading("later")
        }
    }

    @Test("H-15 a pause's reason is one of four; its days are DATE-WORDs naming a day, resolved on today")
    func pause() throws {
        try expectEqual(PauseReason.reading("Travel"), .travel)
        #expect(throws: InputError.invalidWord(what: "reason", given: "holiday", expected: "travel, illness, cycle or other")) {
            try PauseReason.reading("holiday")
        }
        for zoneID in Fixture.zoneIDs {
            let calendar = try Fixture.calendar(zoneID)
            let today = try Fixture.day("2026-03-28")
            try expectEqual(PauseDay.reading("tomorrow").day(today: today, calendar: calendar), Fixture.day("2026-03-29"))
            try expectEqual(PauseDay.reading("2026-04-02").day(today: today, calendar: calendar), Fixture.day("2026-04-02"))
            try expectEqual(PauseDay(Fixture.day("2026-03-30")).day(today: today, calendar: calendar), Fixture.day("2026-03-30"))
            // Someday is a DATE-WORD, but no day: refused quoting the word as given.
            let someday = try PauseDay.reading("Someday")
            #expect(throws: InputError.badDate("Someday")) { try someday.day(today: today, calendar: calendar) }
        }
        #expect(throws: InputError.badDate("soon")) { try PauseDay.reading("soon") }
    }

    @Test("H-10 H-20 H-4 a kind, a preset and a window are read in any case; an unknown one is refused naming it")
    func kindPresetWindow() throws {
        try expectEqual(HabitKind.reading("Counted"), .counted)
        #expect(throws: InputError.invalidWord(what: "kind", given: "daily", expected: "binary, counted, timed or avoid")) {
            try HabitKind.reading("daily")
        }
        try expectEqual(HabitPreset.reading("QURAN"), .quran)
        #expect(throws: PlannerError.unknownPreset("yoga")) { try HabitPreset.reading("yoga") }
        let window = try WindowSpec.reading("Morning 06:00-09:00 remind 06:30")
        expectEqual(window, WindowSpec(label: "Morning", start: try Fixture.time("06:00"), end: try Fixture.time("09:00"),
                                     reminder: try Fixture.time("06:30")))
        #expect(throws: InputError.badWindow("Morning 09:00-06:00")) { try WindowSpec.reading("Morning 09:00-06:00") }
    }
}
