import CharflowApp
import CharflowCore
import CharflowStore
import Foundation

/// `charflow begin ID [--settle done|stop|defer|drop]`: start a focus session.
enum BeginCommand: Command {
    static let name = "begin"
    static let usage = "charflow begin ID [--settle done|stop|defer|drop]"
    static let summary = "Begin a focus session on a task (one timer at a time)"
    static let options: Set<String> = ["settle"]

    static func run(_ context: Context) throws {
        let word = try context.taskWord(usage: usage)
        var settle: SessionSettle?
        if let text = context.args.value("settle") {
            guard let choice = SessionSettle(rawValue: text.lowercased()) else {
                throw PlannerError.invalidWord(what: "settle choice", given: text, expected: "done, stop, defer or drop")
            }
            settle = choice
        }
        let planner = try context.planner()
        let result = try planner.begin(word, settle: settle)
        var lines: [String] = []
        if let settled = result.settled {
            lines.append("Logged \(settled.actualSeconds / 60) min on the previous session (\(settled.outcome.rawValue)).")
        }
        lines.append("Began “\(result.task.title)”" + (result.session.estimateMinutes.map { " — estimate \($0) min." } ?? "."))
        context.output.emit(text: lines.joined(separator: "\n"),
                            json: SessionJSON.status(result.session, task: result.task, planner: planner))
    }
}
