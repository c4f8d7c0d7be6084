// The page's one state: what the server last answered, and what the person has open, chosen or typed,
// kept across redraws. Each screen loads its answers into its part and draws its view from it; nothing
// else holds a copy. The server decides every rule (the limits, the room, what a deferral offers, which
// quick dates exist); the page only shows what the answers say.
export const state = {
  // GET /api/changes: the change version the page last drew (W-7).
  version: null,
  // GET /api/today: the board, due and overdue tasks, habits, the session and the notices.
  today: null,
  // GET /api/dates: the quick dates a day can take today, with their days, and the week's last day.
  dates: null,
  // GET /api/categories?all=1: every category with its colour, archived ones too.
  categories: [],

  // The Backlog: GET /api/backlog.
  backlog: null,
  // Today's notices, each shown until dismissed (by the notice's key: its name and message).
  notices: { shown: new Map(), dismissed: new Set() },
  // A task's "Move to…" picker: which one is open (by its form's id), what is chosen, its refusal.
  move: { open: null, choice: null, problem: null },
  // The task just completed, whose row settles once.
  justDone: null,
  // The last action's undo and the control to give focus back to; `back`, where the last action began.
  undo: { last: null, back: null },
  // A change of screen waiting for its focus to settle.
  changingScreen: false,

  // The task detail: GET /api/tasks/ID as last answered (or the refusal's words when there is no such
  // task), the task as last drawn, and what is open on it.
  detail: {
    answer: null, missing: null, task: null, editingNotes: false, otherEffort: false,
    // The task a deferral just eased to low, or whose fifth deferral suggests letting it go.
    eased: null, suggestion: null,
    // The screen the detail was opened from, and the control to focus once it is drawn.
    cameFrom: null, pendingFocus: null,
  },
  // The defer sheet: its task, the reason chosen, and the id of what to give focus back to.
  sheet: { task: null, reason: null, back: null },
  // Focus: GET /api/status, the running task's checklist (GET /api/tasks/ID), a refused Begin, and the
  // server's elapsed seconds with when they came.
  focus: { status: null, detail: null, refused: null, pendingFocus: null, base: null, lastSync: 0 },
  // Settings: GET /api/settings, /api/privacy, each setting as last drawn, and the erase step.
  settings: { values: null, privacy: null, drawn: {}, confirming: null },
  // Habits: GET /api/habits and each habit's grid, the archived ones, and what is chosen or typed.
  habits: { date: null, habits: [], reports: [], archived: [], weeks: null,
            chosenDay: {}, values: {}, open: new Set(), refusals: {} },
  // Anchors: GET /api/anchors?all=1, each active anchor's grid, today's prayer times (null without a
  // location), and what is chosen, open or typed.
  anchors: { date: null, anchors: [], today: {}, grids: [], archived: [], prayers: null, weeks: null,
             kind: "fixed", chosenDay: {}, values: {}, open: new Set(), refusals: {} },
  // Night planning: GET /api/plan, /api/plan/review, /api/backlog, and what is open or typed.
  night: { plan: null, review: null, backlog: null, values: {}, refusals: {}, openLater: null },
  // Upcoming: GET /api/upcoming and the Backlog's undated tasks.
  upcoming: { tasks: null, days: null, backlog: null },
  // Review: GET /api/review for the week shown, GET /api/stats (twelve weeks), and the words of a week refused.
  review: { week: null, trends: null, refused: null },
  // Search: GET /api/list, and whether the field takes focus once drawn.
  search: { list: null, focusField: false },
  // Conflicts: GET /api/conflicts.
  conflicts: null,
  // Sync in the header: GET /api/sync, as last drawn.
  sync: { drawn: null },
  // Each task list's tab stop: a list's key to the task whose row holds it.
  tabStops: new Map(),
};

/** Whether the server offers quick date `word` today (`GET /api/dates`); none until it has answered. */
export function dateOffered(word) {
  return Boolean(state.dates && state.dates.quickDates.some((date) => date.word === word));
}
