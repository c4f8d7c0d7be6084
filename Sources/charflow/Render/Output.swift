import CharflowApp
import CharflowCore
import Foundation

/// Where a command's words go: text on a terminal (coloured unless `NO_COLOR`), or one JSON document.
///
/// Text never carries a control character from the data (`TerminalText`): Charflow's own colour
/// sequences are written with `escape`, a per-run marker no title can guess, and only those become
/// real escape sequences when the text is printed.
final class Output {
    var json: Bool
    var color: Bool
    /// Where the words go.
    let console: Console
    /// Stands for ESC in styled text until it is printed.
    let escape = "\u{E000}" + String(UInt64.random(in: 0...UInt64.max), radix: 36) + "\u{E001}"

    /// How a task's id is shown: its first 8 characters until a store is open, then the shortest prefix
    /// no other task shares (`Charflow.shortID(ofTask:)`).
    var taskShortID: (UUID) -> String = { $0.shortText }

    init(environment: [String: String], json: Bool, console: Console) {
        self.json = json
        self.console = console
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        color = !noColor && console.outputIsTerminal && environment["TERM"] != "dumb"
    }

    func line(_ text: String) {
        console.out(terminal(text) + "\n")
    }

    /// Writes `text` to standard error as it is (a progress line, a notice beside the output).
    func note(_ text: String) {
        console.err(text)
    }

    /// Prints `text` in text mode or `json` in JSON mode; only the chosen one is built.
    func emit(text: @autoclosure () -> String, json: @autoclosure () -> JSONValue) {
        if self.json {
            console.out(json().rendered() + "\n")
        } else {
            console.out(terminal(text()) + "\n")
        }
    }

    /// `text` with the data's control characters shown and Charflow's own styles made real.
    ///
    /// The marker is looked for in the scalars (the standard library): Foundation's `contains` folds
    /// character clusters through ICU and cost a text screen a third of its run. Its first UTF-8 byte
    /// (0xEE) is looked for first, which plain text never holds.
    func terminal(_ text: String) -> String {
        let safe = TerminalText.escaped(text)
        guard safe.utf8.withContiguousStorageIfAvailable({ $0.contains(0xEE) }) ?? true,
              safe.unicodeScalars.contains("\u{E000}") else { return safe }
        return safe.replacingOccurrences(of: escape, with: "\u{1B}")
    }

    /// A refusal: the message on stderr, and with `--json` the error document on stdout.
    func fail(code: String, message: String) {
        console.err("charflow: " + terminal(message) + "\n")
        if json {
            console.out(JSONValue.object([("error", .object([("code", .string(code)), ("message", .string(message))]))]).rendered() + "\n")
        }
    }

    // MARK: Styles (no-ops without colour)

    func bold(_ text: String) -> String { styled(text, "1") }
    func dim(_ text: String) -> String { styled(text, "2") }
    func done(_ text: String) -> String { styled(text, "2;9") }
    func accent(_ text: String) -> String { styled(text, "36") }
    func heading(_ text: String) -> String { styled(text, "1;36") }

    private func styled(_ text: String, _ code: String) -> String {
        color ? escape + "[" + code + "m" + text + escape + "[0m" : text
    }
}
