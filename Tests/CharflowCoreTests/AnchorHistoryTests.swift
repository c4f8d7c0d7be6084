import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// An anchor's attendance grid and its read in numbers (rule F-6), and which days a mark may name
/// (rule F-4): an unmarked past day is "not marked", never taken as either, and no streak is counted.
@Suite("Anchor grid and read (F-4, F-6)")
struct AnchorHistoryTests {
    static func anchor(days: Set<Weekday> = Set(Weekday.allCases), archived: Bool = false) throws -> Anchor {
        Anchor(title: "Standup", timing: .fixed(try Fixture.time("09:30"), days: days), isArchived: archived, createdAt: Fixture.created())
    }

    @Test("F-6 a day's cell: attended, missed, not marked (a past day of its own), not scheduled (not its day, or before it), open (today)")
    func states() throws {
        let today = try Fixture.day("2026-03-27") // a Friday
        let history = AnchorHistory(anchor: try Self.anchor(days: AnchorTiming.weekdays), firstDay: try Fixture.day("2026-03-16"),
                                    outcomes: [try Fixture.day("2026-03-23"): .attended, try Fixture.day("2026-03-24"): .missed])
        expectEqual(history.state(on: try Fixture.day("2026-03-23"), today: today), .attended)
        expectEqual(history.state(on: try Fixture.day("2026-03-24"), today: today), .missed)
        expectEqual(history.state(on: try Fixture.day("2026-03-25"), today: today), .notMarked)
        expectEqual(history.state(on: try Fixture.day("2026-03-22"), today: today), .notScheduled, "a Sunday")
        expectEqual(history.state(on: try Fixture.day("2026-03-13"), today: today), .notScheduled, "before it was made")
        expectEqual(history.state(on: today, today: today), .open)
        expectEqual(history.state(on: today.adding(days: 3), today: today), .notScheduled, "a day to come")
        let cells = history.cells(from: try Fixture.day("2026-03-22"), through: today, today: today)
        expectEqual(cells.map(\.state), [.notScheduled, .attended, .missed, .notMarked, .notMarked, .open])
    }

    @Test("F-6 the read says how many of the last 21 days' occurrences were attended, missed and not marked, in numbers, never a streak")
    func readInNumbers() throws {
        let today = try Fixture.day("2026-04-30")
        var outcomes: [LocalDay: AnchorOutcome] = [:]
        // 21 daily occurrences before today: 18 attended, 1 missed, 2 not marked.
        for back in 1...21 where back != 4 && back != 9 && back != 15 {
            outcomes[today.adding(days: -back)] = .attended
        }
        outcomes[today.adding(days: -4)] = .missed
        let history = AnchorHistory(anchor: try Self.anchor(), firstDay: try Fixture.day("2026-01-01"), outcomes: outcomes)
        let numbers = AnchorRead.numbers(history, today: today)
        expectEqual(numbers, AnchorRead.Numbers(scheduled: 21, attended: 18, missed: 1, notMarked: 2, wholeWindow: true))
        expectEqual(AnchorRead.sentence(history, today: today), "Attended 18 of the last 21; 1 missed; 2 not marked.")
        expectLacks(AnchorRead.sentence(history, today: today).lowercased(), "streak")
        // Today's mark is not in the read: the day has not ended.
        outcomes[today] = .missed
        let withToday = AnchorHistory(anchor: try Self.anchor(), firstDay: try Fixture.day("2026-01-01"), outcomes: outcomes)
        expectEqual(AnchorRead.numbers(withToday, today: today), numbers)
    }

    @Test("F-6 a young anchor is read 'so far', a weekday anchor counts its weekdays only, and one with no past day says so")
    func youngAndWeekdays() throws {
        let today = try Fixture.day("2026-03-27") // Friday
        let young = AnchorHistory(anchor: try Self.anchor(days: AnchorTiming.weekdays), firstDay: try Fixture.day("2026-03-16"),
                                  outcomes: [try Fixture.day("2026-03-16"): .attended, try Fixture.day("2026-03-17"): .attended])
        expectEqual(AnchorRead.sentence(young, today: today), "Attended 2 of 9 so far; 7 not marked.")
        let new = AnchorHistory(anchor: try Self.anchor(), firstDay: today, outcomes: [:])
        expectEqual(AnchorRead.sentence(new, today: today), "No past day to read yet.")
        let all = AnchorHistory(anchor: try Self.anchor(), firstDay: try Fixture.day("2026-01-01"),
                                outcomes: Dictionary(uniqueKeysWithValues: (1...21).map { (today.adding(days: -$0), AnchorOutcome.attended) }))
        expectEqual(AnchorRead.sentence(all, today: today), "Attended 21 of the last 21.")
    }

    @Test("F-4 a mark names today or a day of the last fortnight the anchor came on, never a day to come, before it, or an archived anchor")
    func markingWindow() throws {
        let today = try Fixture.day("2026-03-27")
        let first = try Fixture.day("2026-03-01")
        let weekdays = try Self.anchor(days: AnchorTiming.weekdays)
        try AnchorMarking.check(weekdays, day: today, firstDay: first, today: today)
        try AnchorMarking.check(weekdays, day: today.adding(days: -11), firstDay: first, today: today)
        try AnchorMarking.check(try Self.anchor(), day: today.adding(days: -13), firstDay: first, today: today)
        #expect(throws: PlannerError.correctionTooOld(today.adding(days: -14))) {
            try AnchorMarking.check(weekdays, day: today.adding(days: -14), firstDay: first, today: today)
        }
        #expect(throws: PlannerError.futureDay(today.adding(days: 1))) {
            try AnchorMarking.check(weekdays, day: today.adding(days: 1), firstDay: first, today: today)
        }
        #expect(throws: PlannerError.anchorNotScheduledOn(try Fixture.day("2026-03-22"))) {
            try AnchorMarking.check(weekdays, day: try Fixture.day("2026-03-22"), firstDay: first, today: today)
        }
        #expect(throws: PlannerError.beforeAnchorExisted(try Fixture.day("2026-03-20"), first: try Fixture.day("2026-03-23"))) {
            try AnchorMarking.check(weekdays, day: try Fixture.day("2026-03-20"), firstDay: try Fixture.day("2026-03-23"), today: today)
        }
        #expect(throws: PlannerError.anchorArchived("Standup")) {
            try AnchorMarking.check(try Self.anchor(archived: true), day: today, firstDay: first, today: today)
        }
    }
}
