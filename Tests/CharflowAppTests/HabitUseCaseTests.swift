@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Creating, editing, archiving habits; their windows, presets and groups — through `CharflowApp` on a real store.
@Suite("Habit use cases: add, edit, archive, windows, presets, groups")
struct HabitUseCaseTests {
    // MARK: H-1 fields and edits

    @Test("H-1 a new habit is stored with the table's defaults and one all-day window")
    func addDefaults() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let habit = try planner.habitAdd("Walk")
        let stored = try planner.habitReload(habit)
        expectEqual(stored.title, "Walk")
        expectEqual(stored.kind, .binary)
        expectEqual(stored.schedule, .daily)
        expectEqual(stored.schedule.daysText, "1,2,3,4,5,6,7")
        expectEqual(stored.schedule.perWeek, 0)
        expectEqual(stored.presetKey, nil)
        expectEqual(stored.notes, nil)
        expectTrue(!stored.isArchived)
        expectEqual(stored.createdAt, planner.now)
        let windows = try planner.habitRecords.windows(of: stored.id)
        expectEqual(windows.count, 1)
        let window = try #require(windows.first)
        expectEqual(window.label, "")
        expectEqual(window.startMinute, 0)
        expectEqual(window.endMinute, 1439)
        expectEqual(window.target, 1)
        expectEqual(window.effortMinutes, nil)
        expectEqual(window.reminderMinute, nil)
        try expectEqual(planner.app.habits().map(\.id), [habit.id])
    }

    @Test("H-1 the kind is fixed at creation: changing it is refused and changes nothing",
          arguments: [HabitKind.binary, .timed, .avoid])
    func kindFixed(_ other: HabitKind) throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let habit = try planner.habitAdd("Water", kind: .counted, target: 8)
        try planner.logHabit(habit.id.uuidString, window: nil, .count(2))
        let before = try HabitTestStore.contents(planner)
        var change = HabitChange()
        change.kind = other
        change.title = "Tea"
        #expect(throws: PlannerError.kindFixed) { try planner.editHabit(habit.id.uuidString, change) }
        try expectEqual(HabitTestStore.contents(planner), before)
        expectEqual(PlannerError.kindFixed.message, "A habit's kind is fixed. Archive it and create a new one to change it.")
        // Naming the kind it already has is no change of kind.
        change.kind = .counted
        try expectEqual(planner.editHabit(habit.id.uuidString, change).title, "Tea")
        try expectEqual(planner.habitReload(habit).kind, .counted)
    }

    @Test("H-1 every other field stays editable: title, notes, target, schedule, effort, windows")
    func otherFieldsEditable() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let habit = try planner.habitAdd("Read", kind: .timed, target: 20)
        var change = HabitChange()
        change.title = "Read slowly"
        change.notes = .some("a chapter")
        change.target = 25
        change.schedule = .custom([.monday, .thursday])
        change.effortMinutes = .some(40)
        change.windows = [try WindowSpec.parse("Evening 19:00-21:00 remind 19:30")]
        try planner.editHabit(habit.id.uuidString, change)
        let stored = try planner.habitReload(habit)
        expectEqual(stored.title, "Read slowly")
        expectEqual(stored.notes, "a chapter")
        expectEqual(stored.schedule, .custom([.monday, .thursday]))
        let windows = try planner.habitRecords.windows(of: stored.id)
        // The one window, unlabeled until a second came, is now "Main" (H-4, decisions.md).
        expectEqual(windows.map(\.label), ["Main", "Evening"])
        expectTrue(windows.allSatisfy { $0.target == 25 })
        expectEqual(windows[0].effortMinutes, 40)
        expectEqual(windows[1].startMinute, 19 * 60)
        expectEqual(windows[1].endMinute, 21 * 60)
        expectEqual(windows[1].reminderMinute, 19 * 60 + 30)
    }

    @Test("H-1 H-5 editing a target does not rewrite past cells: each day keeps its entry's target")
    func targetEditKeepsPast() throws {
        let store = try HabitTestStore()
        let water = try store.open("2026-11-20").habitAdd("Water", kind: .counted, target: 3)
        try store.open("2026-11-27").logHabit("Water", window: nil, .count(2))
        try store.open("2026-11-28").logHabit("Water", window: nil, .count(3))
        let planner = try store.open("2026-11-30")
        try planner.logHabit("Water", window: nil, .count(4))
        var change = HabitChange()
        change.target = 8
        try planner.editHabit("Water", change)

        let after = try store.open("2026-11-30", "10:00")
        let partial = try after.habitCell(water, "2026-11-27")
        expectEqual(partial.state, .partialHigh)
        expectEqual(partial.amount, 2)
        expectEqual(partial.target, 3)
        try expectEqual(after.habitCell(water, "2026-11-28").state, .complete)
        try expectEqual(after.habitCell(water, "2026-11-28").target, 3)
        // Today counts as the future: its entry takes the new target.
        let today = try after.habitCell(water, "2026-11-30")
        expectEqual(today.target, 8)
        expectEqual(today.state, .partialHigh)
        // A day with no entry keeps the target it had (an empty snapshot entry), and is missed, as it was.
        try expectEqual(after.habitCell(water, "2026-11-29").state, .missed)
        try expectEqual(after.habitCell(water, "2026-11-29").target, 3)
        try expectEqual(after.habitEntry(water, "2026-11-27")?.target, 3)
    }

    @Test("H-5 after a target edit today's entry has completedAt exactly when its amount reaches the new target")
    func targetEditKeepsCompletedAtTrue() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let water = try planner.habitAdd("Water", kind: .counted, target: 3)
        let tea = try planner.habitAdd("Tea", kind: .counted, target: 3)
        try planner.logHabit("Water", window: nil, .count(2))
        try planner.logHabit("Tea", window: nil, .count(3))
        try expectNotEqual(planner.habitEntry(tea, "2026-11-30")?.completedAt, nil)

        var lower = HabitChange()
        lower.target = 2
        try store.open("2026-11-30", "10:00").editHabit("Water", lower)
        var raise = HabitChange()
        raise.target = 5
        try store.open("2026-11-30", "10:00").editHabit("Tea", raise)

        let after = try store.open("2026-11-30", "10:01")
        let reached = try #require(try after.habitEntry(water, "2026-11-30"))
        expectTrue(reached.isComplete)
        expectNotEqual(reached.completedAt, nil, "2 of 2 is reached, so completedAt should be set")
        let open = try #require(try after.habitEntry(tea, "2026-11-30"))
        expectTrue(!open.isComplete)
        expectEqual(open.completedAt, nil, "3 of 5 is not reached, so completedAt should be cleared")
    }

    @Test("H-1 H-2 editing the schedule never turns an earlier unscheduled day into a missed one")
    func scheduleEditKeepsPast() throws {
        let store = try HabitTestStore()
        let habit = try store.open("2026-11-02").habitAdd("Stretch", schedule: .weekdays)
        let planner = try store.open("2026-11-30")
        try expectEqual(planner.habitNumbers(habit).due, 15)
        var change = HabitChange()
        change.schedule = .daily
        try planner.editHabit("Stretch", change)

        let later = try store.open("2026-12-07")
        for weekend in ["2026-11-21", "2026-11-22", "2026-11-28", "2026-11-29"] {
            let cell = try later.habitCell(habit, weekend)
            expectEqual(cell.state, .empty, "\(weekend) was not scheduled then")
            expectTrue(!cell.isDue)
        }
        // From the change on, weekends are due.
        try expectEqual(later.habitCell(habit, "2026-12-05").state, .missed)
        try expectEqual(later.habitCell(habit, "2026-12-06").state, .missed)
        // 16–27 Nov: ten weekdays; 30 Nov – 6 Dec: seven days.
        try expectEqual(later.habitNumbers(habit).due, 17)
    }

    // MARK: H-3 archive

    @Test("H-3 archiving keeps every entry; restoring brings the habit back with the same grid")
    func archiveRestore() throws {
        let store = try HabitTestStore()
        let habit = try store.open("2026-11-20").habitAdd("Floss")
        try store.habitLogEach(habit, ["2026-11-21", "2026-11-23", "2026-11-24"], .toggle)
        let days = try HabitTestStore.days(from: "2026-11-20", count: 10)
        let planner = try store.open("2026-11-30")
        let states = try planner.habitStates(habit, days)
        let entries = try planner.habitCount("SELECT count(*) FROM habit_entries")
        expectEqual(entries, 3)

        try planner.archiveHabit("Floss")
        let archived = try store.open("2026-11-30", "10:00")
        try expectEmpty(archived.app.habits())
        try expectEqual(archived.app.habits(includeArchived: true).map(\.isArchived), [true])
        try expectEqual(archived.habitCount("SELECT count(*) FROM habit_entries"), entries)
        try expectEqual(archived.habitStates(habit, days), states)

        try archived.restoreHabit("Floss")
        let restored = try store.open("2026-11-30", "11:00")
        try expectEqual(restored.app.habits().map(\.id), [habit.id])
        try expectEqual(restored.habitStates(habit, days), states)
        expectEqual(states.filter { $0 == .complete }.count, 3)
    }

    @Test("H-3 a log on an archived habit is refused and changes nothing")
    func logOnArchived() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        try planner.habitAdd("Floss")
        try planner.archiveHabit("Floss")
        let before = try HabitTestStore.contents(planner)
        #expect(throws: PlannerError.habitArchived("Floss")) { try planner.logHabit("Floss", window: nil, .toggle) }
        #expect(throws: PlannerError.habitArchived("Floss")) {
            try planner.logHabit("Floss", window: nil, .toggle, date: LocalDay("2026-11-29"))
        }
        try expectEqual(HabitTestStore.contents(planner), before)
        expectEqual(PlannerError.habitArchived("Floss").message, "“Floss” is archived; restore it first.")
    }

    // MARK: H-4 windows

    @Test("H-4 a habit takes one to four windows, each with its label, start, end and reminder")
    func fourWindows() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let habit = try planner.habitAdd("Meds", windows: ["Morning 06:00-09:00 remind 07:00", "Noon 12:00-13:00",
                                                           "Evening 18:00-20:00 remind 19:15", "Night"])
        let windows = try planner.habitRecords.windows(of: habit.id)
        expectEqual(windows.map(\.label), ["Morning", "Noon", "Evening", "Night"])
        expectEqual(windows.map(\.startMinute), [360, 720, 1080, 0])
        expectEqual(windows.map(\.endMinute), [540, 780, 1200, 1439])
        expectEqual(windows.map(\.reminderMinute), [420, nil, 1155, nil])
    }

    @Test("H-4 a fifth window is refused, on add and on edit, and changes nothing")
    func fifthWindow() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let labels = ["A", "B", "C", "D", "E"]
        let before = try HabitTestStore.contents(planner)
        #expect(throws: PlannerError.tooManyWindows) { try planner.habitAdd("Meds", windows: labels) }
        try expectEqual(HabitTestStore.contents(planner), before)
        try expectEmpty(planner.app.habits())

        try planner.habitAdd("Meds", windows: Array(labels.prefix(4)))
        let four = try HabitTestStore.contents(planner)
        var change = HabitChange()
        change.windows = [try WindowSpec.parse("E 21:00-22:00")]
        #expect(throws: PlannerError.tooManyWindows) { try planner.editHabit("Meds", change) }
        try expectEqual(HabitTestStore.contents(planner), four)
        expectEqual(PlannerError.tooManyWindows.message, "A habit has at most four times of day.")
    }

    @Test("H-4 two windows keep independent grids")
    func twoWindowsIndependent() throws {
        let store = try HabitTestStore()
        let meds = try store.open("2026-11-20").habitAdd("Meds", windows: ["Morning 07:00-09:00", "Evening 19:00-21:00"])
        let days = try HabitTestStore.days(from: "2026-11-25", count: 5)
        try store.habitLogEach(meds, days, .toggle, window: "Morning")
        try store.habitLogEach(meds, ["2026-11-27"], .toggle, window: "evening")
        let planner = try store.open("2026-11-30")
        try expectEqual(planner.habitStates(meds, days, window: "Morning"), Array(repeating: .complete, count: 5))
        try expectEqual(planner.habitStates(meds, days, window: "Evening"), [.missed, .missed, .complete, .missed, .missed])
        try expectEqual(planner.habitNumbers(meds, window: "Morning").complete, 5)
        try expectEqual(planner.habitNumbers(meds, window: "Evening").complete, 1)
        // With several windows a log must name one.
        #expect(throws: PlannerError.windowNeeded) { try planner.logHabit("Meds", window: nil, .toggle) }
        #expect(throws: PlannerError.noWindowMatches("Noon")) { try planner.logHabit("Meds", window: "Noon", .toggle) }
    }

    @Test("H-4 a window added later counts from the day it was added")
    func windowAddedLater() throws {
        let store = try HabitTestStore()
        let meds = try store.open("2026-11-20").habitAdd("Meds", windows: ["Morning"])
        var change = HabitChange()
        change.windows = [try WindowSpec.parse("Evening 19:00-21:00")]
        try store.open("2026-11-27").editHabit("Meds", change)
        let planner = try store.open("2026-11-30")
        try expectEqual(planner.habitCell(meds, "2026-11-26", window: "Evening").state, .empty)
        expectTrue(!(try planner.habitCell(meds, "2026-11-26", window: "Evening").isDue))
        try expectEqual(planner.habitCell(meds, "2026-11-27", window: "Evening").state, .missed)
        try expectEqual(planner.habitCell(meds, "2026-11-26", window: "Morning").state, .missed)
    }

    @Test("H-4 H-13 an avoid habit has a single all-day window")
    func avoidOneWindow() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        #expect(throws: PlannerError.avoidHasOneWindow) {
            try planner.habitAdd("Snacks", kind: .avoid, windows: ["Day", "Night"])
        }
        let snacks = try planner.habitAdd("Snacks", kind: .avoid)
        try expectEqual(planner.habitRecords.windows(of: snacks.id).count, 1)
        try expectEqual(planner.habitRecords.windows(of: snacks.id).first?.target, 0, "the allowance defaults to none")
        var change = HabitChange()
        change.windows = [try WindowSpec.parse("Night 20:00-23:00")]
        #expect(throws: PlannerError.avoidHasOneWindow) { try planner.editHabit("Snacks", change) }
    }

    @Test("H-10 targets by kind: binary 1, counted and timed 1 or more, avoid 0 or more; others refused unchanged",
          arguments: [(HabitKind.counted, 0), (.timed, 0), (.counted, -1), (.binary, 2), (.binary, 0), (.avoid, -1)])
    func badTargets(_ row: (HabitKind, Int)) throws {
        let (kind, target) = row
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let before = try HabitTestStore.contents(planner)
        #expect(throws: PlannerError.habitTarget(String(target))) { try planner.habitAdd("X", kind: kind, target: target) }
        try expectEqual(HabitTestStore.contents(planner), before)
        let fine = try planner.habitAdd("Y", kind: kind)
        var change = HabitChange()
        change.target = target
        let added = try HabitTestStore.contents(planner)
        #expect(throws: PlannerError.habitTarget(String(target))) { try planner.editHabit(fine.id.uuidString, change) }
        try expectEqual(HabitTestStore.contents(planner), added)
    }

    @Test("H-10 an avoid habit's allowance may be none (0) or some")
    func avoidAllowance() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        try expectEqual(planner.habitRecords.windows(of: planner.habitAdd("A", kind: .avoid, target: 0).id).first?.target, 0)
        try expectEqual(planner.habitRecords.windows(of: planner.habitAdd("B", kind: .avoid, target: 2).id).first?.target, 2)
    }

    // MARK: H-12 effort, H-20 presets

    @Test("H-12 a timed window's effort defaults to its target minutes; other kinds have none")
    func timedEffortDefault() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        try expectEqual(planner.habitRecords.windows(of: planner.habitAdd("Read", kind: .timed, target: 20).id).first?.effortMinutes, 20)
        try expectEqual(planner.habitRecords.windows(of: planner.habitAdd("Water", kind: .counted, target: 8).id).first?.effortMinutes, nil)
        try expectEqual(planner.habitRecords.windows(of: planner.habitAdd("Walk", kind: .timed, target: 20, effort: .some(5)).id)
            .first?.effortMinutes, 5)
    }

    static let presetRows: [(HabitPreset, String, HabitKind, Int, HabitSchedule, Int?)] = [
        (.quran, "Qur'an reading", .timed, 15, .daily, 15),
        (.dhikr, "Dhikr", .counted, 33, .daily, nil),
        (.exercise, "Exercise", .timed, 30, .timesPerWeek(3), 30),
        (.running, "Running", .timed, 30, .timesPerWeek(3), 30),
    ]

    @Test("H-20 a preset creates exactly the table's habit: one all-day window, kind, target, schedule, effort",
          arguments: presetRows)
    func presetHabit(_ row: (HabitPreset, String, HabitKind, Int, HabitSchedule, Int?)) throws {
        let (preset, title, kind, target, schedule, effort) = row
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        let habit = try planner.habitReload(try planner.habitAdd("", preset: preset))
        expectEqual(habit.title, title)
        expectEqual(habit.presetKey, preset.rawValue)
        expectEqual(habit.kind, kind)
        expectEqual(habit.schedule, schedule)
        let windows = try planner.habitRecords.windows(of: habit.id)
        expectEqual(windows.count, 1)
        expectEqual(windows.first?.label, "")
        expectEqual(windows.first?.startMinute, 0)
        expectEqual(windows.first?.endMinute, 1439)
        expectEqual(windows.first?.target, target)
        expectEqual(windows.first?.effortMinutes, effort)
        // Everything is editable after creation.
        var change = HabitChange()
        change.target = 10
        change.schedule = .weekdays
        change.title = "Mine"
        try planner.editHabit(habit.id.uuidString, change)
        let edited = try planner.habitReload(habit)
        expectEqual(edited.title, "Mine")
        expectEqual(edited.schedule, .weekdays)
        try expectEqual(planner.habitRecords.windows(of: edited.id).first?.target, 10)
    }

    @Test("H-20 a title given with a preset is kept; \"something else\" is a plain binary daily habit")
    func presetTitleAndSomethingElse() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        try expectEqual(planner.habitAdd("Morning Qur'an", preset: .quran).title, "Morning Qur'an")
        let other = try planner.habitAdd("Journal")
        expectEqual(other.kind, .binary)
        expectEqual(other.schedule, .daily)
        expectEqual(other.presetKey, nil)
        try expectEqual(planner.habitRecords.windows(of: other.id).first?.target, 1)
    }

    // MARK: H-7 groups

    @Test("H-7 a group's card: ring % and \"4/5 today\", with a 14-day aggregate of its habits' due windows")
    func groupSummary() throws {
        let store = try HabitTestStore()
        let setup = try store.open("2026-11-20")
        try setup.addGroup("Morning routine")
        let names = ["Water", "Stretch", "Pray", "Read", "Walk"]
        let habits = try names.map { try setup.habitAdd($0, group: "Morning routine") }
        for habit in habits { try store.habitLogEach(habit, ["2026-11-28"], .toggle) }
        for habit in habits.prefix(2) { try store.habitLogEach(habit, ["2026-11-29"], .toggle) }
        for habit in habits.prefix(4) { try store.habitLogEach(habit, ["2026-11-30"], .toggle, at: "08:00") }

        let planner = try store.open("2026-11-30")
        let group = try #require(try planner.groups().first)
        let summary = try planner.groupSummary(group)
        expectEqual(summary.doneToday, 4)
        expectEqual(summary.dueToday, 5)
        expectEqual(summary.percentToday, 80)
        expectEqual(summary.days.count, 14)
        expectEqual(summary.days.first?.date.description, "2026-11-17")
        expectEqual(summary.days.last?.date.description, "2026-11-30")
        let shares = Dictionary(uniqueKeysWithValues: summary.days.map { ($0.date.description, $0.share) })
        expectEqual(shares["2026-11-17"], .some(nil), "nothing was due before the habits existed")
        expectEqual(shares["2026-11-27"], .some(0))
        expectEqual(shares["2026-11-28"], .some(1))
        expectEqual(shares["2026-11-29"], .some(0.4))
        expectEqual(shares["2026-11-30"], .some(0.8))
    }

    @Test("H-7 only habits due today count toward the badge: a paused or unscheduled one does not")
    func groupBadgeDueOnly() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-28") // a Saturday
        try planner.addGroup("Evening")
        try planner.habitAdd("Tidy", group: "Evening")
        try planner.habitAdd("Plan", schedule: .weekdays, group: "Evening")
        try planner.habitAdd("Call", group: "Evening")
        try planner.pauseHabit("Call", from: nil, to: nil, reason: .travel)
        try planner.logHabit("Tidy", window: nil, .toggle)
        let summary = try planner.groupSummary(try #require(try planner.groups().first))
        expectEqual(summary.dueToday, 1)
        expectEqual(summary.doneToday, 1)
        expectEqual(summary.percentToday, 100)
    }

    @Test("H-7 archiving a group never deletes or changes its habits")
    func archiveGroup() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        try planner.addGroup("Morning routine")
        let water = try planner.habitAdd("Water", group: "Morning routine")
        let walk = try planner.habitAdd("Walk", group: "Morning routine")
        try planner.logHabit("Water", window: nil, .toggle)
        let group = try planner.archiveGroup("Morning routine")
        expectTrue(group.isArchived)
        let after = try store.open("2026-11-30", "10:00")
        try expectEmpty(after.groups())
        try expectEqual(after.groups(includeArchived: true).count, 1)
        try expectEqual(Set(after.app.habits().map(\.id)), [water.id, walk.id])
        try expectEqual(after.habitReload(water).groupID, group.id)
        try expectEqual(after.habitCell(water, "2026-11-30").state, .complete)
        try expectEqual(after.habitCount("SELECT count(*) FROM habit_entries"), 1)
    }

    @Test("H-7 group names are unique, ignoring case")
    func groupUnique() throws {
        let store = try HabitTestStore()
        let planner = try store.open("2026-11-30")
        try planner.addGroup("Morning")
        #expect(throws: PlannerError.duplicateGroup("morning")) { try planner.addGroup("morning") }
    }
}
