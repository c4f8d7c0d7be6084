import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// `habit.md`: Density states, Weekly-target habits, Avoid habits, Pauses — the cell of each day.
@Suite("Habit density")
struct HabitDensityTests {
    typealias F = HabitRulesFixture

    // MARK: H-17 states

    static let countedStateRows: [(amount: Int, target: Int, state: DensityState)] = [
        (0, 3, .missed),
        (1, 3, .partialLow),     // 33 %
        (2, 3, .partialHigh),    // 67 %
        (3, 3, .complete),
        (4, 3, .complete),
        (1, 100, .partialLow),   // 1 %
        (49, 100, .partialLow),  // 49 %
        (50, 100, .partialHigh), // 50 %
        (99, 100, .partialHigh), // 99 %
        (100, 100, .complete),
        (3, 8, .partialLow),
        (4, 8, .partialHigh),
    ]

    @Test("H-17 a partial counted day is partialLow below half and partialHigh from half; complete at the target",
          arguments: countedStateRows)
    func countedStates(_ row: (amount: Int, target: Int, state: DensityState)) throws {
        let history = try F.history(.counted, target: row.target, entries: ["2026-11-20": row.amount])
        let cell = try F.cell(history, "2026-11-20")
        expectEqual(cell.state, row.state)
        expectTrue(cell.isDue)
        expectEqual(cell.amount, row.amount)
        expectEqual(cell.target, row.target)
    }

    @Test("H-17 H-11 a timed day shades exactly like a counted one, from its minutes", arguments: countedStateRows)
    func timedStates(_ row: (amount: Int, target: Int, state: DensityState)) throws {
        let history = try F.history(.timed, target: row.target, entries: ["2026-11-20": row.amount])
        try expectEqual(F.cell(history, "2026-11-20").state, row.state)
    }

    @Test("H-16 a partial counted day (2 of 3) is recorded as a partial shade and 2/3: neither a break nor a completion")
    func partialIsHonest() throws {
        let history = try F.history(.counted, target: 3, entries: ["2026-11-27": 2, "2026-11-28": 3])
        let partial = try F.cell(history, "2026-11-27")
        expectEqual(partial.state, .partialHigh)
        expectEqual("\(partial.amount)/\(partial.target)", "2/3")
        // The next day is simply complete: nothing before it was reset or lost.
        try expectEqual(F.cell(history, "2026-11-28").state, .complete)
        let numbers = try F.numbers(history)
        expectEqual(numbers.partial, 1)
        expectEqual(numbers.complete, 1)
    }

    @Test("H-17 binary days are complete or missed, never partial", arguments: [0, 1])
    func binaryStates(_ amount: Int) throws {
        let history = try F.history(.binary, entries: ["2026-11-20": amount])
        #expect(try F.cell(history, "2026-11-20").state == (amount == 1 ? .complete : .missed))
        // A day with no entry at all is missed too, once it has ended.
        try expectEqual(F.cell(history, "2026-11-21").state, .missed)
    }

    @Test("H-17 binary and avoid grids never use the partial shades", arguments: [HabitKind.binary, .avoid])
    func noPartialShades(_ kind: HabitKind) throws {
        let days = try F.days(from: "2026-11-09", count: 21)
        var entries: [String: Int] = [:]
        for (index, day) in days.enumerated() { entries[day] = index % 4 }
        let history = try F.history(kind, target: kind == .avoid ? 2 : 1, entries: entries, engaged: days)
        let states = Set(try days.map { try F.cell(history, $0).state })
        expectLacks(states, .partialLow)
        expectLacks(states, .partialHigh)
        expectContains(states, .complete)
    }

    @Test("H-17 today is never missed: it has not ended", arguments: [HabitKind.binary, .counted, .timed])
    func todayNotMissed(_ kind: HabitKind) throws {
        let history = try F.history(kind, target: kind == .binary ? 1 : 5)
        let today = try F.cell(history, F.today)
        expectEqual(today.state, .empty)
        expectTrue(today.isDue)
        // The same empty day, read tomorrow, is missed.
        try expectEqual(F.cell(history, F.today, today: "2026-12-01").state, .missed)
    }

    @Test("H-17 days the habit is not scheduled stay empty and are not due, never missed")
    func unscheduledEmpty() throws {
        let history = try F.history(.binary, schedule: .weekdays)
        for text in ["2026-11-21", "2026-11-22", "2026-11-28", "2026-11-29"] {
            let cell = try F.cell(history, text)
            expectEqual(cell.state, .empty, "\(text)")
            expectTrue(!cell.isDue, "\(text)")
        }
        try expectEqual(F.cell(history, "2026-11-27").state, .missed)
        // Even something logged on an unscheduled day fills no cell and counts nowhere.
        let logged = try F.history(.binary, schedule: .weekdays, entries: ["2026-11-28": 1])
        try expectEqual(F.cell(logged, "2026-11-28").state, .empty)
        try expectEqual(F.numbers(logged).due, 15)
    }

    @Test("H-17 days before the window existed are empty and counted nowhere")
    func beforeCreation() throws {
        let history = try F.history(.binary, firstDay: "2026-11-25")
        try expectEqual(F.cell(history, "2026-11-24").state, .empty)
        expectTrue(!(try F.cell(history, "2026-11-24").isDue))
        try expectEqual(F.cell(history, "2026-11-25").state, .missed)
        let numbers = try F.numbers(history)
        expectEqual(numbers.due, 5)
        expectEqual(numbers.missed, 5)
    }

    @Test("H-17 future days are empty and not due")
    func futureEmpty() throws {
        let history = try F.history(.counted, target: 3, entries: ["2026-12-02": 3])
        let cell = try F.cell(history, "2026-12-02")
        expectEqual(cell.state, .empty)
        expectTrue(!cell.isDue)
    }

    // MARK: H-5 target snapshot, H-1 schedule history

    @Test("H-5 H-1 a day's cell reads the target of its own entry, so editing the target never rewrites it")
    func targetSnapshot() throws {
        // The window's target is now 8; the 20th was logged when it was 3.
        let history = try F.history(.counted, target: 8, entries: ["2026-11-20": 2, "2026-11-21": 3, "2026-11-22": 4],
                                    snapshots: ["2026-11-20": 3, "2026-11-21": 3])
        let old = try F.cell(history, "2026-11-20")
        expectEqual(old.state, .partialHigh)
        expectEqual(old.target, 3)
        try expectEqual(F.cell(history, "2026-11-21").state, .complete)
        // A day logged under the new target reads it.
        try expectEqual(F.cell(history, "2026-11-22").state, .partialHigh)
        try expectEqual(F.cell(history, "2026-11-22").target, 8)
        // A day with no entry reads the current target; nothing was done, so it is missed either way.
        let empty = try F.cell(history, "2026-11-23")
        expectEqual(empty.target, 8)
        expectEqual(empty.state, .missed)
    }

    @Test("H-1 H-2 editing the schedule never turns a past unscheduled day into a missed one")
    func scheduleEditKeepsPast() throws {
        // Weekdays until Monday 23 Nov, daily from then on.
        let history = try F.history(.binary, schedule: .weekdays, changes: [("2026-11-23", .daily)])
        for text in ["2026-11-14", "2026-11-15", "2026-11-21", "2026-11-22"] {
            try expectEqual(F.cell(history, text).state, .empty, "\(text) was a weekend under weekdays")
            expectTrue(!(try F.cell(history, text).isDue))
        }
        try expectEqual(F.cell(history, "2026-11-28").state, .missed)
        try expectEqual(F.cell(history, "2026-11-29").state, .missed)
        // 9–22 Nov: ten weekdays; 23–29 Nov: seven days.
        try expectEqual(F.numbers(history).due, 17)
    }

    // MARK: H-8 weekly targets

    @Test("H-8 a weekly-target habit never shows missed: only filled and empty days",
          arguments: [HabitKind.binary, .counted, .timed])
    func weeklyNeverMissed(_ kind: HabitKind) throws {
        let target = kind == .binary ? 1 : 30
        let history = try F.history(kind, target: target, schedule: .timesPerWeek(3),
                                    entries: ["2026-11-10": target, "2026-11-18": target / 2, "2026-11-25": 0])
        let cells = history.cells(from: try F.day("2026-11-01"), through: try F.day(F.today), today: try F.day(F.today))
        expectEqual(cells.count, 30)
        expectTrue(!cells.contains { $0.state == .missed })
        expectEqual(cells.filter { $0.state == .complete }.map(\.date.description), ["2026-11-10"])
        try expectEqual(F.numbers(history).missed, 0)
    }

    @Test("H-8 a day counts toward the week only when its own target is met")
    func weeklyOwnTarget() throws {
        // Exercise: 30 minutes, three times a week. Monday 20 min, Tuesday 30, Wednesday 45, Thursday 29.
        let history = try F.history(.timed, target: 30, schedule: .timesPerWeek(3),
                                    entries: ["2026-11-23": 20, "2026-11-24": 30, "2026-11-25": 45, "2026-11-26": 29])
        let week = history.weekProgress(containing: try F.day("2026-11-29"), calendar: try F.calendar())
        expectEqual(week.done, 2)
        expectEqual(week.target, 3)
        expectTrue(!history.metOwnTarget(try F.day("2026-11-23")))
        expectTrue(history.metOwnTarget(try F.day("2026-11-25")))
    }

    @Test("H-8 H-2 the week starts on the user's first weekday: Monday or Sunday")
    func weekStartsOnFirstWeekday() throws {
        // Met on Saturday 28 and Sunday 29 November; today is Monday 30.
        let history = try F.history(.binary, schedule: .timesPerWeek(2), entries: ["2026-11-28": 1, "2026-11-29": 1])
        let today = try F.day(F.today)
        let monday = history.weekProgress(containing: today, calendar: try F.calendar(firstWeekday: .monday))
        let sunday = history.weekProgress(containing: today, calendar: try F.calendar(firstWeekday: .sunday))
        expectEqual(monday.done, 0)
        expectEqual(sunday.done, 1)
        // On Sunday 29 the Monday week (23–29) was met; the Sunday week (29–) has one.
        let lastSunday = try F.day("2026-11-29")
        expectEqual(history.weekProgress(containing: lastSunday, calendar: try F.calendar(firstWeekday: .monday)).done, 2)
        expectEqual(history.weekProgress(containing: lastSunday, calendar: try F.calendar(firstWeekday: .sunday)).done, 1)
        try expectEqual(F.calendar(firstWeekday: .sunday).startOfWeek(containing: today).description, "2026-11-29")
        try expectEqual(F.calendar(firstWeekday: .monday).startOfWeek(containing: today).description, "2026-11-30")
    }

    // MARK: H-13 avoid

    static let avoidCases: [(label: String, slips: Int?, allowance: Int, engaged: Bool, held: Bool, state: DensityState)] = [
        ("no engagement, no slips: silence is never success", nil, 0, false, false, .empty),
        ("a completed task that day, no slips", nil, 0, true, false, .complete),
        ("engaged, slips within the allowance", 2, 2, true, false, .complete),
        ("slips over the allowance", 3, 2, true, false, .missed),
        ("a slip with no allowance, even without other engagement", 1, 0, false, false, .missed),
        ("held, nothing else", 0, 0, false, true, .complete),
        ("held but slips over the allowance", 2, 1, false, true, .missed),
        ("slips within the allowance on a day not marked engaged", 1, 1, false, false, .empty),
    ]

    @Test("H-13 an avoid day is missed over the allowance, complete within it when engaged, otherwise empty",
          arguments: avoidCases)
    func avoidOutcome(_ row: (label: String, slips: Int?, allowance: Int, engaged: Bool, held: Bool, state: DensityState)) throws {
        let day = "2026-11-20"
        let history = try F.history(.avoid, target: row.allowance, entries: row.slips.map { [day: $0] } ?? [:],
                                    held: row.held ? [day] : [], engaged: row.engaged ? [day] : [])
        try expectEqual(F.cell(history, day).state, row.state, "\(row.label)")
    }

    @Test("H-13 today stays unresolved for an avoid habit, even over the allowance or held")
    func avoidTodayUnresolved() throws {
        let history = try F.history(.avoid, target: 0, entries: [F.today: 4], held: [F.today], engaged: [F.today])
        try expectEqual(F.cell(history, F.today).state, .empty)
        try expectEqual(F.cell(history, F.today, today: "2026-12-01").state, .missed)
    }

    // MARK: H-15 pauses

    @Test("H-15 paused days are unscheduled: no cell fills, nothing is missed, and the read leaves them out")
    func pausedDays() throws {
        // Daily, nothing logged, paused 16–22 November.
        let history = try F.history(.binary, pauses: [("2026-11-16", "2026-11-23")])
        for text in try F.days(from: "2026-11-16", count: 7) {
            let cell = try F.cell(history, text)
            expectEqual(cell.state, .empty, "\(text)")
            expectTrue(!cell.isDue, "\(text)")
        }
        try expectEqual(F.cell(history, "2026-11-15").state, .missed)
        try expectEqual(F.cell(history, "2026-11-23").state, .missed)
        let numbers = try F.numbers(history)
        expectEqual(numbers.due, 14)
        expectEqual(numbers.missed, 14)
    }

    @Test("H-15 a day logged before a pause reached back over it keeps its cell; a paused day with nothing logged fills none")
    func pausedEntryKept() throws {
        let history = try F.history(.counted, target: 3, entries: ["2026-11-18": 3], pauses: [("2026-11-16", nil)])
        try expectEqual(F.cell(history, "2026-11-18").state, .complete, "past days keep their entries")
        try expectEqual(F.cell(history, "2026-11-17").state, .empty)
        expectTrue(!history.isDue(try F.day("2026-11-17")))
        expectTrue(!history.isDue(try F.day(F.today)))
    }

    @Test("H-8 H-15 paused days with nothing logged do not count toward a weekly target; a logged one still does")
    func pausedWeekly() throws {
        let history = try F.history(.binary, schedule: .timesPerWeek(2), entries: ["2026-11-24": 1, "2026-11-25": 1],
                                    pauses: [("2026-11-25", "2026-11-27")])
        expectEqual(history.weekProgress(containing: try F.day("2026-11-29"), calendar: try F.calendar()).done, 2)
        let empty = try F.history(.binary, schedule: .timesPerWeek(2), entries: ["2026-11-24": 1],
                                  pauses: [("2026-11-25", "2026-11-27")])
        expectTrue(!empty.isDue(try F.day("2026-11-26")))
        expectEqual(empty.weekProgress(containing: try F.day("2026-11-29"), calendar: try F.calendar()).done, 1)
    }
}
