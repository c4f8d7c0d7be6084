import CharflowApp
import CharflowCore

/// `charflow finish --done|--stop [--note TEXT]`.
enum FinishCommand: Command {
    static let name = "finish"
    static let usage = "charflow finish --done|--stop [--note TEXT]"
    static let summary = "Finish the session: --done completes the task, --stop logs the time and keeps it open"
    static let options: Set<String> = ["done", "stop", "note"]
    static let maxWords = 0

    static func run(_ context: Context) throws {
        guard context.args.has("done") != context.args.has("stop") else { throw RequestError.chooseOne(["done", "stop"]) }
        let report = try context.app().finish(context.request)
        let actual = report.session.actualSeconds / 60
        let against = report.session.estimateMinutes.map { "\(actual) of \($0) min" } ?? "\(actual) min"
        let text = context.args.has("done") ? "Done: “\(report.title)” — \(against)."
            : "Stopped for now: “\(report.title)” — \(against) logged."
        context.output.emit(text: text, json: report.json)
    }
}
