import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// `habit.md`: Fields, HabitTimeWindow, HabitEntry, HabitGroup, Habit kinds, Presets.
@Suite("Habit model")
struct HabitModelTests {
    let created = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("H-1 a new habit has the table's defaults: binary, daily on all seven ISO days, no weekly target, not archived")
    func habitDefaults() {
        let habit = Habit(title: "Walk", kind: .binary, createdAt: created)
        expectEqual(habit.notes, nil)
        expectEqual(habit.presetKey, nil)
        expectEqual(habit.kind, .binary)
        expectEqual(habit.schedule.frequency, .daily)
        expectEqual(habit.schedule.daysText, "1,2,3,4,5,6,7")
        expectEqual(habit.schedule.perWeek, 0)
        expectTrue(!habit.schedule.isWeeklyTarget)
        expectTrue(!habit.isArchived)
        expectEqual(habit.groupID, nil)
        expectEqual(habit.createdAt, created)
        expectEqual(habit.modifiedAt, created)
    }

    @Test("H-4 a window defaults to an all-day slot (0–1439) with target 1, no effort and no reminder")
    func windowDefaults() {
        let window = HabitWindow(habitID: UUID(), createdAt: created)
        expectEqual(window.label, "")
        expectEqual(window.startMinute, 0)
        expectEqual(window.endMinute, 1439)
        expectEqual(window.target, 1)
        expectEqual(window.effortMinutes, nil)
        expectEqual(window.reminderMinute, nil)
    }

    @Test("H-4 a habit has at most four windows")
    func maxWindows() {
        expectEqual(Habit.maxWindows, 4)
    }

    @Test("H-5 a new entry has amount 0 and no completedAt; it keeps the target it was given")
    func entryDefaults() throws {
        let day = try HabitRulesFixture.day("2026-11-30")
        let entry = HabitEntry(windowID: UUID(), date: day, target: 8, modifiedAt: created)
        expectEqual(entry.amount, 0)
        expectEqual(entry.completedAt, nil)
        expectEqual(entry.target, 8)
        expectEqual(entry.date, day)
    }

    @Test("H-7 a group defaults to sort order 0, not archived")
    func groupDefaults() {
        let group = HabitGroup(title: "Morning routine", createdAt: created)
        expectEqual(group.sortOrder, 0)
        expectTrue(!group.isArchived)
        expectEqual(group.title, "Morning routine")
    }

    static let derived: [(amount: Int, target: Int, complete: Bool, ratio: Double, partial: Bool, remaining: Int)] = [
        (0, 3, false, 0, false, 3),
        (1, 3, false, 1.0 / 3, true, 2),
        (2, 3, false, 2.0 / 3, true, 1),
        (3, 3, true, 1, false, 0),
        (5, 3, true, 1, false, 0),
        (0, 1, false, 0, false, 1),
        (1, 1, true, 1, false, 0),
        (45, 30, true, 1, false, 0),
    ]

    @Test("H-6 isComplete, completionRatio, isPartial and remainingCount are derived from amount and target",
          arguments: derived)
    func derivedValues(_ row: (amount: Int, target: Int, complete: Bool, ratio: Double, partial: Bool, remaining: Int)) throws {
        let entry = HabitEntry(windowID: UUID(), date: try HabitRulesFixture.day("2026-11-30"), target: row.target,
                               amount: row.amount, modifiedAt: created)
        expectEqual(entry.isComplete, row.complete)
        expectTrue(abs(entry.completionRatio - row.ratio) < 1e-9)
        expectEqual(entry.isPartial, row.partial)
        expectEqual(entry.remainingCount, row.remaining)
    }

    @Test("H-12 time beyond the target does not over-fill: the ratio stops at 1")
    func noOverFill() throws {
        let entry = HabitEntry(windowID: UUID(), date: try HabitRulesFixture.day("2026-11-30"), target: 30, amount: 90,
                               modifiedAt: created)
        expectEqual(entry.completionRatio, 1)
        let history = try HabitRulesFixture.history(.timed, target: 30, entries: ["2026-11-20": 90])
        try expectEqual(HabitRulesFixture.cell(history, "2026-11-20").state, .complete)
    }

    @Test("H-10 the four kinds are binary, counted, timed and avoid; only counted and timed have partial shades")
    func kinds() {
        expectEqual(HabitKind.allCases.map(\.rawValue), ["binary", "counted", "timed", "avoid"])
        expectEqual(HabitKind.allCases.filter(\.hasPartials), [.counted, .timed])
    }

    @Test("H-2 weekdays is ISO 1–5: due Monday to Friday, not at the weekend", arguments: Weekday.allCases)
    func weekdaysSchedule(_ weekday: Weekday) throws {
        let monday = try HabitRulesFixture.day("2026-11-30")
        let day = monday.adding(days: weekday.rawValue - 1)
        expectEqual(day.weekday, weekday)
        expectEqual(HabitSchedule.weekdays.daysText, "1,2,3,4,5")
        expectEqual(HabitSchedule.weekdays.isDue(on: day), (weekday.rawValue <= 5))
        expectTrue(HabitSchedule.daily.isDue(on: day))
        let custom = HabitSchedule.custom([.monday, .wednesday, .saturday])
        expectEqual(custom.isDue(on: day), [.monday, .wednesday, .saturday].contains(weekday))
        expectEqual(custom.daysText, "1,3,6")
    }

    @Test("H-2 N times a week (1–7) may be met on any day and asks N days a week", arguments: 1...7)
    func timesPerWeek(_ count: Int) throws {
        let schedule = HabitSchedule.timesPerWeek(count)
        expectTrue(schedule.isWeeklyTarget)
        expectEqual(schedule.perWeek, count)
        expectEqual(schedule.daysPerWeek, count)
        let monday = try HabitRulesFixture.day("2026-11-30")
        for offset in 0..<7 { expectTrue(schedule.isDue(on: monday.adding(days: offset))) }
    }

    @Test("H-2 a fixed-day schedule asks as many days a week as it names")
    func fixedDaysPerWeek() {
        expectEqual(HabitSchedule.daily.daysPerWeek, 7)
        expectEqual(HabitSchedule.weekdays.daysPerWeek, 5)
        expectEqual(HabitSchedule.custom([.tuesday, .thursday]).daysPerWeek, 2)
        expectTrue(!HabitSchedule.custom([.tuesday]).isWeeklyTarget)
    }

    @Test("H-1 a schedule change is in force from its day on; earlier days read the schedule they had")
    func scheduleHistory() throws {
        let changes = [
            HabitScheduleChange(from: try HabitRulesFixture.day("2026-11-01"), schedule: .weekdays),
            HabitScheduleChange(from: try HabitRulesFixture.day("2026-11-20"), schedule: .daily),
            HabitScheduleChange(from: try HabitRulesFixture.day("2026-11-25"), schedule: .timesPerWeek(3)),
        ]
        let on = { (text: String) in HabitScheduleChange.schedule(on: try HabitRulesFixture.day(text), in: changes.reversed()) }
        try expectEqual(on("2026-11-19"), .weekdays)
        try expectEqual(on("2026-11-20"), .daily)
        try expectEqual(on("2026-11-24"), .daily)
        try expectEqual(on("2026-11-25"), .timesPerWeek(3))
        try expectEqual(on("2026-12-31"), .timesPerWeek(3))
        // Before any change, the first schedule is read.
        try expectEqual(on("2026-10-01"), .weekdays)
        expectEqual(HabitScheduleChange.schedule(on: try HabitRulesFixture.day("2026-11-01"), in: []), nil)
    }

    @Test("H-15 a pause covers its first day up to the day it resumes (habit.md: 12 to 19 Oct resumes on the 19th)")
    func pauseCovers() throws {
        let from = try HabitRulesFixture.day("2026-10-12"), to = try HabitRulesFixture.day("2026-10-19")
        let pause = HabitPause(habitID: UUID(), from: from, to: to, reason: .travel, modifiedAt: created)
        expectTrue(!pause.covers(from.adding(days: -1)))
        expectTrue(pause.covers(from))
        expectTrue(pause.covers(to.adding(days: -1)))
        expectTrue(!pause.covers(to), "the 19th is the resume day")
        let open = HabitPause(habitID: UUID(), from: from, to: nil, reason: .illness, modifiedAt: created)
        expectTrue(open.covers(from.adding(days: 3650)))
        expectTrue(!open.covers(from.adding(days: -1)))
        expectTrue(HabitPause.isPaused(to.adding(days: -1), [pause]))
        expectTrue(!HabitPause.isPaused(to, [pause]))
        // `archived` marks the days a habit spent archived; a person gives one of the other four.
        expectEqual(PauseReason.allCases.map(\.rawValue), ["travel", "illness", "cycle", "other", "archived"])
        expectEqual((try? PauseReason.reading("archived")), nil)
    }

    static let presetTable: [(HabitPreset, String, HabitKind, Int, HabitSchedule, Int?)] = [
        (.quran, "Qur'an reading", .timed, 15, .daily, 15),
        (.dhikr, "Dhikr", .counted, 33, .daily, nil),
        (.exercise, "Exercise", .timed, 30, .timesPerWeek(3), 30),
        (.running, "Running", .timed, 30, .timesPerWeek(3), 30),
    ]

    @Test("H-20 each preset is exactly as the table: kind, target, schedule and effort", arguments: presetTable)
    func presets(_ row: (HabitPreset, String, HabitKind, Int, HabitSchedule, Int?)) {
        let (preset, title, kind, target, schedule, effort) = row
        expectEqual(preset.title, title)
        expectEqual(preset.kind, kind)
        expectEqual(preset.target, target)
        expectEqual(preset.schedule, schedule)
        expectEqual(preset.effortMinutes, effort)
    }

    @Test("H-20 the catalogue holds quran, dhikr, exercise and running, and nothing else")
    func presetKeys() {
        expectEqual(HabitPreset.allCases.map(\.rawValue), ["quran", "dhikr", "exercise", "running"])
        expectEqual(HabitPreset(rawValue: "yoga"), nil)
    }
}
