import CharflowApp
import CharflowCore

/// `charflow pause` and `charflow resume`.
enum PauseCommand: Command {
    static let name = "pause"
    static let usage = "charflow pause"
    static let summary = "Pause the running session"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let report = try context.app().pauseSession()
        context.output.emit(text: "Paused at \(Sessions.progressText(report.session, at: report.now)).", json: report.json)
    }
}
