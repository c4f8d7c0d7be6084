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
        let w = { (key: String) in escaped(PageWords.text(key)) }
        let regionOptions = [("morning", "regionMorning"), ("afternoon", "regionAfternoon"), ("evening", "regionEvening")]
            .map { "<option value=\"\($0.0)\">\(escaped(PageWords.text("quickRegionMisc", ["region": PageWords.text($0.1)])))</option>" }
            .joined(separator: "\n")
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="charflow-token" content="\(token.text)">
        <title>\(escaped(PageWords.text("pageTitle", ["screen": PageWords.text("navToday")])))</title>
        <link rel="stylesheet" href="/app.css"><link rel="icon" href="/icon.svg" type="image/svg+xml"><link rel="manifest" href="/manifest.webmanifest">
        \(PageAssets.scriptTags)
        </head>
        <body>
        <a class="skip" href="#main">\(w("skipLink"))</a>
        <header class="top">
        <p class="brand">\(w("brand"))</p>
        <nav aria-label="\(w("screens"))"><ul class="screens" id="nav-list">
        <li><a href="#today" id="nav-today">\(w("navToday"))</a></li>
        <li><a href="#backlog" id="nav-backlog">\(w("navBacklog"))</a></li>
        </ul></nav>
        <div id="chip" class="chip" hidden></div>
        <button type="button" id="shortcuts-button" class="ghost" aria-expanded="false" aria-controls="shortcuts">\(w("shortcutsButton"))</button>
        </header>
        <aside id="shortcuts" class="panel shortcuts" aria-labelledby="shortcuts-title" hidden>
        <h2 id="shortcuts-title" tabindex="-1">\(w("shortcutsTitle"))</h2>
        <dl>
        <dt><kbd>?</kbd></dt><dd>\(w("shortcutList"))</dd>
        <dt><kbd>n</kbd></dt><dd>\(w("shortcutAdd"))</dd>
        <dt><kbd>t</kbd></dt><dd>\(w("shortcutToday"))</dd>
        <dt><kbd>b</kbd></dt><dd>\(w("shortcutBacklog"))</dd>
        <dt><kbd>Alt</kbd>+<kbd>↑</kbd> / <kbd>Alt</kbd>+<kbd>↓</kbd></dt><dd>\(w("shortcutReorder"))</dd>
        <dt><kbd>Space</kbd></dt><dd>\(w("shortcutComplete"))</dd>
        <dt><kbd>Esc</kbd></dt><dd>\(w("shortcutClose"))</dd>
        </dl>
        <p><label><input type="checkbox" id="single-keys" checked> \(w("singleKeys"))</label></p>
        </aside>
        <main id="main" tabindex="-1">
        <div id="view-today">
        <h1>\(w("todayHeading")) <time id="day" datetime="\(day)">\(day)</time></h1>
        <p id="overall" class="overall"></p>
        <section class="quick" aria-labelledby="quick-title">
        <h2 id="quick-title">\(w("quickAddTitle"))</h2>
        <form id="quick-form" autocomplete="off">
        <label for="quick-line">\(w("quickLabel"))</label>
        <div class="quick-row">
        <input id="quick-line" name="line" type="text" aria-describedby="quick-parse quick-help" enterkeyhint="done">
        <label class="sr-only" for="quick-where">\(w("quickWhere"))</label>
        <select id="quick-where" name="where">
        <option value="">\(w("quickBacklog"))</option>
        \(regionOptions)
        </select>
        <button type="submit">\(w("quickButton"))</button>
        </div>
        <p id="quick-help" class="hint">\(w("quickHelp"))</p>
        <div id="quick-parse" class="parse" aria-live="polite"></div>
        </form>
        </section>
        <p id="reorder-help" class="hint">\(w("reorderHelp"))</p>
        <div id="regions" class="regions"></div>
        <section aria-labelledby="due-title" class="panel">
        <h2 id="due-title">\(w("dueTitle"))</h2>
        <div id="due"></div>
        </section>
        <section aria-labelledby="habits-title" class="panel">
        <h2 id="habits-title">\(w("habitsTitle"))</h2>
        <ul id="habits" class="strip"></ul>
        </section>
        <p class="panel"><a id="backlog" href="#backlog"></a></p>
        </div>
        <div id="view-region" hidden>
        <h1 id="region-title">\(w("regionHeading"))</h1>
        <p id="region-summary" class="overall"></p>
        <section class="quick" aria-labelledby="region-quick-title">
        <h2 id="region-quick-title">\(w("quickAddTitle"))</h2>
        <form id="region-form" autocomplete="off">
        <label for="region-line">\(w("quickLabel"))</label>
        <div class="quick-row">
        <input id="region-line" name="line" type="text" aria-describedby="region-parse" enterkeyhint="done">
        <label class="sr-only" for="region-bucket">\(w("bucket"))</label>
        <select id="region-bucket" name="bucket">
        <option value="must">\(w("mustDo"))</option>
        <option value="complementary">\(w("complementary"))</option>
        <option value="misc" selected>\(w("misc"))</option>
        </select>
        <button type="submit" id="region-add">\(w("quickButton"))</button>
        </div>
        <div id="region-parse" class="parse" aria-live="polite"></div>
        </form>
        </section>
        <div id="region-buckets"></div>
        </div>
        <div id="view-backlog" hidden>
        <h1>\(w("backlogHeading"))</h1>
        <p id="backlog-total" class="overall"></p>
        <div class="search-row" role="search">
        <label for="backlog-search">\(w("backlogSearch"))</label>
        <input id="backlog-search" type="search" autocomplete="off" enterkeyhint="search">
        </div>
        <div id="backlog-groups"></div>
        </div>
        <noscript><p>\(w("noscript"))</p></noscript>
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

    /// Text safe between tags and inside attribute values.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
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
