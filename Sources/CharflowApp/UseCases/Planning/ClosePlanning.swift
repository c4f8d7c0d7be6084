import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Closes the evening's planning: the session of the reviewed date, made if none was, is closed at
    /// the clock; a closed planning counts as engagement for avoid habits (P-1).
    @discardableResult
    public func closePlanning() throws -> PlanningSessionReport {
        try endPlanning(.closed, label: "plan close")
    }

    /// Ends the reviewed date's planning session in `state`, one session per date (P-1); a session
    /// already in `state` is left as it is and nothing is recorded (B-21).
    func endPlanning(_ state: PlanningState, label: String) throws -> PlanningSessionReport {
        let days = planningDays
        let (session, changed) = try store.action(label) { work in
            var session = try store.planning.session(for: days.review)
                ?? NightPlanningSession(date: days.review, planDay: days.plan, startedAt: now)
            guard session.state != state else {
                work.changesNothing()
                return (session, false)
            }
            session.state = state
            session.endedAt = now
            return (try store.planning.save(session, in: work), true)
        }
        return PlanningSessionReport(session: session, changed: changed)
    }
}
