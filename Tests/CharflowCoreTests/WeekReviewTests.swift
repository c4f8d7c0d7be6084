import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The week's review as pure rules: which week a word names, the Must-Do tally, the numbers of one week
/// from its rows, the learned estimate and the calm voice of its sentences.
@Suite("Week review rules")
struct WeekReviewTests {
    let base = Date(timeIntervalSince1970: 1_772_000_000)

    func day(_ text: String) -> LocalDay { LocalDay(text)! }

    @Test("R-1 a week is named last, this or YYYY-Www; anything else is refused with the forms named")
    func weekWords() throws {
        try expectEqual(ReviewWeekChoice.reading("last"), .last)
        try expectEqual(ReviewWeekChoice.reading("THIS"), .this)
        try expectEqual(ReviewWeekChoice.reading("2026-W09"), .iso(year: 2026, week: 9))
        try expectEqual(ReviewWeekChoice.reading("2026-w53"), .iso(year: 2026, week: 53))
        for bad in ["2025-W53", "2026-W00", "2026-W54", "2026-9", "26-W09", "2026-W9", "next", "", "2026-W0９"] {
            #expect(throws: InputError.invalidWord(what: "week", given: bad, expected: "last, this or a week like 2026-W09")) {
                try ReviewWeekChoice.reading(bad)
            }
        }
    }

    @Test("R-1 ISO weeks: week 1 holds 4 January, 2026 has 53 weeks, a week by Sunday starts the Sunday before its Monday")
    func isoWeeks() {
        expectEqual(ISOWeek.monday(year: 2026, week: 1), day("2025-12-29"))
        expectEqual(ISOWeek.weeks(in: 2026), 53)
        expectEqual(ISOWeek.weeks(in: 2025), 52)
        expectEqual(ISOWeek.week(of: day("2027-01-01")), (2026, 53))
        expectEqual(ISOWeek.week(of: day("2026-03-29")), (2026, 13))
        expectEqual(ISOWeek.name(of: day("2026-03-02")), "2026-W10")
        let monday = PlannerCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!, firstWeekday: .monday)
        let sunday = PlannerCalendar(timeZone: TimeZone(identifier: "America/New_York")!, firstWeekday: .sunday)
        let saturday = PlannerCalendar(timeZone: TimeZone(identifier: "Asia/Riyadh")!, firstWeekday: .saturday)
        let week = ReviewWeekChoice.iso(year: 2026, week: 10)
        expectEqual(week.firstDay(today: day("2026-06-01"), calendar: monday), day("2026-03-02"))
        expectEqual(week.firstDay(today: day("2026-06-01"), calendar: sunday), day("2026-03-01"))
        expectEqual(week.firstDay(today: day("2026-06-01"), calendar: saturday), day("2026-02-28"))
        for first in [day("2026-03-02"), day("2026-03-01"), day("2026-02-28")] {
            expectEqual(ISOWeek.name(ofWeekStarting: first), "2026-W10")
        }
    }

    @Test("R-1 the usual week is last week on a week's first day, else this week so far; last and this move by seven days")
    func usualWeek() {
        let sunday = PlannerCalendar(timeZone: TimeZone(identifier: "America/New_York")!, firstWeekday: .sunday)
        expectEqual(ReviewWeekChoice.usual(today: day("2026-03-08"), calendar: sunday), .last)
        expectEqual(ReviewWeekChoice.usual(today: day("2026-03-09"), calendar: sunday), .this)
        expectEqual(ReviewWeekChoice.last.firstDay(today: day("2026-03-08"), calendar: sunday), day("2026-03-01"))
        expectEqual(ReviewWeekChoice.this.firstDay(today: day("2026-03-11"), calendar: sunday), day("2026-03-08"))
    }

    func task(_ title: String, due: String?, region: Region?, bucket: Bucket?, done: Bool = false) -> TaskItem {
        TaskItem(title: title, dueDate: due.map(day), isCompleted: done, completedAt: done ? base : nil, createdAt: base,
                 region: region, bucket: bucket)
    }

    @Test("R-1 Must-Dos placed are those done, still on the board, or left open at a day's end; dropped and later days count nowhere")
    func mustDoTally() {
        let done = task("a", due: "2026-03-02", region: .morning, bucket: .mustDo, done: true)
        let today = task("b", due: "2026-03-04", region: .evening, bucket: .mustDo)
        let tomorrow = task("c", due: "2026-03-05", region: .morning, bucket: .mustDo)
        var dropped = task("d", due: "2026-03-03", region: .afternoon, bucket: .mustDo)
        dropped.droppedAt = base
        let misc = task("e", due: "2026-03-03", region: .afternoon, bucket: .misc, done: true)
        let open = [OpenMustDo(day: day("2026-03-03"), taskID: UUID(), region: .afternoon),
                    OpenMustDo(day: day("2026-03-02"), taskID: done.id, region: .morning),
                    OpenMustDo(day: day("2026-03-09"), taskID: UUID(), region: .afternoon)]
        let tallies = MustDoTally.count(placed: [done, today, tomorrow, dropped, misc], leftOpen: open,
                                        from: day("2026-03-02"), through: day("2026-03-08"), today: day("2026-03-04"))
        expectEqual(tallies[.morning], Tally(done: 1, of: 1))
        expectEqual(tallies[.afternoon], Tally(done: 0, of: 1))
        expectEqual(tallies[.evening], Tally(done: 0, of: 1))
        expectEqual(MustDoTally.all(tallies), Tally(done: 1, of: 3))
        expectEqual(Tally(done: 1, of: 3).percent, 33)
        expectEqual(Tally().percent, nil)
    }

    @Test("R-1 the rollover keeps the live Must-Dos it takes off the board, by the day they were placed on")
    func leftOpen() {
        let mustDo = task("a", due: "2026-03-02", region: .morning, bucket: .mustDo)
        let done = task("b", due: "2026-03-02", region: .evening, bucket: .mustDo, done: true)
        let misc = task("c", due: "2026-03-02", region: .morning, bucket: .misc)
        let backlog = task("d", due: "2026-03-01", region: nil, bucket: nil)
        expectEqual(OpenMustDo.leftOpen([mustDo, done, misc, backlog], newDay: day("2026-03-03")), [OpenMustDo(day: day("2026-03-02"), taskID: mustDo.id, region: .morning)])
    }

    @Test("R-1 one week's numbers from its rows: done by bucket and category, deferrals by reason, 3+ slipping, estimates, focus per day, anchors")
    func weekNumbers() {
        let work = UUID()
        var a = task("Report", due: "2026-03-02", region: .morning, bucket: .mustDo, done: true)
        a.effortMinutes = 30
        a.categoryID = work
        var b = task("Shop", due: nil, region: nil, bucket: nil, done: true)
        b.effortMinutes = nil
        var c = task("Garage", due: "2026-03-01", region: nil, bucket: nil)
        c.deferralCount = 4
        let d = task("Bank", due: "2026-03-03", region: nil, bucket: nil)
        var records = WeekRecords()
        records.placedMustDos = [a]
        records.done = [a, b]
        records.categories = [work: "Work"]
        records.deferrals = [
            DeferralRecord(taskID: c.id, deferredOn: base, day: day("2026-03-03"), deferredTo: day("2026-03-04"), reason: .unspecified),
            DeferralRecord(taskID: c.id, deferredOn: base, day: day("2026-03-04"), deferredTo: day("2026-03-05"), reason: .unspecified),
            DeferralRecord(taskID: d.id, deferredOn: base, day: day("2026-03-03"), deferredTo: day("2026-03-04"), reason: .tooMuch),
        ]
        records.deferredTasks = [c.id: c, d.id: d]
        let monday = Date(timeIntervalSince1970: 1_772_438_400) // 2026-03-02 08:00 UTC
        records.sessions = [
            WorkSession(subject: .task(a.id), startedAt: monday, day: day("2026-03-02"), endedAt: monday.addingTimeInterval(2700),
                        outcome: .finished, actualSeconds: 2700),
            WorkSession(subject: .task(b.id), startedAt: monday, day: day("2026-03-04"), endedAt: monday.addingTimeInterval(700),
                        pausedSeconds: 100, outcome: .finished, actualSeconds: 600),
            WorkSession(subject: .task(b.id), startedAt: monday, day: day("2026-03-09"), endedAt: monday.addingTimeInterval(900)),
        ]
        records.actualSeconds = [a.id: 2700]
        records.anchorOutcomes = [.attended, .missed, .attended]
        let review = WeekReview(firstDay: day("2026-03-02"), today: day("2026-03-05"), now: base, records: records)
        expectEqual(review.lastDay, day("2026-03-08"))
        expectEqual(review.throughDay, day("2026-03-05"))
        expectEqual(review.mustDosInAll, Tally(done: 1, of: 1))
        expectEqual(review.doneCount, 2)
        #expect(review.doneByBucket[.mustDo] == 1 && review.doneByBucket[nil] == 1)
        expectEqual(review.doneByCategory.map(\.category), ["Work", nil])
        expectEqual(review.deferralCount, 3)
        expectEqual(review.deferralsByReason, [.unspecified: 2, .tooMuch: 1])
        expectEqual(review.slipping, [WeekReview.Slipping(taskID: c.id, title: "Garage", deferralCount: 4)])
        expectEqual(review.estimates, [WeekReview.Estimate(taskID: a.id, title: "Report", effortMinutes: 30, actualSeconds: 2700)])
        expectEqual(review.focusByDay.map(\.seconds), [2700, 0, 600, 0, 0, 0, 0])
        expectEqual(review.focusSeconds, 3300)
        expectEqual(review.anchors, Tally(done: 2, of: 3))
    }

    @Test("R-2 trends: each week its Must-Dos, focus and deferrals, oldest first")
    func trends() {
        let a = task("a", due: "2026-03-03", region: .morning, bucket: .mustDo, done: true)
        let open = [OpenMustDo(day: day("2026-03-10"), taskID: UUID(), region: .evening)]
        let deferral = DeferralRecord(taskID: a.id, deferredOn: base, day: day("2026-03-11"), deferredTo: nil, reason: .notReady)
        let session = WorkSession(subject: .task(a.id), startedAt: base, day: day("2026-03-03"), endedAt: base.addingTimeInterval(1800))
        let weeks = WeekTrends.make(firstDays: [day("2026-03-02"), day("2026-03-09")], today: day("2026-03-12"), now: base,
                                    placedMustDos: [a], leftOpen: open, sessions: [session], deferrals: [deferral])
        expectEqual(weeks, [
            WeekTrend(firstDay: day("2026-03-02"), mustDos: Tally(done: 1, of: 1), focusSeconds: 1800, deferrals: 0),
            WeekTrend(firstDay: day("2026-03-09"), mustDos: Tally(done: 0, of: 1), focusSeconds: 0, deferrals: 1),
        ])
    }

    @Test("R-5 the learned estimate is the median of the latest five with focus time, in 15-minute steps within 15 min to 8 h")
    func learnedEffort() {
        expectEqual(LearnedEffort.minutes(newestFirst: []), nil)
        expectEqual(LearnedEffort.minutes(newestFirst: [0, 0]), nil)
        // The latest five: 40, none, 50, 45, 90 min → median of the four with time, 47.5 → 45.
        expectEqual(LearnedEffort.minutes(newestFirst: [2400, 0, 3000, 2700, 5400, 1200, 36000]), 45)
        // 40, 50, 45, 30, 20 min → 40; the sixth is not looked at.
        expectEqual(LearnedEffort.minutes(newestFirst: [2400, 3000, 2700, 1800, 1200, 36000]), 45)
        // Two: the mean of the middle pair, 25 and 40 → 32.5 → 30.
        expectEqual(LearnedEffort.minutes(newestFirst: [1500, 2400]), 30)
        expectEqual(LearnedEffort.minutes(newestFirst: [60]), 15)
        expectEqual(LearnedEffort.minutes(newestFirst: [40000]), 480)
        expectTrue(LearnedEffort.sameTitle("Call the BANK", "call the bank"))
        expectTrue(!LearnedEffort.sameTitle("Call the bank", "Call  the bank"))
        expectTrue(!LearnedEffort.sameTitle("Ärger", "ärger"), "only ASCII letters fold, as the store's index does")
        expectEqual(ReviewWords.learnedEffort(minutes: 45), "usually about 45 min")
    }

    @Test("R-3 the review's sentences are numbers and plain words: no praise, no blame, no exclamation")
    func calmVoice() {
        let words = [
            ReviewWords.mustDos(Tally(done: 0, of: 5)), ReviewWords.mustDos(Tally(done: 5, of: 5)), ReviewWords.mustDos(Tally()),
            ReviewWords.region(.morning, Tally(done: 0, of: 3)),
            ReviewWords.done(count: 0, byBucket: [:]), ReviewWords.done(count: 3, byBucket: [.mustDo: 1, nil: 2]),
            ReviewWords.deferrals(count: 9, byReason: [.unspecified: 9]), ReviewWords.deferrals(count: 0, byReason: [:]),
            ReviewWords.slipping([WeekReview.Slipping(taskID: UUID(), title: "Garage", deferralCount: 12)]) ?? "",
            ReviewWords.estimate(WeekReview.Estimate(taskID: UUID(), title: "Report", effortMinutes: 15, actualSeconds: 10800)),
            ReviewWords.focusInAll(seconds: 0), ReviewWords.focusInAll(seconds: 45000),
            ReviewWords.anchors(Tally(done: 0, of: 7)), ReviewWords.anchors(Tally()),
            ReviewWords.habitWeek("Read", complete: 0, due: 7), ReviewWords.trendRate(Tally(done: 0, of: 4)),
        ]
        expectEqual(words[0], "Must-Dos: 0 of 5 done.")
        expectEqual(words[5], "Done: 3 tasks (1 Must-Do, 2 unplaced).")
        expectEqual(words[9], "Report: estimated 15 min, took 3 h.")
        let seven = (1...7).map { WeekReview.Slipping(taskID: UUID(), title: "T\($0)", deferralCount: 3) }
        expectEqual(ReviewWords.slipping(seven), "Deferred 3 or more times: T1 (3), T2 (3), T3 (3), T4 (3), T5 (3), and 2 more.")
        let loaded = ["great", "well done", "congrat", "awesome", "amazing", "keep it up", "only", "failed", "fail", "missed",
                      "behind", "should", "bad", "poor", "lazy", "overdue", "!", "streak", "excellent", "nice", "good"]
        for sentence in words {
            for word in loaded { expectLacks(sentence.lowercased(), word, "\(sentence) says \(word)") }
        }
    }
}
