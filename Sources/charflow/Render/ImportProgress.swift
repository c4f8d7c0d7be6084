import CharflowCore
import Foundation

/// The progress line of a long import on a terminal: rewritten in place on stderr, cleared at the end.
enum ImportProgress {
    nonisolated(unsafe) static var shown = false

    static func show(_ done: Int, _ total: Int) {
        shown = true
        FileHandle.standardError.write(Data(("\r" + Messages.importProgress(done: done, total: total)).utf8))
    }

    static func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
