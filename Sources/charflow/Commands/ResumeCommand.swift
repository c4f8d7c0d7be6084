import CharflowApp
import CharflowCore

enum ResumeCommand: Command {
    static let name = "resume"
    static let usage = "charflow resume"
    static let summary = "Resume the paused session"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let report = try context.app().resumeSession()
        context.output.emit(text: "Resumed at \(Sessions.progressText(report.session, at: report.now)).", json: report.json)
    }
}
