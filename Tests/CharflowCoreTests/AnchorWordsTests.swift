import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The values a person gives an anchor (rule F-2): a duration (cli.md's DURATION), ISO weekdays, a
/// reminder's minutes and a clock time, each read by one function and refused naming what is wrong.
@Suite("Anchor words (F-2)")
struct AnchorWordsTests {
    @Test("F-2 a duration is minutes or hours and minutes, from 1 minute to 12 hours",
          arguments: [("15", 15), ("15m", 15), ("1h", 60), ("1h30m", 90), ("1h30", 90), ("90m", 90), ("2H", 120), ("12h", 720),
                      ("1", 1), ("0h5m", 5)])
    func durations(_ word: String, _ minutes: Int) throws {
        try expectEqual(AnchorDuration.reading(word).minutes, minutes)
    }

    @Test("F-2 what is not a duration is refused as bad_duration, naming it",
          arguments: ["0", "0m", "721", "13h", "1h60m", "h", "m", "", "15 m", "-5", "1.5h", "2d", "fifteen", "1h-5m"])
    func badDurations(_ word: String) {
        #expect(throws: InputError.badDuration(word)) { try AnchorDuration.reading(word) }
        expectEqual(InputError.badDuration(word).code, "bad_duration")
    }

    @Test("F-2 days are ISO numbers or names, any order, or daily; --weekdays means Monday to Friday")
    func days() throws {
        try expectEqual(AnchorDays.reading("1,3,5").days, [.monday, .wednesday, .friday])
        try expectEqual(AnchorDays.reading("sat, sun").days, [.saturday, .sunday])
        try expectEqual(AnchorDays.reading("7,1").days, [.sunday, .monday])
        try expectEqual(AnchorDays.reading("daily").days, Set(Weekday.allCases))
        expectEqual(AnchorTiming.weekdays, [.monday, .tuesday, .wednesday, .thursday, .friday])
        #expect(throws: InputError.self) { try AnchorDays.reading("8") }
        #expect(throws: InputError.self) { try AnchorDays.reading("") }
        #expect(throws: InputError.self) { try AnchorDays.reading("1,,2") }
        // The store's form reads back, and nothing else.
        expectEqual(AnchorTiming.storedDays([.friday, .monday]), "1,5")
        expectEqual(AnchorTiming.days(stored: "1,5"), [.monday, .friday])
        expectEqual(AnchorTiming.days(stored: ""), nil)
        expectEqual(AnchorTiming.days(stored: "0"), nil)
    }

    @Test("F-2 a reminder is 0 to 720 minutes before; none takes it off in an edit")
    func reminders() throws {
        try expectEqual(ReminderMinutes.reading("5").value, 5)
        try expectEqual(ReminderMinutes.reading("0").value, 0)
        #expect(throws: PlannerError.outOfRange(what: "a reminder's minutes", given: "721", range: "0 to 720")) {
            try ReminderMinutes.reading("721")
        }
        #expect(throws: UsageRefusal.self) { try ReminderMinutes.reading("soon") }
        try expectEqual(ReminderChoice.reading("none"), .none)
        try expectEqual(ReminderChoice.reading("10").minutes, 10)
    }

    @Test("F-2 a start is HH:MM, and a prayer one of the five; the day a prayer-time adjustment names is whole minutes within an hour")
    func timesAndPrayers() throws {
        try expectEqual(TimeOfDay.reading("09:30"), TimeOfDay(hour: 9, minute: 30))
        #expect(throws: InputError.invalidWord(what: "time", given: "9.30", expected: "HH:MM")) { try TimeOfDay.reading("9.30") }
        try expectEqual(Prayer.reading("Isha"), .isha)
        #expect(throws: InputError.self) { try Prayer.reading("sunrise") }
        try expectEqual(PrayerMinutes.reading("+2").value, 2)
        try expectEqual(PrayerMinutes.reading("-3").value, -3)
        #expect(throws: InputError.badAdjustment("61")) { try PrayerMinutes.reading("61") }
        try expectEqual(DateWord.reading("tomorrow").day(today: try Fixture.day("2026-03-28")), (try Fixture.day("2026-03-29")))
        #expect(throws: InputError.badDate("someday")) { try DateWord.reading("someday") }
    }
}
