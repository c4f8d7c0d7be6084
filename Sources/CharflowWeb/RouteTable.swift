import CharflowApp

/// Every address the server answers, one line each: method, path pattern, what answers, and the body
/// (cli.md, "The web UI's API"). Dispatch goes through this table and nothing else.
///
/// A `.get` line takes no body (a read's options come in its query); a `.post` line names its body type.
/// For `habit`, `plan` and `category` use cases the action word comes first in `words`, as after the
/// command's name on the command line; a body's own words follow the path's.
enum RouteTable {
    static let routes: [APIRoute] = [
        .get("/", .page),
        .get("/app.css", .asset(.style)),
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
        .get("/night.mjs", .asset(.night)),
        .get("/upcoming.mjs", .asset(.upcoming)),
        .get("/search.mjs", .asset(.search)),
        .get("/sync.mjs", .asset(.sync)),
        .get("/lists.mjs", .asset(.lists)),
        .get("/drag.mjs", .asset(.drag)),
        .get("/shortcuts.mjs", .asset(.shortcuts)),
        .get("/api/changes", .changes),
        .get("/api/privacy", .privacy),
        .post("/api/erase", .erase, EraseBody.self),
        .post("/api/parse", .quickAddParse, ParseBody.self),
        .get("/api/dates", .quickDates),
        .get("/api/export", .export),
        .get("/api/sync", .syncState),

        .get("/api/today", .today),
        .get("/api/backlog", .backlog),
        .get("/api/upcoming", .upcoming),
        .get("/api/list", .list),
        .get("/api/history", .history),
        .get("/api/history/{day}", .history),
        .get("/api/region/{region}", .region),
        .get("/api/status", .status),
        .get("/api/reminders", .reminders),
        .post("/api/seen", .markShown, SeenBody.self),
        .post("/api/undo", .undo, UndoBody.self),

        .post("/api/tasks", .add, AddTaskBody.self),
        .get("/api/tasks/{task}", .show),
        .post("/api/tasks/{task}/edit", .edit, EditTaskBody.self),
        .post("/api/tasks/{task}/done", .done, NoBody.self),
        .post("/api/tasks/{task}/undone", .undone, NoBody.self),
        .post("/api/tasks/{task}/move", .move, MoveTaskBody.self),
        .post("/api/tasks/{task}/reorder", .reorder, ReorderBody.self),
        .post("/api/tasks/{task}/defer", .deferTask, DeferBody.self),
        .post("/api/tasks/{task}/note", .note, NoteBody.self),
        .post("/api/tasks/{task}/check", .check, CheckBody.self),
        .post("/api/tasks/{task}/delete", .delete, NoBody.self),
        .post("/api/tasks/{task}/purge", .purge, NoBody.self),

        .post("/api/sessions/begin", .begin, BeginSessionBody.self),
        .post("/api/sessions/pause", .pause, NoBody.self),
        .post("/api/sessions/resume", .resume, NoBody.self),
        .post("/api/sessions/finish", .finish, FinishSessionBody.self),

        .get("/api/habits", .habits),
        .get("/api/groups", .groups),
        .post("/api/habits/new", .habitAdd, NewHabitBody.self, words: ["add"]),
        .get("/api/habits/{habit}/grid", .habitGrid, words: ["grid", "{habit}"]),
        .post("/api/habits/{habit}/edit", .habitEdit, EditHabitBody.self, words: ["edit", "{habit}"]),
        .post("/api/habits/{habit}/log", .habitLog, HabitLogBody.self, words: ["log", "{habit}"]),
        .post("/api/habits/{habit}/pause", .habitPause, HabitPauseBody.self, words: ["pause", "{habit}"]),
        .post("/api/habits/{habit}/resume", .habitResume, NoBody.self, words: ["resume", "{habit}"]),
        .post("/api/habits/{habit}/archive", .habitArchive, NoBody.self, words: ["archive", "{habit}"]),
        .post("/api/habits/{habit}/restore", .habitRestore, NoBody.self, words: ["restore", "{habit}"]),
        .post("/api/habits/{habit}/begin", .habitBegin, HabitBeginBody.self, words: ["begin", "{habit}"]),

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
        .post("/api/filter", .filter, FilterBody.self),

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
