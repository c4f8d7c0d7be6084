import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Every refusal of the rules says what sort of refusal it is, and the sort follows what it refuses.
@Suite("Refusal kinds")
struct RefusalKindTests {
    /// The codes of each kind; a code not listed here is a refusal whose kind was never decided. No rule
    /// is unavailable: that is the store's and the files' kind.
    static let codes: [RefusalKind: Set<String>] = [
        .notFound: ["not_found", "habit_not_found", "window_not_found", "group_not_found", "category_not_found", "conflict_not_found",
                    "anchor_not_found", "habit_offer_not_found"],
        .badInput: [
            "empty_title", "invalid_value", "bad_date", "bad_time", "bad_position", "bad_effort", "bad_target",
            "bad_window", "bad_pause", "bad_category_name", "bad_color", "bad_token", "bad_token_repeated",
            "id_too_short", "unknown_preset", "unknown_setting", "out_of_range", "title_too_long", "unfit_character",
            "bad_location", "bad_adjustment", "bad_hours", "bad_duration", "prayer_every_day",
        ],
        .conflict: [
            "region_full", "ambiguous_id", "locked", "not_on_board", "already_done", "not_done",
            "task_deleted", "nothing_to_undo", "important_needs_day", "date_unavailable", "no_session", "already_paused",
            "not_paused", "session_running", "already_running", "needs_yes", "too_many_windows", "habit_archived",
            "correction_too_old", "future_day", "before_habit", "kind_fixed", "window_needed",
            "wrong_log", "habit_settle", "not_timed", "avoid_one_window", "duplicate_group", "group_archived", "duplicate_habit", "duplicate_window", "avoid_weekly", "held_after_slips", "pick_a_day",
            "repeating_needs_day", "already_repeated", "not_due_yet", "duplicate_category", "too_many_categories",
            "category_archived", "default_category", "no_checklist_item", "bucket_needs_region", "board_needs_day",
            "board_day_ended", "undo_blocked", "undo_unknown", "habit_paused", "not_scheduled",
            "undo_second_timer", "defer_to_later_day", "undo_changed_elsewhere", "conflict_row_gone",
            "hours_outside_day", "hours_overlap", "anchor_archived", "duplicate_anchor", "before_anchor", "no_location",
        ],
    ]

    /// The name of `error`'s case, without its values.
    ///
    /// The switch is exhaustive on purpose: a new case does not compile here until it is named, and then
    /// `samplesCoverEveryCase` fails until `RefusalSamples.rules` holds one.
    static func caseName(_ error: PlannerError) -> String {
        switch error {
        case .emptyTitle: "emptyTitle"
        case .regionFull: "regionFull"
        case .noTaskMatches: "noTaskMatches"
        case .ambiguousID: "ambiguousID"
        case .idTooShort: "idTooShort"
        case .complementaryLocked: "complementaryLocked"
        case .notOnBoard: "notOnBoard"
        case .positionOutOfRange: "positionOutOfRange"
        case .alreadyDone: "alreadyDone"
        case .notDone: "notDone"
        case .taskDropped: "taskDropped"
        case .nothingToUndo: "nothingToUndo"
        case .importantNeedsDay: "importantNeedsDay"
        case .laterThisWeekUnavailable: "laterThisWeekUnavailable"
        case .bucketNeedsRegion: "bucketNeedsRegion"
        case .noSession: "noSession"
        case .alreadyPaused: "alreadyPaused"
        case .notPaused: "notPaused"
        case .sessionRunning: "sessionRunning"
        case .alreadyRunning: "alreadyRunning"
        case .pickADay: "pickADay"
        case .pickADayNotSomeday: "pickADayNotSomeday"
        case .pickALaterDay: "pickALaterDay"
        case .habitSessionRunning: "habitSessionRunning"
        case .eraseNeedsYes: "eraseNeedsYes"
        case .noHabitMatches: "noHabitMatches"
        case .ambiguousHabit: "ambiguousHabit"
        case .habitTarget: "habitTarget"
        case .tooManyWindows: "tooManyWindows"
        case .habitArchived: "habitArchived"
        case .correctionTooOld: "correctionTooOld"
        case .futureDay: "futureDay"
        case .beforeHabitExisted: "beforeHabitExisted"
        case .unknownPreset: "unknownPreset"
        case .kindFixed: "kindFixed"
        case .noWindowMatches: "noWindowMatches"
        case .windowNeeded: "windowNeeded"
        case .wrongLog: "wrongLog"
        case .habitSessionSettle: "habitSessionSettle"
        case .notTimed: "notTimed"
        case .avoidHasOneWindow: "avoidHasOneWindow"
        case .notPausedHabit: "notPausedHabit"
        case .badPause: "badPause"
        case .duplicateGroup: "duplicateGroup"
        case .groupArchived: "groupArchived"
        case .duplicateHabit: "duplicateHabit"
        case .duplicateWindowLabel: "duplicateWindowLabel"
        case .avoidWeekly: "avoidWeekly"
        case .heldAfterSlips: "heldAfterSlips"
        case .noGroupMatches: "noGroupMatches"
        case .repeatingNeedsDay: "repeatingNeedsDay"
        case .alreadyRepeated: "alreadyRepeated"
        case .notDueYet: "notDueYet"
        case .categoryName: "categoryName"
        case .duplicateCategory: "duplicateCategory"
        case .tooManyCategories: "tooManyCategories"
        case .noCategoryMatches: "noCategoryMatches"
        case .categoryArchived: "categoryArchived"
        case .defaultCategoryKept: "defaultCategoryKept"
        case .noChecklistItem: "noChecklistItem"
        case .boardNeedsDay: "boardNeedsDay"
        case .boardDayEnded: "boardDayEnded"
        case .unknownSetting: "unknownSetting"
        case .undoBlocked: "undoBlocked"
        case .undoUnknown: "undoUnknown"
        case .undoSecondTimer: "undoSecondTimer"
        case .deferToLaterDay: "deferToLaterDay"
        case .habitPausedOn: "habitPausedOn"
        case .habitNotScheduledOn: "habitNotScheduledOn"
        case .outOfRange: "outOfRange"
        case .titleTooLong: "titleTooLong"
        case .emptyName: "emptyName"
        case .nameTooLong: "nameTooLong"
        case .unfitCharacter: "unfitCharacter"
        case .undoChangedElsewhere: "undoChangedElsewhere"
        case .noConflictMatches: "noConflictMatches"
        case .conflictRowGone: "conflictRowGone"
        case .regionHoursOutsideDay: "regionHoursOutsideDay"
        case .regionHoursOverlap: "regionHoursOverlap"
        case .noAnchorMatches: "noAnchorMatches"
        case .ambiguousAnchor: "ambiguousAnchor"
        case .anchorArchived: "anchorArchived"
        case .duplicateAnchor: "duplicateAnchor"
        case .anchorNotScheduledOn: "anchorNotScheduledOn"
        case .beforeAnchorExisted: "beforeAnchorExisted"
        case .noPrayerLocation: "noPrayerLocation"
        case .prayerAnchorEveryDay: "prayerAnchorEveryDay"
        case .noHabitOfferMatches: "noHabitOfferMatches"
        }
    }

    /// How many cases `caseName` names: every case of `PlannerError`.
    static let caseCount = 88

    @Test("Every refusal of the rules has a code, a sentence and the kind its code is listed under",
          arguments: RefusalSamples.rules)
    func everyRefusalIsComplete(_ error: PlannerError) {
        expectTrue(!error.code.isEmpty)
        expectTrue(!error.message.isEmpty)
        let listed = Self.codes.filter { $0.value.contains(error.code) }.map(\.key)
        expectEqual(listed, [error.kind], "\(error.code) is listed under \(listed), and is \(error.kind)")
    }

    @Test("The samples hold one of every case of the rules' refusals")
    func samplesCoverEveryCase() {
        let names = Set(RefusalSamples.rules.map(Self.caseName))
        expectEqual(names.count, Self.caseCount, "\(names.count) of \(Self.caseCount) cases sampled")
    }

    @Test("Every value refused for its form is bad input, with a code and a sentence of its own",
          arguments: RefusalSamples.inputs)
    func everyInputErrorIsBadInput(_ error: InputError) {
        expectTrue(!error.code.isEmpty)
        expectTrue(!error.message.isEmpty)
        expectEqual(error.kind, .badInput)
        expectEqual(error.hint, nil)
        #expect(Self.codes[.badInput]?.contains(error.code) == true || error.code == "empty_store_path", "\(error.code)")
    }

    @Test("The input samples hold one of every case, each with its own code")
    func inputSamplesCoverEveryCase() {
        expectEqual(Set(RefusalSamples.inputs.map(\.code)).count, 13)
    }

    @Test("No code is listed under two kinds")
    func kindsAreDisjoint() {
        let all = Self.codes.values.flatMap { $0 }
        expectEqual(all.count, Set(all).count)
    }

    @Test("Four kinds, each with a name of its own")
    func fourKinds() {
        expectEqual(RefusalKind.allCases, [.notFound, .badInput, .conflict, .unavailable])
        expectEqual(Set(RefusalKind.allCases.map(\.rawValue)).count, 4)
    }

    @Test("A refusal without a next step has no hint; one with a next step names it")
    func hints() {
        expectEqual(PlannerError.notOnBoard.hint, .placeOnBoard)
        expectEqual(PlannerError.pickALaterDay.hint, .pickADay)
        expectEqual(PlannerError.alreadyDone.hint, nil)
        expectEqual(PlannerError.noPrayerLocation.hint, .setPrayerLocation)
    }
}
