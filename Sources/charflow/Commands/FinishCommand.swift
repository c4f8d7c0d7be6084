import CharflowApp
import CharflowCore

/// `charflow finish --done|--stop [--note TEXT]`.
enum FinishCommand: TypedCommand {
    static let name = "finish"
    typealias Input = FinishSession.Input
    static let usage = "charflow finish --done|--stop [--note TEXT]"
    static let summary = "Finish the session: --done completes the task, --stop logs the time and keeps it open"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().finishSession(input)
        let actual = report.session.actualSeconds / 60
        let against = report.session.estimateMinutes.map { "\(actual) of \($0) min" } ?? "\(actual) min"
        let text = input.ending == .done ? "Done: “\(report.title)” — \(against)."
            : "Stopped for now: “\(report.title)” — \(against) logged."
        context.output.emit(text: text, json: report.json)
    }
}
