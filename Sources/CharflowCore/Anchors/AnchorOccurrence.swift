import Foundation

/// One anchor's occurrence on one logical day (spec D22, rule F-3): a concrete start and end in the
/// person's zone, the region whose hours hold its start, and the day's mark.
public struct AnchorOccurrence: Sendable, Equatable {
    public let anchor: Anchor
    /// The logical day it is the occurrence of (what a mark of it names).
    public let day: LocalDay
    public let start: Date
    public let end: Date
    /// The region whose hours hold the start on the wall clock; nil when none does (before Morning, say).
    public let region: Region?
    /// Attended or missed; nil while not marked.
    public let outcome: AnchorOutcome?
    public let resolvedAt: Date?

    public init(anchor: Anchor, day: LocalDay, start: Date, end: Date, region: Region?, outcome: AnchorOutcome?,
                resolvedAt: Date?) {
        self.anchor = anchor
        self.day = day
        self.start = start
        self.end = end
        self.region = region
        self.outcome = outcome
        self.resolvedAt = resolvedAt
    }
}

/// Where anchors fall on one logical day: a fixed anchor at its time within the day (from one rollover
/// to the next), a prayer anchor at that date's prayer time by the prayer settings, in the calendar's
/// zone with its daylight-saving time.
///
/// A prayer anchor's occurrence on day D is the prayer `charflow prayers D` prints for D, even where it
/// falls outside the day's hours (a summer Fajr at 01:30 with a 04:00 rollover is before D begins): each
/// date has each prayer once, so each day has one occurrence and one mark. Without a location prayer
/// anchors have no occurrence. The end is the start plus the duration, in elapsed minutes.
public struct AnchorDay: Sendable {
    public let day: LocalDay
    public let calendar: PlannerCalendar
    public let regions: RegionHours
    /// The day's prayer times; nil without a location.
    public let prayerTimes: PrayerTimes?

    public init(day: LocalDay, calendar: PlannerCalendar, prayers: PrayerSettings, regions: RegionHours) {
        self.day = day
        self.calendar = calendar
        self.regions = regions
        prayerTimes = prayers.times(on: day, in: calendar.timeZone)
    }

    /// When `anchor` starts on this day; nil when its timing leaves the day out, or a prayer has no
    /// location to be computed for.
    public func start(of anchor: Anchor) -> Date? {
        guard anchor.isScheduled(on: day) else { return nil }
        switch anchor.timing {
        case .fixed(let time, _): return calendar.instant(of: time, within: day)
        case .prayer(let prayer): return prayerTimes?[prayer]
        }
    }

    /// The occurrence of `anchor` on this day, with `resolution` (its mark of the day, if any); nil when it
    /// has none: archived, made after this day (`firstDay`), or not on this day.
    public func occurrence(of anchor: Anchor, firstDay: LocalDay, resolution: AnchorResolution?) -> AnchorOccurrence? {
        guard !anchor.isArchived, day >= firstDay, let start = start(of: anchor) else { return nil }
        let end = start.addingTimeInterval(Double(anchor.durationMinutes * 60))
        return AnchorOccurrence(anchor: anchor, day: day, start: start, end: end,
                                region: regions.region(at: calendar.timeOfDay(at: start)),
                                outcome: resolution?.outcome, resolvedAt: resolution?.outcome == nil ? nil : resolution?.resolvedAt)
    }

    /// The occurrences of `anchors` on this day in time order (then by title); `firstDay` gives each
    /// anchor's first day, `resolutions` its mark of this day by anchor id.
    public func occurrences(of anchors: [Anchor], firstDay: (Anchor) -> LocalDay,
                            resolutions: [UUID: AnchorResolution]) -> [AnchorOccurrence] {
        anchors.compactMap { occurrence(of: $0, firstDay: firstDay($0), resolution: resolutions[$0.id]) }
            .sorted { $0.start != $1.start ? $0.start < $1.start : $0.anchor.title < $1.anchor.title }
    }
}
