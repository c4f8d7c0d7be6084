import CharflowApp
import CharflowCore

/// The page's files, compiled into the binary (spec D17): no request maps to a file path.
enum PageAssets {
    enum Asset: String, CaseIterable {
        case script = "app.js"
        case style = "app.css"

        var contentType: String {
            switch self {
            case .script: "text/javascript; charset=utf-8"
            case .style: "text/css; charset=utf-8"
            }
        }

        var text: String {
            switch self {
            case .script: PageScript.text
            case .style: PageStyle.text
            }
        }
    }
}

extension PageWords {
    /// The words as one JSON object, key to template.
    static var json: JSONValue { .object(all.map { ($0.key, .string($0.text)) }) }
}
