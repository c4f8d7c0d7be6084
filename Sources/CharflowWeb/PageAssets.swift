import CharflowApp
import CharflowCore

/// The page's files, compiled into the binary (spec D17): no request maps to a file path.
///
/// Each is a plain file in `Sources/CharflowWeb/Page/` (so an editor and `node --check` see real
/// JavaScript, CSS and HTML) that SwiftPM embeds in the code (`.embedInCode`, as `PackageResources`):
/// nothing is read from disk at run time. `app.js` holds Today, Region focus, the Backlog and what every
/// screen shares; each further screen is its own script, loaded after it in the order of `Asset`'s cases
/// and joining through `charflow.screen({...})`.
enum PageAssets {
    enum Asset: String, CaseIterable {
        case script = "app.js"
        case style = "app.css"
        // The task detail, Focus, and Settings with Privacy and Erase.
        case detail = "detail.js"
        case focus = "focus.js"
        case settings = "settings.js"
        // Habits, Night planning, and drag and drop.
        case habits = "habits.js"
        case night = "night.js"
        case drag = "drag.js"
        // Upcoming and Search (W-20).
        case upcoming = "upcoming.js"
        // The keyboard model of task lists and the per-task menu (W-21).
        case lists = "lists.js"
        // Sync's state in the header and the Conflicts screen (Y-28).
        case sync = "sync.js"

        var isScript: Bool { rawValue.hasSuffix(".js") }

        var contentType: String {
            isScript ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8"
        }

        var text: String {
            switch self {
            case .script: Texts.app
            case .style: Texts.style
            case .detail: Texts.detail
            case .focus: Texts.focus
            case .settings: Texts.settings
            case .habits: Texts.habits
            case .night: Texts.night
            case .drag: Texts.drag
            case .upcoming: Texts.upcoming
            case .lists: Texts.lists
            case .sync: Texts.sync
            }
        }
    }

    /// Each embedded file as text, decoded once on first use.
    enum Texts {
        static let app = text(PackageResources.app_js)
        static let style = text(PackageResources.app_css)
        static let detail = text(PackageResources.detail_js)
        static let focus = text(PackageResources.focus_js)
        static let settings = text(PackageResources.settings_js)
        static let habits = text(PackageResources.habits_js)
        static let night = text(PackageResources.night_js)
        static let drag = text(PackageResources.drag_js)
        static let upcoming = text(PackageResources.upcoming_js)
        static let lists = text(PackageResources.lists_js)
        static let sync = text(PackageResources.sync_js)
        static let page = text(PackageResources.page_html)

        private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The script elements of the page, `app.js` first; `defer` keeps them in this order.
    static var scriptTags: String {
        Asset.allCases.filter(\.isScript).map { "<script src=\"/\($0.rawValue)\" defer></script>" }
            .joined(separator: "\n")
    }
}

extension PageWords {
    /// The words as one JSON object, key to template.
    static var json: JSONValue { .object(all.map { ($0.key, .string($0.text)) }) }
}
