import Foundation

/// One region's time on one logical day (spec D22, rules F-13 and F-14): its hours as two instants, what
/// the busy events, anchors and habits take of them, what is left free, and the effort planned there.
public struct RegionTime: Sendable, Equatable {
    public let region: Region
    /// When the region's hours begin and end on that day, daylight-saving changes included.
    public let start: Date
    public let end: Date
    /// Minutes between `start` and `end` (60 fewer or more than the wall clock says across a change).
    public let hoursMinutes: Int
    /// Minutes of the hours the union of busy events and anchors covers.
    public let busyMinutes: Int
    /// Effort of the day's habits whose windows begin in these hours.
    public let habitMinutes: Int
    /// What is left: hours − busy − habits, never below 0.
    public let freeMinutes: Int
    /// Effort of the open tasks placed in the region (a task without an estimate counts 0).
    public let plannedMinutes: Int

    public init(region: Region, start: Date, end: Date, hoursMinutes: Int, busyMinutes: Int, habitMinutes: Int,
                freeMinutes: Int, plannedMinutes: Int) {
        self.region = region
        self.start = start
        self.end = end
        self.hoursMinutes = hoursMinutes
        self.busyMinutes = busyMinutes
        self.habitMinutes = habitMinutes
        self.freeMinutes = freeMinutes
        self.plannedMinutes = plannedMinutes
    }

    /// Whether more is planned than the region has free: a calm notice, never a block (rule F-14).
    public var isOverPlanned: Bool { plannedMinutes > freeMinutes }

    /// The notice for a region planned past its free time, or nil.
    public func overPlanned(on day: LocalDay) -> Signal? {
        isOverPlanned ? .regionOverPlanned(day: day, region: region, planned: plannedMinutes, free: freeMinutes) : nil
    }
}
