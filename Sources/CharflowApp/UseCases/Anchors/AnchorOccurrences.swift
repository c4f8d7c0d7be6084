import CharflowCore
import CharflowStore
import Foundation

/// The day's anchors (spec D22, rule F-3): each active anchor's occurrence on one logical day, a concrete
/// start and end in the person's zone, with its region and its mark. What Today, free time and
/// reminders build on.
extension Charflow {
    /// The occurrences of every active anchor on `day`, in time order (then by title).
    ///
    /// A fixed anchor falls at its time within the day (from one rollover to the next) on its weekdays; a
    /// prayer anchor at that date's prayer time by the prayer settings (none without a location), even
    /// where that time lies outside the day's hours (`AnchorDay`). An anchor made after `day` has none.
    /// `region` is the region whose hours hold the start on the wall clock (nil outside them), and
    /// `outcome` the day's mark (nil while not marked). Reads only.
    public func anchorOccurrences(on day: LocalDay) throws -> [AnchorOccurrence] {
        let anchors = try store.anchors.all(includeArchived: false)
        guard !anchors.isEmpty else { return [] }
        return anchorDay(day).occurrences(of: anchors, firstDay: firstDay(of:), resolutions: try store.anchors.resolutions(on: day))
    }
}
