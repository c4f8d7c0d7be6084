import CharflowApp
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
        request.target = try number(args, "target")
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
        change.target = try number(args, "target")
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
        } else if let minutes = try number(args, "minutes") {
            action = .minutes(minutes)
        } else if let count = try number(args, "count") {
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
                guard let day = LocalDay(text) else { throw PlannerError.badDate(text) }
                date = day
            }
        }
        let (logged, window, entry) = try planner.logHabit(word, window: args.value("window"), action, date: date)
        let name = window.label.isEmpty ? logged.title : "\(logged.title) (\(window.label))"
        let day = entry.date == planner.today ? "today" : entry.date.description
        let amount = HabitWords.amount(kind: logged.kind, amount: entry.amount, target: entry.target)
        let held = action == .held ? ", held" : ""
        context.output.emit(text: "\(name): \(amount) \(day)\(held).",
                            json: HabitJSON.entry(entry, calendar: planner.calendar))
    }

    static func grid(_ rest: [String], _ context: Context) throws {
        let weeks = try number(context.args, "weeks") ?? 12
        guard (1...260).contains(weeks) else {
            throw PlannerError.invalidWord(what: "number of weeks", given: String(weeks), expected: "1 to 260")
        }
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
                label += "today " + HabitWords.amount(kind: habit.kind, amount: todayCell.amount, target: todayCell.target)
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
            text.append(HabitWords.pausedLine(pause))
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
        context.output.emit(text: "\(habit.title): " + HabitWords.pausedLine(pause), json: HabitJSON.pause(pause))
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

    static func number(_ args: Arguments, _ name: String) throws -> Int? {
        guard let text = args.value(name) else { return nil }
        guard let value = Int(text) else { throw UsageError(message: "--\(name) takes a whole number, not '\(text)'.") }
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
