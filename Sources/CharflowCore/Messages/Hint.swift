/// The next step a refusal or signal points to, named without any front end's words: the CLI phrases it
/// as a flag or command, the page as a button (spec D16, rule A-3).
public enum Hint: String, Sendable, CaseIterable {
    /// Put the task on today's board first.
    case placeOnBoard
    /// Say what happens to the running session: done, stop, defer or drop.
    case settleRunningSession
    /// Confirm the erase.
    case confirmErase
    /// Name one of the habit's times of day.
    case nameWindow
    /// A habit session is settled as done or stop.
    case settleHabitSession
    /// Pick the day it moves to (the third deferral on).
    case pickADay
    /// Give the day a not-yet-due task moves to.
    case pickTarget
    /// Give the region the bucket belongs to.
    case chooseRegion
    /// Mark one or two tasks medium or high.
    case raiseImportance
    /// Delete the task.
    case deleteTask
    /// Begin the task's session again.
    case beginAgain
    /// Move a task to another day (night planning's overload notice).
    case moveToAnotherDay
    /// Name another store file (the one named belongs to another program).
    case nameAnotherStore
    /// Set the location the prayer times are for.
    case setPrayerLocation
    /// Import the rest of a foreign file, leaving out what could not be read.
    case importTheRest
}
