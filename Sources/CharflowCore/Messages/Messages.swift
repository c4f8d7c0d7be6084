/// Every sentence Charflow says to its user, in one place (spec D15): calm, plain, English for now.
///
/// A sentence here is the domain's part only; what to press or type next is a `Hint`, which each front end
/// phrases in its own words (its flags, its buttons), so no command-line flag reaches the page (spec D16).
public enum Messages {
    /// What a person can do next about a signal, if anything.
    public static func hint(_ signal: Signal) -> Hint? {
        switch signal {
        case .prioritisationPrompt: .raiseImportance
        case .suggestRemoval: .deleteTask
        case .sessionCarriedOver: .beginAgain
        default: nil
        }
    }

    /// The calm sentence for a signal; `title` names the task it is about, where there is one.
    public static func text(_ signal: Signal, title: String? = nil) -> String {
        let name = title.map { "“\($0)”" } ?? "This task"
        switch signal {
        case .prioritisationPrompt:
            return "A full day. Which one or two of these matter most?"
        case .importanceEased:
            return title.map { "“\($0)”: " + importanceEased } ?? importanceEased
        case .suggestRemoval:
            return "\(name) has moved five times or more. If it no longer matters, it can go."
        case .stale:
            return "\(name) keeps slipping."
        case .sessionCarriedOver:
            return pickBackUp(title ?? "This task")
        case .twoTimersStopped:
            return twoTimers
        case .habitFatigue:
            return "\(title.map { "“\($0)”" } ?? "This habit") has been missed on more than half its days these three weeks. A lighter cadence, or a pause, may suit this season better."
        case let .densityRead(_, current, suggested):
            return (title.map { "“\($0)”: " } ?? "") + lighterCadence(from: current, to: suggested)
        case .backlogGrowingOld(let count):
            return "\(count) tasks have sat in the Backlog since before this week. A few minutes of triage may lighten it."
        case .newHabitRealism(let count):
            return "\(number(count).capitalizedFirst) new habits in a week is a lot to carry. Starting with fewer often lasts longer; a pause is always there."
        case let .regionOverLimit(region, mustDo, complementary, misc):
            let over = [(Bucket.mustDo, mustDo), (.complementary, complementary), (.misc, misc)]
                .filter { $0.1 > $0.0.limit }
                .map { "\($0.1) \($0.0.displayName) where \($0.0.limit) fit\($0.0.limit == 1 ? "s" : "")" }
            return "\(region.displayName) holds more than 1–3–5 since the devices synced (\(over.joinedText(separator: ", "))). "
                + "Every task is kept; move one when it suits you."
        case let .regionOverPlanned(_, region, planned, free):
            return "\(region.displayName) holds about \(Duration.text(minutes: planned)) of tasks and \(Duration.text(minutes: free)) free. "
                + "Something may fit better on another day."
        }
    }

    public static let twoTimers = "Two timers were running; the later one was stopped and its time logged."

    /// The one row that offers back a task whose session the rollover closed.
    public static func pickBackUp(_ title: String) -> String {
        "“\(title)” was in progress when the day ended. It can be picked back up."
    }

    public static let reviewReminder = "Time to review?"

    /// A deferral's reason in words, for the deferral history ("too much", not `tooMuch`).
    public static func reasonText(_ reason: DeferralReason) -> String {
        switch reason {
        case .tooMuch: "too much"
        case .notReady: "not ready"
        case .noLonger: "no longer"
        case .reschedule: "rescheduled"
        case .unspecified: "carried by the rollover"
        }
    }

    /// How a log is named when it does not fit a habit's kind ("A count of 3 does not fit a binary habit.").
    public static func logWords(_ log: HabitLog) -> String {
        switch log {
        case .toggle: "A plain log"
        case .count(let n): "A count of \(n)"
        case .minutes(let n): count(n, "minute")
        case .slip: "A slip"
        case .held: "Held"
        case .undo: "An undo"
        }
    }

    /// What a rollover time means, said when it is set: before noon it extends the previous day, from
    /// noon on it starts the next day that evening; either way today is never moved back.
    public static func rolloverMeaning(_ time: TimeOfDay) -> String {
        let when: String
        if time == .midnight {
            when = "A new day starts at midnight."
        } else if time.minutes >= 12 * 60 {
            when = "A new day starts at \(time) the evening before: from \(time) on, you plan tomorrow."
        } else {
            when = "A new day starts at \(time): until then, the small hours still count as the day before."
        }
        return when + " A change never moves today back."
    }

    /// The plain-language read under a habit's grid: numbers, weeks for weekly habits, slips for avoid
    /// habits, and a lighter cadence when the numbers call for one. No streaks, praise or blame.
    public static func read(
        _ numbers: DensityRead.Numbers, kind: HabitKind, schedule: HabitSchedule, suggestion: (Int, Int)?
    ) -> String {
        let days = DensityRead.windowDays
        if kind == .avoid {
            let past = numbers.slips == 1 ? "1 slip in the last \(days) days" : "\(numbers.slips) slips in the last \(days) days"
            return past + (numbers.slipsToday > 0 ? ", and \(numbers.slipsToday) today." : ".")
        }
        var text: String
        if schedule.isWeeklyTarget {
            text = "\(numbers.weekDone) of \(numbers.weekTarget) this week."
            if let scaled = scaledWeek(numbers) { text += " " + scaled }
            if numbers.weeksLooked == 1 {
                text += numbers.weeksMet == 1 ? " Met last week." : " Not met last week."
            } else if numbers.weeksLooked > 1 {
                text += " Met in \(numbers.weeksMet) of the last \(numbers.weeksLooked) weeks."
            }
        } else {
            guard numbers.due > 0 else {
                let before = numbers.beganToday ? "Nothing was due before today" : "Nothing was due in the last \(days) days"
                return before + (todayWords(numbers.today).map { "; " + $0 } ?? "") + "."
            }
            text = numbers.missed == 0 ? "Done on \(numbers.complete) of the last \(numbers.due)."
                : "Missed \(numbers.missed) of the last \(numbers.due)."
            if numbers.partial > 0 { text += " \(numbers.partial) partly." }
        }
        if let (current, suggested) = suggestion { text += " " + lighterCadence(from: current, to: suggested) }
        return text
    }

    /// What today holds so far, when nothing before it can be read: nil when nothing is logged yet.
    static func todayWords(_ state: DensityState?) -> String? {
        switch state {
        case .complete: "today is done"
        case .partialLow, .partialHigh: "today is under way"
        default: nil
        }
    }

    /// Why this week asks less than the schedule, when it does: "This week asks 2 instead of 3: 4 days
    /// are paused." The target is scaled to the days the habit could be done, rounded up (H-8, H-15).
    static func scaledWeek(_ numbers: DensityRead.Numbers) -> String? {
        guard numbers.weekTarget < numbers.weekScheduled else { return nil }
        var reasons: [String] = []
        if numbers.weekPausedDays > 0 {
            reasons.append(numbers.weekPausedDays == 1 ? "1 day is paused" : "\(numbers.weekPausedDays) days are paused")
        }
        if numbers.weekDaysBeforeStart > 0 {
            reasons.append(numbers.weekDaysBeforeStart == 1 ? "1 day came before the habit began"
                           : "\(numbers.weekDaysBeforeStart) days came before the habit began")
        }
        let asks = numbers.weekTarget == 0 ? "This week asks nothing" : "This week asks \(numbers.weekTarget) instead of \(numbers.weekScheduled)"
        return reasons.isEmpty ? asks + "." : asks + ": " + reasons.joinedText(separator: " and ") + "."
    }

    /// "Five a week may be more than this season allows — try three?"
    public static func lighterCadence(from current: Int, to suggested: Int) -> String {
        "\(number(current).capitalizedFirst) a week may be more than this season allows — try \(number(suggested))?"
    }

    /// "1 slip", "2 slips": a number with its noun, singular for one.
    public static func count(_ value: Int, _ noun: String) -> String {
        value == 1 ? "1 \(noun)" : "\(value) \(noun)s"
    }

    static func number(_ value: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        return value >= 0 && value < words.count ? words[value] : String(value)
    }

    /// The overload notice of night planning: the planned effort against the day's free time (F-15).
    public static func overload(load: Int, free: Int) -> String {
        "That is about \(Duration.text(minutes: load)) planned for a day with \(Duration.text(minutes: free)) free. Move something to another day?"
    }

    public static let privacy = """
        Charflow keeps everything in one SQLite file on this machine, with its -wal and -shm files beside \
        it (created readable by you only), and sends nothing anywhere: no account, no analytics, no crash reports. \
        The web UI listens on this machine only. `charflow export` gives you all of it. `charflow erase --yes` \
        removes the store and those two files; exports you saved and copies you made of the store stay where \
        you put them until you delete them.
        """

    /// `privacy` on a store that syncs with a hub (rule Y-27): what leaves the machine, and where to;
    /// with `blind`, that the hub receives those values encrypted (rule Y-32).
    public static func privacy(hub: String, passwordFile: String, blind: Bool = false) -> String {
        "Charflow keeps everything in one SQLite file on this machine, with its -wal and -shm files beside "
            + "it (created readable by you only). No account, no analytics, no crash reports. This store syncs "
            + "with a hub: when you run `charflow sync`, every change you make here (tasks with their titles and "
            + "notes, habits and their logs, anchors and their marks, categories, sessions, night planning, and the "
            + "settings that shape the day, the location for prayer times among them) is sent to \(hub), and what your other devices changed comes back from it. "
            + (blind ? "This hub was made with a passphrase: each value is encrypted on this machine before it is sent, so the hub "
                + "sees which items change and when, never their titles, notes, names or amounts; the key is in this machine's "
                + "Charflow config folder, never the passphrase. " : "")
            + "Nothing else is "
            + "sent anywhere; the terminal colour and this store's place stay here. A purge removes the task's "
            + "text from the hub at the next sync, leaving only its id; `charflow hub erase --yes` removes every "
            + "device's data from the hub. The hub's password, if it has one, is in libpq's password file "
            + "(\(passwordFile)), never in the store. The web UI listens on this machine only. `charflow export` "
            + "gives you all of it. `charflow erase --yes` removes the store and those two files, not the hub's "
            + "copy; exports you saved and copies you made of the store stay where you put them until you delete them."
    }

    /// An argument whose bytes are not UTF-8 text, refused rather than stored with U+FFFD in their place.
    public static func argumentNotUTF8(_ position: Int) -> String {
        "Argument \(position) is not UTF-8 text; give it in UTF-8 (check the terminal's or the script's encoding)."
    }

    /// A long import's progress line.
    /// The line an imported task's notes keep its category's name in, when eight categories are active.
    public static func categoryKeptInNotes(_ name: String) -> String {
        "Category: " + name
    }

    /// What an import says of tasks it kept without their label.
    public static func keptWithoutLabel(_ count: Int) -> String {
        "\(count) task\(count == 1 ? "" : "s") kept without a label: eight categories are active."
    }

    public static func importProgress(done: Int, total: Int) -> String {
        "Importing: \(done) of \(total) tasks…"
    }

    /// An import of an empty file (or one holding only `null`): nothing to do, and said so.
    public static let nothingToImport = "The file holds nothing to import; nothing was changed."

    public static let emptyBoard = "Nothing planned yet. Add a task with `charflow add TITLE --region morning`."
    public static let emptyBacklog = "The Backlog is empty."
    public static let noMustDo = "no Must-Do yet"
    public static let emptyBucket = "nothing here yet"
    public static let emptyRegion = "open"
    public static let importanceEased =
        "This one keeps slipping, so I've eased it to low. Raise it again when it's real."
}
