import CharflowCore
import CharflowStore
import Foundation

/// Show one anchor: its timing, today's occurrence, the last fortnight's days and the read in numbers
/// (rules F-3, F-6). Reads only.
public enum ShowAnchor {
    public struct Input: Decodable, Sendable {
        public var anchor: AnchorRef

        public init(anchor: AnchorRef) {
            self.anchor = anchor
        }
    }
}

/// One anchor with today's occurrence, its recent days and its read.
public struct AnchorDetail: Report {
    public let anchor: Anchor
    public let category: String?
    /// Today's occurrence; nil when it has none today (not its day, archived, or no location for a prayer).
    public let today: AnchorOccurrence?
    /// The days a mark may still name (`AnchorMarking.days`), oldest first.
    public let recent: [AnchorCell]
    public let read: String
    let shapes: AnchorJSON

    /// The anchor's object with `today` (an occurrence or null), `recent` and `read`.
    public var json: JSONValue {
        guard case .object(var pairs) = shapes.anchor(anchor) else { return shapes.anchor(anchor) }
        pairs.append(("today", today.map(shapes.occurrence) ?? .null))
        pairs.append(("recent", .array(recent.map(AnchorGridReport.cellJSON))))
        pairs.append(("read", .string(read)))
        return .object(pairs)
    }
}

extension Charflow {
    public func showAnchor(_ input: ShowAnchor.Input) throws -> AnchorDetail {
        let anchor = try self.anchor(input.anchor)
        let start = today.adding(days: -(AnchorMarking.days - 1))
        let history = try anchorHistory(anchor, from: min(start, today.adding(days: -AnchorRead.windowDays)))
        let mark = try store.anchors.resolution(of: anchor.id, on: today)
        let occurrence = anchorDay(today).occurrence(of: anchor, firstDay: history.firstDay, resolution: mark)
        let shapes = try anchorJSON()
        return AnchorDetail(anchor: anchor, category: anchor.categoryID.flatMap { shapes.categories[$0] }, today: occurrence,
                            recent: history.cells(from: start, through: today, today: today),
                            read: AnchorRead.sentence(history, today: today), shapes: shapes)
    }
}
