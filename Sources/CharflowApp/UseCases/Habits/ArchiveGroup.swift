import CharflowCore
import CharflowStore
import Foundation

extension Charflow {
    /// Archive a habit group; its habits stay, ungrouped only in how they are shown.
    @discardableResult
    public func archiveGroup(_ id: UUID) throws -> HabitGroupsReport {
        var group = try group(id: id)
        group.isArchived = true
        let saved = try store.action("group archive") { work in try store.habitRecords.save(group, in: work) }
        return HabitGroupsReport(added: nil, archived: saved, summaries: [], json: .object([("archived", .string(saved.title))]))
    }
}
