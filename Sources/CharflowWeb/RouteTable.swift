import CharflowApp

/// Every address the server answers, one line each: method, path pattern, what answers, and the body
/// (cli.md, "The web UI's API"). Dispatch goes through this table and nothing else.
///
/// A `.get` line takes no body (a read's options come in its query); a `.post` line names its body type.
/// For `plan` and `category` use cases the action word comes first in `words`, as after the command's
/// name on the command line; a body's own words follow the path's.
enum RouteTable {
    static let routes: [APIRoute] = [
        .get("/", .page),
        .get("/v/{version}/{file}", .versionedAsset),
        .get("/app.css", .asset(.style)),
        .get("/habits.css", .asset(.habitsStyle)),
        .get("/main.mjs", .asset(.main)),
        .get("/words.mjs", .asset(.words)),
        .get("/dom.mjs", .asset(.dom)),
        .get("/api.mjs", .asset(.api)),
        .get("/state.mjs", .asset(.state)),
        .get("/toast.mjs", .asset(.toast)),
        .get("/router.mjs", .asset(.router)),
        .get("/tasks.mjs", .asset(.tasks)),
        .get("/menus.mjs", .asset(.menus)),
        .get("/deferSheet.mjs", .asset(.deferSheet)),
        .get("/quickAdd.mjs", .asset(.quickAdd)),
        .get("/today.mjs", .asset(.today)),
        .get("/backlog.mjs", .asset(.backlog)),
        .get("/detail.mjs", .asset(.detail)),
        .get("/focus.mjs", .asset(.focus)),
        .get("/settings.mjs", .asset(.settings)),
        .get("/habits.mjs", .asset(.habits)),
        .get("/anchors.mjs", .asset(.anchors)),
        .get("/habitOffer.mjs", .asset(.habitOffer)),
        .get("/night.mjs", .asset(.night)),
        .get("/upcoming.mjs", .asset(.upcoming)),
        .get("/review.mjs", .asset(.review)),
        .get("/search.mjs", .asset(.search)),
        .get("/sync.mjs", .asset(.sync)),
        .get("/lists.mjs", .asset(.lists)),
        .get("/drag.mjs", .asset(.drag)),
        .get("/shortcuts.mjs", .asset(.shortcuts)),
        .get("/notifications.mjs", .asset(.notifications)),
        .get("/pairing.mjs", .asset(.pairing)),
        .get("/offline.mjs", .asset(.offline)),
        .get("/thumbBar.mjs", .asset(.thumbBar)),
        .get("/api/changes", .changes),
        .get("/api/privacy", .privacy),
        .post("/api/erase", .erase),
        .post("/api/parse", Charflow.previewQuickAdd),
        .get("/api/dates", .quickDates),
        .get("/api/export", .export),
        .get("/api/sync", .syncState),

        .get("/api/today", Charflow.readToday),
        .get("/api/backlog", Charflow.backlog),
        .get("/api/upcoming", Charflow.readUpcoming),
        .get("/api/list", Charflow.readTaskList),
        .get("/api/history", Charflow.history),
        .get("/api/history/{day}", Charflow.history),
        .get("/api/region/{region}", Charflow.readRegion),
        .get("/api/status", Charflow.sessionStatus),
        .get("/api/reminders", Charflow.reminders),
        .post("/api/reminders/deliver", Charflow.deliverRemindersToPage),
        .get("/api/review", Charflow.reviewWeek),
        .get("/api/stats", Charflow.trends),
        .post("/api/seen", Charflow.markShown),
        .post("/api/undo", Charflow.undo),

        .post("/api/tasks", Charflow.addTask),
        .get("/api/tasks/{task}", Charflow.showTask),
        .post("/api/tasks/{task}/edit", Charflow.editTask),
        .post("/api/tasks/{task}/done", Charflow.completeTask),
        .post("/api/tasks/{task}/undone", Charflow.reopenTask),
        .post("/api/tasks/{task}/move", Charflow.moveTask),
        .post("/api/tasks/{task}/reorder", Charflow.reorderTask),
        .post("/api/tasks/{task}/defer", Charflow.deferTask),
        .post("/api/tasks/{task}/note", Charflow.addNote),
        .post("/api/tasks/{task}/check", Charflow.tickChecklistItem),
        .post("/api/tasks/{task}/delete", Charflow.dropTask),
        .post("/api/tasks/{task}/purge", Charflow.purgeTask),

        .post("/api/sessions/begin", Charflow.beginSession),
        .post("/api/sessions/pause", Charflow.pauseSession),
        .post("/api/sessions/resume", Charflow.resumeSession),
        .post("/api/sessions/finish", Charflow.finishSession),

        .get("/api/habits", Charflow.readHabits),
        .get("/api/groups", Charflow.readGroups),
        .post("/api/habits/new", Charflow.addHabit),
        .get("/api/habits/{habit}/grid", Charflow.readHabitGrid),
        .post("/api/habits/{habit}/edit", Charflow.editHabit),
        .post("/api/habits/{habit}/log", Charflow.logHabit),
        .post("/api/habits/{habit}/pause", Charflow.pauseHabit),
        .post("/api/habits/{habit}/resume", Charflow.resumeHabit),
        .post("/api/habits/{habit}/archive", Charflow.archiveHabit),
        .post("/api/habits/{habit}/restore", Charflow.restoreHabit),
        .post("/api/habits/{habit}/begin", Charflow.beginHabitSession),
        .get("/api/habits/offers", Charflow.readHabitOffers),
        .post("/api/habits/offers/{offer}/adopt", Charflow.adoptHabitOffer),
        .post("/api/habits/offers/{offer}/decline", Charflow.declineHabitOffer),

        .get("/api/plan", Charflow.planOverview),
        .get("/api/plan/review", Charflow.planReview),
        .post("/api/plan/carry", Charflow.carryTask),
        .post("/api/plan/tomorrow", Charflow.planTask),
        .post("/api/plan/move", Charflow.rescheduleTask),
        .post("/api/plan/close", Charflow.closePlanning),
        .post("/api/plan/skip", Charflow.skipPlanning),

        .get("/api/categories", Charflow.readCategories),
        .post("/api/categories/new", Charflow.addCategory),
        .post("/api/categories/{category}/rename", Charflow.renameCategory),
        .post("/api/categories/{category}/color", Charflow.recolorCategory),
        .post("/api/categories/{category}/archive", Charflow.archiveCategory),
        .post("/api/categories/{category}/restore", Charflow.restoreCategory),
        .post("/api/categories/{category}/delete", Charflow.deleteCategory),
        .post("/api/filter", Charflow.setTodayFilter),

        .get("/api/settings", Charflow.readSettings),
        .post("/api/settings/prayer-adjust/{prayer}", Charflow.adjustPrayerTime),
        .post("/api/settings/{key}", Charflow.changeSetting),
        .get("/api/prayers", Charflow.readPrayerTimes),

        .get("/api/anchors", Charflow.readAnchors),
        .post("/api/anchors/new", Charflow.addAnchor),
        .get("/api/anchors/{anchor}/show", Charflow.showAnchor),
        .get("/api/anchors/{anchor}/grid", Charflow.readAnchorGrid),
        .post("/api/anchors/{anchor}/edit", Charflow.editAnchor),
        .post("/api/anchors/{anchor}/archive", Charflow.archiveAnchor),
        .post("/api/anchors/{anchor}/restore", Charflow.restoreAnchor),
        .post("/api/anchors/{anchor}/attend", Charflow.attendAnchor),
        .post("/api/anchors/{anchor}/miss", Charflow.missAnchor),

        .get("/api/conflicts", Charflow.conflicts),
        .post("/api/conflicts/dismiss", Charflow.dismissConflicts),
        .post("/api/conflicts/{conflict}/restore", Charflow.restoreConflict),
        .post("/api/conflicts/{conflict}/dismiss", Charflow.dismissConflicts),

        // Calendars are added on the command line only: a path or a loopback address names this
        // machine's files and services, which no request to the server may make it read (docs/decisions.md).
        .get("/api/calendars", Charflow.readCalendars),
        .get("/api/calendars/events", Charflow.readCalendarEvents),
        .post("/api/calendars/refresh", .calendarRefresh),
        .post("/api/calendars/{calendar}/remove", Charflow.removeCalendar),
    ]

    /// The route for `method` at `path`. A path some route takes, but for another method, is a wrong
    /// method; HEAD is answered as GET.
    static func match(method: String, path: String) -> RouteMatch {
        let wanted: APIRoute.Method? = method == "HEAD" ? .get : APIRoute.Method(rawValue: method)
        var pathTaken = false
        for route in routes {
            guard let values = route.values(path) else { continue }
            if route.method == wanted { return .found(route, values: values) }
            pathTaken = true
        }
        return pathTaken ? .wrongMethod : .notFound
    }
}
