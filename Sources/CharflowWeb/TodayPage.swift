import CharflowApp
import CharflowCore

/// The minimal page at `/`: today's board as plain HTML, from the same report `GET /api/today` renders,
/// with the token in a meta tag for the page's script to send back in `X-Charflow-Token`.
///
/// No inline script or style: the CSP is `default-src 'self'`.
enum TodayPage {
    static func html(_ report: TodayReport, token: AccessToken) -> String {
        let view = report.view
        var out = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="charflow-token" content="\(token.text)">
        <title>Charflow · Today</title>
        </head>
        <body>
        <main>
        <h1>Today <time datetime="\(view.day)">\(view.day)</time></h1>

        """
        for card in view.board.regions {
            out += "<section aria-labelledby=\"\(card.region.rawValue)\">\n"
            out += "<h2 id=\"\(card.region.rawValue)\">\(card.region.displayName)</h2>\n"
            let tasks = card.allTasks
            if tasks.isEmpty {
                out += "<p>Nothing planned.</p>\n"
            } else {
                out += "<ul>\n"
                for task in tasks {
                    let done = task.isCompleted ? " (done)" : ""
                    out += "<li>" + escaped(task.title) + done + "</li>\n"
                }
                out += "</ul>\n"
            }
            out += "</section>\n"
        }
        let count = view.backlogCount
        out += "<p>Backlog: \(count) task\(count == 1 ? "" : "s")</p>\n</main>\n</body>\n</html>\n"
        return out
    }

    /// Text safe inside HTML elements and attribute values.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
