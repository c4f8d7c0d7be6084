import CharflowApp
import CharflowCore
import CharflowStore
import CharflowTestSupport
import CharflowWeb
import Foundation
import Testing

/// The web answers a refusal with the status its kind calls for, and each code with the status listed here.
@Suite("serve · a refusal's status follows its kind")
struct RefusalStatusTests {
    /// The status each code the API can answer is answered with: scripts and the page rely on these.
    static let statuses: [Int: Set<String>] = [
        404: ["not_found", "habit_not_found", "window_not_found", "group_not_found", "category_not_found", "conflict_not_found",
              "anchor_not_found", "calendar_not_found", "habit_offer_not_found"],
        400: [
            "empty_title", "invalid_value", "bad_date", "bad_time", "bad_position", "bad_effort", "bad_target",
            "bad_window", "bad_pause", "bad_category_name", "bad_color", "bad_output", "bad_token", "bad_token_repeated",
            "missing_subject", "missing_option", "choose_one", "at_most_one", "not_a_number", "nothing_to_change",
            "backlog_takes_no_place", "unknown_action",
            "id_too_short", "unknown_preset", "unknown_setting", "out_of_range", "title_too_long", "unfit_character",
            // The API takes neither an import nor `--db`; these are bad input wherever they are answered.
            "import_refused", "empty_store_path",
            // The prayer settings', the region hours' and an anchor's values (issue 38).
            "bad_location", "bad_adjustment", "bad_hours", "bad_duration", "prayer_every_day",
        ],
        409: [
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
            "newer_store", "store_unreadable", "foreign_store", "store_read_only", "store", "write_failed", "export_partial",
        ],
    ]

    /// One error of every case any layer throws, as a use case throws it (SQLite's own errors included).
    static let errors: [any Error] = {
        let rules = RefusalSamples.rules
        let inputs = RefusalSamples.inputs
        let requests: [UsageRefusal] = [
            .missing("task"), .missingOption("to"), .chooseOne(["done", "stop"]), .atMostOne(["days", "weekdays"]),
            .notANumber(option: "position", given: "x"), .nothingToChange, .backlogTakesNoPlace, .unknownAction("x"),
        ]
        let store: [StoreFailure] = [
            .newerStore("0099"), .storeUnreadable("damaged"), .foreignStore("/tmp/other.db"), .storeReadOnly,
            .storeFailed("disk I/O error"),
        ]
        let files: [FileFailure] = [
            .exportTarget("/tmp"), .writeFailed("No space left on device"), .exportSalvaged(["tasks"]),
            .importRefused(ImportError(place: "line 3", message: "not valid JSON")),
        ]
        let others: [any Error] = [
            // `POST /api/calendars/NAME/remove` names a calendar; the other calendar refusals are the command line's.
            CalendarRefusal.notFound("Work"),
            ImportError(place: "line 3", message: "not valid JSON"),
            DatabaseError(.readOnly, message: "attempt to write a readonly database"),
            DatabaseError(.full, message: "database or disk is full"),
        ]
        return (rules as [any Error]) + (inputs as [any Error]) + (requests as [any Error]) + (store as [any Error]) + (files as [any Error]) + others
    }()

    @Test("Each kind has its status: 404 names nothing, 400 is malformed, 409 is refused now or unavailable")
    func statusByKind() {
        expectEqual(WebResponse.status(for: .notFound), 404)
        expectEqual(WebResponse.status(for: .badInput), 400)
        expectEqual(WebResponse.status(for: .conflict), 409)
        expectEqual(WebResponse.status(for: .unavailable), 409)
    }

    @Test("Every refusal is answered with its code's status and the CLI's error body",
          arguments: errors.indices)
    func everyCodeKeepsItsStatus(_ index: Int) throws {
        let refusal = try #require(Refusal(Self.errors[index]), "\(Self.errors[index]) is a refusal")
        let listed = Self.statuses.filter { $0.value.contains(refusal.code) }.map(\.key)
        expectEqual(listed.count, 1, "\(refusal.code) is listed under \(listed)")
        let answer = WebResponse.refusal(refusal)
        expectEqual([answer.status], listed, "\(refusal.code)")
        let body = String(decoding: answer.body, as: UTF8.self)
        expectEqual(body, "{\"error\": {\"code\": \(JSONText.quoted(refusal.code)), \"message\": \(JSONText.quoted(refusal.message))}}\n")
        expectTrue(!refusal.message.isEmpty)
    }

    @Test("SQLite's own errors become the store's refusals, in its generic words")
    func databaseErrors() throws {
        let readOnly = try #require(Refusal(DatabaseError(.readOnly, message: "attempt to write a readonly database")))
        expectEqual(readOnly.code, "store_read_only")
        expectEqual(readOnly.kind, .unavailable)
        let full = try #require(Refusal(DatabaseError(.full, message: "INSERT INTO tasks ...")))
        expectEqual(full.code, "store")
        expectEqual(full.message, "The store refused the change (database or disk is full). Nothing was changed.")
    }

    @Test("An error no layer expected is no refusal")
    func unexpected() {
        struct Surprise: Error {}
        expectEqual(Refusal(Surprise()), nil)
    }
}
