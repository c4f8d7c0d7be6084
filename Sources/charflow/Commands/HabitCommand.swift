import CharflowApp
import CharflowCore

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
               charflow habit pause ID [--from D] [--to RESUME-DAY] --reason travel|illness|cycle|other | habit resume ID
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
        let request = context.request
        let output = context.output
        if ["edit", "log", "grid", "pause", "resume", "archive", "restore", "begin"].contains(verb) {
            guard words.count == 2 else { throw RequestError.missing("habit") }
        }
        switch verb {
        case "add", "edit", "resume", "archive", "restore":
            let app = try context.app()
            let report = try [
                "add": app.addHabit, "edit": app.editHabit, "resume": app.resumeHabit, "archive": app.archiveHabit,
                "restore": app.restoreHabit,
            ][verb]!(request)
            let done = ["add": "Added", "edit": "Edited", "resume": "Resumed", "archive": "Archived", "restore": "Restored"][verb]!
            output.emit(text: "\(done) \(report.habit.shortID) “\(report.habit.title)” — \(HabitText.schedule(report.habit)).",
                        json: report.json)
        case "log":
            let report = try context.app().logHabit(request)
            let name = report.window.label.isEmpty ? report.habit.title : "\(report.habit.title) (\(report.window.label))"
            let day = report.entry.date == report.today ? "today" : report.entry.date.description
            let amount = HabitWords.amount(kind: report.habit.kind, amount: report.entry.amount, target: report.entry.target)
            output.emit(text: "\(name): \(amount) \(day)\(report.held ? ", held" : "").", json: report.json)
        case "grid":
            try grid(try context.app().habitGrid(request), context)
        case "pause":
            guard request.value("reason") != nil else { throw RequestError.missingOption("reason") }
            let paused = try context.app().pauseHabit(request)
            output.emit(text: "\(paused.habit.title): " + HabitWords.pausedLine(paused.pause)
                            + HabitWords.keptDaysLine(paused.keptDays), json: paused.json)
        case "begin":
            let begun = try context.app().beginHabit(request)
            output.emit(text: "Began “\(begun.title)”" + (begun.session.estimateMinutes.map { " — \($0) min." } ?? "."),
                        json: begun.json)
        case "group": try GroupCommand.run(Array(words.dropFirst()), context)
        case "list": try HabitsCommand.run(context)
        default: throw UsageError(message: "Unknown habit action '\(verb)'.\nUsage: \(usage)")
        }
    }

    static func grid(_ report: HabitGridReport, _ context: Context) throws {
        let renderer = DensityGridRenderer(output: context.output, environment: context.environment)
        var text: [String] = [context.output.bold(report.habit.title)]
        for grid in report.grids {
            var label = grid.window.label.isEmpty ? "" : grid.window.label + " · "
            if let week = grid.week {
                label += "\(week.done) of \(week.target) this week"
            } else {
                label += "today " + HabitWords.amount(kind: report.habit.kind, amount: grid.todayCell.amount, target: grid.todayCell.target)
            }
            text.append("")
            text += renderer.render(cells: grid.cells, firstDay: report.firstDay, weeks: report.weeks, today: report.today,
                                    calendar: report.calendar, label: label)
            text.append(grid.read)
        }
        if let pause = report.pause {
            text.append(HabitWords.pausedLine(pause))
        }
        text.append("")
        text.append(context.output.dim(renderer.legend()))
        context.output.emit(text: text.joined(separator: "\n"), json: report.json)
    }
}
