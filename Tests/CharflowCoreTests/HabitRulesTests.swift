import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The habit rules in the core, and the week and read rules of issue 16 (H-8, H-15, H-18).
@Suite("Habit rules in the core")
struct HabitRulesTests {
    typealias F = HabitRulesFixture

    // MARK: A-4 rules the store only calls

    @Test("A-4 H-10 target limits per kind: binary 1, counted and timed 1 or more, avoid 0 or more")
    func targetLimits() throws {
        let accepted: [(HabitKind, Int)] = [(.binary, 1), (.counted, 1), (.counted, 100_000), (.timed, 45), (.avoid, 0),
                                            (.avoid, 3)]
        for (kind, target) in accepted { try expectEqual(HabitRules.validTarget(target, kind: kind), target) }
        let refused: [(HabitKind, Int)] = [(.binary, 0), (.binary, 2), (.counted, 0), (.timed, -1), (.avoid, -1),
                                           (.counted, 100_001)]
        for (kind, target) in refused {
            #expect(throws: PlannerError.habitTarget(String(target))) { try HabitRules.validTarget(target, kind: kind) }
        }
    }

    @Test("A-4 H-17 complete when the amount reaches max(1, target), the same rule in Density")
    func completeRule() throws {
        expectTrue(HabitRules.isComplete(amount: 1, target: 0))
        expectTrue(!HabitRules.isComplete(amount: 0, target: 0))
        expectTrue(HabitRules.isComplete(amount: 5, target: 5))
        expectTrue(!HabitRules.isComplete(amount: 4, target: 5))
        let history = try F.history(.counted, target: 5, entries: ["2026-11-28": 5, "2026-11-29": 4])
        try expectEqual(F.cell(history, "2026-11-28").state, .complete)
        try expectEqual(F.cell(history, "2026-11-29").state, .partialHigh)
        expectTrue(history.metOwnTarget(try F.day("2026-11-28")))
        expectTrue(!history.metOwnTarget(try F.day("2026-11-29")))
    }

    @Test("A-4 H-10 each log kind fits only its habit kind, named in the refusal")
    func logFits() throws {
        let fits: [(HabitLog, HabitKind)] = [(.toggle, .binary), (.count(2), .counted), (.minutes(10), .timed),
                                             (.slip, .avoid), (.held, .avoid), (.undo, .binary), (.undo, .timed)]
        for (log, kind) in fits { try HabitRules.checkFits(log, kind: kind) }
        #expect(throws: PlannerError.wrongLog(kind: .binary, log: .count(3))) {
            try HabitRules.checkFits(.count(3), kind: .binary)
        }
        #expect(throws: PlannerError.wrongLog(kind: .counted, log: .toggle)) {
            try HabitRules.checkFits(.toggle, kind: .counted)
        }
        #expect(throws: PlannerError.wrongLog(kind: .counted, log: .count(0))) {
            try HabitRules.checkFits(.count(0), kind: .counted)
        }
        #expect(throws: PlannerError.wrongLog(kind: .timed, log: .slip)) { try HabitRules.checkFits(.slip, kind: .timed) }
    }

    @Test("A-4 H-10 H-13 the effect of each log kind on a day's entry, and its completion")
    func logEffects() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let today = try F.day("2026-11-30")
        func entry(_ amount: Int, target: Int, date: LocalDay) -> HabitEntry {
            HabitEntry(windowID: UUID(), date: date, target: target, amount: amount, modifiedAt: now)
        }
        var binary = entry(0, target: 1, date: today)
        try HabitRules.apply(.toggle, to: &binary, kind: .binary, now: now)
        HabitRules.settleCompletion(&binary, kind: .binary, log: .toggle, today: today, now: now)
        #expect(binary.amount == 1 && binary.completedAt == now)
        try HabitRules.apply(.toggle, to: &binary, kind: .binary, now: now)
        HabitRules.settleCompletion(&binary, kind: .binary, log: .toggle, today: today, now: now)
        #expect(binary.amount == 0 && binary.completedAt == nil)

        var counted = entry(2, target: 3, date: today)
        try HabitRules.apply(.count(2), to: &counted, kind: .counted, now: now)
        HabitRules.settleCompletion(&counted, kind: .counted, log: .count(2), today: today, now: now)
        #expect(counted.amount == 4 && counted.completedAt == now)
        try HabitRules.apply(.undo, to: &counted, kind: .counted, now: now)
        try HabitRules.apply(.undo, to: &counted, kind: .counted, now: now)
        HabitRules.settleCompletion(&counted, kind: .counted, log: .undo, today: today, now: now)
        #expect(counted.amount == 2 && counted.completedAt == nil)

        var slips = entry(0, target: 1, date: today.adding(days: -2))
        try HabitRules.apply(.slip, to: &slips, kind: .avoid, now: now)
        HabitRules.settleCompletion(&slips, kind: .avoid, log: .slip, today: today, now: now)
        #expect(slips.amount == 1 && slips.completedAt == now, "a slip count set on a past day is an engagement")
        var held = entry(0, target: 0, date: today)
        try HabitRules.apply(.held, to: &held, kind: .avoid, now: now)
        #expect(held.amount == 0 && held.completedAt == now)
    }

    @Test("A-4 H-5 the days that keep the old target when it changes: the correctable days before today, from the first day")
    func snapshotDays() throws {
        let today = try F.day("2026-11-30")
        let days = HabitRules.snapshotDays(firstDay: try F.day("2026-11-01"), today: today)
        expectEqual(days.count, HabitRules.correctableDays - 1)
        #expect(days.first == today.adding(days: -13) && days.last == today.adding(days: -1))
        expectEqual(HabitRules.snapshotDays(firstDay: try F.day("2026-11-28"), today: today).map(\.description), ["2026-11-28", "2026-11-29"])
        expectTrue(HabitRules.snapshotDays(firstDay: today, today: today).isEmpty)
    }

    @Test("A-4 H-8 H-15 due today: not paused, and scheduled or a weekly target not yet met")
    func dueToday() {
        expectTrue(HabitRules.isDueToday(paused: false, week: nil, anyWindowDue: true))
        expectTrue(!HabitRules.isDueToday(paused: true, week: nil, anyWindowDue: true))
        expectTrue(HabitRules.isDueToday(paused: false, week: (1, 3), anyWindowDue: true))
        expectTrue(!HabitRules.isDueToday(paused: false, week: (3, 3), anyWindowDue: true))
        expectTrue(HabitRules.isDoneToday(week: (3, 3), dueCells: []))
        expectTrue(!HabitRules.isDoneToday(week: (0, 0), dueCells: []), "a week that asks nothing is not done")
    }

    @Test("A-4 H-4 the window syntax is parsed in the core: label, times and reminder")
    func windowSyntax() throws {
        let spec = try WindowSpec.parse("Morning 06:00-09:00 remind 06:30")
        expectEqual(spec, WindowSpec(label: "Morning", start: TimeOfDay("06:00"), end: TimeOfDay("09:00"),
                                   reminder: TimeOfDay("06:30")))
        try expectEqual(WindowSpec.parse("Evening"), WindowSpec(label: "Evening"))
        for bad in ["M 09:00-06:00", "M remind", "M 06:00-25:00"] {
            #expect(throws: InputError.badWindow(bad)) { try WindowSpec.parse(bad) }
        }
    }

    // MARK: H-8 one rule for a week's target

    @Test("H-8 a week's target is the schedule in force on its last day, in Today's progress and in the read alike",
          arguments: [Weekday.monday, .sunday])
    func weekTargetAtWeekEnd(_ first: Weekday) throws {
        let calendar = try F.calendar(firstWeekday: first)
        // Three a week, lowered to two in the middle of the week of 16 November; two days done that week.
        let weekStart = calendar.startOfWeek(containing: try F.day("2026-11-18"))
        let done = [weekStart.adding(days: 1), weekStart.adding(days: 3)].map(\.description)
        let history = try F.history(.binary, schedule: .timesPerWeek(3), firstDay: "2026-10-01",
                                    changes: [(weekStart.adding(days: 2).description, .timesPerWeek(2))],
                                    entries: Dictionary(uniqueKeysWithValues: done.map { ($0, 1) }))
        let duringWeek = weekStart.adding(days: 5)
        let today = history.weekProgress(containing: duringWeek, calendar: calendar)
        #expect(today.done == 2 && today.target == 2, "Today that week: 2 of 2")
        expectEqual(history.weekTarget(weekStart: weekStart, asOf: try F.day("2026-11-30")), 2)
        let numbers = DensityRead.numbers(history, today: weekStart.adding(days: 7), calendar: calendar)
        expectTrue(numbers.weeksLooked >= 1)
        expectEqual(numbers.weeksDone.first, 2)
        let read = DensityRead.sentence(history, today: weekStart.adding(days: 7), calendar: calendar)
        expectContains(read, "Met in \(numbers.weeksMet) of")
        expectTrue(numbers.weeksMet >= 1, "the week Today called met is met in the read: \(read)")
    }

    // MARK: H-15 pauses leave the weekly denominator

    @Test("H-8 H-15 paused days scale a week's target, rounded up: four paused days of a five-a-week week ask three",
          arguments: [Weekday.monday, .sunday])
    func pausedDaysScaleTheWeek(_ first: Weekday) throws {
        let calendar = try F.calendar(firstWeekday: first)
        let weekStart = calendar.startOfWeek(containing: try F.day("2026-11-18"))
        let pauseFrom = weekStart.adding(days: 1), pauseTo = weekStart.adding(days: 5)
        let history = try F.history(.counted, target: 2, schedule: .timesPerWeek(5), firstDay: "2026-10-01",
                                    entries: [weekStart.description: 2, weekStart.adding(days: 5).description: 2,
                                              weekStart.adding(days: 6).description: 2],
                                    pauses: [(pauseFrom.description, pauseTo.description)])
        expectEqual(history.weekTarget(weekStart: weekStart, asOf: try F.day("2026-11-30")), 3)
        let progress = history.weekProgress(containing: weekStart.adding(days: 6), calendar: calendar)
        #expect(progress.done == 3 && progress.target == 3)
        let fullyPaused = try F.history(.binary, schedule: .timesPerWeek(2), firstDay: "2026-10-01",
                                        pauses: [(weekStart.description, weekStart.adding(days: 7).description)])
        expectEqual(fullyPaused.weekTarget(weekStart: weekStart, asOf: try F.day("2026-11-30")), 0, "a paused week asks nothing")
        let numbers = DensityRead.numbers(fullyPaused, today: weekStart.adding(days: 7), calendar: calendar)
        expectEqual(numbers.weeksDone.count, numbers.weeksLooked)
        expectTrue(!(DensityRead.numbers(fullyPaused, today: weekStart.adding(days: 3), calendar: calendar).weekTarget > 0))
    }

    @Test("H-8 H-15 a week's target is the schedule's share of the days it could be done, rounded up, never more than either",
          arguments: 1...7)
    func scaledTargetTable(_ perWeek: Int) {
        for open in 0...7 {
            let scaled = WindowHistory.scaledTarget(perWeek: perWeek, openDays: open)
            expectEqual(scaled, Int((Double(perWeek * open) / 7).rounded(.up)), "\(perWeek) a week, \(open) days open")
            expectTrue(scaled <= perWeek && scaled <= open)
        }
        expectEqual(WindowHistory.scaledTarget(perWeek: 0, openDays: 7), 0)
    }

    @Test("H-15 a paused day something was logged on keeps its entry and its state; an empty snapshot entry does not count as a log")
    func loggedDaysOutlastAPause() throws {
        let history = try F.history(.counted, target: 3, entries: ["2026-11-26": 2, "2026-11-27": 0], held: [],
                                    pauses: [("2026-11-25", nil)])
        let today = try F.day("2026-11-30")
        let logged = try F.day("2026-11-26")
        expectTrue(history.isDue(logged) && !history.isRested(logged))
        expectEqual(history.cell(try F.day("2026-11-26"), today: today).state, .partialHigh)
        expectTrue(!history.isDue(try F.day("2026-11-27")), "an entry holding only a target is no log")
        expectTrue(!history.isDue(try F.day("2026-11-25")))
        let avoid = try F.history(.avoid, target: 0, held: ["2026-11-26"], pauses: [("2026-11-25", nil)])
        expectTrue(avoid.isDue(try F.day("2026-11-26")), "a held mark is a log")
        #expect(throws: PlannerError.habitPausedOn(try F.day("2026-11-27"))) {
            try HabitRules.checkLoggable(.count(1), on: try F.day("2026-11-27"), history: history)
        }
        try HabitRules.checkLoggable(.count(1), on: try F.day("2026-11-26"), history: history)
    }

    @Test("H-8 H-15 the running week's read says when paused days scaled its target, rounded up")
    func scaledWeekIsSaid() throws {
        let history = try F.history(.binary, schedule: .timesPerWeek(4), firstDay: "2026-10-01",
                                    entries: ["2026-11-30": 1], pauses: [("2026-12-02", "2026-12-06")])
        let read = try F.sentence(history)
        expectTrue(read.hasPrefix("1 of 2 this week. This week asks 2 instead of 4: 4 days are paused."), "\(read)")
    }

    // MARK: H-18 the lighter cadence waits for history and proposes what the record supports

    @Test("H-18 H-21 no lighter cadence for a habit days or a week old, daily or weekly",
          arguments: [("2026-11-26", HabitSchedule.daily), ("2026-11-23", .timesPerWeek(3)),
                      ("2026-11-16", .timesPerWeek(3)), ("2026-11-12", .weekdays)])
    func waitsForHistory(_ firstDay: String, _ schedule: HabitSchedule) throws {
        let history = try F.history(.binary, schedule: schedule, firstDay: firstDay)
        let read = try F.sentence(history)
        expectLacks(read, "may be more than this season allows", "\(firstDay): \(read)")
    }

    @Test("H-18 a weekly habit is offered the days done in most of the last three weeks, not one fewer",
          arguments: [([1, 1, 1], 1), ([2, 2, 0], 2), ([2, 1, 0], 1), ([3, 0, 0], 1)])
    func weeklySuggestion(_ perWeekDone: [Int], _ expected: Int) throws {
        var entries: [String: Int] = [:]
        for (index, count) in perWeekDone.enumerated() {
            let weekStart = try F.day("2026-11-23").adding(days: -7 * index)
            for day in 0..<count { entries[weekStart.adding(days: day).description] = 1 }
        }
        let history = try F.history(.binary, schedule: .timesPerWeek(4), firstDay: "2026-10-01", entries: entries)
        let numbers = try F.numbers(history)
        let suggestion = try #require(DensityRead.suggestion(numbers, schedule: .timesPerWeek(4), kind: .binary))
        #expect(suggestion.0 == 4 && suggestion.1 == expected)
    }
}
