import CharflowApp
import CharflowCore
import Foundation

/// Words for anchors and prayer times in text output.
enum AnchorText {
    /// "09:30, 15 min, weekdays", "Fajr, 15 min".
    static func schedule(_ anchor: Anchor) -> String {
        switch anchor.timing {
        case let .fixed(time, days):
            "\(time), \(duration(anchor.durationMinutes)), \(self.days(days))"
        case .prayer(let prayer):
            "\(prayer.name), \(duration(anchor.durationMinutes))"
        }
    }

    /// "daily", "weekdays", "Mon, Wed, Fri".
    static func days(_ days: Set<Weekday>) -> String {
        if days.count == 7 { return "daily" }
        if days == AnchorTiming.weekdays { return "weekdays" }
        return days.sorted().map(\.shortName).joinedText(separator: ", ")
    }

    /// "15 min", "1 h", "1 h 30".
    static func duration(_ minutes: Int) -> String {
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60)"
    }

    /// "09:30–09:45, Morning, attended" in the zone of `calendar`; a start on another date than the
    /// day's says so ("01:19–01:34 next day": a summer Isha after midnight).
    static func occurrence(_ occurrence: AnchorOccurrence, calendar: PlannerCalendar) -> String {
        var times = "\(calendar.timeOfDay(at: occurrence.start))–\(calendar.timeOfDay(at: occurrence.end))"
        let date = calendar.calendarDay(at: occurrence.start)
        if date > occurrence.day { times += " next day" } else if date < occurrence.day { times += " day before" }
        return [times, occurrence.region?.displayName, outcome(occurrence.outcome, open: true)].compactMap { $0 }.joinedText(separator: ", ")
    }

    static func outcome(_ outcome: AnchorOutcome?, open: Bool) -> String {
        switch outcome {
        case .attended?: "attended"
        case .missed?: "missed"
        case nil: open ? "not marked yet" : "not marked"
        }
    }

    /// The details after a change: "09:30, 15 min, weekdays · reminder 5 min before · Work".
    static func details(_ anchor: Anchor, category: String?) -> String {
        ([schedule(anchor)] + [anchor.remindMinutes.map { "reminder \(duration($0)) before" }, category].compactMap { $0 })
            .joinedText(separator: " · ")
    }

    /// An anchor's days as the habit grid draws them: attended full, missed as a miss, not marked as an
    /// empty day still owed, not scheduled blank.
    static func densityCell(_ cell: AnchorCell) -> DensityCell {
        let state: DensityState = switch cell.state {
        case .attended: .complete
        case .missed: .missed
        case .notMarked, .open, .notScheduled: .empty
        }
        return DensityCell(date: cell.date, state: state, amount: cell.state == .attended ? 1 : 0, target: 1,
                           isDue: cell.state != .notScheduled)
    }

    /// The key under an anchor's grid.
    static func legend(_ renderer: DensityGridRenderer) -> String {
        let sample = { (state: AnchorDayState) in renderer.glyph(densityCell(AnchorCell(date: LocalDay(ordinal: 0), state: state))) }
        return "\(sample(.attended)) attended  \(sample(.missed)) missed  \(sample(.notMarked)) not marked  (blank: not its day)"
    }
}
