/// The page's style sheet: calm, one column at 320 px, task.md's colour tokens in light and dark.
///
/// Text colours are chosen for WCAG AA (4.5:1) against their backgrounds in both themes; the browser
/// tests compute the ratios and run axe-core on both.
enum PageStyle {
    static let text = #"""
    :root {
      color-scheme: light dark;
      --bg: #FAFAF7; --surface: #FFFFFF; --ink: #1F2328; --muted: #4A5560; --line: #C9CFD4;
      --accent: #1F6A58; --accent-ink: #FFFFFF; --blue: #2F5E9E; --ochre: #836312; --plum: #7B4474; --slate: #52636E;
      --track: #E3E7E5; --focus: #2F5E9E; --problem: #8A2F1D;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #15191C; --surface: #1E2428; --ink: #E8ECEF; --muted: #AEBCC6; --line: #46525A;
        --accent: #8FCBB8; --accent-ink: #10201B; --blue: #9DB9E8; --ochre: #D8BA6A; --plum: #D5A6CC; --slate: #AEBCC6;
        --track: #2E363B; --focus: #9DB9E8; --problem: #F0A08C;
      }
    }
    *, *::before, *::after { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; scroll-padding-bottom: 5rem; }
    body { margin: 0; background: var(--bg); color: var(--ink); font: 1rem/1.5 system-ui, sans-serif; overflow-wrap: anywhere; }
    a { color: var(--blue); }
    :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
    .skip { position: absolute; left: 0.5rem; top: -3rem; background: var(--surface); padding: 0.5rem; }
    .skip:focus { top: 0.5rem; }
    .top { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; justify-content: space-between; padding: 0.75rem 1rem; border-bottom: 1px solid var(--line); }
    .brand { margin: 0; font-weight: 600; }
    .screens { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; }
    .screens a { color: var(--ink); text-underline-offset: 0.25em; }
    .screens a[aria-current="page"] { font-weight: 600; text-decoration-thickness: 3px; }
    .move-row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin: 0.5rem 0; }
    .move-row label { display: block; font-size: 0.875rem; }
    .move-form { flex-basis: 100%; }
    .ghost { background: transparent; color: var(--blue); border-color: var(--line); padding: 0.25rem 0.75rem; min-height: 2.25rem; }
    ul.tasks li.backlog-task { flex-wrap: wrap; align-items: center; }
    ul.tasks li.backlog-task .name { flex: 1 1 10rem; }
    .chip { border: 1px solid var(--accent); color: var(--ink); border-radius: 999px; padding: 0.125rem 0.75rem; }
    .chip::before { content: "● "; color: var(--accent); }
    main { max-width: 64rem; margin: 0 auto; padding: 1rem; }
    h1 { font-size: 1.5rem; font-weight: 600; margin: 0 0 0.25rem; }
    h1 time { color: var(--muted); font-weight: 400; font-size: 1rem; margin-left: 0.5rem; }
    h2 { font-size: 1.125rem; font-weight: 600; margin: 0 0 0.5rem; }
    h3 { font-size: 0.9375rem; font-weight: 600; margin: 0.75rem 0 0.25rem; color: var(--muted); }
    .overall { color: var(--muted); margin: 0 0 1rem; }
    .quick, .panel, .region { background: var(--surface); border: 1px solid var(--line); border-radius: 12px; padding: 1rem; margin-bottom: 1rem; }
    .quick label { display: block; margin-bottom: 0.25rem; }
    .quick-row { display: flex; flex-wrap: wrap; gap: 0.5rem; }
    .quick-row input { flex: 1 1 12rem; min-width: 0; }
    input, select, button { font: inherit; color: var(--ink); background: var(--bg); border: 1px solid var(--muted); border-radius: 8px; padding: 0.5rem 0.75rem; min-height: 2.75rem; }
    button { background: var(--accent); color: var(--accent-ink); border-color: var(--accent); cursor: pointer; }
    .hint { color: var(--muted); font-size: 0.875rem; margin: 0.5rem 0 0; }
    .parse { display: flex; flex-wrap: wrap; gap: 0.375rem; margin-top: 0.5rem; min-height: 1.5rem; }
    .parse .token { border: 1px solid var(--line); border-radius: 6px; padding: 0 0.5rem; font-size: 0.875rem; }
    .parse .token b { font-weight: 600; }
    .shortcuts { max-width: 40rem; margin: 1rem auto; }
    .shortcuts dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0 0 0.75rem; }
    .shortcuts dd { margin: 0; }
    .shortcuts label { display: flex; gap: 0.5rem; align-items: center; }
    .shortcuts input[type=checkbox] { min-height: 0; width: 1.25rem; height: 1.25rem; margin: 0; padding: 0; accent-color: var(--accent); }
    kbd { font: inherit; font-size: 0.875rem; border: 1px solid var(--muted); border-radius: 4px; padding: 0 0.25rem; }
    .refused { color: var(--problem); margin: 0.25rem 0 0; }
    .refused:empty { display: none; }
    .regions { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 1rem; }
    .region { margin-bottom: 0; }
    .counts { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; color: var(--muted); font-size: 0.875rem; margin: 0 0 0.5rem; padding: 0; list-style: none; }
    .bar { height: 0.5rem; background: var(--track); border-radius: 999px; overflow: hidden; margin: 0.25rem 0; }
    .bar > span { display: block; height: 100%; background: var(--accent); }
    .percent { font-size: 0.875rem; color: var(--muted); margin: 0; }
    ul.tasks { list-style: none; margin: 0; padding: 0; }
    ul.tasks li { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-start; padding: 0.375rem 0; border-top: 1px solid var(--line); }
    ul.tasks li:first-child { border-top: 0; }
    ul.tasks input[type=checkbox] { min-height: 0; width: 1.5rem; height: 1.5rem; margin: 0; flex: none; accent-color: var(--accent); }
    ul.tasks label { flex: 1; }
    .done label { text-decoration: line-through; color: var(--muted); }
    .must { border-left: 4px solid var(--accent); padding-left: 0.5rem; }
    .must .tag { font-size: 0.75rem; font-weight: 600; border: 1px solid var(--ink); border-radius: 4px; padding: 0 0.25rem; margin-right: 0.375rem; }
    .cat { font-size: 0.75rem; border-radius: 4px; padding: 0 0.25rem; margin-left: 0.375rem; border: 1px solid var(--line); color: var(--muted); }
    .empty, .locked { color: var(--muted); font-size: 0.875rem; margin: 0.25rem 0; }
    .strip { display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; margin: 0; padding: 0; }
    .strip li { border: 1px solid var(--line); border-radius: 999px; padding: 0.125rem 0.75rem; }
    .strip li.done::before { content: "✓ "; }
    .toast { position: fixed; left: 50%; bottom: 1rem; transform: translateX(-50%); max-width: calc(100% - 2rem); display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; background: var(--ink); color: var(--bg); border-radius: 10px; padding: 0.5rem 0.75rem; }
    .toast:empty { display: none; }
    .toast button { background: var(--bg); color: var(--ink); border-color: var(--bg); min-height: 2.25rem; padding: 0.25rem 0.75rem; }
    .problem { color: var(--problem); padding: 0 1rem; max-width: 64rem; margin: 0 auto; }
    @media (prefers-reduced-motion: no-preference) { .bar > span { transition: width 0.3s ease; } }
    /* Task detail, the defer sheet, Focus, Settings. */
    .chip a { color: var(--ink); }
    .title-link { color: inherit; text-underline-offset: 0.2em; }
    .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.5rem 0; }
    .facts { list-style: none; padding: 0; margin: 0 0 1rem; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; color: var(--muted); }
    .choices { border: 0; padding: 0; margin: 0 0 1rem; display: flex; flex-wrap: wrap; gap: 0.5rem; }
    .choices legend { font-weight: 600; margin-bottom: 0.375rem; padding: 0; }
    .choice { background: var(--surface); color: var(--ink); border-color: var(--muted); min-height: 2.75rem; }
    .choice[aria-pressed="true"] { background: var(--accent); color: var(--accent-ink); border-color: var(--accent); font-weight: 600; }
    .choice[aria-pressed="true"]::before { content: "✓ "; }
    .swatch { display: inline-block; width: 0.75rem; height: 0.75rem; border-radius: 3px; margin-right: 0.375rem; background: currentColor; vertical-align: -0.05em; }
    .cat-label { font-weight: 600; }
    .cat-accent { color: var(--accent); } .cat-blue { color: var(--blue); } .cat-ochre { color: var(--ochre); }
    .cat-plum { color: var(--plum); } .cat-slate { color: var(--slate); }
    .choice.cat-accent .swatch { color: var(--accent); } .choice.cat-blue .swatch { color: var(--blue); } .choice.cat-ochre .swatch { color: var(--ochre); }
    .choice.cat-plum .swatch { color: var(--plum); } .choice.cat-slate .swatch { color: var(--slate); }
    .choice[class*="cat-"] { color: var(--ink); }
    .choice[class*="cat-"][aria-pressed="true"] { color: var(--accent-ink); }
    .choice[aria-pressed="true"] .swatch { outline: 1px solid var(--accent-ink); }
    .notes p { margin: 0 0 0.5rem; }
    .notes code { font-size: 0.875rem; background: var(--track); border-radius: 4px; padding: 0 0.25rem; }
    ul.checklist { list-style: none; padding: 0; margin: 0 0 0.5rem; }
    ul.checklist li { display: flex; gap: 0.5rem; align-items: flex-start; padding: 0.25rem 0; }
    ul.checklist input[type=checkbox] { min-height: 0; width: 1.5rem; height: 1.5rem; margin: 0; flex: none; accent-color: var(--accent); }
    ul.checklist li.done label { text-decoration: line-through; color: var(--muted); }
    textarea { font: inherit; color: var(--ink); background: var(--bg); border: 1px solid var(--muted); border-radius: 8px; padding: 0.5rem 0.75rem; width: 100%; display: block; margin: 0.25rem 0; }
    .history { margin: 0; padding-left: 1.25rem; }
    .suggestion { border-color: var(--ochre); }
    .sheet { background: var(--surface); color: var(--ink); border: 1px solid var(--line); border-radius: 12px; padding: 1rem; width: min(32rem, calc(100% - 1rem)); max-width: calc(100% - 1rem); }
    .sheet::backdrop { background: rgba(0, 0, 0, 0.45); }
    .focus-timer .clock { font-size: 2.5rem; font-variant-numeric: tabular-nums; font-weight: 600; margin: 0.25rem 0; }
    .focus-timer .state { color: var(--muted); margin: 0; }
    .finish { margin-top: 1rem; }
    .finish label, .setting label { display: block; margin-bottom: 0.25rem; }
    .finish input { width: 100%; }
    .setting { margin-bottom: 1rem; }
    .setting .hint { margin: 0.25rem 0 0; }
    .setting .quick-row input { flex: 0 1 12rem; }
    .danger { background: var(--problem); border-color: var(--problem); color: var(--bg); }
    .confirm { border-left: 4px solid var(--problem); padding-left: 0.75rem; }
    .eased { border-left: 4px solid var(--ochre); padding-left: 0.75rem; }

    /* The stories: Region focus actions, the lock, Backlog search and delete, habit group pills, narrow screens. */
    .actions { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin: 0.25rem 0 0.5rem; }
    .quick-dates { display: flex; flex-wrap: wrap; gap: 0.5rem; border: 0; margin: 0; padding: 0; min-width: 0; }
    .quick-dates legend { font-size: 0.875rem; color: var(--muted); padding: 0; margin-bottom: 0.25rem; }
    .ghost.delete { color: var(--problem); }
    .is-locked label { color: var(--muted); }
    .is-locked input[type=checkbox] { cursor: not-allowed; opacity: 0.6; }
    .regions { margin-bottom: 1rem; }
    ul.tasks li > label { flex: 1 1 9rem; min-width: 0; }
    ul.tasks li > .tools { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-left: auto; }
    .search-row { margin: 0 0 1rem; }
    .search-row label { display: block; margin-bottom: 0.25rem; }
    .search-row input { width: 100%; max-width: 28rem; }
    .strip li.group-pill { display: inline-flex; gap: 0.5rem; align-items: center; }
    .ring { flex: none; width: 1rem; height: 1rem; border-radius: 50%; border: 1px solid var(--muted);
            background: conic-gradient(var(--accent) var(--share, 0%), var(--track) 0); }
    .strip li.group-pill.done::before { content: "✓"; }
    .open-region { display: none; margin: 0.5rem 0 0; }
    @media (max-width: 37.5rem) {
      .region .more { display: none; }
      .open-region { display: block; }
    }

    /* Habits (habits.js): habit.md's density tokens d1-d3 and missed, with the empty cell, in both themes;
       a cell's state is its class `d-STATE`.
       A missed day is a hollow square and today has a ring, so the shade is never the only sign. */
    :root { --d0: #E3E7E5; --d1: #A6D0C3; --d2: #4E9784; --d3: #1F6A58; --missed: #A34A35; }
    @media (prefers-color-scheme: dark) {
      :root { --d0: #2E363B; --d1: #2F5B4F; --d2: #4E9784; --d3: #8FCBB8; --missed: #E0907C; }
    }
    .screens { flex-wrap: wrap; gap: 0.25rem 1rem; }
    .screens a { white-space: nowrap; }
    .habit h2 { margin-bottom: 0; }
    .habit .kind, .habit .paused { color: var(--muted); font-size: 0.875rem; margin: 0 0 0.5rem; }
    .habit .paused { color: var(--ink); font-weight: 600; }
    .habit-window { border-top: 1px solid var(--line); padding-top: 0.5rem; margin-top: 0.5rem; }
    .habit-window:first-of-type { border-top: 0; }
    .today-amount { margin: 0 0 0.5rem; }
    .log-row, .habit-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin: 0.5rem 0; }
    .amount-form, .pause-form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; }
    .amount-form label, .pause-form label, .correct > label { display: block; font-size: 0.875rem; width: 100%; }
    .pause-form > div label { width: auto; }
    input.amount { width: 6rem; }
    .grid-wrap { display: flex; justify-content: flex-end; margin: 0.5rem 0 0.25rem; }
    table.density { border-collapse: separate; border-spacing: 3px; flex: none; }
    table.density th, table.density td { padding: 0; }
    table.density tbody th { font-size: 0.75rem; font-weight: 400; color: var(--muted); text-align: end; padding-inline-end: 0.25rem; line-height: 18px; white-space: nowrap; overflow-wrap: normal; }
    table.density td { width: 18px; height: 18px; }
    table.density thead td { height: 0; }
    .cell { display: block; width: 18px; height: 18px; border-radius: 3px; background: var(--d0); }
    .cell.d-notDue { background: transparent; border: 1px dotted var(--line); }
    .cell.d-partialLow { background: var(--d1); }
    .cell.d-partialHigh { background: var(--d2); }
    .cell.d-complete { background: var(--d3); }
    .cell.d-missed { background: transparent; border: 2px solid var(--missed); }
    .cell.today { outline: 2px solid var(--ink); outline-offset: 1px; }
    .legend { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 0.25rem 0.75rem; list-style: none; margin: 0; padding: 0; font-size: 0.75rem; color: var(--muted); }
    .legend li { display: flex; align-items: center; gap: 0.25rem; }
    .legend .cell { width: 12px; height: 12px; border-radius: 2px; }
    .read { margin: 0.5rem 0; }
    details > summary { cursor: pointer; color: var(--blue); min-height: 2.75rem; display: flex; align-items: center; width: fit-content; }
    details > summary::before { content: "▸"; margin-inline-end: 0.375rem; }
    details[open] > summary::before { content: "▾"; }
    .correct { display: flex; flex-wrap: wrap; gap: 0.25rem 0.5rem; align-items: center; }
    .correct .hint, .correct .that-day, .correct .log-row, .correct .refused { flex-basis: 100%; }
    .that-day { margin: 0.25rem 0 0; }

    /* Night planning (night.js). */
    .night-task .name { flex: 1 1 10rem; }
    .night-buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; }
    .night-task .refused { flex-basis: 100%; }
    .night-new { border-top: 1px solid var(--line); margin-top: 1rem; }
    .notice { border-left: 4px solid var(--ochre); padding-left: 0.5rem; }
    .night-state { font-weight: 600; }

    /* Drag and drop (drag.js). */
    li[draggable=true] { cursor: grab; }
    li.dragging { opacity: 0.6; }
    .drop-over { outline: 3px dashed var(--focus); outline-offset: 2px; }
    .drop-strip { display: grid; grid-template-columns: repeat(auto-fit, minmax(6rem, 1fr)); gap: 0.5rem; margin-bottom: 1rem; }
    .drop-zone { border: 2px dashed var(--line); border-radius: 12px; padding: 1rem 0.5rem; text-align: center; }
    .drop-zone p { margin: 0; }

    /* Today's notices. */
    .notices ul { list-style: none; margin: 0; padding: 0; }
    .notices li { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; justify-content: space-between; padding: 0.25rem 0; }
    """#
}
