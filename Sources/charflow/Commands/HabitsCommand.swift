import CharflowApp
import CharflowCore

/// `charflow habits [--all]`: today's habits with their progress, paused and archived ones after.
enum HabitsCommand: TypedCommand {
    static let name = "habits"
    typealias Input = ReadHabits.Input
    static let usage = "charflow habits [--all] [--json]"
    static let summary = "Today's habits with progress (paused and archived after)"

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        let report = try app.readHabits(input)
        let output = context.output
        if output.json {
            output.emit(text: "", json: report.json)
            return
        }
        var text = [output.bold("Habits") + " · " + DayText.long(report.day)]
        if report.active.isEmpty && report.archived.isEmpty && report.days.isEmpty {
            text.append("No habits yet. Add one with `charflow habit add TITLE` or a preset: --preset quran.")
        }
        for day in report.active {
            text += HabitText.lines(day, output: output)
        }
        if !report.paused.isEmpty {
            text.append("")
            text.append(output.heading("Paused"))
            for day in report.paused {
                text.append("  " + day.habit.title + "  " + output.dim(HabitWords.pausedLine(day.pause!)))
            }
        }
        if !report.archived.isEmpty {
            text.append("")
            if report.includeArchived {
                text.append(output.heading("Archived"))
                text += report.archived.map { "  " + $0.title + "  " + output.dim($0.shortID + " — charflow habit restore ID") }
            } else {
                text.append(output.dim("Archived (\(report.archived.count)) — charflow habits --all"))
            }
        }
        for signal in report.signals {
            text.append(output.accent(CommandLineWords.text(signal.signal, title: signal.title)))
        }
        output.line(SessionChip.heading(text.joinedText(separator: "\n"), app: app, output: output))
        // What a person was shown is marked, as Today marks it (A-2: the reading wrote nothing; the front
        // end that showed the lines says so), so the fatigue and new-habit lines come once a week, not on
        // every call. `--json` marks nothing: a script decides what was seen.
        try app.markSeen(report.seen)
    }
}
