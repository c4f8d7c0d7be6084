import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The rules of night planning, signals and settings that need no store (spec D10, D11, D13, D15).
@Suite("Night planning rules")
struct PlanningRulesTests {
    static func day(_ text: String) throws -> LocalDay {
        try #require(LocalDay(text), "not a day: \(text)")
    }

    static func calendar(_ zone: String, rollover: String = "00:00") throws -> PlannerCalendar {
        PlannerCalendar(timeZone: try #require(TimeZone(identifier: zone)), firstWeekday: .monday,
                        rollover: try #require(TimeOfDay(rollover)))
    }

    static func instant(_ day: String, _ time: String, _ calendar: PlannerCalendar) throws -> Date {
        calendar.instant(on: try Self.day(day), at: try #require(TimeOfDay(time)))
    }

    static func task(_ title: String, importance: Importance = .low, effort: Int? = 30, dropped: Bool = false,
                     completed: Bool = false) -> TaskItem {
        let created = Date(timeIntervalSince1970: 1_796_000_000)
        return TaskItem(title: title, dueDate: LocalDay("2026-12-01"), effortMinutes: effort, importance: importance,
                        isCompleted: completed, completedAt: completed ? created : nil, droppedAt: dropped ? created : nil,
                        createdAt: created)
    }

    // MARK: Which night

    @Test("P-3 which night: reviewed and planned days around a midnight rollover, in three zones",
          arguments: ["UTC", "Europe/London", "America/New_York"])
    func daysAroundMidnight(_ zone: String) throws {
        let calendar = try Self.calendar(zone)
        let cases: [(String, String, String, String)] = [
            ("2026-11-30", "21:00", "2026-11-30", "2026-12-01"),
            ("2026-12-01", "00:00", "2026-11-30", "2026-12-01"),
            ("2026-12-01", "00:30", "2026-11-30", "2026-12-01"),
            ("2026-12-01", "05:59", "2026-11-30", "2026-12-01"),
            ("2026-12-01", "06:00", "2026-12-01", "2026-12-02"),
            ("2026-12-01", "18:00", "2026-12-01", "2026-12-02"),
        ]
        for (day, time, review, plan) in cases {
            let days = NightPlanning.days(now: try Self.instant(day, time, calendar), calendar: calendar)
            expectEqual(days.review, (try Self.day(review)), "\(day) \(time) in \(zone)")
            expectEqual(days.plan, (try Self.day(plan)), "\(day) \(time) in \(zone)")
        }
    }

    @Test("P-3 P-7 which night with the rollover at 04:00: 02:00 is the old day's evening, 04:30 last night's planning")
    func daysWithLateRollover() throws {
        let calendar = try Self.calendar("Europe/London", rollover: "04:00")
        let cases: [(String, String, String, String)] = [
            ("2026-12-01", "02:00", "2026-11-30", "2026-12-01"),
            ("2026-12-01", "04:30", "2026-11-30", "2026-12-01"),
            ("2026-12-01", "09:59", "2026-11-30", "2026-12-01"),
            ("2026-12-01", "10:00", "2026-12-01", "2026-12-02"),
            ("2026-12-01", "23:00", "2026-12-01", "2026-12-02"),
        ]
        for (day, time, review, plan) in cases {
            let days = NightPlanning.days(now: try Self.instant(day, time, calendar), calendar: calendar)
            expectEqual(days.review, (try Self.day(review)), "\(day) \(time)")
            expectEqual(days.plan, (try Self.day(plan)), "\(day) \(time)")
        }
    }

    @Test("P-3 which night across the spring-forward night: six elapsed hours, not wall-clock hours")
    func daysAcrossDaylightSaving() throws {
        let calendar = try Self.calendar("Europe/London")
        // 29 March 2026: clocks go from 01:00 to 02:00, so 06:30 is only 5 h 30 after midnight.
        let early = NightPlanning.days(now: try Self.instant("2026-03-29", "06:30", calendar), calendar: calendar)
        expectEqual(early.review, (try Self.day("2026-03-28")))
        let later = NightPlanning.days(now: try Self.instant("2026-03-29", "07:00", calendar), calendar: calendar)
        expectEqual(later.review, (try Self.day("2026-03-29")))
        expectEqual(NightPlanning.lateNightHours, 6)
    }

    // MARK: Load and free time

    @Test("P-4 T-2 load: live tasks' effort (no estimate counts zero) plus habit minutes; dropped and done left out")
    func load() {
        let tasks = [Self.task("a", effort: 30), Self.task("b", effort: nil), Self.task("c", effort: 120, dropped: true),
                     Self.task("d", effort: 45, completed: true), Self.task("e", effort: 15)]
        expectEqual(NightPlanning.load(tasks: tasks, habitMinutes: 20), 65)
        expectEqual(NightPlanning.load(tasks: [], habitMinutes: 0), 0)
    }

    @Test("P-4 F-15 overloaded only when the planned effort exceeds the day's free time",
          arguments: [(359, 360, false), (360, 360, false), (361, 360, true), (65, 60, true), (0, 0, false), (1, 0, true)])
    func overload(_ load: Int, _ free: Int, _ expected: Bool) {
        expectEqual(NightPlanning.isOverloaded(load: load, free: free), expected)
    }

    @Test("P-4 D15 minutes in words for the overload notice",
          arguments: [(0, "0 min"), (45, "45 min"), (60, "1 h"), (65, "1 h 05"), (450, "7 h 30"), (360, "6 h")])
    func durationText(_ minutes: Int, _ text: String) {
        expectEqual(Duration.text(minutes: minutes), text)
    }

    @Test("P-4 F-15 D15 the overload notice names the planned effort and the free time and offers Move, calmly")
    func overloadNotice() {
        let notice = Messages.overload(load: 65, free: 60)
        expectEqual(notice, "That is about 1 h 05 planned for a day with 1 h free. Move something to another day?")
        expectTrue(notice.hasSuffix("Move something to another day?"), "the hint is the front end's (A-3)")
        expectLacks(notice, "!")
    }

    // MARK: The prioritisation prompt

    @Test("P-4 T-14 the prioritisation prompt: five or more tasks in the plan, fewer than two medium/high",
          arguments: [
              (4, 0, false), (5, 0, true), (5, 1, true), (5, 2, false), (6, 1, true), (9, 2, false), (7, 7, false),
          ])
    func prioritisation(_ count: Int, _ important: Int, _ expected: Bool) {
        let tasks = (0..<count).map { index in
            Self.task("t\(index)", importance: index < important ? (index.isMultiple(of: 2) ? .high : .medium) : .low)
        }
        expectEqual(Prioritisation.shouldPrompt(tasks), expected)
    }

    @Test("T-14 the prompt counts done tasks of the day's plan but not dropped ones")
    func prioritisationCountsPlan() {
        let four = (0..<4).map { Self.task("t\($0)") }
        expectTrue(Prioritisation.shouldPrompt(four + [Self.task("done", completed: true)]))
        expectTrue(!Prioritisation.shouldPrompt(four + [Self.task("dropped", dropped: true)]))
        expectEqual(Prioritisation.planSize, 5)
        expectEqual(Prioritisation.importantWanted, 2)
    }

    // MARK: Sessions and signals

    @Test("P-1 H-14 closed and skipped planning count as engagement; open does not")
    func engagementStates() {
        expectTrue(PlanningState.closed.isEngagement)
        expectTrue(PlanningState.skipped.isEngagement)
        expectTrue(!PlanningState.open.isEngagement)
        expectEqual(Set(PlanningState.allCases.map(\.rawValue)), ["open", "closed", "skipped"])
    }

    @Test("P-5 D11 signals are typed with a stable kind and the subject they are about")
    func signalKindsAndSubjects() throws {
        let id = UUID()
        let day = try Self.day("2026-12-01")
        let cases: [(Signal, String, UUID?)] = [
            (.prioritisationPrompt(day: day), "prioritisationPrompt", nil),
            (.importanceEased(task: id), "importanceEased", id),
            (.suggestRemoval(task: id), "suggestRemoval", id),
            (.stale(task: id), "stale", id),
            (.sessionCarriedOver(task: id), "sessionCarriedOver", id),
            (.twoTimersStopped, "twoTimersStopped", nil),
            (.habitFatigue(habit: id), "habitFatigue", id),
            (.newHabitRealism(count: 4), "newHabitRealism", nil),
            (.densityRead(habit: id, current: 5, suggested: 3), "densityRead", id),
            (.backlogGrowingOld(count: 6), "backlogGrowingOld", nil),
            (.regionOverLimit(region: .morning, mustDo: 2, complementary: 3, misc: 0), "regionOverLimit", nil),
        ]
        for (signal, kind, subject) in cases {
            expectEqual(signal.kind, kind)
            expectEqual(signal.subject, subject, "\(kind)")
        }
        expectEqual(Set(cases.map(\.1)).count, cases.count, "kinds are distinct")
    }

    @Test("P-5 D15 T-13 T-21 every signal is phrased by the message layer in a calm voice: no exclamation, no praise")
    func signalVoice() throws {
        let id = UUID()
        let signals: [Signal] = [
            .prioritisationPrompt(day: try Self.day("2026-12-01")), .importanceEased(task: id), .suggestRemoval(task: id),
            .stale(task: id), .sessionCarriedOver(task: id), .twoTimersStopped, .habitFatigue(habit: id), .newHabitRealism(count: 4),
            .densityRead(habit: id, current: 5, suggested: 3), .backlogGrowingOld(count: 6),
            .regionOverLimit(region: .morning, mustDo: 2, complementary: 4, misc: 0),
        ]
        for signal in signals {
            for text in [Messages.text(signal), Messages.text(signal, title: "Essay")] {
                expectTrue(!text.isEmpty, "\(signal.kind)")
                expectLacks(text, "!", "\(signal.kind): \(text)")
                for word in ["Great", "Well done", "Awesome", "failed", "lazy"] {
                    expectTrue(!text.localizedCaseInsensitiveContains(word), "\(signal.kind): \(text)")
                }
            }
        }
        expectEqual(Messages.importanceEased, "This one keeps slipping, so I've eased it to low. Raise it again when it's real.")
        expectTrue(Messages.text(.importanceEased(task: id), title: "Essay").hasSuffix(Messages.importanceEased))
        expectTrue(Messages.text(.backlogGrowingOld(count: 6)).hasPrefix("6 tasks"))
        expectEqual(Messages.reviewReminder, "Time to review?")
        expectEqual(BacklogAge.olderTasks, 5)
    }

    @Test("P-9 D13 the privacy statement: one local file, nothing sent, export and erase named")
    func privacyStatement() {
        expectContains(Messages.privacy, "sends nothing anywhere")
        expectContains(Messages.privacy, "on this machine")
        expectContains(Messages.privacy, "charflow erase --yes")
        expectLacks(Messages.privacy, "!")
    }

    // MARK: Settings

    @Test("P-7 D4 D9 D10 D13 F-15 settings defaults: midnight rollover, 19:00 end of day, lock off, review 18:00, colour on; no capacity")
    func settingsDefaults() {
        let settings = PlannerSettings()
        expectEqual(settings.rolloverTime, .midnight)
        expectEqual(settings.endOfDay, TimeOfDay(hour: 19, minute: 0))
        expectEqual(settings.firstWeekday, nil)
        expectEqual(settings.lockComplementary, false)
        expectEqual(settings.reviewTime, TimeOfDay(hour: 18, minute: 0))
        expectTrue(settings.color)
        expectEqual(PlannerSettings.keys, ["rollover-time", "end-of-day", "first-weekday", "lock-complementary",
                                         "review-time", "color", "morning", "afternoon", "evening", "location", "prayer-method",
                                         "asr", "high-latitude", "prayer-adjust"])
    }

    @Test("P-7 each setting is set from its text and read back", arguments: [
        ("rollover-time", "04:30", "04:30"), ("rollover-time", "4:05", "04:05"), ("end-of-day", "18:15", "18:15"),
        ("first-weekday", "Sunday", "sunday"), ("first-weekday", "sat", "saturday"), ("lock-complementary", "on", "on"),
        ("lock-complementary", "false", "off"),
        ("review-time", "19:45", "19:45"), ("review-time", "OFF", "off"), ("color", "off", "off"), ("color", "yes", "on"),
    ])
    func settingRoundTrip(_ key: String, _ text: String, _ stored: String) throws {
        var settings = PlannerSettings()
        try settings.set(key, to: text)
        expectEqual(settings.value(of: key), stored)
        var again = PlannerSettings()
        try again.set(key, to: try #require(settings.value(of: key)))
        expectEqual(again, settings, "the stored text reads back to the same settings")
    }

    @Test("P-7 bad setting values are refused and change nothing", arguments: [
        ("rollover-time", "24:00"), ("rollover-time", "7pm"), ("rollover-time", "07:5"), ("end-of-day", "19:60"),
        ("first-weekday", "funday"), ("first-weekday", ""), ("lock-complementary", "maybe"),
        ("review-time", "never"), ("color", "blue"),
    ])
    func badSettingValues(_ key: String, _ text: String) {
        var settings = PlannerSettings()
        #expect(throws: InputError.self) { try settings.set(key, to: text) }
        expectEqual(settings, PlannerSettings())
    }

    @Test("P-7 an unknown key is refused by name")
    func unknownKey() {
        var settings = PlannerSettings()
        #expect(throws: PlannerError.unknownSetting("timezone")) { try settings.set("timezone", to: "UTC") }
        expectEqual(settings.value(of: "timezone"), nil)
    }
}
