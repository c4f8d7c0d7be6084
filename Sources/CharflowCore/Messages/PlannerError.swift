/// Every refusal of the rules; each case phrases itself (`PlannerError+Refusal`).
///
/// The store's failures are `StoreFailure`, an export's or import's file's are `FileFailure`, and a value
/// not of its option's form is an `InputError`.
public enum PlannerError: Error, Sendable, Equatable {
    case emptyTitle
    case regionFull(Region)
    case noTaskMatches(String)
    case ambiguousID(String)
    case idTooShort(String)
    case complementaryLocked(Region)
    case notOnBoard
    case positionOutOfRange(Int, Int)
    case alreadyDone
    case notDone
    case taskDropped
    case nothingToUndo
    case importantNeedsDay
    case laterThisWeekUnavailable
    case bucketNeedsRegion
    case noSession
    case alreadyPaused
    case notPaused
    case sessionRunning(title: String, progress: String)
    case alreadyRunning
    case pickADay
    /// From the third deferral of a task that may not go to Someday (repeating, or important and not
    /// eased by this deferral): a day must be chosen, and Someday is not one of the ways on.
    case pickADayNotSomeday
    /// Night planning's Keep refused from the third deferral: Later, with a day, is the way on.
    case pickALaterDay
    /// A habit's session is running: it can be logged or stopped (not deferred or dropped).
    case habitSessionRunning(title: String, progress: String)
    case eraseNeedsYes
    case noHabitMatches(String)
    case ambiguousHabit(String)
    case habitTarget(String)
    case tooManyWindows
    case habitArchived(String)
    case correctionTooOld(LocalDay)
    case futureDay(LocalDay)
    /// A log for a day before the habit's time of day existed (its grid shows nothing there).
    case beforeHabitExisted(LocalDay, first: LocalDay)
    case unknownPreset(String)
    case kindFixed
    case noWindowMatches(String)
    case windowNeeded
    /// A log that does not fit the habit's kind; `log` nil is a log that gave no amount where one is needed.
    case wrongLog(kind: HabitKind, log: HabitLog?)
    case habitSessionSettle
    case notTimed
    case avoidHasOneWindow
    case notPausedHabit
    case badPause
    case duplicateGroup(String)
    case duplicateHabit(String, archived: Bool)
    case duplicateWindowLabel(String)
    case avoidWeekly
    case heldAfterSlips(slips: Int, allowed: Int)
    case groupArchived(String)
    case noGroupMatches(String)
    case repeatingNeedsDay
    case alreadyRepeated
    case notDueYet
    case categoryName(String)
    case duplicateCategory(String)
    case tooManyCategories
    case noCategoryMatches(String)
    case categoryArchived(String)
    case defaultCategoryKept(String)
    case noChecklistItem(Int, Int)
    case boardNeedsDay
    case boardDayEnded(LocalDay)
    case unknownSetting(String)
    /// Undo of one named action that later actions build on.
    case undoBlocked
    /// Undo of an action the undo history no longer holds (undone already, or forgotten).
    case undoUnknown
    /// Undo of one named action that would leave two timers running (S-7).
    case undoSecondTimer
    /// A deferral to today or an earlier day: a deferral goes to a later day (T-19).
    case deferToLaterDay
    /// A log for a day the habit was paused.
    case habitPausedOn(LocalDay)
    /// A log for a day the habit's schedule asked nothing of.
    case habitNotScheduledOn(LocalDay)
    /// A number outside the range its option takes (checked where it enters, so no sum overflows).
    case outOfRange(what: String, given: String, range: String)
    /// A title longer than `TaskText.maxTitleLength` characters (the count given).
    case titleTooLong(Int)
    /// A name or title other than a task's that is empty once trimmed: which one.
    case emptyName(TextRules.Field)
    /// A name or label other than a task's title past its longest: which one, its longest and the count given.
    case nameTooLong(TextRules.Field, limit: Int, count: Int)
    /// A title or name holding a control or direction character (`TextRules`): the field and the scalar.
    case unfitCharacter(TextRules.Field, UInt32)
    /// Undo of an action whose rows another device changed since (rule Y-25): what the action did
    /// ("add Pay rent") and when that sync ran, in local words ("at 09:05").
    case undoChangedElsewhere(action: String, sync: String)
    /// A conflict id `conflicts` does not list (dismissed, put back, or never recorded).
    case noConflictMatches(String)
    /// A conflict whose row was removed for good since: its value has nowhere to go back to.
    case conflictRowGone
    /// A region's hours (as shown, `20:00–05:00`) that run past the end of the logical day, which
    /// begins and ends at the rollover time (rule F-1).
    case regionHoursOutsideDay(Region, String, rollover: TimeOfDay)
    /// Two regions' hours (each as shown) that share time (rule F-1).
    case regionHoursOverlap(Region, String, Region, String)
    case noAnchorMatches(String)
    case ambiguousAnchor(String)
    case anchorArchived(String)
    case duplicateAnchor(String, archived: Bool)
    /// A mark for a day a fixed anchor's days leave out.
    case anchorNotScheduledOn(LocalDay)
    /// A mark for a day before the anchor was made.
    case beforeAnchorExisted(LocalDay, first: LocalDay)
    /// Prayer times asked for with no location set (rule F-7).
    case noPrayerLocation
    /// Days given for a prayer anchor, which comes every day at the prayer's time.
    case prayerAnchorEveryDay
    /// A habit offer named that no detected title answers.
    case noHabitOfferMatches(String)
}

extension PlannerError {
    /// Whether this refuses a deferral without a chosen day from the third on (T-20), whichever ways on
    /// it names.
    public var asksForChosenDay: Bool { self == .pickADay || self == .pickADayNotSomeday }
}
