import CharflowApp
import CharflowCore

/// The page at `/`: the shell the script fills, with today's report (the document `GET /api/today`
/// answers) and the page's words inside it, so the first paint needs no second request.
///
/// No inline script or style runs: the CSP is `default-src 'self'`. The two JSON blocks are data
/// (`type="application/json"`), which the CSP does not execute; the script reads them.
enum TodayPage {
    static func html(_ report: TodayReport, token: AccessToken) throws -> String {
        let day = report.view.day.description
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="charflow-token" content="\(token.text)">
        <title>Charflow · Today</title>
        <link rel="stylesheet" href="/app.css">
        \(PageAssets.scriptTags)
        </head>
        <body>
        <a class="skip" href="#main">Skip to today’s board</a>
        <header class="top">
        <p class="brand">Charflow</p>
        <nav aria-label="Screens"><ul class="screens" id="nav-list">
        <li><a href="#today" id="nav-today">Today</a></li>
        <li><a href="#backlog" id="nav-backlog">Backlog</a></li>
        </ul></nav>
        <div id="chip" class="chip" hidden></div>
        <button type="button" id="shortcuts-button" class="ghost" aria-expanded="false" aria-controls="shortcuts">Shortcuts</button>
        </header>
        <aside id="shortcuts" class="panel shortcuts" aria-labelledby="shortcuts-title" hidden>
        <h2 id="shortcuts-title" tabindex="-1">Keyboard shortcuts</h2>
        <dl>
        <dt><kbd>?</kbd></dt><dd>Show or hide this list</dd>
        <dt><kbd>n</kbd></dt><dd>Quick add on this screen</dd>
        <dt><kbd>t</kbd></dt><dd>Today</dd>
        <dt><kbd>b</kbd></dt><dd>Backlog</dd>
        <dt><kbd>Alt</kbd>+<kbd>↑</kbd> / <kbd>Alt</kbd>+<kbd>↓</kbd></dt><dd>Move the focused task within its bucket</dd>
        <dt><kbd>Space</kbd></dt><dd>Complete or reopen the focused task</dd>
        <dt><kbd>Esc</kbd></dt><dd>Close this list</dd>
        </dl>
        <p><label><input type="checkbox" id="single-keys" checked> Single-key shortcuts (?, n, t, b)</label></p>
        </aside>
        <main id="main" tabindex="-1">
        <div id="view-today">
        <h1>Today <time id="day" datetime="\(day)">\(day)</time></h1>
        <p id="overall" class="overall"></p>
        <section class="quick" aria-labelledby="quick-title">
        <h2 id="quick-title">Quick add</h2>
        <form id="quick-form" autocomplete="off">
        <label for="quick-line">Task, with !importance ~effort @day #category</label>
        <div class="quick-row">
        <input id="quick-line" name="line" type="text" aria-describedby="quick-parse quick-help" enterkeyhint="done">
        <label class="sr-only" for="quick-where">Where</label>
        <select id="quick-where" name="where">
        <option value="">Backlog</option>
        <option value="morning">Morning, Misc</option>
        <option value="afternoon">Afternoon, Misc</option>
        <option value="evening">Evening, Misc</option>
        </select>
        <button type="submit">Add</button>
        </div>
        <p id="quick-help" class="hint">For example: Call the bank !high ~30m @tomorrow #Work. A backslash keeps a sign in the title: \\#42.</p>
        <div id="quick-parse" class="parse" aria-live="polite"></div>
        </form>
        </section>
        <p id="reorder-help" class="hint">In a bucket, Alt+Up and Alt+Down move the focused task.</p>
        <div id="regions" class="regions"></div>
        <section aria-labelledby="due-title" class="panel">
        <h2 id="due-title">Due and overdue</h2>
        <div id="due"></div>
        </section>
        <section aria-labelledby="habits-title" class="panel">
        <h2 id="habits-title">Habits</h2>
        <ul id="habits" class="strip"></ul>
        </section>
        <p class="panel"><a id="backlog" href="#backlog"></a></p>
        </div>
        <div id="view-region" hidden>
        <h1 id="region-title">Region</h1>
        <p id="region-summary" class="overall"></p>
        <section class="quick" aria-labelledby="region-quick-title">
        <h2 id="region-quick-title">Quick add</h2>
        <form id="region-form" autocomplete="off">
        <label for="region-line">Task, with !importance ~effort @day #category</label>
        <div class="quick-row">
        <input id="region-line" name="line" type="text" aria-describedby="region-parse" enterkeyhint="done">
        <label class="sr-only" for="region-bucket">Bucket</label>
        <select id="region-bucket" name="bucket">
        <option value="must">Must-Do</option>
        <option value="complementary">Complementary</option>
        <option value="misc" selected>Misc</option>
        </select>
        <button type="submit">Add</button>
        </div>
        <div id="region-parse" class="parse" aria-live="polite"></div>
        </form>
        </section>
        <div id="region-buckets"></div>
        </div>
        <div id="view-backlog" hidden>
        <h1>Backlog</h1>
        <p id="backlog-total" class="overall"></p>
        <div id="backlog-groups"></div>
        </div>
        <noscript><p>The board needs JavaScript; `charflow today` shows it in a terminal.</p></noscript>
        </main>
        <div id="toast" class="toast" role="status" aria-live="polite"></div>
        <div id="announce" class="sr-only" aria-live="polite"></div>
        <div id="problem" class="problem" role="alert"></div>
        <script type="application/json" id="charflow-words">\(scriptSafe(PageWords.json.rendered()))</script>
        <script type="application/json" id="charflow-today">\(scriptSafe(try report.json().rendered()))</script>
        </body>
        </html>

        """
    }

    /// JSON safe inside a script element: `<`, `>` and `&` only occur inside its strings, where `\\u` escapes
    /// mean the same.
    static func scriptSafe(_ json: String) -> String {
        var out = ""
        for character in json {
            switch character {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            default: out.append(character)
            }
        }
        return out
    }
}
