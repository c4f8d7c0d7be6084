import CharflowCore
import CharflowStore
import Foundation

/// Today as every front end shows it: the board, due and overdue tasks, the Backlog count, the habits due,
/// the running session, the offer to pick a carried session back up, and the signals not yet seen.
///
/// Reading it writes nothing (rule A-2): the front end that shows `signals` to a person passes `seen` to
/// `Charflow.markSeen`, so a page that refreshes, or a script reading `--json`, uses nothing up.
public struct TodayReport: Report {
    public let view: TodayView
    /// Each signal with the title of what it is about and its sentence, in the order they are shown.
    public let signals: [PhrasedSignal]
    /// What marks `signals` as seen.
    public let seen: [SeenMark]
    public let session: WorkSession?
    /// What the running session is on, in words (its chip's title).
    public let sessionName: SessionSubjectName?
    /// The task whose session the last rollover closed, offered back while it stands.
    public let offered: TaskItem?
    /// Habits due today or done today; paused ones are left out.
    public let habits: [HabitDay]
    /// Detected habits offered today; each is recorded as shown by the front end that shows it.
    public let habitOffers: [HabitOffer]
    /// The category Today is filtered to, if any.
    public let filter: String?
    public let lockComplementary: Bool
    /// The day's events and anchors, and each region's free and planned time (F-13 to F-16).
    public let time: DayTime
    let app: Charflow

    /// Whether a region's Complementary tasks wait for its open Must-Do (spec D9).
    public func isComplementaryLocked(_ card: RegionCard) -> Bool {
        lockComplementary && card.mustDo.contains { !$0.isCompleted }
    }

    /// `today --json`.
    public var json: JSONValue { get throws {
        let render = try app.taskJSON()
        let facts = try app.habitFacts(for: habits.map(\.habit))
        // The room counts every task placed today; with a Today filter the board shows only some of them.
        let placed = filter == nil ? view.board : try app.board(on: view.day)
        let times = DayTimeJSON(calendar: app.calendar)
        let regions: [(String, JSONValue)] = view.board.regions.map { card in
            (card.region.rawValue, .object([
                ("mustDo", render.tasks(card.mustDo)),
                ("complementary", render.tasks(card.complementary)),
                ("misc", render.tasks(card.misc)),
                ("progress", card.progress.json),
                ("complementaryLocked", .bool(isComplementaryLocked(card))),
                ("limits", card.limitsJSON),
                ("room", placed.card(card.region).roomJSON),
            ] + times.regionFields(time.free.region(card.region))))
        }
        return .object([
            ("date", .string(view.day.description)),
            ("regions", .object(regions)),
            ("progress", view.board.progress.json),
        ] + times.dayFields(time) + [
            ("due", render.tasks(view.due)),
            ("overdue", render.tasks(view.overdue)),
            ("backlogCount", .int(view.backlogCount)),
            ("habits", .array(habits.map { HabitJSON.day($0, facts: facts, calendar: app.calendar) })),
            ("session", session.map { SessionJSON.session($0, now: app.now, calendar: app.calendar) } ?? .null),
            ("sessionTitle", .optional(sessionName?.title)),
            // What a habit session is on, as `status --json` names it (null for a task's session).
            ("sessionHabit", sessionName?.habitJSON ?? .null),
            ("signals", .array(signals.map { phrased in
                .object([("kind", .string(phrased.signal.kind)),
                         ("task", .optional(phrased.signal.subject.map { $0.lowercasedText })),
                         ("message", .string(phrased.message))] + phrased.regionField)
            })),
            ("filter", .optional(filter)),
            ("offer", offered.map(render.task) ?? .null),
        ] + HabitOffer.field(habitOffers))
    } }
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

    /// How a front end names the signal it showed: its kind, and `:` and its subject's id when it has one,
    /// as Today's JSON gives them (`kind`, and `task` or `region`).
    public var shownName: String {
        signal.seenSubject.isEmpty ? signal.kind : "\(signal.kind):\(signal.seenSubject)"
    }

    /// `region` for a notice about one region's time (F-14), which the page names it by; none otherwise.
    var regionField: [(String, JSONValue)] {
        if case .regionOverPlanned(_, let region, _, _) = signal { return [("region", .string(region.rawValue))] }
        return []
    }
}
