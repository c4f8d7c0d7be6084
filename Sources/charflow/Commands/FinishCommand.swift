import CharflowApp
import CharflowCore
import CharflowStore
import Foundation

/// `charflow finish --done|--stop [--note TEXT]`.
enum FinishCommand: Command {
    static let name = "finish"
    static let usage = "charflow finish --done|--stop [--note TEXT]"
    static let summary = "Finish the session: --done completes the task, --stop logs the time and keeps it open"
    static let options: Set<String> = ["done", "stop", "note"]
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let done = context.args.has("done"), stop = context.args.has("stop")
        guard done != stop else { throw UsageError(message: "Choose one of --done or --stop.\nUsage: \(usage)") }
        let planner = try context.planner()
        let (session, task) = try planner.finish(done: done, note: context.args.value("note"))
        let actual = session.actualSeconds / 60
        let against = session.estimateMinutes.map { "\(actual) of \($0) min" } ?? "\(actual) min"
        let title = try planner.title(of: session)
        let text = done ? "Done: “\(title)” — \(against)." : "Stopped for now: “\(title)” — \(against) logged."
        context.output.emit(text: text, json: SessionJSON.status(session, task: task, planner: planner))
    }
}
