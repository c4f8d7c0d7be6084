import CharflowApp
import CharflowCore

/// `charflow group add NAME | list | archive NAME | restore NAME` (also as `charflow habit group ...`).
enum GroupCommand: Command {
    static let name = "group"
    static let usage = "charflow group list | add NAME | archive NAME | restore NAME"
    static let summary = "Habit groups: a ring for today, \"4/5 today\", and a 14-day strip"
    static let maxWords = Int.max

    static func run(_ context: Context) throws {
        try run(context.args.words, context)
    }

    static func run(_ words: [String], _ context: Context) throws {
        let verb = words.first ?? "list"
        guard ["add", "archive", "restore", "list"].contains(verb) else { throw UsageError(message: "Usage: \(usage)") }
        if verb == "archive" || verb == "restore", words.count < 2 { throw UsageError(message: "Usage: \(usage)") }
        let report = try context.app().habitGroups(words)
        if let group = report.added {
            context.output.emit(text: "Added group \(group.title).", json: report.json)
        } else if let group = report.archived {
            context.output.emit(text: "Archived group \(group.title); its habits stay.", json: report.json)
        } else if let group = report.restored {
            context.output.emit(text: "Restored group \(group.title).", json: report.json)
        } else {
            let renderer = DensityGridRenderer(output: context.output, environment: context.environment)
            var text = [context.output.bold("Groups")]
            for summary in report.summaries {
                let strip = summary.days.map { day -> String in
                    guard let share = day.share else { return " " }
                    let state: DensityState = share >= 1 ? .complete : share >= 0.5 ? .partialHigh : share > 0 ? .partialLow : .empty
                    return renderer.glyph(DensityCell(date: day.date, state: state, amount: 0, target: 1, isDue: true))
                }.joined()
                text.append("  \(summary.group.title)  \(summary.percentToday)%  \(summary.doneToday)/\(summary.dueToday) today  \(strip)")
            }
            context.output.emit(text: text.joined(separator: "\n"), json: report.json)
        }
    }
}
