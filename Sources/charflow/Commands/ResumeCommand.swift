import CharflowApp
import CharflowCore
import CharflowStore
import Foundation

enum ResumeCommand: Command {
    static let name = "resume"
    static let usage = "charflow resume"
    static let summary = "Resume the paused session"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let planner = try context.planner()
        let session = try planner.resumeSession()
        let task = try planner.task(of: session)
        context.output.emit(text: "Resumed at \(Sessions.progressText(session, at: planner.now)).",
                            json: SessionJSON.status(session, task: task, planner: planner))
    }
}
