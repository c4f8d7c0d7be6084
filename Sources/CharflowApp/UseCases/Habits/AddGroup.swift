import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Add a habit group: a name no other group has (ignoring case), last in the order.
    @discardableResult
    public func addGroup(_ title: String) throws -> HabitGroupsReport {
        let name = try TaskText.title(title, field: .groupName)
        let records = store.habitRecords
        let all = try records.groups(includeArchived: true)
        try HabitRules.checkNewGroup(name, among: all)
        let group = HabitGroup(title: name, sortOrder: all.count, createdAt: now)
        try store.action("group add") { work in try records.insert(group, in: work) }
        return HabitGroupsReport(added: group, archived: nil, summaries: [], json: .object([
            ("id", .string(group.id.lowercasedText)), ("title", .string(group.title))]))
    }
}
