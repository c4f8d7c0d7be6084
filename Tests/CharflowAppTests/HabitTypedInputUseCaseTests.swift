@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// The habit use cases called with their typed inputs (ids, enums, days), as a front end that has
/// already parsed its words calls them, on a real store file.
@Suite("Habit use cases by typed input")
struct HabitTypedInputUseCaseTests {
    @Test("H-5 a typed log refuses a day still to come and one older than the 14 correctable days, writing nothing")
    func logDayLimits() throws {
        let store = try AppTestStore()
        let walk = try store.open("2026-11-01").addHabit(AddHabit.Input(title: "Walk")).habit
        let app = try store.open("2026-11-30")
        let before = try AppTestStore.contents(app)
        let tomorrow = try #require(LocalDay("2026-12-01"))
        let tooOld = try #require(LocalDay("2026-11-16"))
        #expect(throws: PlannerError.futureDay(tomorrow)) {
            try app.logHabit(LogHabit.Input(habit: walk.id, log: .toggle, day: tomorrow))
        }
        #expect(throws: PlannerError.correctionTooOld(tooOld)) {
            try app.logHabit(LogHabit.Input(habit: walk.id, log: .toggle, day: tooOld))
        }
        #expect(throws: PlannerError.wrongLog(kind: .binary, log: .count(2))) {
            try app.logHabit(LogHabit.Input(habit: walk.id, log: .count(2)))
        }
        try expectEqual(AppTestStore.contents(app), before)
        let oldest = try app.logHabit(LogHabit.Input(habit: walk.id, log: .toggle, day: tooOld.adding(days: 1)))
        #expect(oldest.entry.amount == 1 && oldest.entry.isComplete)
    }

    @Test("H-11 minutes logged by hand on a timed habit are a manual session; undo takes the last back for good")
    func timedMinutesByHand() throws {
        let store = try AppTestStore()
        let read = try store.open("2026-11-30", "08:00").addHabit({
            var input = AddHabit.Input(title: "Read")
            input.kind = .timed
            input.target = 30
            return input
        }()).habit
        try expectEqual(store.open("2026-11-30", "09:00").logHabit(LogHabit.Input(habit: read.id, log: .minutes(10))).entry.amount, 10)
        try expectEqual(store.open("2026-11-30", "10:00").logHabit(LogHabit.Input(habit: read.id, log: .minutes(25))).entry.amount, 35)
        let undone = try store.open("2026-11-30", "11:00").logHabit(LogHabit.Input(habit: read.id, log: .undo))
        #expect(undone.entry.amount == 10 && !undone.entry.isComplete)
        let app = try store.open("2026-11-30", "11:01")
        #expect(try app.store.db.scalar("SELECT count(*) FROM sessions WHERE outcome = 'manual'")?.int == 1)
        #expect(try app.store.db.scalar("SELECT count(*) FROM tombstones WHERE table_name = 'sessions'")?.int == 1,
                "the manual session taken back leaves a tombstone, so every device drops it")
    }

    @Test("H-15 resuming a pause that has not begun removes it for good, and undo brings it back")
    func resumeBeforeThePauseBegins() throws {
        let store = try AppTestStore()
        let walk = try store.open("2026-11-20").addHabit(AddHabit.Input(title: "Walk")).habit
        let from = try #require(LocalDay("2026-12-10"))
        let pause = try store.open("2026-11-20").pauseHabit(PauseHabit.Input(habit: walk.id, from: from, reason: .travel)).pause
        let app = try store.open("2026-11-21")
        try app.resumeHabit(ResumeHabit.Input(habit: walk.id))
        expectTrue(try app.store.habitRecords.pauses(of: walk.id).isEmpty)
        #expect(try app.store.db.scalar("SELECT count(*) FROM tombstones WHERE table_name = 'habit_pauses' AND id = ?",
                                          [.text(pause.id.lowercasedText)])?.int == 1)
        _ = try store.open("2026-11-21", "09:01").store.undo()
        try expectEqual(store.open("2026-11-21", "09:02").store.habitRecords.pauses(of: walk.id).map(\.from), [from])
    }

    @Test("H-15 a pause that would resume on or before its first day is refused")
    func pauseEndsAfterItBegins() throws {
        let store = try AppTestStore()
        let walk = try store.open("2026-11-20").addHabit(AddHabit.Input(title: "Walk")).habit
        let app = try store.open("2026-11-20")
        #expect(throws: PlannerError.badPause) {
            try app.pauseHabit(PauseHabit.Input(habit: walk.id, to: LocalDay("2026-11-20"), reason: .other))
        }
    }

    @Test("H-5 an edit by id raises the target from today on; the habit's group is set by the group's id")
    func editByID() throws {
        let store = try AppTestStore()
        let setup = try store.open("2026-11-25")
        let water = try setup.addHabit({
            var input = AddHabit.Input(title: "Water")
            input.kind = .counted
            input.target = 3
            return input
        }()).habit
        let group = try #require(try setup.addGroup(AddGroup.Input(name: "Morning")).added)
        var change = HabitChange()
        change.target = 5
        change.group = .group(GroupRef(group.id))
        let edited = try store.open("2026-11-27").editHabit(EditHabit.Input(habit: water.id, change: change))
        expectEqual(edited.habit.groupID, group.id)
        guard case .object(let pairs) = edited.json else { Issue.record("a habit's JSON is an object"); return }
        expectEqual(pairs.first { $0.0 == "group" }?.1.rendered(), "\"Morning\"")
        let app = try store.open("2026-11-27")
        try expectEqual(app.store.habitRecords.windows(of: water.id).map(\.target), [5])
        try expectEqual(app.store.habitRecords.entry(window: try #require(app.store.habitRecords.windows(of: water.id).first).id,
                                                   on: try #require(LocalDay("2026-11-26")))?.target, 3, "a correctable past day keeps the target it had")
    }

    @Test("A-2 reading the habits, a grid and the groups writes nothing; the list shapes each habit as its own report does")
    func readsWriteNothing() throws {
        let store = try AppTestStore()
        let setup = try store.open("2026-11-25")
        try setup.addGroup(AddGroup.Input(name: "Morning"))
        var input = AddHabit.Input(title: "Stretch")
        input.group = GroupRef(try #require(try setup.store.habitRecords.groups(includeArchived: false).first).id)
        input.windows = [try WindowSpec.parse("Morning 06:00-09:00 remind 06:30")]
        let stretch = try setup.addHabit(input)
        try store.open("2026-11-26").pauseHabit(PauseHabit.Input(habit: stretch.habit.id, from: LocalDay("2026-12-10"), reason: .cycle))
        let app = try store.open("2026-11-30")
        let before = try AppTestStore.contents(app)
        let overview = try app.readHabits(ReadHabits.Input(all: true))
        let grid = try app.readHabitGrid(ReadHabitGrid.Input(habit: stretch.habit.id, weeks: 2))
        let groups = try app.readGroups()
        #expect(grid.grids.count == 1 && groups.summaries.map(\.group.title) == ["Morning"])
        try expectEqual(AppTestStore.contents(app), before)
        guard case .object(let document) = overview.json,
              case .array(let habits)? = document.first(where: { $0.0 == "habits" })?.1,
              case .object(let listed)? = habits.first,
              case .object(let alone) = try app.habitReport(try app.habit(id: stretch.habit.id)).json
        else { Issue.record("habits --json lists objects"); return }
        expectEqual(JSONValue.object(Array(listed.prefix(alone.count))).rendered(), JSONValue.object(alone).rendered())
    }
}
