import CharflowApp
import CharflowCore
import CharflowStore
import Foundation

/// `charflow pause` and `charflow resume`.
enum PauseCommand: Command {
    static let name = "pause"
    static let usage = "charflow pause"
    static let summary = "Pause the running session"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        let session = try planner.pauseSession()
        let task = try planner.task(of: session)
        context.output.emit(text: "Paused at \(Sessions.progressText(session, at: planner.now)).",
                            json: SessionJSON.status(session, task: task, planner: planner))
    }
}
