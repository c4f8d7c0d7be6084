// The page's entry (`<script type="module" src="/main.mjs">`): it registers the screens, draws Today from
// the answer the page carries (`#charflow-today`, so the first paint needs no request), and starts the
// rest. Plain JavaScript modules, no framework, no build step: each module is a file in
// Sources/CharflowWeb/Page, compiled into the binary and served by its own route (PageAssets.swift).
import { $ } from "./dom.mjs";
import { state } from "./state.mjs";
import { register, start as startRouter } from "./router.mjs";
import { todayScreen, regionScreen, start as startToday } from "./today.mjs";
import { backlogScreen, start as startBacklog } from "./backlog.mjs";
import { detailScreen, start as startDetail } from "./detail.mjs";
import { focusScreen, start as startFocus } from "./focus.mjs";
import { settingsScreen } from "./settings.mjs";
import { habitsScreen, start as startHabits } from "./habits.mjs";
import { anchorsScreen, start as startAnchors } from "./anchors.mjs";
import { nightScreen, start as startNight } from "./night.mjs";
import { upcomingScreen } from "./upcoming.mjs";
import { reviewScreen } from "./review.mjs";
import { searchScreen } from "./search.mjs";
import { conflictsScreen, start as startSync } from "./sync.mjs";
import { start as startToast } from "./toast.mjs";
import { start as startLists } from "./lists.mjs";
import { start as startDrag } from "./drag.mjs";
import { start as startShortcuts } from "./shortcuts.mjs";
import { start as startNotifications } from "./notifications.mjs";
import { start as startThumbBar } from "./thumbBar.mjs";
import { start as startOffline } from "./offline.mjs";

// The screens in the order they are matched; their links follow Today's and the Backlog's in the header
// in this order. Today is the home screen, shown when no other matches.
for (const screen of [detailScreen, focusScreen, settingsScreen, habitsScreen, anchorsScreen, nightScreen, upcomingScreen, reviewScreen, searchScreen,
                      conflictsScreen, regionScreen, backlogScreen]) {
  register(screen);
}
register(todayScreen, { isHome: true });

state.today = JSON.parse($("charflow-today").textContent);
todayScreen.render({});
// Busy until the first redraw has brought what the first paint could not know (router.mjs clears it).
$("main").setAttribute("aria-busy", "true");

startDetail();
startToday();
startBacklog();
startFocus();
startHabits();
startAnchors();
startNight();
startDrag();
startLists();
startShortcuts();
startToast();
startRouter();
startSync();
startNotifications();
startThumbBar();
startOffline();
