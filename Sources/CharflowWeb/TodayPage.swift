import CharflowApp
import CharflowCore

/// The page at `/`: the shell the script fills (`Page/page.html`), with today's report (the document
/// `GET /api/today` answers) and the page's words inside it, so the first paint needs no second request.
///
/// No inline script or style runs: the CSP is `default-src 'self'`. The two JSON blocks are data
/// (`type="application/json"`), which the CSP does not execute; the script reads them. The template's
/// `{{w:KEY}}` slots are the page's words and every other slot but the four a request fills (`token`,
/// `day`, `today`, `offlineCopy`) is the same for every request, so both are filled once, on first use.
enum TodayPage {
    /// `keepsCopy` asks the page to register its service worker (worker.mjs), which the network's page
    /// does (M-5) and this machine's own does not.
    static func html(_ report: TodayReport, token: AccessToken, keepsCopy: Bool = false) throws -> String {
        let today = scriptSafe(try report.json.rendered())
        let day = report.view.day.description
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .token: out += token.text
            case .day: out += day
            case .today: out += today
            case .offlineCopy: out += keepsCopy ? "keep" : "none"
            }
        }
        return out
    }

    /// A run of the template: fixed text, or a slot each request fills.
    private enum Piece {
        case text(String), token, day, today, offlineCopy
    }

    /// The template cut at its per-request slots, every other slot filled.
    private static let pieces: [Piece] = {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(PageAssets.Texts.page)
        while let open = rest.range(of: "{{") {
            text += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                preconditionFailure("page.html: a slot opened with {{ is never closed")
            }
            let name = String(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            switch name {
            case "token", "day", "today", "offlineCopy":
                pieces.append(.text(text))
                text = ""
                pieces.append(name == "token" ? .token : name == "day" ? .day : name == "today" ? .today : .offlineCopy)
            default:
                text += fixed(name)
            }
        }
        pieces.append(.text(text + rest))
        return pieces
    }()

    /// What a slot the same for every request holds.
    private static func fixed(_ name: String) -> String {
        if name.hasPrefix("w:") {
            let key = String(name.dropFirst(2))
            guard PageWords.all.contains(where: { $0.key == key }) else { preconditionFailure("page.html: no page word \(key)") }
            return escaped(PageWords.text(key))
        }
        switch name {
        case "title": return escaped(PageWords.text("pageTitle", ["screen": PageWords.text("navToday")]))
        case "scripts": return PageAssets.scriptTags
        case "styles": return PageAssets.styleTags
        case "words": return scriptSafe(PageWords.json.rendered())
        case "regionOptions":
            // Each region's three buckets, as `region/bucket` (W-9: quick add can fill any of them).
            let buckets = [("must", "mustDo"), ("complementary", "complementary"), ("misc", "misc")]
            return [("morning", "regionMorning"), ("afternoon", "regionAfternoon"), ("evening", "regionEvening")]
                .flatMap { region in buckets.map { bucket in
                    "<option value=\"\(region.0)/\(bucket.0)\">"
                        + escaped(PageWords.text("quickRegionBucket", ["region": PageWords.text(region.1), "bucket": PageWords.text(bucket.1)]))
                        + "</option>"
                } }
                .joinedText(separator: "\n")
        default: preconditionFailure("page.html: no slot named \(name)")
        }
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
