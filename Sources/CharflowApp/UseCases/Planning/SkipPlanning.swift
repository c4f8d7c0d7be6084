import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Skips tonight's planning: as a close, recorded for the reviewed date, and it too counts as
    /// engagement for avoid habits (P-1).
    @discardableResult
    public func skipPlanning() throws -> PlanningSessionReport {
        try endPlanning(.skipped, label: "plan skip")
    }
}
