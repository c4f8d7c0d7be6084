import CharflowCore
import Foundation

/// The progress line of a long import on a terminal: rewritten in place on stderr, cleared at the end.
final class ImportProgress {
    private let output: Output
    private var shown = false

    init(output: Output) {
        self.output = output
    }

    func show(_ done: Int, _ total: Int) {
        shown = true
        output.note("\r" + Messages.importProgress(done: done, total: total))
    }

    func clear() {
        guard shown else { return }
        output.note("\r\u{1B}[K")
    }
}
