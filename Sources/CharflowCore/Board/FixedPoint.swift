import Foundation

/// A calendar event or an anchor occurrence on one logical day, as the day lists them among its regions
/// (spec D22, rule F-16): what it is, when, whether it takes the person's time, and which region holds it.
public struct FixedPoint: Sendable, Equatable {
    /// Where the point comes from.
    public enum Source: Sendable, Equatable {
        case event(CalendarOccurrence)
        case anchor(AnchorOccurrence)
    }

    public let source: Source
    public let title: String
    /// The instants it covers (an all-day event's run from midnight to midnight in the person's zone).
    public let start: Date
    public let end: Date
    public let isAllDay: Bool
    /// Whether it takes the person's time: an anchor always, an event unless cancelled, transparent or
    /// declined (rule F-11).
    public let isBusy: Bool
    /// The region whose hours hold its start within the day (the day's start, for one begun the day
    /// before); nil outside every region and for an all-day event.
    public let region: Region?

    /// Whether it is an anchor's occurrence.
    public var isAnchor: Bool {
        if case .anchor = source { return true }
        return false
    }

    /// The day's events and anchors in time order: all-day events first, then by start, then anchors
    /// before events at the same start, then by title.
    public static func day(_ day: LocalDay, events: [CalendarOccurrence], anchors: [AnchorOccurrence],
                           calendar: PlannerCalendar, hours: RegionHours) -> [FixedPoint] {
        let dayStart = calendar.start(of: day)
        func region(_ start: Date) -> Region? {
            hours.region(at: calendar.timeOfDay(at: max(start, dayStart)))
        }
        let fromEvents = events.map { event in
            let interval = event.interval(in: calendar)
            return FixedPoint(source: .event(event), title: event.title, start: interval.start, end: interval.end,
                              isAllDay: event.isAllDay, isBusy: event.isBusy,
                              region: event.isAllDay ? nil : region(interval.start))
        }
        let fromAnchors = anchors.map { anchor in
            FixedPoint(source: .anchor(anchor), title: anchor.anchor.title, start: anchor.start, end: anchor.end,
                       isAllDay: false, isBusy: true, region: region(anchor.start))
        }
        return (fromEvents + fromAnchors).sorted { first, second in
            if first.isAllDay != second.isAllDay { return first.isAllDay }
            if first.start != second.start { return first.start < second.start }
            if first.isAnchor != second.isAnchor { return first.isAnchor }
            return first.title < second.title
        }
    }
}
