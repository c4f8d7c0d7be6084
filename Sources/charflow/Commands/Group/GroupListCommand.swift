import CharflowApp
import CharflowCore

/// `charflow group list`: each group with today's ring, "done/due today", and its 14-day strip.
enum GroupListCommand: TypedCommand {
    static let name = "group list"
    typealias Input = NoInput
    static let usage = GroupCommand.usage
    static let summary = "The habit groups, with today's ring and a 14-day strip"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().readGroups()
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
        context.output.emit(text: text.joinedText(separator: "\n"), json: report.json)
    }
}
