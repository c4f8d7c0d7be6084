import CharflowApp
import Foundation

/// Where a command's words go: text on a terminal (coloured unless `NO_COLOR`), or one JSON document.
final class Output {
    var json: Bool
    var color: Bool

    init(environment: [String: String], json: Bool) {
        self.json = json
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        color = !noColor && isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
    }

    func line(_ text: String) {
        print(text)
    }

    /// Prints `text` in text mode or `json` in JSON mode; only the chosen one is built.
    func emit(text: @autoclosure () -> String, json: @autoclosure () -> JSONValue) {
        if self.json {
            print(json().rendered())
        } else {
            print(text())
        }
    }

    /// A refusal: the message on stderr, and with `--json` the error document on stdout.
    func fail(code: String, message: String) {
        FileHandle.standardError.write(Data(("charflow: " + message + "\n").utf8))
        if json {
            print(JSONValue.object([("error", .object([("code", .string(code)), ("message", .string(message))]))]).rendered())
        }
    }

    // MARK: Styles (no-ops without colour)

    func bold(_ text: String) -> String { styled(text, "1") }
    func dim(_ text: String) -> String { styled(text, "2") }
    func done(_ text: String) -> String { styled(text, "2;9") }
    func accent(_ text: String) -> String { styled(text, "36") }
    func heading(_ text: String) -> String { styled(text, "1;36") }

    private func styled(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
    }
}
