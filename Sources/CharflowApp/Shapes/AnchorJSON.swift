import CharflowCore
import Foundation

/// Anchors, their occurrences and their marks as JSON, in the field names of the records (spec D22):
/// an anchor's `schedule` is `fixed` (with `start` and `days`, ISO numbers) or `prayer` (with `prayer`).
public struct AnchorJSON {
    let calendar: PlannerCalendar
    /// Category names by id, for `category`.
    let categories: [UUID: String]

    public func anchor(_ anchor: Anchor) -> JSONValue {
        var start: JSONValue = .null, days: JSONValue = .null, prayer: JSONValue = .null
        switch anchor.timing {
        case let .fixed(time, weekdays):
            start = .string(time.description)
            days = .array(weekdays.sorted().map { .int($0.isoNumber) })
        case .prayer(let which):
            prayer = .string(which.word)
        }
        return .object([
            ("id", .string(anchor.id.lowercasedText)),
            ("title", .string(anchor.title)),
            ("category", .optional(anchor.categoryID.flatMap { categories[$0] })),
            ("schedule", .string(anchor.timing.prayer == nil ? "fixed" : "prayer")),
            ("start", start),
            ("days", days),
            ("prayer", prayer),
            ("durationMinutes", .int(anchor.durationMinutes)),
            ("remindMinutes", anchor.remindMinutes.map { .int($0) } ?? .null),
            ("isArchived", .bool(anchor.isArchived)),
            ("createdAt", .string(Instant.isoText(anchor.createdAt, in: calendar))),
            ("modifiedAt", .string(Instant.isoText(anchor.modifiedAt, in: calendar))),
        ])
    }

    /// One occurrence: which anchor, its day, start and end (ISO 8601 with offset), region and mark.
    public func occurrence(_ occurrence: AnchorOccurrence) -> JSONValue {
        .object([
            ("anchor", .string(occurrence.anchor.id.lowercasedText)),
            ("title", .string(occurrence.anchor.title)),
            ("date", .string(occurrence.day.description)),
            ("start", .string(Instant.isoText(occurrence.start, in: calendar))),
            ("end", .string(Instant.isoText(occurrence.end, in: calendar))),
            ("region", .optional(occurrence.region?.rawValue)),
            ("outcome", .optional(occurrence.outcome?.rawValue)),
            ("resolvedAt", .optional(occurrence.resolvedAt.map { Instant.isoText($0, in: calendar) })),
        ])
    }
}

extension Charflow {
    /// Anchor objects as of this call, with the store's category names.
    func anchorJSON() throws -> AnchorJSON {
        AnchorJSON(calendar: calendar, categories: try store.categories.names())
    }
}
