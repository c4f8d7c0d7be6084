import CharflowCore
import CharflowStore
import Foundation

/// Mark as seen the signals a front end showed, named as `PhrasedSignal.shownName` (the page's
/// `POST /api/seen`); a signal that arrived since it read Today is left for next time, and one said while
/// it stands (a region over 1–3–5, Y-9) is never marked.
public enum MarkShown {
    public struct Input: Sendable {
        public var shown: Set<String>

        public init(shown: Set<String>) {
            self.shown = shown
        }
    }
}

extension Charflow {
    /// Marks the named pending signals seen; answers `{"marked": N}`.
    @discardableResult
    public func markShown(_ input: MarkShown.Input) throws -> JSONValue {
        let report = try readToday()
        let marks = zip(report.signals, report.seen).filter { input.shown.contains($0.0.shownName) }.map(\.1)
        try markSeen(marks)
        return .object([("marked", .int(marks.count))])
    }

    // MARK: From a request

    /// `--shown NAME`, repeated.
    public func markShown(_ request: Request) throws -> JSONValue {
        try markShown(MarkShown.Input(shown: Set(request.values("shown"))))
    }
}
