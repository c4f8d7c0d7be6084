import CharflowCore
import CharflowStore
import Foundation

/// Archive an anchor, or restore it (rule F-6): an archived anchor comes on no day and reminds of
/// nothing, and keeps its marks, its grid and its read; restored, it comes again from today.
public enum ArchiveAnchor {
    public struct Input: Decodable, Sendable {
        public var anchor: AnchorRef

        public init(anchor: AnchorRef) {
            self.anchor = anchor
        }
    }
}

extension Charflow {
    @discardableResult
    public func archiveAnchor(_ input: ArchiveAnchor.Input) throws -> AnchorReport {
        try setArchived(input.anchor, true, label: "anchor archive")
    }

    @discardableResult
    public func restoreAnchor(_ input: ArchiveAnchor.Input) throws -> AnchorReport {
        try setArchived(input.anchor, false, label: "anchor restore")
    }

    /// Archives or restores; an anchor already so records nothing.
    private func setArchived(_ ref: AnchorRef, _ archived: Bool, label: String) throws -> AnchorReport {
        var anchor = try self.anchor(ref)
        if anchor.isArchived != archived {
            anchor.isArchived = archived
            anchor = try store.action(label) { work in try store.anchors.save(anchor, in: work) }
        }
        return AnchorReport(anchor: anchor, json: try anchorJSON().anchor(anchor))
    }
}
