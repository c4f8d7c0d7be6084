import CharflowApp
import CharflowCore

/// `charflow habit grid ID [--weeks N] [--window LABEL]`: the density grid of each window, with its read.
enum HabitGridCommand: HabitSubcommand {
    static let name = "habit grid"
    typealias Input = ReadHabitGrid.Input
    static let summary = "A habit's density grid, week by week, with the sentence under it"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().readHabitGrid(input)
        let renderer = DensityGridRenderer(output: context.output, environment: context.environment)
        var text: [String] = [context.output.bold(report.habit.title)]
        for grid in report.grids {
            var label = grid.window.label.isEmpty ? "" : grid.window.label + " · "
            if let week = grid.week {
                label += "\(week.done) of \(week.target) this week"
            } else {
                label += "today " + HabitWords.amount(kind: report.habit.kind, amount: grid.todayCell.amount, target: grid.todayCell.target)
                    + (grid.todayCell.isHeld ? ", held" : "")
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
        context.output.emit(text: text.joinedText(separator: "\n"), json: report.json)
    }
}
