import CharflowCore
import CharflowStore
import Foundation

/// Mark an anchor's occurrence attended or missed (spec D22, rule F-4): today by default, or a day of
/// the last fortnight it came on (`AnchorMarking`), never a day to come. The mark's id derives from
/// (anchor, day), so marking a day again changes the one record, on this device or another; undo takes
/// the mark back (the day reads "not marked" again). A mark that says what the day already holds
/// records nothing.
public enum MarkAnchor {
    public struct Input: Decodable, Sendable {
        public var anchor: AnchorRef
        /// The day marked: `today`, `yesterday` or a date; today when left out.
        public var date: DayWord?

        public init(anchor: AnchorRef, date: DayWord? = nil) {
            self.anchor = anchor
            self.date = date
        }
    }
}

/// A mark as it stands after `attend` or `miss`.
public struct AnchorMarked: Report {
    public let anchor: Anchor
    public let resolution: AnchorResolution
    public let outcome: AnchorOutcome
    /// False when the day already held this mark (nothing was recorded).
    public let changed: Bool
    public let today: LocalDay
    let calendar: PlannerCalendar

    /// `{"id": mark, "anchor": id, "title", "date", "outcome", "resolvedAt", "changed"}`.
    public var json: JSONValue {
        .object([
            ("id", .string(resolution.id.lowercasedText)),
            ("anchor", .string(anchor.id.lowercasedText)),
            ("title", .string(anchor.title)),
            ("date", .string(resolution.day.description)),
            ("outcome", .string(outcome.rawValue)),
            ("resolvedAt", .optional(resolution.resolvedAt.map { Instant.isoText($0, in: calendar) })),
            ("changed", .bool(changed)),
        ])
    }

    /// The line the command line prints.
    public var sentence: String {
        Messages.anchorMarked(anchor.title, day: resolution.day, today: today, outcome: outcome, changed: changed)
    }
}

extension Charflow {
    @discardableResult
    public func attendAnchor(_ input: MarkAnchor.Input) throws -> AnchorMarked {
        try mark(input, .attended)
    }

    @discardableResult
    public func missAnchor(_ input: MarkAnchor.Input) throws -> AnchorMarked {
        try mark(input, .missed)
    }

    private func mark(_ input: MarkAnchor.Input, _ outcome: AnchorOutcome) throws -> AnchorMarked {
        let day = input.date?.day(today: today) ?? today
        let anchor = try self.anchor(input.anchor)
        try AnchorMarking.check(anchor, day: day, firstDay: firstDay(of: anchor), today: today)
        if let held = try store.anchors.resolution(of: anchor.id, on: day), held.outcome == outcome {
            return AnchorMarked(anchor: anchor, resolution: held, outcome: outcome, changed: false, today: today, calendar: calendar)
        }
        let label = outcome == .attended ? "anchor attend" : "anchor miss"
        let mark = try store.action(label) { work in try store.anchors.mark(anchor.id, on: day, outcome, in: work) }
        return AnchorMarked(anchor: anchor, resolution: mark, outcome: outcome, changed: true, today: today, calendar: calendar)
    }
}
