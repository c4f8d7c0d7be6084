import CharflowApp
import CharflowCore

/// `charflow stats [--weeks N]`: weeks of trends, the Must-Do rate, focus and deferrals of each.
enum StatsCommand: TypedCommand {
    static let name = "stats"
    typealias Input = ReadTrends.Input
    static let usage = "charflow stats [--weeks N] [--json]"
    static let summary = "Weeks of trends: Must-Dos done of placed, focus time and deferrals"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().trends(input)
        guard !context.output.json else { return context.output.emit(text: "", json: report.json) }
        let rows = report.weeks.map { week in
            [ISOWeek.name(ofWeekStarting: week.firstDay), DayText.short(week.firstDay), ReviewWords.trendRate(week.mustDos),
             ReviewWords.focus(seconds: week.focusSeconds), String(week.deferrals)]
        }
        let header = ["Week", "From", "Must-Dos done", "Focus", "Deferrals"]
        let widths = (0..<header.count).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joinedText(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }
        let text = [context.output.bold(line(header))] + rows.map(line)
        context.output.emit(text: text.joinedText(separator: "\n"), json: report.json)
    }
}
