import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// R-6 in the core: which titles are detected as habits, with which cadence and schedule.
@Suite("Detected habits in the core (R-6)")
struct HabitDetectionTests {
    /// Wednesday 16 December 2026.
    static let today = LocalDay("2026-12-16")!

    /// Completions of `title` on the days `offsets` before today.
    func done(_ title: String, _ offsets: [Int]) -> [HabitDetection.Completion] {
        offsets.map { HabitDetection.Completion(title: title, day: Self.today.adding(days: -$0)) }
    }

    func detect(_ completions: [HabitDetection.Completion], excluded: Set<String> = []) -> [DetectedHabit] {
        HabitDetection.detect(completions, today: Self.today, excluded: excluded)
    }

    @Test("R-6 three days in a row are daily; every 2, 3, 4, 5 days are 3, 2, 2, 1 times a week; seven days apart is that weekday")
    func cadences() {
        let cases: [([Int], DetectedCadence, HabitSchedule)] = [
            ([2, 1, 0], .daily, .daily),
            ([4, 2, 0], .everyDays(2), .timesPerWeek(3)),
            ([6, 3, 0], .everyDays(3), .timesPerWeek(2)),
            ([8, 4, 0], .everyDays(4), .timesPerWeek(2)),
            ([10, 5, 0], .everyDays(5), .timesPerWeek(1)),
            ([14, 7, 0], .weekly(.wednesday), .custom([.wednesday])),
        ]
        for (offsets, cadence, schedule) in cases {
            let found = detect(done("Stretch", offsets))
            expectEqual(found.count, 1, "\(offsets)")
            expectEqual(found.first?.cadence, cadence, "\(offsets)")
            expectEqual(found.first?.cadence.schedule, schedule, "\(offsets)")
            expectEqual(found.first?.days, offsets.map { Self.today.adding(days: -$0) })
        }
    }

    @Test("R-6 Monday to Friday across a weekend is every weekday; a run without a weekend in it is daily")
    func weekdays() {
        // Today is a Wednesday: Wed, Thu, Fri of last week, then Mon, Tue, Wed.
        let found = detect(done("Inbox zero", [7, 6, 5, 2, 1, 0]))
        expectEqual(found.first?.cadence, .weekdays)
        expectEqual(found.first?.cadence.schedule, .weekdays)
        expectEqual(detect(done("Inbox zero", [2, 1, 0])).first?.cadence, .daily)
    }

    @Test("R-6 even is every gap within a day of the median gap: 2, 3, 2 is even; 1 and 5 is not; two days are not enough")
    func evenness() {
        expectEqual(detect(done("Run", [7, 5, 2, 0])).first?.cadence, .everyDays(2))
        expectTrue(detect(done("Run", [6, 5, 0])).isEmpty)
        expectTrue(detect(done("Run", [2, 0])).isEmpty)
        expectTrue(detect(done("Run", [30, 20, 10, 0])).isEmpty, "ten days apart fits no habit schedule")
    }

    @Test("R-6 the latest even run counts: an odd completion before it is left out; a run that stopped is not offered")
    func latestRun() {
        let found = detect(done("Read", [19, 3, 2, 1, 0]))
        expectEqual(found.first?.cadence, .daily)
        expectEqual(found.first?.days.count, 4)
        expectTrue(detect(done("Read", [6, 5, 4])).isEmpty, "last done four days ago: it stopped")
        expectEqual(detect(done("Read", [5, 4, 2])).first?.cadence, .daily, "last done two days ago: still about daily")
    }

    @Test("R-6 only the last 21 days count, today included; the same title in any ASCII case is one title; habits are left out")
    func windowAndTitles() {
        expectTrue(detect(done("Walk", [21, 14, 7])).isEmpty, "day 21 back is outside: two days inside")
        expectEqual(detect(done("Walk", [20, 13, 6])).first?.cadence, .weekly(.thursday))
        let mixed = done("Walk", [2]) + done("walk", [1]) + done("WALK", [0])
        let found = detect(mixed)
        expectEqual(found.count, 1)
        expectEqual(found.first?.title, "WALK", "the latest wording")
        expectEqual(found.first?.key, LearnedEffort.titleKey("Walk"))
        expectTrue(detect(mixed, excluded: [LearnedEffort.titleKey("walk")]).isEmpty)
        // Several completions on one day are one day.
        expectTrue(detect(done("Walk", [1, 1, 0, 0])).isEmpty)
    }

    @Test("R-6 an offer stands until answered on the day it was first shown, never on a later day")
    func stands() {
        let day = Self.today
        expectTrue(DetectedHabit.stands(offeredOn: nil, declined: false, today: day))
        expectTrue(DetectedHabit.stands(offeredOn: day, declined: false, today: day))
        expectTrue(!DetectedHabit.stands(offeredOn: day.adding(days: -1), declined: false, today: day))
        expectTrue(!DetectedHabit.stands(offeredOn: nil, declined: true, today: day))
    }

    @Test("R-6 the offer speaks plainly: every 2 days, every Wednesday, every weekday")
    func sentence() {
        let habit = DetectedHabit(key: "stretch", title: "Stretch", days: [], cadence: .everyDays(2))
        expectEqual(habit.sentence, "You've done “Stretch” every 2 days lately. Make it a habit?")
        expectEqual(DetectedCadence.weekly(.wednesday).phrase, "every Wednesday")
        expectEqual(DetectedCadence.weekdays.phrase, "every weekday")
        expectEqual(DetectedCadence.daily.phrase, "every day")
    }
}
