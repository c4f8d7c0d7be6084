/// Every refusal the planner can give; `Messages` phrases each one.
public enum PlannerError: Error, Sendable, Equatable {
    case emptyTitle
    case regionFull(Region)
    case noTaskMatches(String)
    case ambiguousID(String)
    case idTooShort(String)
    case invalidWord(what: String, given: String, expected: String)
    case badDate(String)
    case badTime(String)
    case complementaryLocked(Region)
    case notOnBoard
    case positionOutOfRange(Int, Int)
    case alreadyDone
    case notDone
    case taskDropped
    case nothingToUndo
    /// The action asked for is not the newest one any more (later actions depend on it), or is gone.
    case cannotUndo
    case importantNeedsDay
    case laterThisWeekUnavailable
    case badEffort(String)
    case bucketNeedsRegion
    case noSession
    case alreadyPaused
    case notPaused
    case sessionRunning(title: String, progress: String)
    case alreadyRunning
    case pickADay
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
    case wrongLog(kind: String, given: String)
    case badWindow(String)
    case habitSessionSettle
    case notTimed
    case avoidHasOneWindow
    case notPausedHabit
    case badPause
    case duplicateGroup(String)
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
    case badColor(String)
    case noChecklistItem(Int, Int)
    case boardNeedsDay
    case boardDayEnded(LocalDay)
    case unknownSetting(String)
    case newerStore(String)
    case storeUnreadable(String)
    /// A quick-add word that starts like a token (`!`, `~`, `@`, `#`) but names nothing.
    case unknownToken(String)
    /// A quick-add token of a kind the line already gave.
    case tokenTwice(String)
}
