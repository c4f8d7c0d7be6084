import CharflowCore
import CharflowStore
import Foundation

/// A habit group after an action, or the groups with today's ring and a 14-day strip.
public struct HabitGroupsReport: Report {
    public let added: HabitGroup?
    public let archived: HabitGroup?
    /// The group an action brought back from the archive.
    public var restored: HabitGroup? = nil
    /// False when the action found the group already as asked and recorded nothing (B-21).
    public var changed = true
    public let summaries: [HabitGroupSummary]
    public let json: JSONValue
}

/// A group's card: today's ring and badge, and a 14-day aggregate of its habits' windows.
public struct HabitGroupSummary: Sendable {
    public let group: HabitGroup
    public let doneToday: Int
    public let dueToday: Int
    /// Per day, oldest first: the share of due windows complete (nil when nothing was due).
    public let days: [(date: LocalDay, share: Double?)]

    public var percentToday: Int { dueToday == 0 ? 0 : (doneToday * 100 + dueToday / 2) / dueToday }
}
