import CharflowCore
import CharflowStore
import Foundation

/// `charflow [today]`: the day board, what is due or overdue, and the Backlog count.
enum TodayCommand: Command {
    static let name = "today"
    static let usage = "charflow [today] [--json]"
    static let summary = "Today: the board, due and overdue tasks, the Backlog count"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        let view = try planner.todayView()
        var signals = try planner.takeTodaySignals(view)
        let session = try planner.liveSession()
        let sessionTask = try session.flatMap { try planner.task(of: $0) }
        // The offer to pick a carried session back up is a row of Today while it stands; as a signal
        // it is listed once.
        let offered = session == nil ? try planner.offeredTask() : nil
        if offered != nil, let fresh = try planner.takeOfferedTask() { signals.append(.sessionCarriedOver(task: fresh.id)) }
        if try planner.takeTwoTimersNotice() { signals.append(.twoTimersStopped) }
        signals += try planner.takeEasedSignals()
        signals += try planner.takeHabitSignals()
        // Paused habits are hidden from Today; a weekly target shows until met, then as done.
        let habitDays = try planner.habitDays().filter { $0.pause == nil && ($0.isDueToday || $0.isDoneToday) }
        let habitsJSON = context.output.json ? try habitDays.map { try HabitJSON.day($0, planner: planner) } : []
        let filter = try planner.todayFilter()
        let render = TaskJSON(today: planner.today, calendar: planner.calendar, categories: try planner.categoryNames())
        var titles = Dictionary((view.board.allTasks + view.due + view.overdue + [offered].compactMap { $0 }).map { ($0.id, $0.title) },
                                uniquingKeysWith: { first, _ in first })
        for day in habitDays { titles[day.habit.id] = day.habit.title }
        for signal in signals {
            if let id = signal.subject, titles[id] == nil,
               let task = try planner.task(id: id) {
                titles[id] = task.title
            }
        }
        let phrased = signals.map { signal -> (Signal, String) in
            (signal, Messages.text(signal, title: signal.subject.flatMap { titles[$0] }))
        }
        context.output.emit(
            text: text(view, planner: planner, output: context.output,
                       signals: phrased.filter { $0.0.kind != "sessionCarriedOver" }.map(\.1)
                           + [offered].compactMap { $0.map { Messages.text(.sessionCarriedOver(task: $0.id), title: $0.title) } },
                       filter: filter?.name,
                       chip: session.map { SessionJSON.chip($0, task: sessionTask, now: planner.now) }, habits: habitDays,
                       categories: render.categories),
            json: json(view, render: render, lock: planner.settings.lockComplementary, signals: phrased,
                       filter: filter?.name, session: session.map { SessionJSON.session($0, planner: planner) },
                       habits: habitsJSON, offer: offered.map(render.task)))
    }

    static func json(
        _ view: TodayView, render: TaskJSON, lock: Bool, signals: [(Signal, String)], filter: String?,
        session: JSONValue?, habits: [JSONValue], offer: JSONValue?
    ) -> JSONValue {
        let progress = view.board.progress
        let regions: [(String, JSONValue)] = view.board.regions.map { card in
            (card.region.rawValue, .object([
                ("mustDo", render.tasks(card.mustDo)),
                ("complementary", render.tasks(card.complementary)),
                ("misc", render.tasks(card.misc)),
                ("progress", progressJSON(card.progress)),
                ("complementaryLocked", .bool(lock && card.mustDo.contains { !$0.isCompleted })),
            ]))
        }
        return .object([
            ("date", .string(view.day.description)),
            ("regions", .object(regions)),
            ("progress", progressJSON(progress)),
            ("due", render.tasks(view.due)),
            ("overdue", render.tasks(view.overdue)),
            ("backlogCount", .int(view.backlogCount)),
            ("habits", .array(habits)),
            ("session", session ?? .null),
            ("signals", .array(signals.map { signal, message in
                .object([("kind", .string(signal.kind)),
                         ("task", .optional(signal.subject.map { $0.lowercasedText })),
                         ("message", .string(message))])
            })),
            ("filter", .optional(filter)),
            ("offer", offer ?? .null),
        ])
    }

    static func progressJSON(_ progress: BoardProgress) -> JSONValue {
        .object([("total", .int(progress.total)), ("completed", .int(progress.completed)),
                 ("percent", .int(progress.percent))])
    }

    static func text(
        _ view: TodayView, planner: Planner, output: Output, signals: [String], filter: String?, chip: String?,
        habits: [Planner.HabitDay], categories: [UUID: String] = [:]
    ) -> String {
        let lines = TaskLineRenderer(output: output, categories: categories)
        let progress = view.board.progress
        let summary = progress.total == 0 ? "nothing planned"
            : "\(progress.completed) of \(progress.total) done · \(progress.percent)%"
        let title = DayText.long(view.day)
        var out = [lines.spread(output.bold(title), summary, visibleLeft: title.count)]
        if let filter { out.append(output.dim("Showing \(filter) only — charflow filter --clear")) }
        if let chip { out.append(output.accent(chip)) }
        out.append("")
        let board = BoardRenderer(output: output, lockComplementary: planner.settings.lockComplementary,
                                  categories: categories)
        for card in view.board.regions {
            out += board.render(card)
            out.append("")
        }
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
        return out.joined(separator: "\n")
    }
}
