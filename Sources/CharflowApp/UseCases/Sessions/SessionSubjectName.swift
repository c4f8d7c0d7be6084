import CharflowCore
import Foundation

/// What a session is on, named for a person: the task's title, or the habit's with its window's label.
///
/// Every place that shows a session (the chip on each screen, `status`, Focus) takes its words from
/// here, so a habit session is never shown as a nameless "Habit session" (rule S-13).
public struct SessionSubjectName: Sendable, Equatable {
    /// "Write report", or "Stretch (Morning)" for a habit's labelled window.
    public let title: String
    /// The habit of a habit session; nil for a task's session or a habit no longer held.
    public let habitID: UUID?
    /// The habit's own title, without the window's label.
    public let habitTitle: String?
    /// The window's label; empty for an unlabelled window.
    public let windowLabel: String?

    /// The habit part of `status --json`; null for a task's session.
    var habitJSON: JSONValue {
        guard let habitID else { return .null }
        return .object([("id", .string(habitID.lowercasedText)), ("title", .optional(habitTitle)),
                        ("window", .optional(windowLabel))])
    }
}
