/// Each refusal of the rules phrased: its code, its kind and its sentence, side by side in one place.
extension PlannerError: CharflowRefusal {
    public var code: String { phrased.code }
    public var kind: RefusalKind { phrased.kind }
    public var message: String { phrased.message }

    public var hint: Hint? {
        switch self {
        case .notOnBoard: .placeOnBoard
        case .sessionRunning: .settleRunningSession
        case .eraseNeedsYes: .confirmErase
        case .windowNeeded: .nameWindow
        case .habitSessionSettle: .settleHabitSession
        case .pickADay, .pickADayNotSomeday, .pickALaterDay, .deferToLaterDay: .pickADay
        case .habitSessionRunning: .settleHabitSession
        case .notDueYet: .pickTarget
        case .bucketNeedsRegion: .chooseRegion
        case .noPrayerLocation: .setPrayerLocation
        default: nil
        }
    }

    private var phrased: (code: String, kind: RefusalKind, message: String) {
        switch self {
        case .emptyTitle:
            ("empty_title", .badInput,
             "A task needs a title.")
        case .regionFull(let region):
            ("region_full", .conflict,
             "\(region.displayName) region full (1 Must-Do, 3 Complementary, 5 Misc)")
        case .noTaskMatches(let given):
            ("not_found", .notFound,
             "No task has an id starting with '\(Messages.echo(given))'.")
        case .ambiguousID(let given):
            ("ambiguous_id", .conflict,
             "More than one task has an id starting with '\(Messages.echo(given))'; give more of it.")
        case .idTooShort(let given):
            ("id_too_short", .badInput,
             "'\(Messages.echo(given))' is too short to name a task; give at least 4 characters of its id.")
        case .complementaryLocked(let region):
            ("locked", .conflict,
             "Complementary tasks in \(region.displayName) are locked until its Must-Do is done.")
        case .notOnBoard:
            ("not_on_board", .conflict,
             "That task is not on today's board; place it there first.")
        case let .positionOutOfRange(position, count):
            ("bad_position", .badInput,
             "Position \(position) is outside its bucket; choose 1 to \(count).")
        case .alreadyDone:
            ("already_done", .conflict,
             "That task is already done.")
        case .notDone:
            ("not_done", .conflict,
             "That task is not done.")
        case .taskDropped:
            ("task_deleted", .conflict,
             "That task was deleted.")
        case .nothingToUndo:
            ("nothing_to_undo", .conflict,
             "Nothing to undo.")
        case .importantNeedsDay:
            ("important_needs_day", .conflict,
             "Important tasks need a day. Lower its importance to park it.")
        case .laterThisWeekUnavailable:
            ("date_unavailable", .conflict,
             "Later this week is not offered: three days on is already next week.")
        case .noSession:
            ("no_session", .conflict,
             "No session is running.")
        case .alreadyPaused:
            ("already_paused", .conflict,
             "The session is already paused.")
        case .notPaused:
            ("not_paused", .conflict,
             "The session is not paused.")
        case let .sessionRunning(title, progress):
            ("session_running", .conflict,
             "“\(title)” is running (\(progress)). Settle it first: done, stop, defer or drop; its time is logged whichever you choose.")
        case .alreadyRunning:
            ("already_running", .conflict,
             "That task's session is already running.")
        case .eraseNeedsYes:
            ("needs_yes", .conflict,
             "This removes every task, habit and setting for good. Confirm to do it.")
        case .noHabitMatches(let given):
            ("habit_not_found", .notFound,
             "No habit matches '\(Messages.echo(given))'.")
        case .ambiguousHabit(let given):
            ("ambiguous_id", .conflict,
             "More than one habit matches '\(Messages.echo(given))'; give more of its id.")
        case .habitTarget(let given):
            ("bad_target", .badInput,
             "'\(Messages.echo(given))' is not a target for this kind; binary is 1, counted and timed need 1 or more, avoid 0 or more.")
        case .tooManyWindows:
            ("too_many_windows", .conflict,
             "A habit has at most four times of day.")
        case .habitArchived(let title):
            ("habit_archived", .conflict,
             "“\(title)” is archived; restore it first.")
        case .correctionTooOld(let day):
            ("correction_too_old", .conflict,
             "Only the last 14 days can be corrected; \(day) is read-only.")
        case .futureDay(let day):
            ("future_day", .conflict,
             "\(day) has not happened yet.")
        case .beforeHabitExisted(let day, let first):
            ("before_habit", .conflict,
             "The habit began on \(first); \(day) is before it.")
        case .unknownPreset(let given):
            ("unknown_preset", .badInput,
             "Unknown preset '\(Messages.echo(given))'; expected quran, dhikr, exercise or running.")
        case .kindFixed:
            ("kind_fixed", .conflict,
             "A habit's kind is fixed. Archive it and create a new one to change it.")
        case .noWindowMatches(let given):
            ("window_not_found", .notFound,
             "This habit has no time of day called '\(Messages.echo(given))'.")
        case .windowNeeded:
            ("window_needed", .conflict,
             "This habit has more than one time of day; name one.")
        case let .wrongLog(kind, log):
            ("wrong_log", .conflict,
             "\(log.map(Messages.logWords) ?? "A log without an amount") does not fit \(kind.withArticle) habit.")
        case .habitSessionSettle:
            ("habit_settle", .conflict,
             "A habit session can be logged (done) or stopped, not deferred or dropped.")
        case .notTimed:
            ("not_timed", .conflict,
             "Only a timed habit runs a session.")
        case .avoidHasOneWindow:
            ("avoid_one_window", .conflict,
             "An avoid habit has one all-day window.")
        case .notPausedHabit:
            ("not_paused", .conflict,
             "That habit is not paused.")
        case .badPause:
            ("bad_pause", .badInput,
             "A pause resumes on a day after it starts.")
        case .duplicateGroup(let given):
            ("duplicate_group", .conflict,
             "There is already a group called '\(Messages.echo(given))'.")
        case let .duplicateHabit(given, archived):
            ("duplicate_habit", .conflict, archived
                ? "There is already a habit called '\(Messages.echo(given))', archived; restore it, or choose another name."
                : "There is already a habit called '\(Messages.echo(given))'; choose another name.")
        case .duplicateWindowLabel(let given):
            ("duplicate_window", .conflict,
             given.isEmpty ? "Only one of a habit's times of day can go unlabelled; give each a label."
                           : "A habit has one time of day called '\(Messages.echo(given))'; give each its own label.")
        case .avoidWeekly:
            ("avoid_weekly", .conflict,
             "An avoid habit counts slips each day; it cannot have a weekly target.")
        case let .heldAfterSlips(slips, allowed):
            ("held_after_slips", .conflict,
             "That day has \(Messages.count(slips, "slip")), more than the \(allowed) allowed, so it cannot be marked held; undo a slip first.")
        case .groupArchived(let given):
            ("group_archived", .conflict,
             "The group '\(Messages.echo(given))' is archived; restore it to use its name again.")
        case .noGroupMatches(let given):
            ("group_not_found", .notFound,
             "No group is called '\(Messages.echo(given))'.")
        case .pickADay:
            ("pick_a_day", .conflict,
             "This one keeps slipping. Pick a day that actually works: later this week, next week, someday or a date.")
        case .pickADayNotSomeday:
            ("pick_a_day", .conflict,
             "This one keeps slipping. Pick a day that actually works: later this week, next week or a date.")
        case .pickALaterDay:
            ("pick_a_day", .conflict,
             "This one keeps slipping. Pick a day that actually works: later this week, next week, someday or a date.")
        case let .habitSessionRunning(title, progress):
            ("session_running", .conflict,
             "“\(title)” is running (\(progress)). Settle it first: done (log it) or stop; its time is logged whichever you choose.")
        case .repeatingNeedsDay:
            ("repeating_needs_day", .conflict,
             "Repeating tasks need a day. Stop repeating it to park it.")
        case .alreadyRepeated:
            ("already_repeated", .conflict,
             "This one already repeated")
        case .notDueYet:
            ("not_due_yet", .conflict,
             "That task is not due yet, so there is nothing to defer; pick a day to move it to.")
        case .categoryName(let given):
            ("bad_category_name", .badInput,
             "'\(Messages.echo(given))' cannot be a category name; use 1 to 24 characters.")
        case .duplicateCategory(let given):
            ("duplicate_category", .conflict,
             "There is already a category called '\(Messages.echo(given))'.")
        case .tooManyCategories:
            ("too_many_categories", .conflict,
             "You have eight categories; archive one before adding another.")
        case .noCategoryMatches(let given):
            ("category_not_found", .notFound,
             "No category is called '\(Messages.echo(given))'.")
        case .categoryArchived(let given):
            ("category_archived", .conflict,
             "The category '\(Messages.echo(given))' is archived; restore it to use it.")
        case .defaultCategoryKept(let given):
            ("default_category", .conflict,
             "'\(Messages.echo(given))' is one of the three defaults; it can be renamed or archived, not deleted.")
        case let .noChecklistItem(number, count):
            ("no_checklist_item", .conflict,
             count == 0 ? "That task's notes have no checklist." : "There is no checklist item \(number); choose 1 to \(count).")
        case .bucketNeedsRegion:
            ("bucket_needs_region", .conflict,
             "A bucket belongs to a region; choose the region too.")
        case .boardNeedsDay:
            ("board_needs_day", .conflict,
             "A task on the board needs a day; someday cannot be placed.")
        case .boardDayEnded(let day):
            ("board_day_ended", .conflict,
             "\(day) has ended; its board is history. Place the task on today or a later day.")
        case .unknownSetting(let given):
            ("unknown_setting", .badInput, given == PlannerSettings.retiredCapacityKey
                ? "There is no day capacity setting any more: night planning weighs tomorrow against its free time, which the region hours, calendars, anchors and habits give."
                : "Unknown setting '\(Messages.echo(given))'.")
        case .undoBlocked:
            ("undo_blocked", .conflict,
             "That change can't be undone on its own: later changes build on it.")
        case .undoUnknown:
            ("undo_unknown", .conflict,
             "That change is no longer in the undo history, so it can't be undone.")
        case .undoSecondTimer:
            ("undo_second_timer", .conflict,
             "That change can't be undone now: it would restart a timer while another one runs, and only one timer runs at a time.")
        case .deferToLaterDay:
            ("defer_to_later_day", .conflict,
             "A deferral moves a task to a later day; pick a day after today and after the day it is due.")
        case .habitPausedOn(let day):
            ("habit_paused", .conflict,
             "This habit is paused on \(day); paused days take no log.")
        case .habitNotScheduledOn(let day):
            ("not_scheduled", .conflict,
             "This habit is not scheduled on \(day) (a \(day.weekday.name.capitalizedFirst)); only its scheduled days take a log.")
        case let .outOfRange(what, given, range):
            ("out_of_range", .badInput,
             "'\(Messages.echo(given))' is out of range for \(what); use \(range).")
        case .emptyName(let field):
            ("empty_title", .badInput, "\(field.owner.capitalizedFirst) needs \(field.noun).")
        case let .nameTooLong(field, limit, count):
            ("title_too_long", .badInput,
             "A \(field.rawValue) is at most \(limit) characters; this one has \(count)."
                + (field == .habitName ? " Put the rest in the habit's notes." : ""))
        case .titleTooLong(let count):
            ("title_too_long", .badInput,
             "A title is at most \(TaskText.maxTitleLength) characters; this one has \(count). Put the rest in the notes.")
        case let .unfitCharacter(field, value):
            ("unfit_character", .badInput,
             "A \(field.rawValue) is one line of plain text; this one holds \(TextRules.describe(value)). "
                + "Remove it and try again.")
        case let .undoChangedElsewhere(action, sync):
            ("undo_changed_elsewhere", .conflict,
             "Can't undo '\(action)': another device changed it since (sync \(sync)).")
        case .noConflictMatches(let given):
            ("conflict_not_found", .notFound,
             "No conflict '\(Messages.echo(given))' waits; the list of conflicts shows the ones that do.")
        case .conflictRowGone:
            ("conflict_row_gone", .conflict,
             "That value can't be put back: its record was removed for good since.")
        case let .regionHoursOutsideDay(region, hours, rollover):
            ("hours_outside_day", .conflict,
             "\(region.displayName) (\(hours)) would run past the end of the day at \(rollover); a region's hours lie within one day, from the rollover time to the next.")
        case let .regionHoursOverlap(first, firstHours, second, secondHours):
            ("hours_overlap", .conflict,
             "\(first.displayName) (\(firstHours)) and \(second.displayName) (\(secondHours)) would overlap; each hour belongs to one region at most.")
        case .noHabitOfferMatches(let given):
            ("habit_offer_not_found", .notFound,
             "No habit is offered for '\(Messages.echo(given))'.")
        case .noAnchorMatches(let given):
            ("anchor_not_found", .notFound,
             "No anchor matches '\(Messages.echo(given))'.")
        case .ambiguousAnchor(let given):
            ("ambiguous_id", .conflict,
             "More than one anchor matches '\(Messages.echo(given))'; give more of its id.")
        case .anchorArchived(let title):
            ("anchor_archived", .conflict,
             "“\(title)” is archived; restore it first.")
        case let .duplicateAnchor(given, archived):
            ("duplicate_anchor", .conflict, archived
                ? "There is already an anchor called '\(Messages.echo(given))', archived; restore it, or choose another name."
                : "There is already an anchor called '\(Messages.echo(given))'; choose another name.")
        case .anchorNotScheduledOn(let day):
            ("not_scheduled", .conflict,
             "This anchor is not on \(day) (a \(day.weekday.name.capitalizedFirst)); only its days take a mark.")
        case let .beforeAnchorExisted(day, first):
            ("before_anchor", .conflict,
             "The anchor began on \(first); \(day) is before it.")
        case .noPrayerLocation:
            ("no_location", .conflict,
             "No location is set, so there are no prayer times yet.")
        case .prayerAnchorEveryDay:
            ("prayer_every_day", .badInput,
             "A prayer anchor comes every day at the prayer's time; days belong to an anchor at a fixed time.")
        }
    }
}
