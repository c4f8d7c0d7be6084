import CharflowApp
import CharflowCore

/// The page's files, compiled into the binary (spec D17): no request maps to a file path.
///
/// `app.js` holds Today, Region focus, the Backlog and what every screen shares; each further screen
/// is its own script, loaded after it in the order of `Asset`'s cases and joining through
/// `charflow.screen({...})`.
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

        var isScript: Bool { rawValue.hasSuffix(".js") }

        var contentType: String {
            isScript ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8"
        }

        var text: String {
            switch self {
            case .script: PageScript.text
            case .style: PageStyle.text
            case .detail: DetailScript.text
            case .focus: FocusScript.text
            case .settings: SettingsScript.text
            case .habits: HabitsScript.text
            case .night: NightScript.text
            case .drag: DragScript.text
            }
        }
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
