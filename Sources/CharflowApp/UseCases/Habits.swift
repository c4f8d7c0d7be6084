import CharflowCore
import CharflowStore
import Foundation

/// A habit after an action on it.
public struct HabitReport {
    public let habit: Habit
    public let json: JSONValue
}

/// One logged (or corrected) day of one window.
public struct HabitLogReport {
    public let habit: Habit
    public let window: HabitWindow
    public let entry: HabitEntry
    public let today: LocalDay
    public let held: Bool
    public let json: JSONValue
}

/// A habit's density grid per window, with the read and today's progress.
public struct HabitGridReport {
    /// One window's grid.
    public struct Grid {
        public let window: HabitWindow
        public let cells: [DensityCell]
        public let read: String
        /// Today's amount, or this week's count for a weekly target.
        public let todayCell: DensityCell
        public let week: (done: Int, target: Int)?
    }

    public let habit: Habit
    public let grids: [Grid]
    public let firstDay: LocalDay
    public let weeks: Int
    public let today: LocalDay
    public let calendar: PlannerCalendar
    public let pause: HabitPause?
    public let json: JSONValue
}

/// A habit group after an action, or the groups with today's ring and a 14-day strip.
public struct HabitGroupsReport {
    public let added: HabitGroup?
    public let archived: HabitGroup?
    public let summaries: [Planner.GroupSummary]
    public let json: JSONValue
}

extension Charflow {
    /// `habit add TITLE` with the add options; a preset may stand in for the title.
    public func addHabit(_ request: Request) throws -> HabitReport {
        var habit = Planner.NewHabit(title: request.words.dropFirst().joined(separator: " "))
        if let text = request.value("preset") {
            guard let preset = HabitPreset(rawValue: text.lowercased()) else { throw PlannerError.unknownPreset(text) }
            habit.preset = preset
        }
        habit.kind = try request.habitKind()
        habit.target = try request.number("target", what: "a target", in: WholeNumber.habitTarget)
        habit.schedule = try request.habitSchedule()
        habit.windows = try request.habitWindows()
        habit.effortMinutes = try request.habitEffort()
        habit.group = request.value("group")
        habit.notes = request.value("notes")
        if habit.title.isEmpty, habit.preset == nil { throw PlannerError.emptyTitle }
        return try habitReport(try planner.addHabit(habit))
    }

    /// `habit edit ID` with the options of add and `--title`.
    public func editHabit(_ request: Request) throws -> HabitReport {
        var change = Planner.HabitEdit()
        change.title = request.value("title")
        if let notes = request.value("notes") { change.notes = .some(notes) }
        change.kind = try request.habitKind()
        change.target = try request.number("target", what: "a target", in: WholeNumber.habitTarget)
        change.schedule = try request.habitSchedule()
        change.windows = try request.habitWindows()
        change.effortMinutes = try request.habitEffort()
        if let group = request.value("group") { change.group = .some(group.lowercased() == "none" ? nil : group) }
        return try habitReport(try planner.editHabit(try request.habitSubject(), change))
    }

    /// `habit log ID`: the kind's default log, or `--count`, `--minutes`, `--slip`, `--held`, `--undo`, for
    /// today or one of the last 14 days (`--date`).
    public func logHabit(_ request: Request) throws -> HabitLogReport {
        let word = try request.habitSubject()
        let habit = try planner.habit(matching: word)
        let action: Planner.HabitLog
        if request.has("undo") {
            action = .undo
        } else if request.has("slip") {
            action = .slip
        } else if request.has("held") {
            action = .held
        } else if let minutes = try request.number("minutes", what: "the minutes of one log", in: WholeNumber.habitMinutes) {
            action = .minutes(minutes)
        } else if let count = try request.number("count", what: "the count of one log", in: WholeNumber.habitCount) {
            action = .count(count)
        } else {
            switch habit.kind {
            case .binary: action = .toggle
            case .counted: action = .count(1)
            case .timed: throw PlannerError.wrongLog(kind: .timed, log: nil)
            case .avoid: throw PlannerError.wrongLog(kind: .avoid, log: nil)
            }
        }
        var date: LocalDay?
        if let text = request.value("date") {
            switch text.lowercased() {
            case "today": date = today
            case "yesterday": date = today.adding(days: -1)
            default:
                guard let day = LocalDay(entered: text) else { throw InputError.badDate(text) }
                date = day
            }
        }
        let (logged, window, entry) = try planner.logHabit(word, window: request.value("window"), action, date: date)
        return HabitLogReport(habit: logged, window: window, entry: entry, today: today, held: action == .held,
                              json: HabitJSON.entry(entry, calendar: calendar))
    }

    /// `habit grid ID [--weeks N] [--window LABEL]`: the density grid of each window (or the one named).
    public func habitGrid(_ request: Request) throws -> HabitGridReport {
        let weeks = try request.number("weeks", what: "the number of weeks", in: 1...260) ?? 12
        let habit = try planner.habit(matching: try request.habitSubject())
        var windows = try planner.windows(of: habit)
        if let label = request.value("window") {
            windows = [try planner.pickWindow(of: habit, label: label)]
        }
        let firstDay = calendar.startOfWeek(containing: today).adding(days: -7 * (weeks - 1))
        var grids: [HabitGridReport.Grid] = []
        var gridsJSON: [JSONValue] = []
        for window in windows {
            let history = try planner.history(of: window, habit: habit, from: firstDay.adding(days: -DensityRead.windowDays),
                                              through: today)
            let cells = history.cells(from: firstDay, through: today, today: today)
            let read = DensityRead.sentence(history, today: today, calendar: calendar)
            var week: (done: Int, target: Int)?
            if let schedule = history.schedule(on: today), schedule.isWeeklyTarget {
                week = history.weekProgress(containing: today, calendar: calendar)
            }
            grids.append(.init(window: window, cells: cells, read: read, todayCell: history.cell(today, today: today), week: week))
            gridsJSON.append(.object([
                ("window", HabitJSON.window(window)),
                ("days", .array(cells.map { cell in
                    .object([("date", .string(cell.date.description)), ("state", .string(cell.state.rawValue)),
                             ("amount", .int(cell.amount)), ("target", .int(cell.target)), ("isDue", .bool(cell.isDue))])
                })),
                ("read", .string(read)),
            ]))
        }
        var object: [(String, JSONValue)] = []
        if case .object(let pairs) = try HabitJSON.habit(habit, planner: planner) { object = pairs }
        object.append(("grids", .array(gridsJSON)))
        if case .object(let first) = gridsJSON.first {
            object += first.filter { $0.0 == "days" || $0.0 == "read" }
        }
        return HabitGridReport(habit: habit, grids: grids, firstDay: firstDay, weeks: weeks, today: today, calendar: calendar,
                               pause: try planner.pauses(of: habit).first { $0.covers(today) }, json: .object(object))
    }

    /// `habit pause ID --reason R [--from D] [--to D]`.
    public func pauseHabit(_ request: Request) throws -> (habit: Habit, pause: HabitPause, json: JSONValue) {
        guard let reasonText = request.value("reason") else { throw RequestError.missingOption("reason") }
        guard let reason = PauseReason(rawValue: reasonText.lowercased()) else {
            throw InputError.invalidWord(what: "reason", given: reasonText, expected: "travel, illness, cycle or other")
        }
        let from = try request.value("from").map(pauseDay)
        let to = try request.value("to").map(pauseDay)
        let habit = try planner.habit(matching: try request.habitSubject())
        let pause = try planner.pauseHabit(habit.id.lowercasedText, from: from, to: to, reason: reason)
        return (habit, pause, HabitJSON.pause(pause))
    }

    public func resumeHabit(_ request: Request) throws -> HabitReport {
        try habitReport(try planner.resumeHabit(try request.habitSubject()))
    }

    public func archiveHabit(_ request: Request) throws -> HabitReport {
        try habitReport(try planner.archiveHabit(try request.habitSubject()))
    }

    public func restoreHabit(_ request: Request) throws -> HabitReport {
        try habitReport(try planner.restoreHabit(try request.habitSubject()))
    }

    /// `habit begin ID [--window LABEL] [--settle done|stop]`: a timed session on a habit window.
    public func beginHabit(_ request: Request) throws -> (session: WorkSession, title: String, json: JSONValue) {
        var settle: SessionSettle?
        if let text = request.value("settle") {
            guard let choice = SessionSettle(rawValue: text.lowercased()) else {
                throw InputError.invalidWord(what: "settle choice", given: text, expected: "done or stop")
            }
            settle = choice
        }
        let window = try planner.windowToTime(try request.habitSubject(), window: request.value("window"))
        let session = try startSession(on: .habitWindow(window.id), estimate: window.target, settle: settle)
        return (session, try title(of: session), .object([("session", SessionJSON.session(session, now: now, calendar: calendar))]))
    }

    /// `group add NAME`, `group archive NAME`, or `group list` (the default).
    public func habitGroups(_ words: [String]) throws -> HabitGroupsReport {
        switch words.first ?? "list" {
        case "add":
            let group = try planner.addGroup(words.dropFirst().joined(separator: " "))
            return HabitGroupsReport(added: group, archived: nil, summaries: [], json: .object([
                ("id", .string(group.id.lowercasedText)), ("title", .string(group.title))]))
        case "archive":
            guard words.count >= 2 else { throw RequestError.missing("group") }
            let group = try planner.archiveGroup(words.dropFirst().joined(separator: " "))
            return HabitGroupsReport(added: nil, archived: group, summaries: [], json: .object([("archived", .string(group.title))]))
        case "list":
            let summaries = try planner.groups().map(planner.groupSummary)
            return HabitGroupsReport(added: nil, archived: nil, summaries: summaries, json: .object([("groups", .array(summaries.map { summary in
                .object([
                    ("id", .string(summary.group.id.lowercasedText)), ("title", .string(summary.group.title)),
                    ("percentToday", .int(summary.percentToday)), ("doneToday", .int(summary.doneToday)),
                    ("dueToday", .int(summary.dueToday)),
                    ("days", .array(summary.days.map { .object([("date", .string($0.date.description)),
                                                                 ("share", $0.share.map { .int(Int(($0 * 100).rounded())) } ?? .null)]) })),
                ])
            }))]))
        default:
            throw RequestError.unknownAction(words.first ?? "")
        }
    }

    func habitReport(_ habit: Habit) throws -> HabitReport {
        HabitReport(habit: habit, json: try HabitJSON.habit(habit, planner: planner))
    }

    private func pauseDay(_ text: String) throws -> LocalDay {
        guard let word = QuickDate(word: text), let day = try word.resolve(today: today, calendar: calendar) else {
            throw InputError.badDate(text)
        }
        return day
    }
}
