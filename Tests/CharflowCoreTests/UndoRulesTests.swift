import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The rules an undo must not break that held before it: which bucket, timer or category limit an
/// undo's revert pushed past its limit, and which region a 1–3–5 refusal names.
@Suite("Undo rules: what a revert must not make worse (B-4, D2, S-7, T-7)")
struct UndoRulesTests {
    private let today = LocalDay(year: 2026, month: 11, day: 30)!

    private func over(_ region: Region, _ bucket: Bucket, on day: LocalDay) -> (UndoRules.Place, Int) {
        (UndoRules.Place(day: day, region: region, bucket: bucket), bucket.limit + 1)
    }

    @Test("B-4 D2 an undo that overfills two buckets is refused naming the first region, Morning before Afternoon before Evening, whatever order they were counted in")
    func firstRegionNamed() {
        let tomorrow = today.adding(days: 1)
        let overfilled = [
            over(.evening, .mustDo, on: today), over(.afternoon, .misc, on: tomorrow),
            over(.morning, .misc, on: tomorrow), over(.evening, .complementary, on: today),
            over(.afternoon, .complementary, on: today),
        ]
        // Every fresh dictionary may list its keys in another order; the refusal must not follow it.
        for round in 0..<200 {
            let rotated = Array(overfilled[(round % overfilled.count)...] + overfilled[..<(round % overfilled.count)])
            let after = UndoRules.Counts(placed: Dictionary(uniqueKeysWithValues: rotated))
            expectEqual(UndoRules.refusal(before: UndoRules.Counts(), after: after), .regionFull(.morning))
        }
        let noMorning = Dictionary(uniqueKeysWithValues: overfilled.filter { $0.0.region != .morning })
        expectEqual(UndoRules.refusal(before: UndoRules.Counts(), after: UndoRules.Counts(placed: noMorning)), .regionFull(.afternoon))
    }

    @Test("Y-9 a bucket over its limit before the undo, and no fuller after, is not the undo's doing")
    func alreadyOver() {
        let place = UndoRules.Place(day: today, region: .morning, bucket: .mustDo)
        let counts = UndoRules.Counts(placed: [place: 2])
        expectEqual(UndoRules.refusal(before: counts, after: counts), nil)
        expectEqual(UndoRules.refusal(before: counts, after: UndoRules.Counts(placed: [place: 3])), .regionFull(.morning))
    }

    @Test("S-7 T-7 a second running timer or a ninth active category the undo made is refused; at the limits it is not")
    func timersAndCategories() {
        let held = UndoRules.Counts(liveSessions: 1, activeCategories: TaskCategory.maxActive)
        expectEqual(UndoRules.refusal(before: held, after: held), nil)
        expectEqual(UndoRules.refusal(before: held, after: UndoRules.Counts(liveSessions: 2, activeCategories: TaskCategory.maxActive)), .undoSecondTimer)
        expectEqual(UndoRules.refusal(before: held, after: UndoRules.Counts(liveSessions: 1, activeCategories: TaskCategory.maxActive + 1)), .tooManyCategories)
    }
}
