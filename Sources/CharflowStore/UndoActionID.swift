/// The stable id of one action in the undo journal: its sequence number there, never reused.
///
/// A front end keeps it to undo exactly the action it named (the undo use case, `UndoAction`), such as the
/// page's undo toast. It stays valid until the action is undone, falls out of the journal's depth, or
/// a rollover, purge or import empties the journal.
package struct UndoActionID: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: Int64

    package init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    package var description: String { String(rawValue) }
}
