/// The stable id of one action in the undo journal: its sequence number there, never reused.
///
/// A front end keeps it to undo exactly the action it named (`Planner.undo(action:)`), such as the
/// page's undo toast. It stays valid until the action is undone, falls out of the journal's depth, or
/// a rollover, purge or import empties the journal.
public struct UndoActionID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }
}
