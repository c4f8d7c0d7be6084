import CharflowApp
import CharflowCore

/// The page's files, compiled into the binary (spec D17): no request maps to a file path.
///
/// Each is a plain file in `Sources/CharflowWeb/Page/` (so an editor and `node --check` see real
/// JavaScript, CSS and HTML) that the build embeds in the code as a string literal (`Plugins/EmbedPage`,
/// as a `PageFiles` member): nothing is read from disk at run time. The scripts are ES modules (`.mjs`)
/// that import each other by path; `main.mjs` is the entry, and the page preloads every other module so
/// the browser fetches them at once rather than one import at a time. Each is answered by its own line of `RouteTable`.
enum PageAssets {
    enum Asset: String, CaseIterable, Sendable {
        case style = "app.css"
        // The habits' screens' own rules, after the design system in app.css.
        case habitsStyle = "habits.css"
        // The entry: registers the screens and starts the page.
        case main = "main.mjs"
        // What every screen shares: the words, elements, the API, the one state, the toast, the screens.
        case words = "words.mjs"
        case dom = "dom.mjs"
        case api = "api.mjs"
        case state = "state.mjs"
        case toast = "toast.mjs"
        case router = "router.mjs"
        // Task rows with their menus (W-21), the defer sheet, and quick add (W-9).
        case tasks = "tasks.mjs"
        case menus = "menus.mjs"
        case deferSheet = "deferSheet.mjs"
        case quickAdd = "quickAdd.mjs"
        // The screens: Today and Region focus, the Backlog, the task detail, Focus, Settings, Habits,
        // Anchors, Night planning, Upcoming, Review, Search, and sync's state with the Conflicts screen (Y-28).
        case today = "today.mjs"
        case backlog = "backlog.mjs"
        case detail = "detail.mjs"
        case focus = "focus.mjs"
        case settings = "settings.mjs"
        case habits = "habits.mjs"
        case anchors = "anchors.mjs"
        case night = "night.mjs"
        case upcoming = "upcoming.mjs"
        case review = "review.mjs"
        case search = "search.mjs"
        case sync = "sync.mjs"
        // The offer of a detected habit, on Today and in night planning's review.
        case habitOffer = "habitOffer.mjs"
        // No screen of their own: the keyboard model of task lists, drag and drop, the shortcuts.
        case lists = "lists.mjs"
        case drag = "drag.mjs"
        case shortcuts = "shortcuts.mjs"
        // The bar at the foot of a phone's screen (M-5).
        case thumbBar = "thumbBar.mjs"
        // Due reminders shown as the browser's notifications, when this browser allows.
        case notifications = "notifications.mjs"
        // Settings' "Pair a phone" (M-2), on this machine's page.
        case pairing = "pairing.mjs"
        // The kept copy of Today on the network's page (M-5): its banner, and the service worker itself,
        // which is answered at `/worker.mjs` (PublicFiles) and never preloaded into the page.
        case offline = "offline.mjs"
        case worker = "worker.mjs"

        var isScript: Bool { rawValue.hasSuffix(".mjs") }

        var contentType: String {
            isScript ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8"
        }

        /// The file as text, decoded once.
        var text: String { Texts.assets[self] ?? "" }

        /// The file's bytes as embedded.
        var bytes: [UInt8] { literal.withUTF8Buffer { Array($0) } }

        /// The file as the build embedded it.
        fileprivate var literal: StaticString {
            switch self {
            case .style: PageFiles.app_css
            case .habitsStyle: PageFiles.habits_css
            case .main: PageFiles.main_mjs
            case .words: PageFiles.words_mjs
            case .dom: PageFiles.dom_mjs
            case .api: PageFiles.api_mjs
            case .state: PageFiles.state_mjs
            case .toast: PageFiles.toast_mjs
            case .router: PageFiles.router_mjs
            case .tasks: PageFiles.tasks_mjs
            case .menus: PageFiles.menus_mjs
            case .deferSheet: PageFiles.deferSheet_mjs
            case .quickAdd: PageFiles.quickAdd_mjs
            case .today: PageFiles.today_mjs
            case .backlog: PageFiles.backlog_mjs
            case .detail: PageFiles.detail_mjs
            case .focus: PageFiles.focus_mjs
            case .settings: PageFiles.settings_mjs
            case .habits: PageFiles.habits_mjs
            case .anchors: PageFiles.anchors_mjs
            case .night: PageFiles.night_mjs
            case .upcoming: PageFiles.upcoming_mjs
            case .review: PageFiles.review_mjs
            case .search: PageFiles.search_mjs
            case .sync: PageFiles.sync_mjs
            case .notifications: PageFiles.notifications_mjs
            case .pairing: PageFiles.pairing_mjs
            case .offline: PageFiles.offline_mjs
            case .worker: PageFiles.worker_mjs
            case .habitOffer: PageFiles.habitOffer_mjs
            case .lists: PageFiles.lists_mjs
            case .drag: PageFiles.drag_mjs
            case .shortcuts: PageFiles.shortcuts_mjs
            case .thumbBar: PageFiles.thumbBar_mjs
            }
        }
    }

    /// Each embedded file as text, decoded once on first use.
    enum Texts {
        static let assets: [Asset: String] = Dictionary(uniqueKeysWithValues: Asset.allCases.map { ($0, text($0.literal)) })
        static let page = text(PageFiles.page_html)

        private static func text(_ literal: StaticString) -> String {
            literal.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The page's script elements: the entry module, and a preload of every other module it imports, each
    /// at its address of this build (`PageAssetDelivery`), which the browser caches for good.
    static var scriptTags: String {
        let preloads = Asset.allCases.filter { $0.isScript && $0 != .main && $0 != .worker }
            .map { "<link rel=\"modulepreload\" href=\"\(PageAssetDelivery.path($0))\">" }
        return (preloads + ["<script type=\"module\" src=\"\(PageAssetDelivery.path(.main))\"></script>"]).joinedText(separator: "\n")
    }

    /// The page's style sheets, the design system first, each at its address of this build.
    static var styleTags: String {
        Asset.allCases.filter { !$0.isScript }
            .map { "<link rel=\"stylesheet\" href=\"\(PageAssetDelivery.path($0))\">" }.joined()
    }
}

extension PageWords {
    /// The words as one JSON object, key to template.
    static var json: JSONValue { .object(all.map { ($0.key, .string($0.text)) }) }
}
