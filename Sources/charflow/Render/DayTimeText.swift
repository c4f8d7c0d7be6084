import CharflowApp
import CharflowCore
import Foundation

/// A day's free time and fixed points as text (rules F-13 to F-16): "1 h 30 planned · 2 h 15 free" under
/// a region's name, and its events and anchors in time order, "09:30–09:45 Standup (anchor)".
struct DayTimeText {
    let output: Output
    let calendar: PlannerCalendar

    /// "1 h 30 planned · 2 h 15 free".
    static func minutes(_ time: RegionTime) -> String {
        "\(Duration.text(minutes: time.plannedMinutes)) planned · \(Duration.text(minutes: time.freeMinutes)) free"
    }

    /// One line a point, indented by `indent`: its hours (or "all day"), its title, and what it is when
    /// that matters: an anchor, an event that takes no time and why.
    /// With `regions`, each line ends with the region that holds the point, for a list not grouped by region.
    func lines(_ points: [FixedPoint], indent: String = "  ", regions: Bool = false) -> [String] {
        points.map { point in
            let hours = point.isAllDay ? "all day" : "\(calendar.timeOfDay(at: point.start))–\(calendar.timeOfDay(at: point.end))"
            var note: String?
            switch point.source {
            case .anchor: note = "anchor"
            case .event(let event): note = event.notBusyReason.map(Self.notBusy)
            }
            let title = point.title.isEmpty ? "(untitled)" : point.title
            let region = regions ? point.region.map { output.dim(" · " + $0.displayName) } ?? "" : ""
            return indent + output.dim(hours) + " " + title + (note.map { output.dim(" (\($0))") } ?? "") + region
        }
    }

    /// Why an event takes no time, in a word: "cancelled", "declined", or "free" for a transparent one.
    static func notBusy(_ reason: CalendarOccurrence.NotBusyReason) -> String {
        reason == .transparent ? "free" : reason.rawValue
    }

    /// A region's minutes, then its events and anchors, as a card shows them under its name.
    func region(_ time: RegionTime, points: [FixedPoint]) -> [String] {
        ["  " + output.dim(Self.minutes(time))] + lines(points)
    }

    /// The points no region holds (all-day events, and those outside the regions' hours), under "Also".
    func outside(_ points: [FixedPoint]) -> [String] {
        points.isEmpty ? [] : [output.heading("Also today")] + lines(points)
    }
}
