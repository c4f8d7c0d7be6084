import CharflowApp
import CharflowCore

/// `charflow pause` and `charflow resume`.
enum PauseCommand: TypedCommand {
    static let name = "pause"
    typealias Input = NoInput
    static let usage = "charflow pause"
    static let summary = "Pause the running session"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().pauseSession()
        context.output.emit(text: "Paused at \(Sessions.progressText(report.session, at: report.now)).", json: report.json)
    }
}
