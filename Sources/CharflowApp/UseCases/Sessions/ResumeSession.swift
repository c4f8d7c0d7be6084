import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Resume the paused live session: the pause is added to its paused time (S-1).
    @discardableResult
    public func resumeSession() throws -> SessionReport {
        guard var session = try store.sessions.live() else { throw PlannerError.noSession }
        try session.resume(at: now)
        try store.action("resume") { work in try store.sessions.save(session, in: work) }
        return try sessionReport(session, task: try task(of: session))
    }
}
