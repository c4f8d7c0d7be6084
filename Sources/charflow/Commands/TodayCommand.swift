import CharflowApp
import CharflowCore
import Foundation

/// `charflow [today]`: the day board, what is due or overdue, and the Backlog count.
enum TodayCommand: TypedCommand {
    static let name = "today"
    typealias Input = NoInput
    static let usage = "charflow [today] [--json]"
    static let summary = "Today: the board, due and overdue tasks, the Backlog count"

    static func run(_ input: Input, _ context: Context) throws {
        let app = try context.app()
        let report = try app.readToday()
        if context.output.json {
            // A script decides what was seen: JSON marks nothing.
            let json = try report.json
            context.output.emit(text: "", json: json)
            return
        }
        // The offer stands as a row while it holds; its signal is not repeated in the list.
        let signals = report.signals.filter { $0.signal.kind != "sessionCarriedOver" }
            .map { CommandLineWords.text($0.signal, title: $0.title) }
            + [report.offered].compactMap { $0.map { CommandLineWords.pickBackUp($0.title) } }
            // A detected habit is offered once (R-6): the line the first time, never again.
            + report.habitOffers.filter { !$0.shown }.map(HabitOfferWords.line)
        context.output.line(text(report, output: context.output, signals: signals,
                                 chip: report.session.map { SessionJSON.chip($0, title: report.sessionName?.title ?? "", now: app.now) },
                                 categories: try app.categoryNames(), calendar: app.calendar))
        try app.markSeen(report.seen)
        try app.markHabitOffersShown(report.habitOffers)
    }

    static func text(_ report: TodayReport, output: Output, signals: [String], chip: String?,
                     categories: [UUID: String], calendar: PlannerCalendar) -> String {
        let view = report.view, filter = report.filter, habits = report.habits
        let lines = TaskLineRenderer(output: output, categories: categories)
        let progress = view.board.progress
        let summary = progress.total == 0 ? "nothing planned"
            : "\(progress.completed) of \(progress.total) done · \(progress.percent)%"
        let title = DayText.long(view.day)
        var out = [lines.spread(output.bold(title), summary, visibleLeft: title.count)]
        if let filter { out.append(output.dim("Showing \(filter) only — charflow filter --clear")) }
        if let chip { out.append(output.accent(chip)) }
        out.append("")
        let board = BoardRenderer(output: output, lockComplementary: report.lockComplementary, categories: categories)
        let times = DayTimeText(output: output, calendar: calendar)
        // Outside the regions: all-day events and those before the first region above the cards, the rest below.
        let firstStart = report.time.free.regions.map(\.start).min()
        let outside = report.time.pointsOutsideRegions
        let isEarly = { (point: FixedPoint) in point.isAllDay || firstStart.map { point.start < $0 } ?? true }
        let before = outside.filter(isEarly)
        if !before.isEmpty { out += times.outside(before) + [""] }
        for card in view.board.regions {
            out += board.render(card, time: (times, report.time.free.region(card.region), report.time.points(in: card.region)))
            out.append("")
        }
        let after = outside.filter { !isEarly($0) }
        if !after.isEmpty { out += times.outside(after) + [""] }
        if !view.due.isEmpty {
            out.append(output.heading("Due today, not on the board") + output.dim(" (\(view.due.count))"))
            out += view.due.map { lines.line($0) }
            out.append("")
        }
        if !view.overdue.isEmpty {
            out.append(output.heading("Carried over") + output.dim(" (\(view.overdue.count))"))
            out += view.overdue.map { lines.line($0, note: TaskLineRenderer.dueNote($0, today: view.day)) }
            out.append("")
        }
        if !habits.isEmpty {
            let done = habits.filter(\.isDoneToday).count
            out.append(output.heading("Habits") + output.dim(" (\(done)/\(habits.count) today)"))
            for day in habits { out += HabitText.lines(day, output: output) }
            out.append("")
        }
        if view.isEmpty {
            out.append(Messages.emptyBoard)
        }
        for signal in signals {
            out.append(output.accent(signal))
        }
        let count = view.backlogCount
        out.append("Backlog: \(count) task\(count == 1 ? "" : "s")" + (count > 0 ? output.dim(" — charflow backlog") : ""))
        return out.joinedText(separator: "\n")
    }
}
