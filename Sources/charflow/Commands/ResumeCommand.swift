import CharflowApp
import CharflowCore

enum ResumeCommand: TypedCommand {
    static let name = "resume"
    typealias Input = NoInput
    static let usage = "charflow resume"
    static let summary = "Resume the paused session"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().resumeSession()
        context.output.emit(text: "Resumed at \(Sessions.progressText(report.session, at: report.now)).", json: report.json)
    }
}
