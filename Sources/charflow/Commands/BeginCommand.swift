import CharflowApp
import CharflowCore

/// `charflow begin ID [--settle done|stop|defer|drop] [--to DATE-WORD]`: start a focus session.
enum BeginCommand: TypedCommand {
    static let name = "begin"
    typealias Input = BeginSession.Input
    static let positions = ["task"]
    static let usage = "charflow begin ID [--settle done|stop|defer|drop] [--to DATE-WORD]"
    static let summary = "Begin a focus session on a task (one timer at a time)"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().beginSession(input)
        var lines: [String] = []
        if let settled = report.settled {
            lines.append("Logged \(settled.actualSeconds / 60) min on the previous session (\(settled.outcome.rawValue)).")
        }
        if let deferral = report.settledDeferral {
            lines += TaskChangeText.deferralLines(eased: deferral.eased, suggestRemoval: deferral.suggestRemoval, task: deferral.task)
        }
        lines.append("Began “\(report.title)”" + (report.session.estimateMinutes.map { " — estimate \($0) min." } ?? "."))
        context.output.emit(text: lines.joinedText(separator: "\n"), json: report.json)
    }
}
