import CharflowCore
import CharflowStore
import Foundation

/// `charflow habit add|edit|log|grid|pause|resume|archive|restore|begin|group|list`.
enum HabitCommand: Command {
    static let name = "habit"
    static let usage = """
        charflow habit add TITLE [--preset quran|dhikr|exercise|running] [--kind binary|counted|timed|avoid] \
        [--target N] [--days ISO,..|--weekdays|--per-week N] [--window "LABEL HH:MM-HH:MM [remind HH:MM]"]... \
        [--effort MINUTES|none] [--group NAME] [--notes TEXT]
               charflow habit edit ID [options of add] [--title TEXT]
               charflow habit log ID [--window LABEL] [--count N|--minutes N|--slip|--held|--undo] [--date YYYY-MM-DD]
               charflow habit grid ID [--weeks N] [--window LABEL]
               charflow habit pause ID [--from D] [--to D] --reason travel|illness|cycle|other | habit resume ID
               charflow habit archive ID | restore ID | begin ID [--window LABEL] [--settle done|stop]
        """
    static let summary = "Habits: add, edit, log, grid, pause, archive, begin (see `charflow habits`)"
    static let options: Set<String> = [
        "preset", "kind", "target", "days", "weekdays", "per-week", "window", "effort", "group", "notes", "title",
        "count", "minutes", "slip", "held", "undo", "date", "weeks", "from", "to", "reason", "settle", "all",
    ]
    static let maxWords = Int.max

    static func run(_ context: Context) throws {
        let words = context.args.words
        guard let verb = words.first else { throw UsageError(message: "Usage: \(usage)") }
        let rest = Array(words.dropFirst())
        switch verb {
        case "add": try add(rest, context)
        case "edit": try edit(rest, context)
        case "log": try log(rest, context)
        case "grid": try grid(rest, context)
        case "pause": try pause(rest, context)
        case "resume": try simple(rest, context, verb: "Resumed") { try $0.resumeHabit($1) }
        case "archive": try simple(rest, context, verb: "Archived") { try $0.archiveHabit($1) }
        case "restore": try simple(rest, context, verb: "Restored") { try $0.restoreHabit($1) }
        case "begin": try begin(rest, context)
        case "group": try GroupCommand.run(rest, context)
        case "list": try HabitsCommand.run(context)
        default: throw UsageError(message: "Unknown habit action '\(verb)'.\nUsage: \(usage)")
        }
    }

    static func one(_ rest: [String]) throws -> String {
        guard rest.count == 1 else { throw UsageError(message: "Which habit? Give its id or title.\nUsage: \(usage)") }
        return rest[0]
    }

    static func add(_ rest: [String], _ context: Context) throws {
        let args = context.args
        var request = Planner.NewHabit(title: rest.joined(separator: " "))
        if let text = args.value("preset") {
            guard let preset = HabitPreset(rawValue: text.lowercased()) else { throw PlannerError.unknownPreset(text) }
            request.preset = preset
        }
        request.kind = try kind(args)
        request.target = try number(args, "target", in: WholeNumber.habitTarget)
        request.schedule = try schedule(args)
        request.windows = try (args.values["window"] ?? []).map(Planner.WindowSpec.parse)
        request.effortMinutes = try effort(args)
        request.group = args.value("group")
        request.notes = args.value("notes")
        if request.title.isEmpty, request.preset == nil { throw PlannerError.emptyTitle }
        let planner = try context.planner()
        let habit = try planner.addHabit(request)
        try report(habit, verb: "Added", planner: planner, context: context)
    }

    static func edit(_ rest: [String], _ context: Context) throws {
        let args = context.args
        var change = Planner.HabitEdit()
        change.title = args.value("title")
        if let notes = args.value("notes") { change.notes = .some(notes) }
        change.kind = try kind(args)
        change.target = try number(args, "target", in: WholeNumber.habitTarget)
        change.schedule = try schedule(args)
        change.windows = try (args.values["window"] ?? []).map(Planner.WindowSpec.parse)
        change.effortMinutes = try effort(args)
        if let group = args.value("group") { change.group = .some(group.lowercased() == "none" ? nil : group) }
        let planner = try context.planner()
        let habit = try planner.editHabit(try one(rest), change)
        try report(habit, verb: "Edited", planner: planner, context: context)
    }

    static func log(_ rest: [String], _ context: Context) throws {
        let args = context.args
        let word = try one(rest)
        let planner = try context.planner()
        let habit = try planner.habit(matching: word)
        let action: Planner.HabitLog
        if args.has("undo") {
            action = .undo
        } else if args.has("slip") {
            action = .slip
        } else if args.has("held") {
            action = .held
        } else if let minutes = try number(args, "minutes", in: WholeNumber.habitMinutes) {
            action = .minutes(minutes)
        } else if let count = try number(args, "count", in: WholeNumber.habitCount) {
            action = .count(count)
        } else {
            switch habit.kind {
            case .binary: action = .toggle
            case .counted: action = .count(1)
            case .timed: throw PlannerError.wrongLog(kind: "timed", given: "A log without --minutes")
            case .avoid: throw PlannerError.wrongLog(kind: "avoid", given: "A log without --slip or --held")
            }
        }
        var date: LocalDay?
        if let text = args.value("date") {
            switch text.lowercased() {
            case "today": date = planner.today
            case "yesterday": date = planner.today.adding(days: -1)
            default:
                guard let day = LocalDay(entered: text) else { throw PlannerError.badDate(text) }
                date = day
            }
        }
        let (logged, window, entry) = try planner.logHabit(word, window: args.value("window"), action, date: date)
        let name = window.label.isEmpty ? logged.title : "\(logged.title) (\(window.label))"
        let day = entry.date == planner.today ? "today" : entry.date.description
        let amount = HabitText.amount(kind: logged.kind, amount: entry.amount, target: entry.target)
        let held = action == .held ? ", held" : ""
        context.output.emit(text: "\(name): \(amount) \(day)\(held).",
                            json: HabitJSON.entry(entry, calendar: planner.calendar))
    }

    static func grid(_ rest: [String], _ context: Context) throws {
        let weeks = try number(context.args, "weeks", in: 1...260) ?? 12
        let planner = try context.planner()
        let habit = try planner.habit(matching: try one(rest))
        var windows = try planner.windows(of: habit)
        if let label = context.args.value("window") {
            windows = [try planner.pickWindow(of: habit, label: label)]
        }
        let today = planner.today
        let firstDay = planner.calendar.startOfWeek(containing: today).adding(days: -7 * (weeks - 1))
        let renderer = DensityGridRenderer(output: context.output, environment: context.environment)
        var text: [String] = [context.output.bold(habit.title)]
        var grids: [JSONValue] = []
        for window in windows {
            let history = try planner.history(of: window, habit: habit, from: firstDay.adding(days: -DensityRead.windowDays),
                                              through: today)
            let cells = history.cells(from: firstDay, through: today, today: today)
            let read = DensityRead.sentence(history, today: today, calendar: planner.calendar)
            let todayCell = history.cell(today, today: today)
            var label = window.label.isEmpty ? "" : window.label + " · "
            if let schedule = history.schedule(on: today), schedule.isWeeklyTarget {
                let week = history.weekProgress(containing: today, calendar: planner.calendar)
                label += "\(week.done) of \(week.target) this week"
            } else {
                label += "today " + HabitText.amount(kind: habit.kind, amount: todayCell.amount, target: todayCell.target)
            }
            text.append("")
            text += renderer.render(cells: cells, firstDay: firstDay, weeks: weeks, today: today,
                                    calendar: planner.calendar, label: label)
            text.append(read)
            grids.append(.object([
                ("window", HabitJSON.window(window)),
                ("days", .array(cells.map { cell in
                    .object([("date", .string(cell.date.description)), ("state", .string(cell.state.rawValue)),
                             ("amount", .int(cell.amount)), ("target", .int(cell.target)), ("isDue", .bool(cell.isDue))])
                })),
                ("read", .string(read)),
            ]))
        }
        if let pause = try planner.pauses(of: habit).first(where: { $0.covers(today) }) {
            text.append(HabitText.pausedLine(pause))
        }
        text.append("")
        text.append(context.output.dim(renderer.legend()))
        var object: [(String, JSONValue)] = []
        if case .object(let pairs) = try HabitJSON.habit(habit, planner: planner) { object = pairs }
        object.append(("grids", .array(grids)))
        if case .object(let first) = grids.first {
            object += first.filter { $0.0 == "days" || $0.0 == "read" }
        }
        context.output.emit(text: text.joined(separator: "\n"), json: .object(object))
    }

    static func pause(_ rest: [String], _ context: Context) throws {
        let args = context.args
        guard let reasonText = args.value("reason") else {
            throw UsageError(message: "Why the pause? Give --reason travel, illness, cycle or other.\nUsage: \(usage)")
        }
        guard let reason = PauseReason(rawValue: reasonText.lowercased()) else {
            throw PlannerError.invalidWord(what: "reason", given: reasonText, expected: "travel, illness, cycle or other")
        }
        let planner = try context.planner()
        let from = try args.value("from").map { try day($0, planner) }
        let to = try args.value("to").map { try day($0, planner) }
        let habit = try planner.habit(matching: try one(rest))
        let pause = try planner.pauseHabit(habit.id.lowercasedText, from: from, to: to, reason: reason)
        context.output.emit(text: "\(habit.title): " + HabitText.pausedLine(pause), json: HabitJSON.pause(pause))
    }

    static func begin(_ rest: [String], _ context: Context) throws {
        var settle: SessionSettle?
        if let text = context.args.value("settle") {
            guard let choice = SessionSettle(rawValue: text.lowercased()) else {
                throw PlannerError.invalidWord(what: "settle choice", given: text, expected: "done or stop")
            }
            settle = choice
        }
        let planner = try context.planner()
        let session = try planner.beginHabit(try one(rest), window: context.args.value("window"), settle: settle)
        let title = try planner.title(of: session)
        context.output.emit(text: "Began “\(title)”" + (session.estimateMinutes.map { " — \($0) min." } ?? "."),
                            json: .object([("session", SessionJSON.session(session, planner: planner))]))
    }

    static func simple(_ rest: [String], _ context: Context, verb: String,
                       _ action: (Planner, String) throws -> Habit) throws {
        let planner = try context.planner()
        let habit = try action(planner, try one(rest))
        try report(habit, verb: verb, planner: planner, context: context)
    }

    static func report(_ habit: Habit, verb: String, planner: Planner, context: Context) throws {
        let json = try HabitJSON.habit(habit, planner: planner)
        context.output.emit(text: "\(verb) \(habit.shortID) “\(habit.title)” — \(HabitText.schedule(habit)).", json: json)
    }

    // MARK: Options

    static func kind(_ args: Arguments) throws -> HabitKind? {
        guard let text = args.value("kind") else { return nil }
        guard let kind = HabitKind(rawValue: text.lowercased()) else {
            throw PlannerError.invalidWord(what: "kind", given: text, expected: "binary, counted, timed or avoid")
        }
        return kind
    }

    static func number(_ args: Arguments, _ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = args.value(name) else { return nil }
        guard let value = try WholeNumber.parse(text, what: "--" + name, in: range) else { throw UsageError(message: "--\(name) takes a whole number, not '\(text)'.") }
        return value
    }

    static func effort(_ args: Arguments) throws -> Int?? {
        guard let text = args.value("effort") else { return nil }
        if text.lowercased() == "none" { return .some(nil) }
        guard let minutes = Int(text), (1...1440).contains(minutes) else { throw PlannerError.badEffort(text) }
        return .some(minutes)
    }

    static func schedule(_ args: Arguments) throws -> HabitSchedule? {
        let given = [args.value("days") != nil, args.has("weekdays"), args.value("per-week") != nil].filter { $0 }.count
        guard given <= 1 else { throw UsageError(message: "Choose one of --days, --weekdays or --per-week.") }
        if args.has("weekdays") { return .weekdays }
        if let text = args.value("per-week") {
            guard let count = Int(text), (1...7).contains(count) else {
                throw PlannerError.invalidWord(what: "times a week", given: text, expected: "1 to 7")
            }
            return .timesPerWeek(count)
        }
        if let text = args.value("days") {
            if text.lowercased() == "daily" { return .daily }
            var days = Set<Weekday>()
            for piece in text.split(separator: ",") {
                let word = piece.trimmingCharacters(in: .whitespaces)
                guard let day = Int(word).flatMap(Weekday.init(isoNumber:)) ?? Weekday(name: word) else {
                    throw PlannerError.invalidWord(what: "day", given: word, expected: "ISO numbers 1–7 or names like mon")
                }
                days.insert(day)
            }
            guard !days.isEmpty else { throw PlannerError.invalidWord(what: "days", given: text, expected: "at least one day") }
            return days.count == 7 ? .daily : .custom(days)
        }
        return nil
    }

    static func day(_ text: String, _ planner: Planner) throws -> LocalDay {
        guard let word = QuickDate(word: text), let day = try word.resolve(today: planner.today, calendar: planner.calendar) else {
            throw PlannerError.badDate(text)
        }
        return day
    }
}

/// `charflow habits [--all]`: today's habits with their progress, paused and archived ones after.
enum HabitsCommand: Command {
    static let name = "habits"
    static let usage = "charflow habits [--all] [--json]"
    static let summary = "Today's habits with progress (paused and archived after)"
    static let options: Set<String> = ["all"]
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        let days = try planner.habitDays()
        let archived = try planner.habits(includeArchived: true).filter(\.isArchived)
        let signals = try planner.takeHabitSignals()
        let output = context.output
        var text = [output.bold("Habits") + " · " + DayText.long(planner.today)]
        let active = days.filter { $0.pause == nil }
        if active.isEmpty && archived.isEmpty && days.isEmpty {
            text.append("No habits yet. Add one with `charflow habit add TITLE` or a preset: --preset quran.")
        }
        for day in active {
            text += HabitText.lines(day, output: output)
        }
        let paused = days.filter { $0.pause != nil }
        if !paused.isEmpty {
            text.append("")
            text.append(output.heading("Paused"))
            for day in paused {
                text.append("  " + day.habit.title + "  " + output.dim(HabitText.pausedLine(day.pause!)))
            }
        }
        if !archived.isEmpty {
            text.append("")
            if context.args.has("all") {
                text.append(output.heading("Archived"))
                text += archived.map { "  " + $0.title + "  " + output.dim($0.shortID + " — charflow habit restore ID") }
            } else {
                text.append(output.dim("Archived (\(archived.count)) — charflow habits --all"))
            }
        }
        let titles = Dictionary(days.map { ($0.habit.id, $0.habit.title) }, uniquingKeysWith: { a, _ in a })
        for signal in signals {
            text.append(output.accent(Messages.text(signal, title: signal.subject.flatMap { titles[$0] })))
        }
        // The JSON lines read each habit's windows again: only built when asked for.
        var habitsJSON: [JSONValue] = []
        if output.json {
            for day in days { habitsJSON.append(try HabitJSON.day(day, planner: planner)) }
            if context.args.has("all") {
                for habit in archived { habitsJSON.append(try HabitJSON.habit(habit, planner: planner)) }
            }
        }
        output.emit(text: text.joined(separator: "\n"), json: .object([
            ("date", .string(planner.today.description)),
            ("habits", .array(habitsJSON)),
            ("archivedCount", .int(archived.count)),
            ("signals", .array(signals.map {
                .object([("kind", .string($0.kind)), ("habit", .optional($0.subject.map { $0.lowercasedText })),
                         ("message", .string(Messages.text($0, title: $0.subject.flatMap { titles[$0] })))])
            })),
        ]))
    }
}

/// `charflow group add NAME | list | archive NAME` (also as `charflow habit group ...`).
enum GroupCommand: Command {
    static let name = "group"
    static let usage = "charflow group list | add NAME | archive NAME"
    static let summary = "Habit groups: a ring for today, \"4/5 today\", and a 14-day strip"
    static let maxWords = Int.max

    static func run(_ context: Context) throws {
        try run(context.args.words, context)
    }

    static func run(_ words: [String], _ context: Context) throws {
        let planner = try context.planner()
        switch words.first ?? "list" {
        case "add":
            let group = try planner.addGroup(words.dropFirst().joined(separator: " "))
            context.output.emit(text: "Added group \(group.title).", json: .object([("id", .string(group.id.lowercasedText)),
                                                                               ("title", .string(group.title))]))
        case "archive":
            guard words.count >= 2 else { throw UsageError(message: "Usage: \(usage)") }
            let group = try planner.archiveGroup(words.dropFirst().joined(separator: " "))
            context.output.emit(text: "Archived group \(group.title); its habits stay.",
                                json: .object([("archived", .string(group.title))]))
        case "list":
            let renderer = DensityGridRenderer(output: context.output, environment: context.environment)
            var text = [context.output.bold("Groups")]
            var json: [JSONValue] = []
            for group in try planner.groups() {
                let summary = try planner.groupSummary(group)
                let strip = summary.days.map { day -> String in
                    guard let share = day.share else { return " " }
                    let state: DensityState = share >= 1 ? .complete : share >= 0.5 ? .partialHigh : share > 0 ? .partialLow : .empty
                    return renderer.glyph(DensityCell(date: day.date, state: state, amount: 0, target: 1, isDue: true))
                }.joined()
                text.append("  \(group.title)  \(summary.percentToday)%  \(summary.doneToday)/\(summary.dueToday) today  \(strip)")
                json.append(.object([
                    ("id", .string(group.id.lowercasedText)), ("title", .string(group.title)),
                    ("percentToday", .int(summary.percentToday)), ("doneToday", .int(summary.doneToday)),
                    ("dueToday", .int(summary.dueToday)),
                    ("days", .array(summary.days.map { .object([("date", .string($0.date.description)),
                                                                 ("share", $0.share.map { .int(Int(($0 * 100).rounded())) } ?? .null)]) })),
                ]))
            }
            context.output.emit(text: text.joined(separator: "\n"), json: .object([("groups", .array(json))]))
        default:
            throw UsageError(message: "Usage: \(usage)")
        }
    }
}

/// Words for habits in text output.
enum HabitText {
    static func amount(kind: HabitKind, amount: Int, target: Int) -> String {
        switch kind {
        case .binary: amount > 0 ? "done" : "not yet"
        case .counted: "\(amount)/\(target)"
        case .timed: "\(amount)/\(target) min"
        case .avoid: amount == 1 ? "1 slip" : "\(amount) slips"
        }
    }

    static func pausedLine(_ pause: HabitPause) -> String {
        guard let to = pause.to else { return "Paused (\(pause.reason.rawValue)) until you resume it" }
        return "Paused — resumes \(DayText.short(to.adding(days: 1)))"
    }

    static func schedule(_ habit: Habit) -> String {
        let schedule = habit.schedule
        if schedule.isWeeklyTarget { return "\(schedule.perWeek) times a week" }
        switch schedule.frequency {
        case .daily: return "daily"
        case .weekdays: return "weekdays"
        case .custom: return schedule.days.sorted().map(\.shortName).joined(separator: ", ")
        }
    }

    static func lines(_ day: Planner.HabitDay, output: Output) -> [String] {
        var lines: [String] = []
        for (window, cell) in day.windows {
            let box = day.isDoneToday || cell.state == .complete ? "[x]" : "[ ]"
            var name = day.habit.title + (window.label.isEmpty ? "" : " · " + window.label)
            name = TaskLineRenderer.fit(name, 36)
            var progress = amount(kind: day.habit.kind, amount: cell.amount, target: cell.target)
            if let week = day.week { progress = "\(week.done) of \(week.target) this week" + (cell.amount > 0 ? " · today " + progress : "") }
            if !cell.isDue, day.week == nil { progress = "not today" }
            let left = "  \(box) \(name)"
            lines.append(left + String(repeating: " ", count: max(2, 44 - left.count)) + progress
                         + String(repeating: " ", count: max(2, 72 - max(44, left.count + 2) - progress.count))
                         + output.dim(day.habit.shortID))
        }
        return lines
    }
}

/// Habit objects in `habit.md`'s field names.
enum HabitJSON {
    static func habit(_ habit: Habit, planner: Planner) throws -> JSONValue {
        let group = try habit.groupID.flatMap { id in try planner.groups(includeArchived: true).first { $0.id == id }?.title }
        return .object([
            ("id", .string(habit.id.lowercasedText)),
            ("title", .string(habit.title)),
            ("notes", .optional(habit.notes)),
            ("presetKey", .optional(habit.presetKey)),
            ("kind", .string(habit.kind.rawValue)),
            ("frequency", .string(habit.schedule.frequency.rawValue)),
            ("scheduledDays", .string(habit.schedule.daysText)),
            ("targetPerWeek", .int(habit.schedule.perWeek)),
            ("pauses", .array(try planner.pauses(of: habit).map(pause))),
            ("isArchived", .bool(habit.isArchived)),
            ("group", .optional(group)),
            ("createdAt", .string(Instant.isoText(habit.createdAt, in: planner.calendar))),
            ("windows", .array(try planner.windows(of: habit).map(window))),
        ])
    }

    static func day(_ day: Planner.HabitDay, planner: Planner) throws -> JSONValue {
        guard case .object(var pairs) = try habit(day.habit, planner: planner) else { return .null }
        pairs.append(("today", .array(day.windows.map { window, cell in
            .object([("window", .string(window.id.lowercasedText)), ("label", .string(window.label)),
                     ("amount", .int(cell.amount)), ("target", .int(cell.target)), ("state", .string(cell.state.rawValue)),
                     ("isDue", .bool(cell.isDue))])
        })))
        if let week = day.week {
            pairs.append(("week", .object([("done", .int(week.done)), ("target", .int(week.target))])))
        }
        pairs.append(("isDueToday", .bool(day.isDueToday)))
        pairs.append(("isDoneToday", .bool(day.isDoneToday)))
        pairs.append(("paused", .optional(day.pause.map(HabitText.pausedLine))))
        return .object(pairs)
    }

    static func window(_ window: HabitWindow) -> JSONValue {
        .object([
            ("id", .string(window.id.lowercasedText)), ("label", .string(window.label)),
            ("startMinute", .int(window.startMinute)), ("endMinute", .int(window.endMinute)),
            ("target", .int(window.target)), ("effortMinutes", .optional(window.effortMinutes)),
            ("reminderMinute", .optional(window.reminderMinute)),
        ])
    }

    static func pause(_ pause: HabitPause) -> JSONValue {
        .object([("from", .string(pause.from.description)), ("to", .optional(pause.to?.description)),
                 ("reason", .string(pause.reason.rawValue))])
    }

    static func entry(_ entry: HabitEntry, calendar: PlannerCalendar) -> JSONValue {
        .object([
            ("id", .string(entry.id.lowercasedText)), ("window", .string(entry.windowID.lowercasedText)),
            ("date", .string(entry.date.description)), ("target", .int(entry.target)), ("amount", .int(entry.amount)),
            ("completedAt", .optional(entry.completedAt.map { Instant.isoText($0, in: calendar) })),
            ("isComplete", .bool(entry.isComplete)), ("completionRatio", .int(Int((entry.completionRatio * 100).rounded()))),
        ])
    }
}
