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
        .get("/app.js", .asset(.script)),
        .get("/app.css", .asset(.style)),
        .get("/detail.js", .asset(.detail)),
        .get("/focus.js", .asset(.focus)),
        .get("/settings.js", .asset(.settings)),
        .get("/habits.js", .asset(.habits)),
        .get("/night.js", .asset(.night)),
        .get("/drag.js", .asset(.drag)),
        .get("/upcoming.js", .asset(.upcoming)),
        .get("/lists.js", .asset(.lists)),
        .get("/sync.js", .asset(.sync)),
        .get("/api/changes", .changes),
        .get("/api/privacy", .privacy),
        .post("/api/erase", .erase, EraseBody.self),
        .post("/api/parse", Charflow.previewQuickAdd),
        .get("/api/dates", .quickDates),
        .get("/api/export", .export),
        .get("/api/sync", .syncState),

        .get("/api/today", Charflow.readToday),
        .get("/api/backlog", Charflow.backlog),
        .get("/api/upcoming", Charflow.upcoming),
        .get("/api/list", Charflow.readTaskList),
        .get("/api/history", Charflow.history),
        .get("/api/history/{day}", Charflow.history),
        .get("/api/region/{region}", Charflow.readRegion),
        .get("/api/status", Charflow.sessionStatus),
        .get("/api/reminders", Charflow.reminders),
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

        .get("/api/plan", .planOverview),
        .get("/api/plan/review", .planReview),
        .post("/api/plan/carry", .planCarry, CarryBody.self, words: ["carry"]),
        .post("/api/plan/tomorrow", .planTomorrow, PlanTomorrowBody.self, words: ["tomorrow"]),
        .post("/api/plan/move", .planMove, PlanMoveBody.self, words: ["move"]),
        .post("/api/plan/close", .planClose, NoBody.self, words: ["close"]),
        .post("/api/plan/skip", .planSkip, NoBody.self, words: ["skip"]),

        .get("/api/categories", .categories),
        .post("/api/categories/new", .category, NewCategoryBody.self, words: ["add"]),
        .post("/api/categories/{name}/rename", .category, RenameCategoryBody.self, words: ["rename", "{name}"]),
        .post("/api/categories/{name}/color", .category, RecolorCategoryBody.self, words: ["color", "{name}"]),
        .post("/api/categories/{name}/archive", .category, NoBody.self, words: ["archive", "{name}"]),
        .post("/api/categories/{name}/restore", .category, NoBody.self, words: ["restore", "{name}"]),
        .post("/api/categories/{name}/delete", .category, NoBody.self, words: ["delete", "{name}"]),
        .post("/api/filter", Charflow.setTodayFilter),

        .get("/api/settings", .settings),
        .post("/api/settings/{key}", .changeSetting, SettingBody.self),

        .get("/api/conflicts", .conflicts),
        .post("/api/conflicts/dismiss", .conflictDismiss, DismissAllBody.self),
        .post("/api/conflicts/{conflict}/restore", .conflictRestore, NoBody.self),
        .post("/api/conflicts/{conflict}/dismiss", .conflictDismiss, NoBody.self),
    ]

    /// The route for `method` at `path`. A path some route takes, but for another method, is a wrong
    /// method; HEAD is answered as GET.
    static func match(method: String, path: String) -> RouteMatch {
        let wanted: APIRoute.Method? = method == "HEAD" ? .get : APIRoute.Method(rawValue: method)
        var pathTaken = false
        for route in routes {
            guard let words = route.match(path) else { continue }
            if route.method == wanted { return .found(route, words: words) }
            pathTaken = true
        }
        return pathTaken ? .wrongMethod : .notFound
    }
}
