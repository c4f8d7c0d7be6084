import CharflowCore
import CharflowStore
import Foundation

/// Undo: the most recent action, or exactly one named action when no later action builds on its rows
/// (W-15). A session the undo reopens counts the gap as paused (S-6).
public enum UndoAction {
    public struct Input: Decodable, Sendable {
        /// The action to undo (`"action"` of a change's JSON); nil for the most recent one.
        public var action: ActionRef?

        public init(action: ActionRef? = nil) {
            self.action = action
        }

        package init(action: UndoActionID) {
            self.action = ActionRef(action.rawValue)
        }
    }
}

/// The action an undo reverted, by its label.
public struct Undone: Report {
    public let label: String
    public let json: JSONValue
}

extension Charflow {
    /// Reverts the action the input names, or the latest one; the report names what it was.
    @discardableResult
    ///
    /// The store finds the action, reverts it and counts what the rules count; a refusal here rolls the
    /// revert back. Of the journal's refusals: nothing to undo, an id it no longer holds, an action a
    /// sync changed (Y-25) or one a later action builds on; then a rule the revert broke (`UndoRules`).
    public func undo(_ input: UndoAction.Input) throws -> Undone {
        let label = try store.undoing { work in
            guard let entry = try work.entry(input.action.map { UndoActionID(rawValue: $0.number) }) else {
                throw input.action == nil ? PlannerError.nothingToUndo : PlannerError.undoUnknown
            }
            if let changed = entry.changedElsewhere {
                let action = changed.subjectTitle.map { "\(entry.label) \($0)" } ?? entry.label
                throw PlannerError.undoChangedElsewhere(action: action, sync: syncWords(changed.syncedAt))
            }
            // The latest action has no later one to build on it.
            if input.action != nil, try work.laterActionsDepend(on: entry) { throw PlannerError.undoBlocked }
            let before = try work.counts(from: today)
            let reverted = try work.revert(entry)
            // A session the action ended, opened again, counts the time since the action as paused (S-6),
            // so the undo window is not work; an undone pause puts back exactly the paused seconds it had.
            if let doneAt = reverted.doneAt {
                let gap = max(0, Int(now.timeIntervalSince(doneAt).rounded(.down)))
                for key in reverted.reopenedSessions { try work.addPausedSeconds(gap, toSession: key) }
            }
            if let refusal = UndoRules.refusal(before: before, after: try work.counts(from: today)) { throw refusal }
            return entry.label
        }
        // A calendar the undo put back has its snapshot and not yet its occurrences: expanded now, no network.
        keepCalendarWindow()
        return Undone(label: label, json: .object([("undone", .string(label))]))
    }

    /// When a sync ran, in local words for an undo's refusal: "at 09:05", "yesterday at 09:05",
    /// "on 2026-11-28 at 09:05"; "earlier" when its time cannot be read.
    private func syncWords(_ instant: Date?) -> String {
        guard let instant else { return "earlier" }
        let day = calendar.calendarDay(at: instant), time = calendar.timeOfDay(at: instant).description
        switch calendar.calendarDay(at: now).days(to: day) {
        case 0: return "at \(time)"
        case -1: return "yesterday at \(time)"
        default: return "on \(day) at \(time)"
        }
    }
}
