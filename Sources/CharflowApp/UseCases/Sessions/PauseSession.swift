import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Pause the live focus session: its elapsed time stops growing until it is resumed (S-1).
    @discardableResult
    public func pauseSession() throws -> SessionReport {
        guard var session = try store.sessions.live() else { throw PlannerError.noSession }
        try session.pause(at: now)
        try store.action("pause") { work in try store.sessions.save(session, in: work) }
        return try sessionReport(session, task: try task(of: session))
    }
}
