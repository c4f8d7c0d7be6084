import CharflowCore
import CharflowStore
import Foundation

/// Today as every front end shows it: the board, due and overdue tasks, the Backlog count, the habits due,
/// the running session, the offer to pick a carried session back up, and the signals not yet seen.
///
/// Reading it writes nothing (rule A-2): the front end that shows `signals` to a person passes `seen` to
/// `Charflow.markSeen`, so a page that refreshes, or a script reading `--json`, uses nothing up.
public struct TodayReport {
    public let view: TodayView
    /// Each signal with the title of what it is about and its sentence, in the order they are shown.
    public let signals: [PhrasedSignal]
    /// What marks `signals` as seen.
    public let seen: [Planner.SeenMark]
    public let session: WorkSession?
    public let sessionTask: TaskItem?
    /// The task whose session the last rollover closed, offered back while it stands.
    public let offered: TaskItem?
    /// Habits due today or done today; paused ones are left out.
    public let habits: [Planner.HabitDay]
    /// The category Today is filtered to, if any.
    public let filter: String?
    public let lockComplementary: Bool
    let app: Charflow

    /// Whether a region's Complementary tasks wait for its open Must-Do (spec D9).
    public func isComplementaryLocked(_ card: RegionCard) -> Bool {
        lockComplementary && card.mustDo.contains { !$0.isCompleted }
    }

    /// `today --json`.
    public func json() throws -> JSONValue {
        let render = try app.taskJSON()
        let regions: [(String, JSONValue)] = view.board.regions.map { card in
            (card.region.rawValue, .object([
                ("mustDo", render.tasks(card.mustDo)),
                ("complementary", render.tasks(card.complementary)),
                ("misc", render.tasks(card.misc)),
                ("progress", card.progress.json),
                ("complementaryLocked", .bool(isComplementaryLocked(card))),
            ]))
        }
        return .object([
            ("date", .string(view.day.description)),
            ("regions", .object(regions)),
            ("progress", view.board.progress.json),
            ("due", render.tasks(view.due)),
            ("overdue", render.tasks(view.overdue)),
            ("backlogCount", .int(view.backlogCount)),
            ("habits", .array(try habits.map { try HabitJSON.day($0, planner: app.planner) })),
            ("session", session.map { SessionJSON.session($0, now: app.now, calendar: app.calendar) } ?? .null),
            ("signals", .array(signals.map { phrased in
                .object([("kind", .string(phrased.signal.kind)),
                         ("task", .optional(phrased.signal.subject.map { $0.lowercasedText })),
                         ("message", .string(phrased.message))])
            })),
            ("filter", .optional(filter)),
            ("offer", offered.map(render.task) ?? .null),
        ])
    }
}

extension Charflow {
    /// Today, read without changing anything.
    public func readToday() throws -> TodayReport {
        let view = try planner.todayView()
        var pending = try planner.pendingTodaySignals(view)
        let session = try planner.sessions.live()
        let sessionTask = try session.flatMap(task(of:))
        // The offer to pick a carried session back up is a row of Today while it stands; as a signal it
        // is listed until seen.
        let offered = session == nil ? try planner.offeredTask() : nil
        if offered != nil, let offer = try planner.pendingOfferedTask() { pending.append(offer.signal) }
        if let notice = try planner.pendingTwoTimersNotice() { pending.append(notice) }
        pending += try planner.pendingEasedSignals()
        pending += try planner.pendingHabitSignals()
        // Paused habits are hidden from Today; a weekly target shows until met, then as done.
        let habitDays = try planner.habitDays().filter { $0.pause == nil && ($0.isDueToday || $0.isDoneToday) }
        var titles = Dictionary((view.board.allTasks + view.due + view.overdue + [offered].compactMap { $0 }).map { ($0.id, $0.title) },
                                uniquingKeysWith: { first, _ in first })
        for day in habitDays { titles[day.habit.id] = day.habit.title }
        for signal in pending.map(\.signal) {
            if let id = signal.subject, titles[id] == nil, let task = try planner.task(id: id) {
                titles[id] = task.title
            }
        }
        // A region over 1–3–5 after a merge is said while it stands, so it is never marked seen (Y-9).
        let phrased = pending.map { PhrasedSignal($0.signal, title: $0.signal.subject.flatMap { titles[$0] }) }
            + view.board.regions.compactMap(\.overLimit).map { PhrasedSignal($0, title: nil) }
        return TodayReport(view: view, signals: phrased, seen: pending.map(\.seen), session: session, sessionTask: sessionTask,
                           offered: offered, habits: habitDays, filter: try planner.categories.todayFilter()?.name,
                           lockComplementary: settings.lockComplementary, app: self)
    }

    /// Records that a person was shown these signals, so each is shown once in its period (spec D11).
    public func markSeen(_ marks: [Planner.SeenMark]) throws {
        try planner.markSeen(marks)
    }

    /// Records as seen the pending signals a front end showed, each named as `PhrasedSignal.shownName`
    /// (`--shown`, repeated); a signal that arrived since it read Today is left for next time, and one
    /// said while it stands (a region over 1–3–5) is never marked. Answers `{"marked": N}`.
    public func markShown(_ request: Request) throws -> JSONValue {
        let shown = Set(request.values("shown"))
        let report = try readToday()
        let marks = zip(report.signals, report.seen).filter { shown.contains($0.0.shownName) }.map(\.1)
        try planner.markSeen(marks)
        return .object([("marked", .int(marks.count))])
    }
}

extension PhrasedSignal {
    /// How a front end names the signal it showed: its kind, and `:` and its subject's id when it has one,
    /// as Today's JSON gives them (`kind`, `task`).
    public var shownName: String {
        signal.subject.map { "\(signal.kind):\($0.lowercasedText)" } ?? signal.kind
    }
}

extension BoardProgress {
    /// `{"total", "completed", "percent"}`.
    public var json: JSONValue {
        .object([("total", .int(total)), ("completed", .int(completed)), ("percent", .int(percent))])
    }
}

/// A signal with the title of the task or habit it is about, and its domain sentence.
public struct PhrasedSignal: Sendable {
    public let signal: Signal
    public let title: String?
    public let message: String

    init(_ signal: Signal, title: String?) {
        self.signal = signal
        self.title = title
        message = Messages.text(signal, title: title)
    }
}
