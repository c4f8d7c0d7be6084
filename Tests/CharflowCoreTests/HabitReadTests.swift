import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// `habit.md`: Density, not streaks — the plain-language read — and the derived habit signals (D11).
@Suite("Habit read and signals")
struct HabitReadTests {
    typealias F = HabitRulesFixture

    /// Amounts for `days`: the first `done` of them get `amount`, the rest nothing.
    static func logged(_ days: [String], done: Int, amount: Int = 1) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: days.prefix(done).map { ($0, amount) })
    }

    /// The weekdays of 9–29 November (15 of them).
    static func weekdays() throws -> [String] {
        try F.days(from: "2026-11-09", count: 21).filter { try F.day($0).weekday.rawValue <= 5 }
    }

    @Test("H-18 a daily habit missed on 9 of the last 21 days reads \"Missed 9 of the last 21.\" and offers a lighter cadence")
    func missedNineOfTwentyOne() throws {
        let days = try F.days(from: "2026-11-09", count: 21)
        let history = try F.history(.binary, entries: Self.logged(days, done: 12))
        let numbers = try F.numbers(history)
        expectEqual(numbers.due, 21)
        expectEqual(numbers.missed, 9)
        expectEqual(numbers.complete, 12)
        try expectEqual(F.sentence(history), "Missed 9 of the last 21. Seven a week may be more than this season allows — try four?")
    }

    @Test("H-18 five a week missed more than 40 % of the time: \"Five a week may be more than this season allows — try three?\"")
    func fiveAWeek() throws {
        let days = try Self.weekdays()
        expectEqual(days.count, 15)
        let history = try F.history(.binary, schedule: .weekdays, entries: Self.logged(days, done: 8))
        try expectEqual(F.sentence(history), "Missed 7 of the last 15. Five a week may be more than this season allows — try three?")
        let suggestion = try #require(DensityRead.suggestion(try F.numbers(history), schedule: .weekdays, kind: .binary))
        expectEqual(suggestion.0, 5)
        expectEqual(suggestion.1, 3)
    }

    @Test("H-18 at 40 % missed or less the read only gives the numbers")
    func noSuggestionAtThreshold() throws {
        let history = try F.history(.binary, schedule: .weekdays, entries: Self.logged(try Self.weekdays(), done: 9))
        try expectEqual(F.sentence(history), "Missed 6 of the last 15.")
        expectEqual(DensityRead.suggestion(try F.numbers(history), schedule: .weekdays, kind: .binary), nil)
    }

    @Test("H-18 with nothing missed it says how many were done; partial days are counted as partly")
    func doneAndPartly() throws {
        let days = try F.days(from: "2026-11-09", count: 21)
        let all = try F.history(.binary, entries: Self.logged(days, done: 21))
        try expectEqual(F.sentence(all), "Done on 21 of the last 21.")
        var entries = Self.logged(days, done: 18, amount: 3)
        entries[days[18]] = 1
        entries[days[19]] = 2
        let counted = try F.history(.counted, target: 3, entries: entries)
        try expectEqual(F.sentence(counted), "Missed 1 of the last 21. 2 partly.")
    }

    @Test("H-18 a habit with nothing due yet says so; one begun today says nothing was due before today")
    func nothingDue() throws {
        let history = try F.history(.binary, firstDay: F.today)
        try expectEqual(F.sentence(history), "Nothing was due before today.")
    }

    @Test("H-18 a habit begun today and logged today says what today holds, not only that nothing was due before")
    func begunTodayAndLogged() throws {
        let done = try F.history(.binary, firstDay: F.today, entries: [F.today: 1])
        try expectEqual(F.sentence(done), "Nothing was due before today; today is done.")
        let partly = try F.history(.counted, target: 8, firstDay: F.today, entries: [F.today: 6])
        try expectEqual(F.sentence(partly), "Nothing was due before today; today is under way.")
    }

    @Test("H-18 H-8 a weekly habit with one full week behind it says whether that week was met, not \"1 of the last 1 week\"")
    func oneWeekLooked() throws {
        // Three a week from Monday 16 November: the week of 16–22 is the one full week before this (23–29 is the other).
        let met = ["2026-11-23": 1, "2026-11-25": 1, "2026-11-27": 1]
        let history = try F.history(.binary, schedule: .timesPerWeek(3), firstDay: "2026-11-23", entries: met)
        try expectEqual(F.numbers(history).weeksLooked, 1)
        try expectEqual(F.sentence(history), "0 of 3 this week. Met last week.")
        let notMet = try F.history(.binary, schedule: .timesPerWeek(3), firstDay: "2026-11-23", entries: ["2026-11-23": 1])
        expectTrue(try F.sentence(notMet).hasPrefix("0 of 3 this week. Not met last week."))
    }

    @Test("H-18 H-8 weekly habits speak in weeks: this week's count and the last three full weeks")
    func weeklyRead() throws {
        // Three a week from Monday 2 November. Weeks 9–15: none; 16–22: two; 23–29: three; today one.
        let entries = ["2026-11-17": 1, "2026-11-19": 1, "2026-11-23": 1, "2026-11-25": 1, "2026-11-27": 1, F.today: 1]
        let history = try F.history(.binary, schedule: .timesPerWeek(3), firstDay: "2026-11-02", entries: entries)
        let numbers = try F.numbers(history)
        expectEqual(numbers.weekDone, 1)
        expectEqual(numbers.weekTarget, 3)
        expectEqual(numbers.weeksLooked, 3)
        expectEqual(numbers.weeksMet, 1)
        try expectEqual(F.sentence(history), "1 of 3 this week. Met in 1 of the last 3 weeks. Three a week may be more than this season allows — try two?")
    }

    @Test("H-18 H-8 a weekly habit met every week reads in weeks without a suggestion")
    func weeklyMet() throws {
        var entries: [String: Int] = [:]
        for text in ["2026-11-09", "2026-11-11", "2026-11-13", "2026-11-16", "2026-11-17", "2026-11-18",
                     "2026-11-27", "2026-11-28", "2026-11-29"] { entries[text] = 1 }
        let history = try F.history(.binary, schedule: .timesPerWeek(3), firstDay: "2026-11-02", entries: entries)
        try expectEqual(F.sentence(history), "0 of 3 this week. Met in 3 of the last 3 weeks.")
    }

    @Test("H-18 H-2 \"this week\" follows the first weekday")
    func weeklyReadFirstWeekday() throws {
        let history = try F.history(.binary, schedule: .timesPerWeek(2), entries: ["2026-11-28": 1, "2026-11-29": 1])
        expectTrue(try F.sentence(history, firstWeekday: .monday).hasPrefix("0 of 2 this week."))
        expectTrue(try F.sentence(history, firstWeekday: .sunday).hasPrefix("1 of 2 this week."))
    }

    @Test("H-18 H-8 a week the weekly habit did not exist for in full is not held against it")
    func weeklyPartFirstWeek() throws {
        // Three a week, created on Sunday 29 November and done that day; today is Monday 30.
        let history = try F.history(.binary, schedule: .timesPerWeek(3), firstDay: "2026-11-29", entries: ["2026-11-29": 1])
        let sentence = try F.sentence(history)
        expectTrue(sentence.hasPrefix("0 of 3 this week."))
        expectLacks(sentence, "may be more than this season allows", "one day old and already told to lighten: \(sentence)")
    }

    @Test("H-18 H-15 H-8 weeks a weekly habit spent mostly paused are not held against it")
    func weeklyPausedWeeks() throws {
        // Three a week from 2 November; paused Tuesday 10 to Friday 20 November. Done on the days it was not
        // paused (Mon 9, Sat 21, Sun 22) and three times in the week of 23 November.
        let entries = ["2026-11-09": 1, "2026-11-21": 1, "2026-11-22": 1, "2026-11-23": 1, "2026-11-25": 1, "2026-11-27": 1]
        let history = try F.history(.binary, schedule: .timesPerWeek(3), firstDay: "2026-11-02", entries: entries,
                                    pauses: [("2026-11-10", "2026-11-21")])
        let sentence = try F.sentence(history)
        expectLacks(sentence, "may be more than this season allows", "paused days counted against the habit: \(sentence)")
    }

    @Test("H-18 avoid habits count slips in the last 21 days and never suggest a cadence")
    func avoidRead() throws {
        let history = try F.history(.avoid, target: 0, entries: ["2026-11-10": 1, "2026-11-20": 2, "2026-11-01": 5],
                                    engaged: try F.days(from: "2026-11-09", count: 21))
        try expectEqual(F.sentence(history), "3 slips in the last 21 days.")
        let one = try F.history(.avoid, target: 0, entries: ["2026-11-29": 1])
        try expectEqual(F.sentence(one), "1 slip in the last 21 days.")
        let none = try F.history(.avoid, target: 0)
        try expectEqual(F.sentence(none), "0 slips in the last 21 days.")
        // Missed on most days, still no suggestion.
        let many = try F.history(.avoid, target: 0,
                                 entries: Self.logged(try F.days(from: "2026-11-09", count: 21), done: 20))
        expectEqual(DensityRead.suggestion(try F.numbers(many), schedule: .daily, kind: .avoid), nil)
        try expectEqual(F.sentence(many), "20 slips in the last 21 days.")
    }

    @Test("H-15 H-18 a paused week leaves the read's denominators")
    func pausedWeekLeavesDenominators() throws {
        let days = try F.days(from: "2026-11-09", count: 21)
        let open = days.filter { !(("2026-11-16")...("2026-11-22")).contains($0) }
        expectEqual(open.count, 14)
        let history = try F.history(.binary, entries: Self.logged(open, done: 7), pauses: [("2026-11-16", "2026-11-23")])
        let numbers = try F.numbers(history)
        expectEqual(numbers.due, 14)
        expectEqual(numbers.missed, 7)
        try expectEqual(F.sentence(history), "Missed 7 of the last 14. Seven a week may be more than this season allows — try four?")
    }

    @Test("H-16 H-18 no read speaks of streaks, records, days since, praise or blame")
    func noStreakWords() throws {
        let days = try F.days(from: "2026-11-09", count: 21)
        var sentences: [String] = []
        for done in [0, 5, 12, 21] {
            sentences.append(try F.sentence(try F.history(.binary, entries: Self.logged(days, done: done))))
            sentences.append(try F.sentence(try F.history(.counted, target: 4, entries: Self.logged(days, done: done, amount: 2))))
            sentences.append(try F.sentence(try F.history(.binary, schedule: .timesPerWeek(3), entries: Self.logged(days, done: done))))
            sentences.append(try F.sentence(try F.history(.avoid, target: 1, entries: Self.logged(days, done: done, amount: 2))))
        }
        sentences.append(Messages.text(.habitFatigue(habit: UUID()), title: "Walk"))
        sentences.append(Messages.text(.newHabitRealism(count: 4)))
        sentences.append(Messages.text(.densityRead(habit: UUID(), current: 5, suggested: 3), title: "Walk"))
        for sentence in sentences {
            for word in F.forbiddenWords {
                expectLacks(sentence.lowercased(), word, "“\(sentence)” uses “\(word)”")
            }
        }
        #expect(Messages.text(.densityRead(habit: UUID(), current: 5, suggested: 3), title: "Walk")
                == "“Walk”: Five a week may be more than this season allows — try three?")
    }

    @Test("H-17 H-18 H-21 the thresholds are named constants with the documented values")
    func thresholds() {
        expectEqual(Density.partialHighFrom, 0.5)
        expectEqual(DensityRead.windowDays, 21)
        expectEqual(DensityRead.lighterCadenceAbove, 0.4)
        expectEqual(DensityRead.windowWeeks, 3)
        expectEqual(HabitSignals.fatigueMissedAbove, 0.5)
        expectEqual(HabitSignals.fatigueWindowDays, 21)
        expectEqual(HabitSignals.newHabitsInAWeek, 4)
    }

    // MARK: H-21 signals

    @Test("H-21 fatigue is more than half of the due days missed over three weeks", arguments: [
        (10, false), (11, true), (21, true), (0, false),
    ])
    func fatigueDaily(_ row: (Int, Bool)) throws {
        let (missed, fatigued) = row
        let days = try F.days(from: "2026-11-09", count: 21)
        let history = try F.history(.binary, entries: Self.logged(days, done: 21 - missed))
        expectEqual(HabitSignals.isFatigued(history, today: try F.day(F.today)), fatigued)
    }

    @Test("H-21 fatigue needs three weeks of the habit: one only days or two weeks old is not judged", arguments: [
        ("2026-11-27", false), ("2026-11-16", false), ("2026-11-10", false), ("2026-11-09", true),
    ])
    func fatigueNeedsThreeWeeks(_ row: (String, Bool)) throws {
        let (firstDay, fatigued) = row
        // Nothing logged since the habit began: every due day so far is missed.
        let history = try F.history(.binary, firstDay: firstDay)
        expectEqual(HabitSignals.isFatigued(history, today: try F.day(F.today)), fatigued)
    }

    @Test("H-21 exactly half missed is not fatigue")
    func fatigueExactlyHalf() throws {
        // Mondays and Wednesdays: six due days in 9–29 November.
        let due = ["2026-11-09", "2026-11-11", "2026-11-16", "2026-11-18", "2026-11-23", "2026-11-25"]
        let schedule = HabitSchedule.custom([.monday, .wednesday])
        let half = try F.history(.binary, schedule: schedule, entries: Self.logged(due, done: 3))
        expectTrue(!HabitSignals.isFatigued(half, today: try F.day(F.today)))
        let more = try F.history(.binary, schedule: schedule, entries: Self.logged(due, done: 2))
        expectTrue(HabitSignals.isFatigued(more, today: try F.day(F.today)))
    }

    @Test("H-21 H-8 weekly-target and avoid habits are never fatigued; nor is a habit with nothing due")
    func fatigueNotForWeeklyOrAvoid() throws {
        let today = try F.day(F.today)
        expectTrue(!HabitSignals.isFatigued(try F.history(.binary, schedule: .timesPerWeek(5)), today: today))
        let slips = Self.logged(try F.days(from: "2026-11-09", count: 21), done: 21)
        expectTrue(!HabitSignals.isFatigued(try F.history(.avoid, target: 0, entries: slips), today: today))
        expectTrue(!HabitSignals.isFatigued(try F.history(.binary, firstDay: F.today), today: today))
        // A paused three weeks is nothing due, not fatigue.
        expectTrue(!HabitSignals.isFatigued(try F.history(.binary, pauses: [("2026-11-01", nil)]), today: today))
    }

    @Test("H-21 new-habit realism: four or more habits created within a week")
    func newHabitRealism() throws {
        let today = try F.day(F.today)
        let days = { (texts: [String]) in try texts.map(F.day) }
        expectTrue(HabitSignals.tooManyNew(try days(["2026-11-24", "2026-11-26", "2026-11-30", "2026-11-30"]), today: today))
        expectTrue(!HabitSignals.tooManyNew(try days(["2026-11-26", "2026-11-30", "2026-11-30"]), today: today))
        // Four, but spread over eight days.
        expectTrue(!HabitSignals.tooManyNew(try days(["2026-11-23", "2026-11-26", "2026-11-28", "2026-11-30"]), today: today))
        expectTrue(HabitSignals.tooManyNew(try days(["2026-11-30", "2026-11-30", "2026-11-30", "2026-11-30", "2026-11-30"]),
                                        today: today))
    }

    @Test("H-21 D11 D15 the new-habit line says how many habits began this week, eleven as eleven, not four")
    func newHabitRealismCounts() throws {
        let today = try F.day(F.today)
        let eleven = Array(repeating: today, count: 11)
        expectEqual(HabitSignals.newInAWeek(eleven, today: today), 11)
        expectTrue(Messages.text(.newHabitRealism(count: 11)).hasPrefix("Eleven new habits in a week is a lot to carry."))
        expectTrue(Messages.text(.newHabitRealism(count: 4)).hasPrefix("Four new habits in a week is a lot to carry."))
        expectTrue(Messages.text(.newHabitRealism(count: 14)).hasPrefix("14 new habits in a week is a lot to carry."))
    }

    @Test("B-16 D11 D15 the old-Backlog line says the tasks have waited since before this week, which the Older group means")
    func backlogLineIsTrue() {
        let sentence = Messages.text(.backlogGrowingOld(count: 5))
        expectEqual(sentence, "5 tasks have sat in the Backlog since before this week. A few minutes of triage may lighten it.")
        expectLacks(sentence, "over a week")
    }
}

