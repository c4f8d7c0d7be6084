import CharflowCore
import CharflowStore
import Foundation

/// `charflow begin ID [--settle done|stop|defer|drop]`: start a focus session.
enum BeginCommand: Command {
    static let name = "begin"
    static let usage = "charflow begin ID [--settle done|stop|defer|drop]"
    static let summary = "Begin a focus session on a task (one timer at a time)"
    static let options: Set<String> = ["settle"]

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        var settle: SessionSettle?
        if let text = context.args.value("settle") {
            guard let choice = SessionSettle(rawValue: text.lowercased()) else {
                throw PlannerError.invalidWord(what: "settle choice", given: text, expected: "done, stop, defer or drop")
            }
            settle = choice
        }
        let planner = try context.planner()
        let result = try planner.begin(word, settle: settle)
        var lines: [String] = []
        if let settled = result.settled {
            lines.append("Logged \(settled.actualSeconds / 60) min on the previous session (\(settled.outcome.rawValue)).")
        }
        lines.append("Began “\(result.task.title)”" + (result.session.estimateMinutes.map { " — estimate \($0) min." } ?? "."))
        context.output.emit(text: lines.joined(separator: "\n"),
                            json: SessionJSON.status(result.session, task: result.task, planner: planner))
    }
}

/// `charflow pause` and `charflow resume`.
enum PauseCommand: Command {
    static let name = "pause"
    static let usage = "charflow pause"
    static let summary = "Pause the running session"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        let session = try planner.pauseSession()
        let task = try planner.task(of: session)
        context.output.emit(text: "Paused at \(Sessions.progressText(session, at: planner.now)).",
                            json: SessionJSON.status(session, task: task, planner: planner))
    }
}

enum ResumeCommand: Command {
    static let name = "resume"
    static let usage = "charflow resume"
    static let summary = "Resume the paused session"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        let session = try planner.resumeSession()
        let task = try planner.task(of: session)
        context.output.emit(text: "Resumed at \(Sessions.progressText(session, at: planner.now)).",
                            json: SessionJSON.status(session, task: task, planner: planner))
    }
}

/// `charflow finish --done|--stop [--note TEXT]`.
enum FinishCommand: Command {
    static let name = "finish"
    static let usage = "charflow finish --done|--stop [--note TEXT]"
    static let summary = "Finish the session: --done completes the task, --stop logs the time and keeps it open"
    static let options: Set<String> = ["done", "stop", "note"]
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let done = context.args.has("done"), stop = context.args.has("stop")
        guard done != stop else { throw UsageError(message: "Choose one of --done or --stop.\nUsage: \(usage)") }
        let planner = try context.planner()
        let (session, task) = try planner.finish(done: done, note: context.args.value("note"))
        let actual = session.actualSeconds / 60
        let against = session.estimateMinutes.map { "\(actual) of \($0) min" } ?? "\(actual) min"
        let title = try planner.title(of: session)
        let text = done ? "Done: “\(title)” — \(against)." : "Stopped for now: “\(title)” — \(against) logged."
        context.output.emit(text: text, json: SessionJSON.status(session, task: task, planner: planner))
    }
}

/// `charflow status`: the running chip.
enum StatusCommand: Command {
    static let name = "status"
    static let usage = "charflow status [--json]"
    static let summary = "The running session: task, elapsed against estimate, paused or not"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        let session = try planner.liveSession()
        let task = try session.flatMap { try planner.task(of: $0) }
        let text = session.map { SessionJSON.chip($0, task: task, now: planner.now) } ?? "No session is running."
        context.output.emit(text: text, json: .object([
            ("session", session.map { SessionJSON.session($0, planner: planner) } ?? .null),
            ("task", task.map { TaskJSON(today: planner.today, calendar: planner.calendar, categories: [:]).task($0) } ?? .null),
        ]))
    }
}

/// Session objects in `task.md`'s field names, with the derived elapsed time.
enum SessionJSON {
    static func session(_ session: WorkSession, planner: Planner) -> JSONValue {
        let iso = { (date: Date) in Instant.isoText(date, in: planner.calendar) }
        var subject: [(String, JSONValue)] = []
        switch session.subject {
        case .task(let id): subject = [("taskID", .string(id.lowercasedText)), ("habitWindowID", .null)]
        case .habitWindow(let id): subject = [("taskID", .null), ("habitWindowID", .string(id.lowercasedText))]
        }
        return .object([("id", .string(session.id.lowercasedText))] + subject + [
            ("startedAt", .string(iso(session.startedAt))),
            ("day", .string(session.day.description)),
            ("endedAt", .optional(session.endedAt.map(iso))),
            ("pausedSeconds", .int(session.pausedSeconds)),
            ("pausedAt", .optional(session.pausedAt.map(iso))),
            ("estimateMinutes", .optional(session.estimateMinutes)),
            ("outcome", .string(session.outcome.rawValue)),
            ("actualSeconds", .int(session.actualSeconds)),
            ("elapsedSeconds", .int(session.elapsedSeconds(at: planner.now))),
            ("isPaused", .bool(session.isPaused)),
            ("state", .string(session.state(at: planner.now).rawValue)),
        ])
    }

    static func status(_ session: WorkSession, task: TaskItem?, planner: Planner) -> JSONValue {
        .object([("session", self.session(session, planner: planner)),
                 ("task", task.map { TaskJSON(today: planner.today, calendar: planner.calendar, categories: [:]).task($0) } ?? .null)])
    }

    /// `text` with the running session's chip as its first line (the chip is on every screen,
    /// `task.md`); `text` alone when no session runs, or when it cannot be read (the screen still shows).
    static func withChip(_ text: String, planner: Planner, output: Output) -> String {
        guard let session = (try? planner.liveSession()) ?? nil else { return text }
        let task = (try? planner.task(of: session)) ?? nil
        return output.accent(chip(session, task: task, now: planner.now)) + "\n" + text
    }

    /// "▶ Write report · 12 of 30 min", with "paused" when it is.
    static func chip(_ session: WorkSession, task: TaskItem?, now: Date) -> String {
        let mark = session.isPaused ? "Ⅱ" : "▶"
        return "\(mark) \(task?.title ?? "Habit session") · \(Sessions.progressText(session, at: now))"
            + (session.isPaused ? " · paused" : "")
    }
}
