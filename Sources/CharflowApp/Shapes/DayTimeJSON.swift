import CharflowCore
import Foundation

/// A day's free time and fixed points as `--json` and the API give them (rules F-13 to F-16): each
/// region's minutes beside its tasks, and the day's events and anchors in time order with their region.
public struct DayTimeJSON {
    let calendar: PlannerCalendar

    /// A region's hours (`start`, `end`: instants with the offset) and minutes: `hoursMinutes`,
    /// `busyMinutes`, `habitMinutes`, `freeMinutes`, `plannedMinutes`, and `overPlanned`.
    public func regionFields(_ time: RegionTime) -> [(String, JSONValue)] {
        [
            ("start", .string(Instant.isoText(time.start, in: calendar))),
            ("end", .string(Instant.isoText(time.end, in: calendar))),
            ("hoursMinutes", .int(time.hoursMinutes)), ("busyMinutes", .int(time.busyMinutes)),
            ("habitMinutes", .int(time.habitMinutes)), ("freeMinutes", .int(time.freeMinutes)),
            ("plannedMinutes", .int(time.plannedMinutes)), ("overPlanned", .bool(time.isOverPlanned)),
        ]
    }

    /// The day's totals: `freeMinutes` (the regions' less the all-day habits', rule F-15),
    /// `plannedMinutes`, `dayHabitMinutes`, and `fixedPoints` in time order.
    public func dayFields(_ time: DayTime) -> [(String, JSONValue)] {
        [
            ("freeMinutes", .int(time.free.freeMinutes)), ("plannedMinutes", .int(time.free.plannedMinutes)),
            ("dayHabitMinutes", .int(time.free.dayHabitMinutes)),
            ("fixedPoints", .array(time.points.map(point))),
        ]
    }

    /// One event or anchor: `kind` (`event` or `anchor`), `title`, `start`, `end`, `allDay`, `busy`,
    /// `region` (null outside every region); an anchor's `anchor` id and `outcome`, an event's
    /// `calendar` and `notBusyBecause`.
    public func point(_ point: FixedPoint) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("kind", .string(point.isAnchor ? "anchor" : "event")),
            ("title", .string(point.title)),
            ("start", .string(Instant.isoText(point.start, in: calendar))),
            ("end", .string(Instant.isoText(point.end, in: calendar))),
            ("allDay", .bool(point.isAllDay)), ("busy", .bool(point.isBusy)),
            ("region", .optional(point.region?.rawValue)),
        ]
        switch point.source {
        case .anchor(let occurrence):
            fields += [("anchor", .string(occurrence.anchor.id.lowercasedText)),
                       ("outcome", .optional(occurrence.outcome?.rawValue))]
        case .event(let event):
            fields += [("calendar", .string(event.source)), ("notBusyBecause", .optional(event.notBusyReason?.rawValue))]
        }
        return .object(fields)
    }
}
