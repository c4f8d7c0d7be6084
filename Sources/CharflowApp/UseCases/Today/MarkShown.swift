import CharflowCore
import CharflowStore
import Foundation

/// Mark as seen the signals a front end showed, named as `PhrasedSignal.shownName` (the page's
/// `POST /api/seen`); a signal that arrived since it read Today is left for next time, and one said while
/// it stands (a region over 1–3–5, Y-9) is never marked. A habit offer is named `habitOffer:ID`.
public enum MarkShown {
    public struct Input: Decodable, Sendable {
        public var shown: [String]?

        public init(shown: Set<String>) {
            self.shown = shown.sorted()
        }
    }
}

/// How many of the signals a front end showed were marked seen.
public struct MarkedShown: Report {
    public let marked: Int

    public var json: JSONValue { .object([("marked", .int(marked))]) }
}

extension Charflow {
    /// Marks the named pending signals seen; answers `{"marked": N}`.
    @discardableResult
    public func markShown(_ input: MarkShown.Input) throws -> MarkedShown {
        let shown = Set(input.shown ?? [])
        let report = try readToday()
        let marks = zip(report.signals, report.seen).filter { shown.contains($0.0.shownName) }.map(\.1)
        try markSeen(marks)
        // A habit offer is named `habitOffer:ID`; it is made once, so showing it records it.
        let offers = report.habitOffers.filter { shown.contains("habitOffer:" + $0.id.lowercasedText) }
        try markHabitOffersShown(offers)
        return MarkedShown(marked: marks.count + offers.count)
    }
}
