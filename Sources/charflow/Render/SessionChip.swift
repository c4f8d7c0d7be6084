import CharflowApp
import CharflowCore

/// The running session's chip on every screen (task.md): a screen's text with the chip as its first line.
enum SessionChip {
    /// `text` headed by the live session's chip; `text` alone when no session runs or it cannot be read.
    static func heading(_ text: String, app: Charflow, output: Output) -> String {
        guard let status = try? app.sessionStatus(), let session = status.session else { return text }
        return output.accent(SessionJSON.chip(session, title: status.name?.title ?? "", now: status.now)) + "\n" + text
    }
}
