import CharflowCore
import Foundation

/// One refusal of every case the core can throw, for the tests that check every refusal's words,
/// kind and status.
///
/// Add a sample here with each new case: `RefusalKindTests` fails while a case has none.
public enum RefusalSamples {
    static let day = LocalDay("2026-12-01")!

    /// Every refusal of the rules, one of each case (two of `wrongLog`, whose sentence has two forms).
    public static let rules: [PlannerError] = [
        .emptyTitle, .regionFull(.morning), .noTaskMatches("abcd"), .ambiguousID("abcd"), .idTooShort("ab"),
        .complementaryLocked(.evening), .notOnBoard, .positionOutOfRange(4, 3), .alreadyDone, .notDone, .taskDropped,
        .nothingToUndo, .importantNeedsDay, .laterThisWeekUnavailable, .bucketNeedsRegion, .noSession,
        .alreadyPaused, .notPaused, .sessionRunning(title: "Draft", progress: "12 of 30 min"), .alreadyRunning, .pickADay, .pickADayNotSomeday,
        .eraseNeedsYes, .noHabitMatches("w"), .ambiguousHabit("w"), .habitTarget("0"), .tooManyWindows, .habitArchived("W"),
        .correctionTooOld(day), .futureDay(day), .beforeHabitExisted(day, first: day), .unknownPreset("x"), .kindFixed,
        .noWindowMatches("Noon"), .windowNeeded, .wrongLog(kind: .timed, log: nil), .wrongLog(kind: .binary, log: .count(3)),
        .habitSessionSettle, .notTimed, .avoidHasOneWindow, .notPausedHabit, .badPause, .duplicateGroup("G"), .groupArchived("G"), .duplicateHabit("H", archived: false),
        .duplicateHabit("H", archived: true), .duplicateWindowLabel("W"), .avoidWeekly, .heldAfterSlips(slips: 3, allowed: 1),
        .noGroupMatches("G"), .repeatingNeedsDay, .alreadyRepeated, .notDueYet, .categoryName(""), .duplicateCategory("C"),
        .tooManyCategories, .noCategoryMatches("C"), .categoryArchived("C"), .defaultCategoryKept("Work"),
        .noChecklistItem(3, 2), .boardNeedsDay, .boardDayEnded(day), .unknownSetting("x"),
        .undoBlocked, .undoUnknown, .pickALaterDay, .undoSecondTimer, .deferToLaterDay,
        .habitSessionRunning(title: "Quran", progress: "3 of 15 min"), .habitPausedOn(day), .habitNotScheduledOn(day),
        .outOfRange(what: "a position", given: "9", range: "1 to 3"), .titleTooLong(600),
        .emptyName(.groupName), .nameTooLong(.windowLabel, limit: 40, count: 41),
        .unfitCharacter(.taskTitle, 7),
        .undoChangedElsewhere(action: "add Pay rent", sync: "at 09:05"), .noConflictMatches("9"), .conflictRowGone,
        .regionHoursOutsideDay(.evening, "20:00–05:00", rollover: TimeOfDay(hour: 4, minute: 0)!),
        .regionHoursOverlap(.morning, "06:00–13:00", .afternoon, "12:00–17:00"), .noAnchorMatches("Gym"), .ambiguousAnchor("abcd"),
        .anchorArchived("Standup"), .duplicateAnchor("Fajr", archived: false), .anchorNotScheduledOn(day),
        .beforeAnchorExisted(day, first: day), .noPrayerLocation, .prayerAnchorEveryDay, .noHabitOfferMatches("Juggle"),
    ]

    /// Every value refused for its form, one of each case.
    public static let inputs: [InputError] = [
        .invalidWord(what: "region", given: "noon", expected: "morning"), .badDate("x"), .badTime("x"), .badEffort("7"),
        .badWindow("x"), .badColor("red"), .unknownToken("!urgent"), .tokenTwice("#Home"), .emptyStorePath,
        .badLocation("91,0", .latitude), .badAdjustment("90"), .badRegionHours("06:00-06:00"), .badDuration("2d"),
    ]
}
