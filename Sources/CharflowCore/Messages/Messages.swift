/// Every sentence Charflow says to its user, in one place (spec D15): calm, plain, English for now.
///
/// A sentence here is the domain's part only; what to press or type next is a `Hint`, which each front end
/// phrases in its own words (its flags, its buttons), so no command-line flag reaches the page (spec D16).
public enum Messages {
    /// What a person can do next about a refusal, if the refusal has a next step.
    public static func hint(_ error: PlannerError) -> Hint? {
        switch error {
        case .notOnBoard: .placeOnBoard
        case .sessionRunning: .settleRunningSession
        case .eraseNeedsYes: .confirmErase
        case .windowNeeded: .nameWindow
        case .habitSessionSettle: .settleHabitSession
        case .pickADay, .pickALaterDay: .pickADay
        case .habitSessionRunning: .settleHabitSession
        case .foreignStore: .nameAnotherStore
        case .notDueYet: .pickTarget
        case .bucketNeedsRegion: .chooseRegion
        default: nil
        }
    }

    /// What a person can do next about a signal, if anything.
    public static func hint(_ signal: Signal) -> Hint? {
        switch signal {
        case .prioritisationPrompt: .raiseImportance
        case .suggestRemoval: .deleteTask
        case .sessionCarriedOver: .beginAgain
        default: nil
        }
    }

    /// The one-line message for a refusal.
    public static func text(_ error: PlannerError) -> String {
        switch error {
        case .emptyTitle:
            "A task needs a title."
        case .regionFull(let region):
            "\(region.displayName) region full (1 Must-Do, 3 Complementary, 5 Misc)"
        case .noTaskMatches(let given):
            "No task has an id starting with '\(given)'."
        case .ambiguousID(let given):
            "More than one task has an id starting with '\(given)'; give more of it."
        case .idTooShort(let given):
            "'\(given)' is too short to name a task; give at least 4 characters of its id."
        case let .invalidWord(what, given, expected):
            "Unknown \(what) '\(given)'; expected \(expected)."
        case .badDate(let given):
            "'\(given)' is not a date; use YYYY-MM-DD (years 1900 to 2999), today, tomorrow, later-this-week, next-week or someday."
        case .badTime(let given):
            "'\(given)' is not a time; use YYYY-MM-DDTHH:MM."
        case .complementaryLocked(let region):
            "Complementary tasks in \(region.displayName) are locked until its Must-Do is done."
        case .notOnBoard:
            "That task is not on today's board; place it there first."
        case let .positionOutOfRange(position, count):
            "Position \(position) is outside its bucket; choose 1 to \(count)."
        case .alreadyDone:
            "That task is already done."
        case .notDone:
            "That task is not done."
        case .taskDropped:
            "That task was deleted."
        case .nothingToUndo:
            "Nothing to undo."
        case .importantNeedsDay:
            "Important tasks need a day. Lower its importance to park it."
        case .laterThisWeekUnavailable:
            "Later this week is not offered: three days on is already next week."
        case .badEffort(let given):
            "'\(given)' is not an effort; use minutes in 15-minute steps up to 480, or none."
        case .noSession:
            "No session is running."
        case .alreadyPaused:
            "The session is already paused."
        case .notPaused:
            "The session is not paused."
        case let .sessionRunning(title, progress):
            "“\(title)” is running (\(progress)). Settle it first: done, stop, defer or drop; its time is logged whichever you choose."
        case .alreadyRunning:
            "That task's session is already running."
        case .eraseNeedsYes:
            "This removes every task, habit and setting for good. Confirm to do it."
        case .noHabitMatches(let given):
            "No habit matches '\(given)'."
        case .ambiguousHabit(let given):
            "More than one habit matches '\(given)'; give more of its id."
        case .habitTarget(let given):
            "'\(given)' is not a target for this kind; binary is 1, counted and timed need 1 or more, avoid 0 or more."
        case .tooManyWindows:
            "A habit has at most four times of day."
        case .habitArchived(let title):
            "“\(title)” is archived; restore it first."
        case .correctionTooOld(let day):
            "Only the last 14 days can be corrected; \(day) is read-only."
        case .futureDay(let day):
            "\(day) has not happened yet."
        case .beforeHabitExisted(let day, let first):
            "The habit began on \(first); \(day) is before it."
        case .unknownPreset(let given):
            "Unknown preset '\(given)'; expected quran, dhikr, exercise or running."
        case .kindFixed:
            "A habit's kind is fixed. Archive it and create a new one to change it."
        case .noWindowMatches(let given):
            "This habit has no time of day called '\(given)'."
        case .windowNeeded:
            "This habit has more than one time of day; name one."
        case let .wrongLog(kind, log):
            "\(log.map(logWords) ?? "A log without an amount") does not fit a \(kind.rawValue) habit."
        case .badWindow(let given):
            "'\(given)' is not a time of day; use \"LABEL HH:MM-HH:MM [remind HH:MM]\"."
        case .habitSessionSettle:
            "A habit session can be logged (done) or stopped, not deferred or dropped."
        case .notTimed:
            "Only a timed habit runs a session."
        case .avoidHasOneWindow:
            "An avoid habit has one all-day window."
        case .notPausedHabit:
            "That habit is not paused."
        case .badPause:
            "A pause resumes on a day after it starts."
        case .duplicateGroup(let given):
            "There is already a group called '\(given)'."
        case .noGroupMatches(let given):
            "No group is called '\(given)'."
        case .pickADay:
            "This one keeps slipping. Pick a day that actually works: later this week, next week, someday or a date."
        case .pickALaterDay:
            "This one keeps slipping. Pick a day that actually works: later this week, next week, someday or a date."
        case let .habitSessionRunning(title, progress):
            "“\(title)” is running (\(progress)). Settle it first: done (log it) or stop; its time is logged whichever you choose."
        case .repeatingNeedsDay:
            "Repeating tasks need a day. Stop repeating it to park it."
        case .alreadyRepeated:
            "This one already repeated"
        case .notDueYet:
            "That task is not due yet, so there is nothing to defer; pick a day to move it to."
        case .categoryName(let given):
            "'\(given)' cannot be a category name; use 1 to 24 characters."
        case .duplicateCategory(let given):
            "There is already a category called '\(given)'."
        case .tooManyCategories:
            "You have eight categories; archive one before adding another."
        case .noCategoryMatches(let given):
            "No category is called '\(given)'."
        case .categoryArchived(let given):
            "The category '\(given)' is archived; restore it to use it."
        case .defaultCategoryKept(let given):
            "'\(given)' is one of the three defaults; it can be renamed or archived, not deleted."
        case .badColor(let given):
            "Unknown colour '\(given)'; expected accent, blue, ochre, plum or slate."
        case let .noChecklistItem(number, count):
            count == 0 ? "That task's notes have no checklist." : "There is no checklist item \(number); choose 1 to \(count)."
        case .bucketNeedsRegion:
            "A bucket belongs to a region; choose the region too."
        case .boardNeedsDay:
            "A task on the board needs a day; someday cannot be placed."
        case .boardDayEnded(let day):
            "\(day) has ended; its board is history. Place the task on today or a later day."
        case .unknownSetting(let given):
            "Unknown setting '\(given)'."
        case .newerStore(let migration):
            "This store was written by a newer Charflow (it has '\(migration)'); update Charflow to open it. Nothing was changed."
        case .storeUnreadable(let detail):
            "The store could not be opened: \(detail)"
        case .undoBlocked:
            "That change can't be undone on its own: later changes build on it."
        case .undoUnknown:
            "That change is no longer in the undo history, so it can't be undone."
        case .habitPausedOn(let day):
            "This habit is paused on \(day); paused days take no log."
        case .habitNotScheduledOn(let day):
            "This habit is not scheduled on \(day) (a \(day.weekday.name.capitalizedFirst)); only its scheduled days take a log."
        case .emptyStorePath:
            "An empty path names no store; give a file, or leave the option out for the usual one."
        case .exportTarget(let path):
            "'\(path)' cannot take an export: name a file in a folder that exists. Nothing was written."
        case .writeFailed(let reason):
            "Could not write the export: \(reason)."
        case let .outOfRange(what, given, range):
            "'\(given)' is out of range for \(what); use \(range)."
        case .foreignStore(let path):
            "'\(path)' is another program's SQLite database, not a Charflow store; it was left untouched."
        case .storeReadOnly:
            "The store cannot be written here (a read-only folder or file); commands that only read still work. Nothing was changed."
        case .storeFailed(let summary):
            "The store refused the change (\(summary)). Nothing was changed."
        case .titleTooLong(let count):
            "A title is at most \(TaskText.maxTitleLength) characters; this one has \(count). Put the rest in the notes."
        case .exportSalvaged(let tables):
            "The store is damaged: the export holds everything that could be read, but not all of \(tables.joined(separator: ", "))."
        case .unknownToken(let word):
            "'\(word)' is not something quick add knows: use !low, !medium or !high, an effort like ~30m or ~1h, @today, @tomorrow, @later-this-week, @next-week, @someday or @YYYY-MM-DD, and #Category. A backslash keeps the character in the title, as in \\\(word)."
        case .tokenTwice(let word):
            "'\(word)' says again what the line already says; give each of importance, effort, date and category once."
        }
    }

    /// A stable, machine-readable code for a refusal, used in `{"error": {"code": ...}}`.
    public static func code(_ error: PlannerError) -> String {
        switch error {
        case .emptyTitle: "empty_title"
        case .regionFull: "region_full"
        case .noTaskMatches: "not_found"
        case .ambiguousID: "ambiguous_id"
        case .idTooShort: "id_too_short"
        case .invalidWord: "invalid_value"
        case .badDate: "bad_date"
        case .badTime: "bad_time"
        case .complementaryLocked: "locked"
        case .notOnBoard: "not_on_board"
        case .positionOutOfRange: "bad_position"
        case .alreadyDone: "already_done"
        case .notDone: "not_done"
        case .taskDropped: "task_deleted"
        case .nothingToUndo: "nothing_to_undo"
        case .importantNeedsDay: "important_needs_day"
        case .laterThisWeekUnavailable: "date_unavailable"
        case .badEffort: "bad_effort"
        case .noSession: "no_session"
        case .alreadyPaused: "already_paused"
        case .notPaused: "not_paused"
        case .sessionRunning: "session_running"
        case .alreadyRunning: "already_running"
        case .eraseNeedsYes: "needs_yes"
        case .noHabitMatches: "habit_not_found"
        case .ambiguousHabit: "ambiguous_id"
        case .habitTarget: "bad_target"
        case .tooManyWindows: "too_many_windows"
        case .habitArchived: "habit_archived"
        case .correctionTooOld: "correction_too_old"
        case .futureDay: "future_day"
        case .beforeHabitExisted: "before_habit"
        case .unknownPreset: "unknown_preset"
        case .kindFixed: "kind_fixed"
        case .noWindowMatches: "window_not_found"
        case .windowNeeded: "window_needed"
        case .wrongLog: "wrong_log"
        case .badWindow: "bad_window"
        case .habitSessionSettle: "habit_settle"
        case .notTimed: "not_timed"
        case .avoidHasOneWindow: "avoid_one_window"
        case .notPausedHabit: "not_paused"
        case .badPause: "bad_pause"
        case .duplicateGroup: "duplicate_group"
        case .noGroupMatches: "group_not_found"
        case .pickADay, .pickALaterDay: "pick_a_day"
        case .habitSessionRunning: "session_running"
        case .repeatingNeedsDay: "repeating_needs_day"
        case .alreadyRepeated: "already_repeated"
        case .notDueYet: "not_due_yet"
        case .categoryName: "bad_category_name"
        case .duplicateCategory: "duplicate_category"
        case .tooManyCategories: "too_many_categories"
        case .noCategoryMatches: "category_not_found"
        case .categoryArchived: "category_archived"
        case .defaultCategoryKept: "default_category"
        case .badColor: "bad_color"
        case .noChecklistItem: "no_checklist_item"
        case .bucketNeedsRegion: "bucket_needs_region"
        case .boardNeedsDay: "board_needs_day"
        case .boardDayEnded: "board_day_ended"
        case .unknownSetting: "unknown_setting"
        case .newerStore: "newer_store"
        case .storeUnreadable: "store_unreadable"
        case .undoBlocked: "undo_blocked"
        case .undoUnknown: "undo_unknown"
        case .emptyStorePath: "empty_store_path"
        case .habitPausedOn: "habit_paused"
        case .habitNotScheduledOn: "not_scheduled"
        case .exportTarget: "bad_output"
        case .writeFailed: "write_failed"
        case .outOfRange: "out_of_range"
        case .foreignStore: "foreign_store"
        case .storeReadOnly: "store_read_only"
        case .storeFailed: "store"
        case .exportSalvaged: "export_partial"
        case .titleTooLong: "title_too_long"
        case .unknownToken: "bad_token"
        case .tokenTwice: "bad_token_repeated"
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
            return "\(count) tasks have sat in the Backlog for over a week. A few minutes of triage may lighten it."
        case .newHabitRealism:
            return "Four new habits in a week is a lot to carry. Starting with fewer often lasts longer; a pause is always there."
        case let .regionOverLimit(region, mustDo, complementary, misc):
            let over = [(Bucket.mustDo, mustDo), (.complementary, complementary), (.misc, misc)]
                .filter { $0.1 > $0.0.limit }
                .map { "\($0.1) \($0.0.displayName) where \($0.0.limit) fit\($0.0.limit == 1 ? "s" : "")" }
            return "\(region.displayName) holds more than 1–3–5 since the devices synced (\(over.joined(separator: ", "))). "
                + "Every task is kept; move one when it suits you."
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
        case .minutes(let n): "\(n) minutes"
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
            return numbers.slips == 1 ? "1 slip in the last \(days) days." : "\(numbers.slips) slips in the last \(days) days."
        }
        var text: String
        if schedule.isWeeklyTarget {
            text = "\(numbers.weekDone) of \(numbers.weekTarget) this week."
            if numbers.weekScaled { text += " Paused days are left out." }
            if numbers.weeksLooked > 0 {
                text += " Met in \(numbers.weeksMet) of the last \(numbers.weeksLooked) week\(numbers.weeksLooked == 1 ? "" : "s")."
            }
        } else {
            guard numbers.due > 0 else { return "Nothing was due in the last \(days) days." }
            text = numbers.missed == 0 ? "Done on \(numbers.complete) of the last \(numbers.due)."
                : "Missed \(numbers.missed) of the last \(numbers.due)."
            if numbers.partial > 0 { text += " \(numbers.partial) partly." }
        }
        if let (current, suggested) = suggestion { text += " " + lighterCadence(from: current, to: suggested) }
        return text
    }

    /// "Five a week may be more than this season allows — try three?"
    public static func lighterCadence(from current: Int, to suggested: Int) -> String {
        "\(number(current).capitalizedFirst) a week may be more than this season allows — try \(number(suggested))?"
    }

    static func number(_ value: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven"]
        return value >= 0 && value < words.count ? words[value] : String(value)
    }

    /// The overload notice of night planning.
    public static func overload(load: Int, capacity: Int) -> String {
        "That is about \(Duration.text(minutes: load)) for a day of \(Duration.text(minutes: capacity)). Move something to another day?"
    }

    public static let privacy = """
        Charflow keeps everything in one SQLite file on this machine, with its -wal and -shm files beside \
        it (created readable by you only), and sends nothing anywhere: no account, no analytics, no crash reports. \
        The web UI listens on this machine only. `charflow export` gives you all of it. `charflow erase --yes` \
        removes the store and those two files; exports you saved and copies you made of the store stay where \
        you put them until you delete them.
        """

    /// An argument whose bytes are not UTF-8 text, refused rather than stored with U+FFFD in their place.
    public static func argumentNotUTF8(_ position: Int) -> String {
        "Argument \(position) is not UTF-8 text; give it in UTF-8 (check the terminal's or the script's encoding)."
    }

    /// A long import's progress line.
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
