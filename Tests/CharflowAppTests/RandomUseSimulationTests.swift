@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import CharflowTestSupport
import Foundation
import Testing

/// Weeks of seeded random use through the use cases on one real store, a person's day at a time:
/// quick adds (each judged by its dry run first), deferrals by every path, moves to other days, done,
/// habit logs and pauses reaching back, and night planning; every simulated night the invariants of
/// issue 24 are checked.
///
/// `CHARFLOW_SIMULATION_SEED` and `CHARFLOW_SIMULATION_DAYS` pick another seed or a longer run.
@Suite("Random use, checked every night (T-13 T-21 Y-18 H-15 W-9)")
struct RandomUseSimulationTests {
    static let seed = ProcessInfo.processInfo.environment["CHARFLOW_SIMULATION_SEED"].flatMap { UInt64($0) } ?? 0x24_0A11
    static let days = ProcessInfo.processInfo.environment["CHARFLOW_SIMULATION_DAYS"].flatMap { Int($0) } ?? 35

    static let titles = ["Write report", "Call the bank", "Tidy desk", "Read chapter", "Pay rent", "Water plants", "Email Sam"]
    static let lineParts = ["", " !high", " !medium", " !low", " @tomorrow", " @someday", " @next-week", " #Work", " #Nowhere",
                            " ~30m", " ~2h", " @today"]

    /// What a person sees of the numbers a change reports; a failure names the day and the action.
    struct Failures {
        var list: [String] = []
        /// What the run did, so a run that did nothing cannot pass.
        var counted = 0, added = 0, logged = 0
        /// The tasks whose removal suggestion was made, with the week it was made in (once a week, D11).
        var suggested: Set<String> = []
        mutating func check(_ condition: Bool, _ text: @autoclosure () -> String) {
            if !condition { list.append(text()) }
        }
    }

    static func pick<T>(_ list: [T], _ random: inout SeededRandom) -> T { list[random.int(0...list.count - 1)] }

    @Test("T-13 T-21 Y-18 H-15 W-9 random use over weeks: every counted deferral announced, no dry run accepts what the add refuses, every stored value shown, counts equal records")
    func weeksOfRandomUse() throws {
        let store = try AppTestStore()
        var random = SeededRandom(seed: Self.seed)
        var failures = Failures()
        let start = try #require(LocalDay("2026-11-02"))
        var setup = try store.open(start.description, "08:00")
        var habitInput = AddHabit.Input(title: "Water")
        habitInput.kind = .counted
        habitInput.target = 3
        let water = try setup.addHabit(habitInput).habit
        var gym = AddHabit.Input(title: "Gym")
        gym.schedule = .timesPerWeek(3)
        let gymHabit = try setup.addHabit(gym).habit
        var smoke = AddHabit.Input(title: "Smoking")
        smoke.kind = .avoid
        smoke.target = 1
        let smoking = try setup.addHabit(smoke).habit
        var read = AddHabit.Input(title: "Read")
        read.schedule = .custom([.monday, .wednesday, .friday])
        let reading = try setup.addHabit(read).habit
        let habits = [water, gymHabit, smoking, reading]
        _ = setup
        setup = try store.open(start.description, "08:01")

        for offset in 0..<Self.days {
            let day = start.adding(days: offset)
            let label = "seed \(Self.seed) day \(day)"
            // The morning: the rollover has run on opening; what it eased is said on Today.
            let morning = try store.open(day.description, "08:00")
            let before = try Self.importanceByTask(morning)
            _ = before
            for step in 0..<random.int(3...8) {
                let app = try store.open(day.description, String(format: "%02d:%02d", 9 + step, random.int(0...59)))
                let tasks = try app.tasks(all: false).tasks.filter { $0.droppedAt == nil && !$0.isCompleted }
                let roll = random.int(0...9)
                do {
                    switch roll {
                    case 0...2:
                        // Quick add: the dry run first, then the add; they must agree.
                        var line = Self.pick(Self.titles, &random)
                        for _ in 0..<random.int(0...2) { line += Self.pick(Self.lineParts, &random) }
                        var options: [String: [String]] = ["parse": [line]]
                        if random.int(0...2) == 0 { options["region"] = [Self.pick(["morning", "afternoon", "evening"], &random)] }
                        if options["region"] != nil, random.int(0...1) == 0 { options["bucket"] = [Self.pick(["must", "complementary", "misc"], &random)] }
                        var asked: Set<String> = []
                        let words = WordsDecoder(options: options)
                        let preview = Self.outcome { _ = try app.previewQuickAdd(try words.decode(AddTask.Input.self, asked: &asked)) }
                        let added = Self.outcome { _ = try app.addTask(try words.decode(AddTask.Input.self, asked: &asked)) }
                        if added == nil { failures.added += 1 }
                        failures.check(preview == added, "\(label): dry run of '\(line)' \(options) said \(preview ?? "ok"), the add \(added ?? "ok")")
                    case 3...4:
                        guard let task = tasks.randomElement(using: &random) else { continue }
                        let to: QuickDate? = random.int(0...2) == 0 ? Self.pick([.tomorrow, .nextWeek, .someday, .laterThisWeek], &random) : nil
                        let change = try app.deferTask(DeferTask.Input(task: task.id, to: to ?? (task.deferralCount >= 2 ? .nextWeek : nil)))
                        try Self.checkAnnounced(task, change, label: "\(label) defer", app: app, &failures)
                    case 5:
                        guard let task = tasks.randomElement(using: &random) else { continue }
                        let change = try app.moveTask(MoveTask.Input(task: task.id, to: .board(region: Self.pick(Region.allCases, &random),
                                                                                                 bucket: nil, day: .nextWeek)))
                        try Self.checkAnnounced(task, change, label: "\(label) move", app: app, &failures)
                    case 6:
                        guard let task = tasks.randomElement(using: &random) else { continue }
                        _ = try app.completeTask(CompleteTask.Input(task: task.id))
                    case 7:
                        let habit = Self.pick(habits, &random)
                        let back = random.int(0...5)
                        let log: HabitLog = switch habit.kind {
                        case .counted: .count(random.int(1...2))
                        case .avoid: random.int(0...2) == 0 ? .held : .slip
                        default: .toggle
                        }
                        _ = try app.logHabit(LogHabit.Input(habit: habit.id, log: log, day: day.adding(days: -back)))
                        failures.logged += 1
                    case 8:
                        guard random.int(0...3) == 0 else { continue }
                        let habit = Self.pick(habits, &random)
                        let from = day.adding(days: -random.int(0...4))
                        _ = try app.pauseHabit(PauseHabit.Input(habit: habit.id, from: from, to: day.adding(days: random.int(1...4)),
                                                                reason: .other))
                    default:
                        guard let task = tasks.randomElement(using: &random) else { continue }
                        let change = try app.editTask(try Self.redate(task, to: day.adding(days: random.int(1...3))))
                        try Self.checkAnnounced(task, change, label: "\(label) edit --due", app: app, &failures)
                    }
                } catch let error where Refusal(error) != nil {
                    // A refusal is part of random use; it must change nothing, which the other suites prove.
                }
            }
            // Night planning: keep or carry each open task of the day, sometimes.
            let night = try store.open(day.description, "21:00")
            if random.int(0...1) == 0 {
                for task in try night.planReview().review.open {
                    let choice: CarryTask.Choice = task.deferralCount >= 2 || random.int(0...1) == 0 ? .later(.nextWeek, nil) : .keep
                    do {
                        let change = try night.carryTask(CarryTask.Input(task: task.id, choice: choice))
                        try Self.checkAnnounced(task, change, label: "\(label) plan carry", app: night, &failures)
                    } catch let error where Refusal(error) != nil {}
                }
            }
            try Self.checkNight(try store.open(day.description, "23:00"), habits: habits, label: label, &failures)
            // The next morning's rollover: a task it eased is said on Today.
            let importanceAtNight = try Self.importanceByTask(try store.open(day.description, "23:30"))
            let next = try store.open(day.adding(days: 1).description, "07:00")
            let today = try next.readToday()
            for (id, importance) in try Self.importanceByTask(next) where importance == .low {
                guard let was = importanceAtNight[id], was != .low else { continue }
                failures.check(today.signals.contains { $0.signal == .importanceEased(task: id) },
                               "\(label): the rollover eased \(id) and Today does not say so")
            }
            try next.markSeen(today.seen)
        }
        let broken = "\(failures.list.count) broken:\n" + failures.list.prefix(20).joined(separator: "\n")
        expectEmpty(failures.list, "\(broken)")
        expectTrue(failures.counted > 10 && failures.added > 10 && failures.logged > 10, "the run did too little to judge: \(failures.counted) deferrals, \(failures.added) adds, \(failures.logged) logs")
    }

    // MARK: The invariants

    /// A counted deferral that eased the task, or reached the fifth, says so in its report (T-13, T-21).
    static func checkAnnounced(_ before: TaskItem, _ change: TaskChange, label: String, app: Charflow, _ failures: inout Failures) throws {
        let after = change.task
        let counted = after.deferralCount > before.deferralCount
        if counted { failures.counted += 1 }
        if counted, before.importance != .low, after.importance == .low {
            failures.check(change.dateChange?.eased == true, "\(label): '\(after.title)' was eased to low silently")
        }
        // The fifth deferral or later suggests letting it go, once a week for each task (D11): said by this
        // deferral, or already this week by another or by Today (the nudge log has it), never twice.
        if counted, after.deferralCount >= Deferral.suggestRemovalFromCount {
            let week = app.calendar.startOfWeek(containing: app.today).description
            let key = after.id.lowercasedText + "@" + week
            let said = change.dateChange?.suggestRemoval == true
            let recorded = try app.store.signals.isRecorded(kind: "suggestRemoval", subject: after.id.lowercasedText, period: week)
            failures.check(said || recorded, "\(label): '\(after.title)' deferred \(after.deferralCount) times without the removal suggestion")
            if said { failures.check(failures.suggested.insert(key).inserted, "\(label): '\(after.title)' suggested for removal twice in a week") }
        }
        if change.dateChange?.eased == true {
            failures.check(after.importance == .low, "\(label): '\(after.title)' said eased but is \(after.importance)")
        }
    }

    /// The night's checks: every live task in a view, every logged habit day shown as logged, every
    /// deferral count equal to its records.
    static func checkNight(_ app: Charflow, habits: [Habit], label: String, _ failures: inout Failures) throws {
        let today = try app.readToday()
        var shown = Set(today.view.board.allTasks.map(\.id))
        shown.formUnion(today.view.due.map(\.id))
        shown.formUnion(today.view.overdue.map(\.id))
        shown.formUnion(try app.backlog().groups.flatMap(\.tasks).map(\.id))
        shown.formUnion(try app.upcoming().tasks.map(\.id))
        for task in try app.tasks(all: true).tasks {
            let detail = try app.showTask(ShowTask.Input(task: task.id))
            failures.check(detail.deferrals.count == task.deferralCount || detail.deferrals.isEmpty && task.deferralCount == 0,
                           "\(label): '\(task.title)' counts \(task.deferralCount) deferrals over \(detail.deferrals.count) records")
            guard task.droppedAt == nil, !task.isCompleted else { continue }
            failures.check(shown.contains(task.id), "\(label): live task '\(task.title)' is in no view")
        }
        for habit in habits {
            let grid = try app.readHabitGrid(ReadHabitGrid.Input(habit: habit.id, weeks: 3))
            for window in grid.grids {
                let entries = try app.store.habitRecords.entries(window: window.window.id, from: app.today.adding(days: -13),
                                                                   through: app.today)
                for (day, entry) in entries where entry.amount > 0 {
                    let cell = window.cells.first { $0.date == day }
                    failures.check(cell?.isDue == true && cell?.amount == entry.amount,
                                   "\(label): \(habit.title) logged \(entry.amount) on \(day) but its grid shows \(cell.map { "\($0.amount), due \($0.isDue)" } ?? "nothing")")
                }
            }
        }
    }

    // MARK: Helpers

    /// nil when `body` succeeds, else the refusal's code.
    static func outcome(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return Refusal(error)?.code ?? "\(error)" }
    }

    static func importanceByTask(_ app: Charflow) throws -> [UUID: Importance] {
        Dictionary(uniqueKeysWithValues: try app.tasks(all: true).tasks.map { ($0.id, $0.importance) })
    }

    static func redate(_ task: TaskItem, to day: LocalDay) throws -> EditTask.Input {
        var input = EditTask.Input(task: task.id)
        input.due = .date(day)
        return input
    }
}
