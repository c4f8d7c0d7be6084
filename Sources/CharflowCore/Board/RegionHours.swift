/// The local hours one region spans (spec D22, rule F-1): a start and an end on the wall clock. An end
/// at or before the start runs past midnight (`22:00-01:00`), which a day with a later rollover holds.
public struct RegionSpan: Sendable, Equatable, CustomStringConvertible {
    public let start: TimeOfDay
    public let end: TimeOfDay

    /// A span, or nil when it would be empty (the start and the end are the same time).
    public init?(start: TimeOfDay, end: TimeOfDay) {
        guard start != end else { return nil }
        self.start = start
        self.end = end
    }

    /// How many minutes the span lasts: 1 to 1439.
    public var minutes: Int {
        (end.minutes - start.minutes + 1440) % 1440
    }

    /// The settings' form, which `parse` reads back: `06:00-12:00`.
    public var description: String { "\(start)-\(end)" }

    /// As a sentence shows it: `06:00–12:00`.
    public var shown: String { "\(start)–\(end)" }

    /// Parses `HH:MM-HH:MM` (an en dash too, spaces around it allowed); refuses anything else, and a
    /// span whose start and end are the same time.
    public static func parse(_ text: String) throws(InputError) -> RegionSpan {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "–" })
        guard parts.count == 2,
              let start = TimeOfDay(parts[0].trimmingWhitespace()), let end = TimeOfDay(parts[1].trimmingWhitespace()),
              let span = RegionSpan(start: start, end: end) else {
            throw .badRegionHours(text)
        }
        return span
    }

    /// Minutes from the start of the logical day (the rollover time) to the span's start.
    func offset(rollover: TimeOfDay) -> Int {
        (start.minutes - rollover.minutes + 1440) % 1440
    }

    /// Whether the span lies within one logical day: it ends no later than the next rollover.
    public func fitsInDay(rollover: TimeOfDay) -> Bool {
        offset(rollover: rollover) + minutes <= 1440
    }

    /// Whether the wall-clock time `time` lies in the span (its start included, its end not).
    public func contains(_ time: TimeOfDay) -> Bool {
        (time.minutes - start.minutes + 1440) % 1440 < minutes
    }

    /// Whether the two spans share a minute.
    func overlaps(_ other: RegionSpan) -> Bool {
        contains(other.start) || other.contains(start)
    }
}

/// The hours of Morning, Afternoon and Evening (spec D22, rule F-1), each a local start and end; user
/// set and synced as settings that shape the day (`morning`, `afternoon`, `evening`).
///
/// A time of day belongs to the region whose hours hold it, or to none (before Morning, after Evening,
/// or in a gap between two regions). `check` refuses hours that overlap or leave the logical day, which
/// runs from the rollover time to the next.
public struct RegionHours: Sendable, Equatable {
    public var morning: RegionSpan
    public var afternoon: RegionSpan
    public var evening: RegionSpan

    /// 06:00–12:00, 12:00–17:00, 17:00–22:00.
    public static let defaults = RegionHours(
        morning: RegionSpan(start: TimeOfDay(hour: 6, minute: 0)!, end: TimeOfDay(hour: 12, minute: 0)!)!,
        afternoon: RegionSpan(start: TimeOfDay(hour: 12, minute: 0)!, end: TimeOfDay(hour: 17, minute: 0)!)!,
        evening: RegionSpan(start: TimeOfDay(hour: 17, minute: 0)!, end: TimeOfDay(hour: 22, minute: 0)!)!)

    public init(morning: RegionSpan, afternoon: RegionSpan, evening: RegionSpan) {
        self.morning = morning
        self.afternoon = afternoon
        self.evening = evening
    }

    public subscript(region: Region) -> RegionSpan {
        get {
            switch region {
            case .morning: morning
            case .afternoon: afternoon
            case .evening: evening
            }
        }
        set {
            switch region {
            case .morning: morning = newValue
            case .afternoon: afternoon = newValue
            case .evening: evening = newValue
            }
        }
    }

    /// Refuses hours that leave the logical day of `rollover` (the first such region, in day order) or
    /// that overlap (the first pair, in day order).
    public func check(rollover: TimeOfDay) throws(PlannerError) {
        for region in Region.allCases where !self[region].fitsInDay(rollover: rollover) {
            throw .regionHoursOutsideDay(region, self[region].shown, rollover: rollover)
        }
        let regions = Region.allCases
        for (index, first) in regions.enumerated() {
            for second in regions.dropFirst(index + 1) where self[first].overlaps(self[second]) {
                throw .regionHoursOverlap(first, self[first].shown, second, self[second].shown)
            }
        }
    }

    /// The region whose hours hold the wall-clock time `time`; nil when none does. Hours that overlap
    /// (only a merge of two devices' changes can leave them so) give the first region in day order.
    public func region(at time: TimeOfDay) -> Region? {
        Region.allCases.first { self[$0].contains(time) }
    }
}
