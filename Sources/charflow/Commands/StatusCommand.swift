import CharflowApp
import CharflowCore
import CharflowStore
import Foundation

/// `charflow status`: the running chip.
enum StatusCommand: Command {
    static let name = "status"
    static let usage = "charflow status [--json]"
    static let summary = "The running session: task, elapsed against estimate, paused or not"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        let session = try planner.liveSession()
        let task = try session.flatMap { try planner.task(of: $0) }
        let text = session.map { SessionJSON.chip($0, task: task, now: planner.now) } ?? "No session is running."
        context.output.emit(text: text, json: .object([
            ("session", session.map { SessionJSON.session($0, planner: planner) } ?? .null),
            ("task", task.map { TaskJSON(today: planner.today, calendar: planner.calendar, categories: [:]).task($0) } ?? .null),
        ]))
    }
}
