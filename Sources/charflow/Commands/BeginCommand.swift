import CharflowApp
import CharflowCore

/// `charflow begin ID [--settle done|stop|defer|drop]`: start a focus session.
enum BeginCommand: Command {
    static let name = "begin"
    static let usage = "charflow begin ID [--settle done|stop|defer|drop]"
    static let summary = "Begin a focus session on a task (one timer at a time)"
    static let options: Set<String> = ["settle"]

    static func run(_ context: Context) throws {
        let report = try context.app(for: .begin).begin(context.request)
        var lines: [String] = []
        if let settled = report.settled {
            lines.append("Logged \(settled.actualSeconds / 60) min on the previous session (\(settled.outcome.rawValue)).")
        }
        lines.append("Began “\(report.title)”" + (report.session.estimateMinutes.map { " — estimate \($0) min." } ?? "."))
        context.output.emit(text: lines.joined(separator: "\n"), json: report.json)
    }
}
