import CharflowCore
import CharflowStore
import Foundation

/// List the anchors with today's occurrence of each (rule F-3), those that come today in time order
/// first; archived ones too with `all`, last. Reads only.
public enum ReadAnchors {
    public struct Input: Decodable, Sendable {
        public var all: Bool?

        public init(all: Bool = false) {
            self.all = all
        }
    }
}

/// The anchors, and today's occurrences of the active ones.
public struct AnchorList: Report {
    public let anchors: [Anchor]
    /// Today's occurrence of each anchor that has one, by anchor id.
    public let today: [UUID: AnchorOccurrence]
    /// Category names by id.
    public let categories: [UUID: String]
    let shapes: AnchorJSON

    /// `{"anchors": [...], "today": [occurrences in time order]}`.
    public var json: JSONValue {
        .object([
            ("anchors", .array(anchors.map(shapes.anchor))),
            ("today", .array(today.values.sorted { $0.start < $1.start }.map(shapes.occurrence))),
        ])
    }
}

extension Charflow {
    public func readAnchors(_ input: ReadAnchors.Input = .init()) throws -> AnchorList {
        var today: [UUID: AnchorOccurrence] = [:]
        for occurrence in try anchorOccurrences(on: self.today) { today[occurrence.anchor.id] = occurrence }
        // Today's in time order, then the rest as they were made; archived ones last.
        let anchors = try store.anchors.all(includeArchived: input.all == true).enumerated().sorted { a, b in
            if a.element.isArchived != b.element.isArchived { return !a.element.isArchived }
            switch (today[a.element.id]?.start, today[b.element.id]?.start) {
            case let (first?, second?) where first != second: return first < second
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
        let shapes = try anchorJSON()
        return AnchorList(anchors: anchors, today: today, categories: shapes.categories, shapes: shapes)
    }
}
