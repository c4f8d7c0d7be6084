import CharflowCore
import Foundation
import Testing

/// Builders for the task-system rule tests; no machine clock, zone or locale is read.
enum TaskSystemFixture {
    static func day(_ text: String) -> LocalDay {
        LocalDay(text)!
    }

    /// 2026-11-30T09:00:00Z plus `seconds`.
    static func instant(_ seconds: Int = 0) -> Date {
        Date(timeIntervalSince1970: 1_796_029_200 + Double(seconds))
    }

    static func calendar(_ zone: String = "Europe/London", firstWeekday: Weekday = .monday, rollover: String = "00:00")
        -> PlannerCalendar {
        PlannerCalendar(timeZone: TimeZone(identifier: zone)!, firstWeekday: firstWeekday, rollover: TimeOfDay(rollover)!)
    }

    static func task(
        _ title: String = "Task", due: String? = nil, importance: Importance = .low, deferrals: Int = 0,
        created: Int = 0, repeat kind: RepeatKind = .none, weekdays: String = "", dayOfMonth: Int = 0
    ) -> TaskItem {
        TaskItem(title: title, dueDate: due.map(day), importance: importance, deferralCount: deferrals,
                 repeatKind: kind, repeatWeekdays: weekdays, repeatDayOfMonth: dayOfMonth,
                 createdAt: instant(created))
    }
}

@Suite("Task system · fields and effort (core)")
struct TaskSystemFieldRuleTests {
    @Test("T-1 a task's defaults follow the table: 30 minutes preselected, low, not done, no repeat")
    func defaults() {
        let task = TaskItem(title: "New", createdAt: TaskSystemFixture.instant())
        #expect(task.effortMinutes == 30)
        #expect(TaskItem.defaultEffortMinutes == 30)
        #expect(task.importance == .low)
        #expect(task.notes == nil && task.dueDate == nil && task.seriesID == nil && task.categoryID == nil)
        #expect(!task.isCompleted && task.completedAt == nil && task.droppedAt == nil)
        #expect(task.deferralCount == 0)
        #expect(task.repeatKind == .none && task.repeatWeekdays == "" && task.repeatDayOfMonth == 0)
        #expect(task.modifiedAt == task.createdAt)
        #expect(Importance.allCases.map(\.rawValue) == ["low", "medium", "high"])
    }

    @Test("T-2 effort: 15-minute steps up to 8 hours are accepted, `none` is nil",
          arguments: [("15", 15), ("30", 30), ("45", 45), ("60", 60), ("120", 120), ("465", 465), ("480", 480),
                      ("none", nil), ("NONE", nil)] as [(String, Int?)])
    func effortAccepted(_ text: String, _ minutes: Int?) throws {
        #expect(try Effort.parse(text) == minutes)
    }

    @Test("T-2 effort off the grid, zero, negative, over 8 hours or not a number is refused",
          arguments: ["0", "10", "20", "-15", "495", "600", "", "1h", "30.0"])
    func effortRefused(_ text: String) {
        #expect(throws: InputError.badEffort(text)) { try Effort.parse(text) }
    }
}

@Suite("Task system · categories (core)")
struct TaskSystemCategoryRuleTests {
    static let now = TaskSystemFixture.instant()

    @Test("T-6 the three seeds are Personal accent, Family ochre, Work blue, each with its preset key")
    func seeds() {
        let seeds = TaskCategory.defaults(now: Self.now)
        #expect(seeds.map(\.name) == ["Personal", "Family", "Work"])
        #expect(seeds.map(\.color) == [.accent, .ochre, .blue])
        #expect(seeds.map(\.presetKey) == ["personal", "family", "work"])
        #expect(seeds.allSatisfy { $0.isDefault && !$0.isArchived })
    }

    @Test("T-6 the five colours read back as themselves; anything else stored reads slate",
          arguments: [("accent", CategoryColor.accent), ("blue", .blue), ("ochre", .ochre), ("plum", .plum),
                      ("slate", .slate), ("teal", .slate), ("terra", .slate), ("", .slate), ("Blue", .slate)])
    func storedColour(_ stored: String, _ color: CategoryColor) {
        #expect(CategoryColor(stored: stored) == color)
    }

    @Test("T-6 terra is never a label colour; the hexes are the handoff's")
    func palette() {
        #expect(CategoryColor.allCases.map(\.rawValue) == ["accent", "blue", "ochre", "plum", "slate"])
        #expect(CategoryColor.accent.hex.light == "#1F6A58" && CategoryColor.accent.hex.dark == "#8FCBB8")
        #expect(CategoryColor.slate.hex.light == "#52636E" && CategoryColor.slate.hex.dark == "#AEBCC6")
    }

    @Test("T-5 names are trimmed and 1–24 characters",
          arguments: [("  Errands ", "Errands"), ("\tGym\n", "Gym"), ("x", "x"),
                      (String(repeating: "n", count: 24), String(repeating: "n", count: 24))])
    func validNames(_ raw: String, _ stored: String) throws {
        #expect(try TaskCategory.validName(raw, existing: TaskCategory.defaults(now: Self.now)) == stored)
    }

    @Test("T-5 an empty, blank or 25-character name is refused (a two-line one in TextRulesTests)",
          arguments: ["", "   ", String(repeating: "n", count: 25), "  " + String(repeating: "n", count: 25) + "  "])
    func badNames(_ raw: String) {
        #expect(throws: PlannerError.categoryName(raw)) {
            try TaskCategory.validName(raw, existing: [])
        }
    }

    @Test("T-5 names are unique ignoring case, archived included, except the category being renamed")
    func uniqueIgnoringCase() throws {
        var existing = TaskCategory.defaults(now: Self.now)
        existing.append(TaskCategory(name: "Garden", isArchived: true, createdAt: Self.now))
        #expect(throws: PlannerError.duplicateCategory("work")) { try TaskCategory.validName("work", existing: existing) }
        #expect(throws: PlannerError.duplicateCategory("GARDEN")) { try TaskCategory.validName(" GARDEN ", existing: existing) }
        let work = existing[2]
        #expect(try TaskCategory.validName("WORK", existing: existing, renaming: work.id) == "WORK")
        #expect(throws: PlannerError.duplicateCategory("Family")) {
            try TaskCategory.validName("Family", existing: existing, renaming: work.id)
        }
    }

    @Test("T-7 at most eight active categories; archived ones do not count")
    func eightActive() throws {
        var existing = TaskCategory.defaults(now: Self.now)
        for index in 1...4 { existing.append(TaskCategory(name: "C\(index)", createdAt: Self.now)) }
        try TaskCategory.ensureRoomForActive(existing)   // seven active
        existing.append(TaskCategory(name: "C5", createdAt: Self.now))
        #expect(throws: PlannerError.tooManyCategories) { try TaskCategory.ensureRoomForActive(existing) }
        existing[3].isArchived = true
        try TaskCategory.ensureRoomForActive(existing)
        #expect(TaskCategory.maxActive == 8)
    }
}

@Suite("Task system · deferral rules (core)")
struct TaskSystemDeferralRuleTests {
    static let today = TaskSystemFixture.day("2026-11-30")
    static let now = TaskSystemFixture.instant(3600)

    static func move(
        _ task: TaskItem, to target: String?, chosen: Bool = false, reason: DeferralReason? = nil,
        record: DeferralRecord? = nil
    ) throws -> Deferral.Outcome {
        try Deferral.move(task, to: target.map(TaskSystemFixture.day), dateChosen: chosen, reason: reason,
                          todaysRecord: record, today: today, now: now)
    }

    @Test("T-19 a deferral is a push past a due date that has arrived; anything else is rescheduling",
          arguments: [("2026-11-30", "2026-12-01", true), ("2026-11-25", "2026-12-01", true),
                      ("2026-11-30", nil, true), ("2026-12-01", "2026-12-05", false), ("2026-12-01", nil, false),
                      (nil, "2026-12-05", false), ("2026-11-30", "2026-11-29", false)] as [(String?, String?, Bool)])
    func isDeferral(_ due: String?, _ target: String?, _ counts: Bool) {
        let task = TaskSystemFixture.task(due: due)
        #expect(Deferral.isDeferral(task, to: target.map(TaskSystemFixture.day), today: Self.today) == counts)
    }

    @Test("S-8 a deferral to a later day or to Someday sends the task away from today; one onto today's board, or a reschedule, does not",
          arguments: [("2026-11-30", "2026-12-01", true), ("2026-11-30", nil, true), ("2026-11-25", "2026-11-30", false),
                      ("2026-12-01", "2026-12-05", false)] as [(String?, String?, Bool)])
    func sendsAway(_ due: String?, _ target: String?, _ away: Bool) throws {
        let outcome = try Self.move(TaskSystemFixture.task(due: due), to: target, chosen: true)
        #expect(outcome.sendsAway(from: Self.today) == away)
    }

    @Test("T-19 rescheduling a task due later writes no record and no count")
    func reschedule() throws {
        let outcome = try Self.move(TaskSystemFixture.task(due: "2026-12-02", importance: .high, deferrals: 2),
                                    to: "2026-12-09", chosen: true, reason: .tooMuch)
        #expect(outcome.record == nil)
        #expect(!outcome.counted && !outcome.eased)
        #expect(outcome.task.deferralCount == 2)
        #expect(outcome.task.importance == .high)
        #expect(outcome.task.dueDate == TaskSystemFixture.day("2026-12-09"))
    }

    @Test("T-10 T-20 the 1st deferral is a counted record: day, deferredTo, deferredOn, reason reschedule without a chip")
    func firstDeferral() throws {
        let task = TaskSystemFixture.task(due: "2026-11-30")
        let outcome = try Self.move(task, to: "2026-12-01")
        let record = try #require(outcome.record)
        #expect(outcome.counted)
        #expect(outcome.task.deferralCount == 1)
        #expect(record.taskID == task.id)
        #expect(record.day == Self.today)
        #expect(record.deferredTo == TaskSystemFixture.day("2026-12-01"))
        #expect(record.deferredOn == Self.now)
        #expect(record.reason == .reschedule)
    }

    @Test("T-10 the reasons are tooMuch / notReady / noLonger / reschedule / unspecified; a chip is stored as given",
          arguments: [DeferralReason.tooMuch, .notReady, .noLonger])
    func chips(_ reason: DeferralReason) throws {
        #expect(DeferralReason.allCases.map(\.rawValue) == ["tooMuch", "notReady", "noLonger", "reschedule", "unspecified"])
        let outcome = try Self.move(TaskSystemFixture.task(due: "2026-11-30"), to: "2026-12-01", reason: reason)
        #expect(outcome.record?.reason == reason)
    }

    @Test("T-20 from the 3rd deferral a day must be chosen", arguments: [2, 3, 4, 7])
    func pickerFromThird(_ previous: Int) throws {
        let task = TaskSystemFixture.task(due: "2026-11-30", deferrals: previous)
        #expect(throws: PlannerError.pickADay) { try Self.move(task, to: "2026-12-01") }
        let chosen = try Self.move(task, to: "2026-12-01", chosen: true)
        #expect(chosen.task.deferralCount == previous + 1)
    }

    @Test("T-20 the 1st and 2nd deferral need no chosen day", arguments: [0, 1])
    func instantFirstTwo(_ previous: Int) throws {
        let outcome = try Self.move(TaskSystemFixture.task(due: "2026-11-30", deferrals: previous), to: "2026-12-01")
        #expect(outcome.task.deferralCount == previous + 1)
    }

    @Test("T-13 the 3rd deferral eases medium and high to low, which opens Someday; low is never 'eased'",
          arguments: [Importance.medium, .high])
    func thirdEases(_ importance: Importance) throws {
        let task = TaskSystemFixture.task(due: "2026-11-30", importance: importance, deferrals: 2)
        let outcome = try Self.move(task, to: nil, chosen: true)
        #expect(outcome.eased)
        #expect(outcome.task.importance == .low)
        #expect(outcome.task.dueDate == nil)

        let low = try Self.move(TaskSystemFixture.task(due: "2026-11-30", deferrals: 2), to: nil, chosen: true)
        #expect(!low.eased)
    }

    @Test("T-12 Someday is refused for important tasks before their 3rd deferral", arguments: [0, 1])
    func noSomedayForImportant(_ previous: Int) {
        let task = TaskSystemFixture.task(due: "2026-11-30", importance: .high, deferrals: previous)
        #expect(throws: PlannerError.importantNeedsDay) { try Self.move(task, to: nil, chosen: true) }
    }

    @Test("T-25 Someday is refused for a repeating task at any deferral")
    func noSomedayForRepeating() {
        let task = TaskSystemFixture.task(due: "2026-11-30", deferrals: 4, repeat: .weekly)
        #expect(throws: PlannerError.repeatingNeedsDay) { try Self.move(task, to: nil, chosen: true) }
    }

    @Test("T-21 the 5th deferral and later suggest removal; the 4th does not", arguments: [(3, false), (4, true), (6, true)])
    func suggestRemoval(_ previous: Int, _ suggested: Bool) throws {
        let outcome = try Self.move(TaskSystemFixture.task(due: "2026-11-30", deferrals: previous), to: "2026-12-01", chosen: true)
        #expect(outcome.suggestRemoval == suggested)
        #expect(Deferral.suggestRemovalFromCount == 5)
    }

    @Test("T-22 with a record for today the choice refines it (reason, deferredTo) and does not count again")
    func refines() throws {
        let task = TaskSystemFixture.task(due: "2026-11-29", importance: .high, deferrals: 2)
        let existing = DeferralRecord(taskID: task.id, deferredOn: TaskSystemFixture.instant(-30_000), day: Self.today,
                                      deferredTo: Self.today, reason: .unspecified)
        let outcome = try Self.move(task, to: "2026-12-03", chosen: true, reason: .notReady, record: existing)
        #expect(outcome.refined && !outcome.counted && !outcome.eased)
        #expect(outcome.task.deferralCount == 2)
        #expect(outcome.task.importance == .high)
        #expect(outcome.record?.id == existing.id)
        #expect(outcome.record?.deferredOn == existing.deferredOn)
        #expect(outcome.record?.reason == .notReady)
        #expect(outcome.record?.deferredTo == TaskSystemFixture.day("2026-12-03"))
    }

    @Test("T-22 refining today's record still needs a day chosen once the task has three deferrals")
    func refineAfterThird() {
        let task = TaskSystemFixture.task(due: "2026-11-29", deferrals: 3)
        let existing = DeferralRecord(taskID: task.id, deferredOn: Self.now, day: Self.today, deferredTo: Self.today,
                                      reason: .unspecified)
        #expect(throws: PlannerError.pickADay) { try Self.move(task, to: "2026-12-01", record: existing) }
    }

    @Test("T-4 a dropped or done task cannot be deferred")
    func droppedOrDone() {
        var dropped = TaskSystemFixture.task(due: "2026-11-30")
        dropped.droppedAt = Self.now
        #expect(throws: PlannerError.taskDropped) { try Self.move(dropped, to: "2026-12-01") }
        var done = TaskSystemFixture.task(due: "2026-11-30")
        done.isCompleted = true
        #expect(throws: PlannerError.alreadyDone) { try Self.move(done, to: "2026-12-01") }
    }

    @Test("T-23 the rollover's automatic deferral: unspecified, for the new day, due date kept; once per gap")
    func automatic() {
        let newDay = TaskSystemFixture.day("2026-12-03")
        let overdue = TaskSystemFixture.task("Overdue", due: "2026-11-30")
        let already = TaskSystemFixture.task("Already", due: "2026-11-30")
        var done = TaskSystemFixture.task("Done", due: "2026-11-30")
        done.isCompleted = true
        let outcome = Rollover.run(candidates: [overdue, already, done], newDay: newDay,
                                   alreadyDeferred: [already.id], now: Self.now)
        #expect(outcome.deferrals.count == 1)
        let record = outcome.deferrals.first
        #expect(record?.taskID == overdue.id)
        #expect(record?.reason == .unspecified)
        #expect(record?.day == newDay)
        #expect(record?.deferredTo == newDay)
        let rolled = outcome.tasks.first { $0.id == overdue.id }
        #expect(rolled?.deferralCount == 1)
        #expect(rolled?.dueDate == TaskSystemFixture.day("2026-11-30"))
        #expect(outcome.tasks.first { $0.id == already.id }?.deferralCount == 0)
        #expect(!outcome.tasks.contains { $0.id == done.id })
    }

    @Test("T-13 T-23 an automatic 3rd deferral eases an important task and says which")
    func automaticThirdEases() {
        let task = TaskSystemFixture.task(due: "2026-11-30", importance: .medium, deferrals: 2)
        let outcome = Rollover.run(candidates: [task], newDay: TaskSystemFixture.day("2026-12-01"), alreadyDeferred: [],
                                   now: Self.now)
        #expect(outcome.eased == [task.id])
        #expect(outcome.tasks.first?.importance == .low)
    }
}

@Suite("Task system · importance, urgency and order (core)")
struct TaskSystemDerivedRuleTests {
    static let today = TaskSystemFixture.day("2026-11-30")

    @Test("T-14 the prompt needs five tasks in the plan and fewer than two important ones",
          arguments: [(5, 1, true), (5, 0, true), (7, 1, true), (5, 2, false), (4, 0, false), (6, 3, false)])
    func prompt(_ count: Int, _ important: Int, _ prompts: Bool) {
        let plan = (0..<count).map { index in
            TaskSystemFixture.task("T\(index)", due: "2026-11-30", importance: index < important ? .high : .low)
        }
        #expect(Prioritisation.shouldPrompt(plan) == prompts)
    }

    @Test("T-14 dropped tasks are not part of the plan; done ones are")
    func promptPlan() {
        var plan = (0..<5).map { TaskSystemFixture.task("T\($0)", due: "2026-11-30") }
        plan[0].droppedAt = TaskSystemFixture.instant()
        #expect(!Prioritisation.shouldPrompt(plan))
        plan[0].droppedAt = nil
        plan[0].isCompleted = true
        #expect(Prioritisation.shouldPrompt(plan))
    }

    @Test("T-16 urgent: due tomorrow or earlier (overdue too), or three deferrals; the window is a named constant",
          arguments: [("2026-11-20", 0, true), ("2026-11-30", 0, true), ("2026-12-01", 0, true),
                      ("2026-12-02", 0, false), (nil, 0, false), (nil, 3, true), ("2026-12-20", 3, true),
                      ("2026-12-20", 2, false)] as [(String?, Int, Bool)])
    func urgent(_ due: String?, _ deferrals: Int, _ isUrgent: Bool) {
        #expect(TaskSystemFixture.task(due: due, deferrals: deferrals).isUrgent(today: Self.today) == isUrgent)
        #expect(TaskItem.urgencyWindowDays == 1)
    }

    @Test("T-17 the quadrant is urgent × important",
          arguments: [("2026-11-30", Importance.high, Quadrant.doFirst), ("2026-12-01", .medium, .doFirst),
                      ("2026-12-05", .high, .schedule), ("2026-11-30", .low, .fitIn), ("2026-12-05", .low, .letGo)])
    func quadrant(_ due: String, _ importance: Importance, _ quadrant: Quadrant) {
        #expect(TaskSystemFixture.task(due: due, importance: importance).quadrant(today: Self.today) == quadrant)
    }

    @Test("T-18 stale from the 3rd deferral", arguments: [(2, false), (3, true), (9, true)])
    func stale(_ deferrals: Int, _ isStale: Bool) {
        #expect(TaskSystemFixture.task(deferrals: deferrals).isStale == isStale)
        #expect(Deferral.staleFromCount == 3)
    }

    @Test("T-15 order by quadrant, then due date with undated last, then createdAt")
    func order() {
        let tasks = [
            TaskSystemFixture.task("letGo undated", created: 0),
            TaskSystemFixture.task("fitIn today late", due: "2026-11-30", created: 9),
            TaskSystemFixture.task("schedule far", due: "2026-12-20", importance: .high, created: 1),
            TaskSystemFixture.task("fitIn today early", due: "2026-11-30", created: 2),
            TaskSystemFixture.task("doFirst overdue", due: "2026-11-28", importance: .medium, created: 3),
            TaskSystemFixture.task("letGo dated", due: "2026-12-10", created: 4),
            TaskSystemFixture.task("schedule near", due: "2026-12-05", importance: .high, created: 5),
            TaskSystemFixture.task("doFirst today", due: "2026-11-30", importance: .high, created: 6),
            TaskSystemFixture.task("fitIn stale undated", deferrals: 3, created: 7),
        ]
        let sorted = EngineOrder.sorted(tasks.reversed(), today: Self.today).map(\.title)
        #expect(sorted == [
            "doFirst overdue", "doFirst today", "schedule near", "schedule far",
            "fitIn today early", "fitIn today late", "fitIn stale undated", "letGo dated", "letGo undated",
        ])
    }
}

@Suite("Task system · quick dates (core)")
struct TaskSystemQuickDateRuleTests {
    /// Monday 23 March 2026 … Sunday 29 March 2026 (London's spring change is on the Sunday).
    static let week = ["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28", "2026-03-29"]

    @Test("T-24 later this week is +3 days only inside the week, for each first weekday",
          arguments: [Weekday.monday, .sunday, .saturday])
    func laterThisWeek(_ first: Weekday) throws {
        let calendar = TaskSystemFixture.calendar(firstWeekday: first)
        for text in Self.week {
            let today = TaskSystemFixture.day(text)
            let target = today.adding(days: 3)
            let sameWeek = calendar.startOfWeek(containing: target) == calendar.startOfWeek(containing: today)
            // Days left in the week, counted by hand: three or more after today means it is offered.
            let offset = (today.weekday.rawValue - first.rawValue + 7) % 7
            #expect(sameWeek == (offset <= 3), "\(text) from \(first)")
            if offset <= 3 {
                #expect(try QuickDate.laterThisWeek.resolve(today: today, calendar: calendar) == target)
            } else {
                #expect(throws: PlannerError.laterThisWeekUnavailable) {
                    try QuickDate.laterThisWeek.resolve(today: today, calendar: calendar)
                }
            }
        }
    }

    @Test("T-24 next week is the first day of next week", arguments: [
        (Weekday.monday, "2026-03-25", "2026-03-30"), (.monday, "2026-03-29", "2026-03-30"), (.monday, "2026-03-30", "2026-04-06"),
        (.sunday, "2026-03-25", "2026-03-29"), (.sunday, "2026-03-29", "2026-04-05"), (.sunday, "2026-03-28", "2026-03-29"),
    ])
    func nextWeek(_ first: Weekday, _ today: String, _ expected: String) throws {
        let calendar = TaskSystemFixture.calendar(firstWeekday: first)
        #expect(try QuickDate.nextWeek.resolve(today: TaskSystemFixture.day(today), calendar: calendar)
                == TaskSystemFixture.day(expected))
    }

    @Test("T-24 today, tomorrow, someday and a date; the words parse as the command line writes them")
    func words() throws {
        let calendar = TaskSystemFixture.calendar()
        let today = TaskSystemFixture.day("2026-02-28")
        #expect(try QuickDate(word: "today")?.resolve(today: today, calendar: calendar) == today)
        #expect(try QuickDate(word: "Tomorrow")?.resolve(today: today, calendar: calendar) == TaskSystemFixture.day("2026-03-01"))
        let someday = try #require(QuickDate(word: "someday"))
        #expect(try someday.resolve(today: today, calendar: calendar) == nil)
        #expect(QuickDate(word: "2026-07-04") == .date(TaskSystemFixture.day("2026-07-04")))
        #expect(QuickDate(word: "later-this-week") == .laterThisWeek)
        #expect(QuickDate(word: "next-week") == .nextWeek)
        #expect(QuickDate(word: "2026-02-29") == nil)
        #expect(QuickDate(word: "soon") == nil)
    }
}

@Suite("Task system · repeating tasks (core)")
struct TaskSystemRepeatRuleTests {
    static func next(_ kind: RepeatKind, after base: String, due: String, weekdays: String = "", dayOfMonth: Int = 0) -> String? {
        RepeatRule.next(kind: kind, after: TaskSystemFixture.day(base), due: TaskSystemFixture.day(due),
                        weekdays: RepeatRule.weekdays(weekdays), dayOfMonth: dayOfMonth)?.description
    }

    @Test("T-26 stored weekdays read back as ISO numbers; spaces around a number are allowed, other pieces ignored",
          arguments: [("1,5", [1, 5]), (" 1 , 5 ", [1, 5]), ("7,1,7", [1, 7]), ("", []), ("1 5", []),
                      ("x,3", [3]), ("8,0,2", [2]), ("12", []), ("3x", []), ("+4,6", [6]), ("1,,2,", [1, 2])])
    func storedWeekdays(text: String, expected: [Int]) {
        #expect(RepeatRule.weekdays(text).map(\.isoNumber).sorted() == expected)
    }

    @Test("T-26 monthly on the 31st goes Jan 31 → Feb 28 → Mar 31 → Apr 30")
    func monthly31st() {
        var due = "2027-01-31"
        var chain: [String] = []
        for _ in 0..<3 {
            due = Self.next(.monthly, after: due, due: due, dayOfMonth: 31) ?? "?"
            chain.append(due)
        }
        #expect(chain == ["2027-02-28", "2027-03-31", "2027-04-30"])
    }

    @Test("T-26 monthly on the 31st reaches Feb 29 in 2028, and on the 30th and 29th clamps the same way",
          arguments: [("2028-01-31", 31, "2028-02-29"), ("2028-02-29", 31, "2028-03-31"), ("2027-01-30", 30, "2027-02-28"),
                      ("2027-02-28", 30, "2027-03-30"), ("2027-01-29", 29, "2027-02-28"), ("2026-12-31", 31, "2027-01-31"),
                      ("2027-01-15", 15, "2027-02-15")])
    func monthlyClamped(_ due: String, _ dayOfMonth: Int, _ expected: String) {
        #expect(Self.next(.monthly, after: due, due: due, dayOfMonth: dayOfMonth) == expected)
    }

    @Test("T-26 a monthly task's day of month is filled in from the due date the first time")
    func monthlyFillsDay() throws {
        let task = TaskSystemFixture.task(due: "2027-01-31", repeat: .monthly)
        let next = try #require(task.nextInstance(resolvedDay: TaskSystemFixture.day("2027-01-31"), now: TaskSystemFixture.instant()))
        #expect(next.repeatDayOfMonth == 31)
        #expect(next.dueDate == TaskSystemFixture.day("2027-02-28"))
        let after = try #require(next.nextInstance(resolvedDay: TaskSystemFixture.day("2027-02-28"), now: TaskSystemFixture.instant()))
        #expect(after.dueDate == TaskSystemFixture.day("2027-03-31"))
    }

    @Test("T-26 weekly with no days keeps the due date's weekday; with ISO days takes the next of them",
          arguments: [("2026-12-04", "2026-12-04", "", "2026-12-11"), ("2026-12-06", "2026-12-04", "", "2026-12-11"),
                      ("2026-11-30", "2026-11-30", "1,5", "2026-12-04"), ("2026-12-04", "2026-12-04", "1,5", "2026-12-07"),
                      ("2026-12-02", "2026-11-30", "1,5", "2026-12-04"), ("2026-12-06", "2026-12-06", "7", "2026-12-13")])
    func weekly(_ base: String, _ due: String, _ days: String, _ expected: String) {
        #expect(Self.next(.weekly, after: base, due: due, weekdays: days) == expected)
    }

    @Test("T-26 daily is the next day; none has no next")
    func dailyAndNone() {
        #expect(Self.next(.daily, after: "2026-12-31", due: "2026-12-31") == "2027-01-01")
        #expect(Self.next(.none, after: "2026-12-31", due: "2026-12-31") == nil)
    }

    @Test("T-26 the command line's repeat words parse to kind and ISO days",
          arguments: [("daily", RepeatKind.daily, ""), ("weekly", .weekly, ""), ("weekly:5,1", .weekly, "1,5"),
                      ("weekly:mon,fri", .weekly, "1,5"), ("WEEKLY:7", .weekly, "7"), ("monthly", .monthly, ""),
                      ("none", RepeatKind.none, "")])
    func parse(_ word: String, _ kind: RepeatKind, _ days: String) throws {
        let parsed = try RepeatRule.parse(word)
        #expect(parsed.0 == kind)
        #expect(parsed.1 == days)
    }

    @Test("T-26 repeat words that mean nothing are refused", arguments: ["yearly", "weekly:0", "weekly:8", "monthly:3", "daily:1"])
    func badParse(_ word: String) {
        #expect(throws: InputError.self) { try RepeatRule.parse(word) }
    }

    @Test("T-28 the next instance is strictly after max(due date, completion day)",
          arguments: [("2026-12-04", "2026-12-02", "2026-12-11"), ("2026-12-04", "2026-12-04", "2026-12-11"),
                      ("2026-12-04", "2026-12-06", "2026-12-11"), ("2026-12-04", "2026-12-11", "2026-12-18")])
    func strictlyAfter(_ due: String, _ resolved: String, _ expected: String) {
        let task = TaskSystemFixture.task(due: due, repeat: .weekly)
        #expect(task.nextInstance(resolvedDay: TaskSystemFixture.day(resolved), now: TaskSystemFixture.instant())?.dueDate
                == TaskSystemFixture.day(expected))
    }

    @Test("T-29 the next instance copies title, notes, category, effort, importance, repeat and series; resets the rest")
    func copies() throws {
        let category = UUID()
        var task = TaskItem(title: "Pay rent", notes: "- [x] transfer", dueDate: TaskSystemFixture.day("2026-12-01"),
                            effortMinutes: 15, importance: .high, deferralCount: 2, repeatKind: .monthly,
                            repeatDayOfMonth: 1, createdAt: TaskSystemFixture.instant(), categoryID: category,
                            region: .evening, bucket: .mustDo, sortOrder: 3)
        task.isCompleted = true
        task.completedAt = TaskSystemFixture.instant(10)
        let now = TaskSystemFixture.instant(20)
        let next = try #require(task.nextInstance(resolvedDay: TaskSystemFixture.day("2026-12-01"), now: now))
        #expect(next.id != task.id)
        #expect(next.title == "Pay rent" && next.notes == "- [x] transfer")
        #expect(next.categoryID == category && next.effortMinutes == 15 && next.importance == .high)
        #expect(next.repeatKind == .monthly && next.repeatDayOfMonth == 1 && next.seriesID == task.id)
        #expect(next.dueDate == TaskSystemFixture.day("2027-01-01"))
        #expect(!next.isCompleted && next.completedAt == nil && next.droppedAt == nil && next.deferralCount == 0)
        #expect(next.region == nil && next.bucket == nil && next.sortOrder == 0)
        #expect(next.createdAt == now)
    }

    @Test("T-27 T-29 a one-off task, or a repeating one with no day, has no next instance")
    func noNext() {
        #expect(TaskSystemFixture.task(due: "2026-12-01").nextInstance(resolvedDay: TaskSystemFixture.day("2026-12-01"),
                                                                    now: TaskSystemFixture.instant()) == nil)
        #expect(TaskSystemFixture.task(repeat: .daily).nextInstance(resolvedDay: TaskSystemFixture.day("2026-12-01"),
                                                                   now: TaskSystemFixture.instant()) == nil)
    }

    @Test("T-32 dedup keeps the completed instance, else the live one, else the one made first")
    func dedupKeeper() {
        let series = UUID()
        func instance(_ title: String, created: Int, done: Bool = false, dropped: Bool = false) -> TaskItem {
            var task = TaskSystemFixture.task(title, due: "2026-12-04", created: created, repeat: .weekly)
            task.seriesID = series
            task.isCompleted = done
            task.droppedAt = dropped ? TaskSystemFixture.instant(99) : nil
            return task
        }
        #expect(SeriesDedup.keeper(of: [instance("a", created: 1), instance("b", created: 2, done: true)])?.title == "b")
        #expect(SeriesDedup.keeper(of: [instance("a", created: 1, dropped: true), instance("b", created: 2)])?.title == "b")
        #expect(SeriesDedup.keeper(of: [instance("a", created: 5), instance("b", created: 2)])?.title == "b")
        #expect(SeriesDedup.keeper(of: []) == nil)
    }
}

@Suite("Task system · notes (core)")
struct TaskSystemNotesRuleTests {
    @Test("T-33 checklist items are `- [ ]`, `- [x]` and `* [ ]` lines, numbered in order")
    func checklist() {
        let notes = "Intro\n- [ ] one\n  * [X] two\n- [y] not an item\n-[ ] nor this\n- [x]   three  "
        let items = Notes.checklist(notes)
        #expect(items.map(\.text) == ["one", "two", "three"])
        #expect(items.map(\.isChecked) == [false, true, true])
        #expect(items.map(\.number) == [1, 2, 3])
        #expect(Notes.checklist(nil).isEmpty)
    }

    @Test("T-33 toggling ticks or unticks only the numbered item's box")
    func toggle() throws {
        let notes = "- [ ] milk\n- [x] bread\nkeep [ ] this"
        #expect(try Notes.toggle(notes, item: 1) == "- [x] milk\n- [x] bread\nkeep [ ] this")
        #expect(try Notes.toggle(notes, item: 2) == "- [ ] milk\n- [ ] bread\nkeep [ ] this")
        #expect(throws: PlannerError.noChecklistItem(3, 2)) { try Notes.toggle(notes, item: 3) }
        #expect(throws: PlannerError.noChecklistItem(1, 0)) { try Notes.toggle(nil, item: 1) }
    }

    @Test("T-33 unticking an upper-case [X] item changes its own box, not a [x] in its text")
    func toggleUpperCaseBox() throws {
        #expect(try Notes.toggle("- [X] compare [x] and [y]", item: 1) == "- [ ] compare [x] and [y]")
    }

    @Test("T-33 appended lines carry the wall-clock stamp and never overwrite",
          arguments: [("Europe/London", "2026-03-29", "02:30", "2026-03-29 02:30"),
                      ("America/New_York", "2026-11-01", "01:30", "2026-11-01 01:30"),
                      ("America/New_York", "2026-03-08", "23:59", "2026-03-08 23:59")])
    func appending(_ zone: String, _ day: String, _ time: String, _ stamp: String) {
        let calendar = TaskSystemFixture.calendar(zone, rollover: "04:00")
        let instant = calendar.instant(on: TaskSystemFixture.day(day), at: TimeOfDay(time)!)
        #expect(Notes.appending("Left a voicemail", to: nil, at: instant, calendar: calendar)
                == "\(stamp) — Left a voicemail")
        #expect(Notes.appending(" call\nback ", to: "Old line", at: instant, calendar: calendar)
                == "Old line\n\(stamp) — call back")
        #expect(Notes.appending("x", to: "Ends with newline\n", at: instant, calendar: calendar)
                == "Ends with newline\n\(stamp) — x")
    }
}
