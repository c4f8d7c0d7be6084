import CharflowCore
import CharflowStore
import Foundation

/// The night-planning overview: the review, tomorrow's load, the session's state, and for each open task
/// the carry choices the core would accept (`carry`, by task id).
public struct PlanOverview: Report {
    public let review: PlanReviewReport
    public let load: PlanLoadReport
    public let json: JSONValue
}

extension Charflow {
    /// `plan`: what the evening's planning starts from.
    public func planOverview() throws -> PlanOverview {
        let review = try planReview()
        let load = try planLoad()
        let render = try taskJSON()
        return PlanOverview(review: review, load: load, json: .object([
            ("review", .string(review.review.day.description)), ("planDay", .string(load.load.day.description)),
            ("open", render.tasks(review.review.open)), ("carry", try carryChoicesJSON(review.review.open)), ("load", load.json),
            ("session", review.review.session.map(PlanningJSON.session) ?? .null),
        ]))
    }
}
