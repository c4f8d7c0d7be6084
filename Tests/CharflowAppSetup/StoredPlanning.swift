import CharflowCore
import Foundation
@testable import CharflowStore

extension Store {
    /// Records tonight's planning as ended in `state` through the planning records, as closing or
    /// skipping it does, for store tests that need its engagement (H-14).
    package func recordPlanning(_ state: PlanningState) throws {
        let days = NightPlanning.days(now: now, today: app.today, calendar: calendar)
        var session = try planning.session(for: days.review)
            ?? NightPlanningSession(date: days.review, planDay: days.plan, startedAt: now)
        session.state = state
        session.endedAt = now
        let ended = session
        try action(state == .skipped ? "plan skip" : "plan close") { work in try planning.save(ended, in: work) }
    }
}
