import CharflowApp
import CharflowCore

/// Refusals and signals in the command line's words: the domain sentence with the hint phrased as the
/// flag or command that takes the next step (spec D16, rule A-3).
enum CommandLineWords {
    /// Any refusal's sentence, with its next step as the flag or command that takes it.
    static func text(_ refusal: any CharflowRefusal) -> String {
        if let error = refusal as? PlannerError { return text(error) }
        if refusal.hint == .nameAnotherStore { return refusal.message + " Name another file with --db." }
        if refusal.hint == .importTheRest {
            return refusal.message + " Mend those, or import the rest without them with --skip-unreadable."
        }
        return refusal.message
    }

    static func text(_ error: PlannerError) -> String {
        switch error {
        case .notOnBoard:
            "That task is not on today's board; place it with `charflow move ID --region R` first."
        case let .sessionRunning(title, progress):
            "“\(title)” is running (\(progress)). Settle it first with --settle done, stop, defer or drop; its time is logged whichever you choose."
        case .eraseNeedsYes:
            "This removes every task, habit and setting for good. Run `charflow erase --yes` to do it."
        case .windowNeeded:
            "This habit has more than one time of day; name one with --window."
        case .habitSessionSettle:
            "A habit session can be logged (--settle done) or stopped (--settle stop), not deferred or dropped."
        case .pickADay:
            "This one keeps slipping. Pick a day that actually works: --to later-this-week, next-week, someday or YYYY-MM-DD."
        case .pickADayNotSomeday:
            "This one keeps slipping. Pick a day that actually works: --to later-this-week, next-week or YYYY-MM-DD."
        case .notDueYet:
            "That task is not due yet, so there is nothing to defer; give --to DATE to move it."
        case .bucketNeedsRegion:
            "A bucket belongs to a region; give --region too."
        case .pickALaterDay:
            "This one keeps slipping. Pick a day that actually works: --later later-this-week, next-week, someday or YYYY-MM-DD."
        case let .habitSessionRunning(title, progress):
            "“\(title)” is running (\(progress)). Settle it first with --settle done (log it) or stop; its time is logged whichever you choose."
        case .badPause:
            "A pause resumes on a day after it starts (--to is the day it resumes)."
        case let .wrongLog(kind, log):
            "\(log.map(logFlag) ?? noAmount(kind)) does not fit \(kind.withArticle) habit."
        case .noPrayerLocation:
            error.message + " Set one with `charflow settings location LAT,LON`, such as 51.5074,-0.1278."
        case .prayerAnchorEveryDay:
            "A prayer anchor comes every day at the prayer's time; --days and --weekdays belong to an anchor with --at."
        default:
            error.message
        }
    }

    /// A signal's sentence, with the command that acts on it where it has one.
    static func text(_ signal: Signal, title: String?) -> String {
        switch signal {
        case .prioritisationPrompt:
            "A full day. Which one or two of these matter most? Give them --importance medium or high."
        case .suggestRemoval:
            "\(title.map { "“\($0)”" } ?? "This task") has moved five times or more. If it no longer matters, `charflow delete` lets it go."
        case .sessionCarriedOver:
            pickBackUp(title ?? "This task")
        default:
            Messages.text(signal, title: title)
        }
    }

    /// A log as the flag that gave it ("--count 3").
    static func logFlag(_ log: HabitLog) -> String {
        switch log {
        case .toggle: "A plain log"
        case .count(let n): "--count \(n)"
        case .minutes(let n): "--minutes \(n)"
        case .slip: "--slip"
        case .held: "--held"
        case .undo: "--undo"
        }
    }

    /// A log that gave no amount, named by the flags the kind needs.
    static func noAmount(_ kind: HabitKind) -> String {
        kind == .avoid ? "A log without --slip or --held" : "A log without --minutes"
    }

    static func pickBackUp(_ title: String) -> String {
        "“\(title)” was in progress when the day ended. Pick it back up with `charflow begin`."
    }

    static func overload(load: Int, free: Int) -> String {
        Messages.overload(load: load, free: free) + " `charflow plan move ID --to DATE`"
    }
}
